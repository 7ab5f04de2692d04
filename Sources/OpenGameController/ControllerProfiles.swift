import HapticDevices
import HapticLinux

/// Makes a controller's gamepad profile: a ``GCDualSenseGamepad`` over the right trigger output for a DualSense (the
/// hidraw node beside its evdev node, or a simulated pad's record), a plain ``GCExtendedGamepad`` otherwise.
internal enum ControllerProfiles {
    internal static func gamepad(for info: ControllerInfo) -> GCExtendedGamepad {
        guard info.category == .dualSense else { return GCExtendedGamepad(buttons: [:]) }
        return GCDualSenseGamepad(output: triggerOutput(for: info))
    }

    /// Where a DualSense's trigger reports go.
    internal static func triggerOutput(for info: ControllerInfo) -> any DualSenseTriggerOutput {
        if info.isSimulated { return SimulatedDualSenseTriggers(transport: DualSenseTransport(busType: info.busType) ?? .usb) }
        #if os(Linux)
        if let path = info.hidrawPath {
            return HidrawTriggerOutput(path: path, transport: DualSenseTransport(busType: info.busType) ?? .usb)
        }
        #endif
        return UnavailableTriggerOutput(
            problem: "\(info.name) (\(info.id)): no hidraw node beside its evdev node (a kernel without hidraw, or a pad not"
                + " driven by hid-playstation), so its adaptive triggers cannot be set")
    }
}

/// The trigger output of a DualSense whose hidraw node was not found: every write fails with the reason.
internal final class UnavailableTriggerOutput: DualSenseTriggerOutput {
    internal let transport = DualSenseTransport.usb
    internal let problem: String?

    internal init(problem: String) { self.problem = problem }

    internal func apply(left: DualSenseTriggerEffect?, right: DualSenseTriggerEffect?) throws(DeviceError) {
        throw DeviceError(.unsupported, problem ?? "no trigger output")
    }

    internal func disconnect() {}

    internal func latestInput() -> DualSenseInputReport? { nil }
}
