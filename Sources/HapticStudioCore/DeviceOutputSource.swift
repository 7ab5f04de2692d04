import HapticDevices
import HapticLinux
import HapticRender
import OpenCoreHaptics

/// The outputs of device discovery, under the IDs `--device` takes: the one given on the command line first (else
/// the default output: `HAPTIC_DEVICE`, haptic hardware, or the simulated actuator), then haptic hardware (evdev,
/// ALSA), the simulated actuator with each built-in profile, and `null`.
///
/// A `wav:` recording is offered only when `--device` named it: the page cannot make the studio write a file
/// outside its folder.
package struct DeviceOutputSource: StudioOutputSource {
    /// The `--device` value, if any.
    package var commandLineID: String?

    /// Creates the source.
    package init(commandLineID: String?) {
        self.commandLineID = commandLineID
    }

    /// The outputs available now (discovery runs on each call: opens `/dev/input` nodes and scans ALSA cards).
    package func outputs() -> [StudioOutput] {
        var list: [StudioOutput] = []
        if let commandLineID, let device = try? DeviceDiscovery.makeDevice(id: commandLineID, meter: .off) {
            list.append(entry(id: commandLineID, info: device.info, label: "\(device.info.name) (--device)"))
        } else if commandLineID == nil {
            let device = DeviceDiscovery.defaultSelection(meter: .off).device
            list.append(entry(id: device.info.id, info: device.info, label: "\(device.info.name) (default)"))
        }
        for found in DeviceDiscovery.devices().devices where found.info.isHardware {
            list.append(entry(id: found.info.id, info: found.info, label: found.info.name))
        }
        for profile in ActuatorProfile.builtIns {
            list.append(
                StudioOutput(
                    id: "simulated:\(profile.name)", label: "Simulated actuator — \(profile.name)", kind: "simulated", profile: profile.name
                ))
        }
        list.append(StudioOutput(id: "null", label: "No output (null)", kind: "null", profile: ActuatorProfile.simulatedTapticLRA.name))
        var seen: Set<String> = []
        return list.filter { seen.insert($0.id).inserted }
    }

    /// An engine on the device `id` names, configured as `CHHapticEngine()` configures one for it; `nil` for an ID
    /// that is not a device's (a game controller's `controller:1/leftHandle`), so the next source gets it.
    package func makeEngine(for id: String) throws(StudioError) -> CHHapticEngine? {
        // The forms of device ID this source owns are DeviceSpecifier's (`evdev:/dev/input/event5`, `simulated`, …).
        guard DeviceSpecifier.kind(of: id) != nil else { return nil }
        do {
            let device = try DeviceDiscovery.makeDevice(id: id, meter: .off)
            return CHHapticEngine(device: device)
        } catch {
            throw StudioError("cannot use the output '\(id)': \(error)")
        }
    }

    private func entry(id: String, info: DeviceInfo, label: String) -> StudioOutput {
        let kind: String
        switch DeviceSpecifier.kind(of: id) {
        case .evdev?, .alsa?: kind = "hardware"
        case .wav?: kind = "file"
        case .null?: kind = "null"
        case .simulated?, nil: kind = "simulated"
        }
        return StudioOutput(id: id, label: label, kind: kind, profile: info.profile.name)
    }
}
