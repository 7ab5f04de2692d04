import HapticDevices

/// Makes a controller's gamepad profile: a ``GCDualSenseGamepad`` over the trigger output the source gives a
/// DualSense (the hidraw node beside its evdev node, or a simulated pad's record), a plain ``GCExtendedGamepad``
/// otherwise.
internal enum ControllerProfiles {
    internal static func gamepad(for info: ControllerInfo, source: ControllerSource) -> GCExtendedGamepad {
        guard info.category == .dualSense else { return GCExtendedGamepad() }
        return GCDualSenseGamepad(output: source.triggerOutput(info))
    }
}
