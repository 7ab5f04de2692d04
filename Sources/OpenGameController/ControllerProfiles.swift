import HapticDevices

/// Makes a controller's gamepad profile: a ``GCDualSenseGamepad`` over the trigger output the source gives a
/// DualSense (the hidraw node beside its evdev node, or a simulated pad's record), a ``GCDualShockGamepad`` for a
/// DualShock 4, a ``GCXboxGamepad`` for an Xbox pad (with the paddles and share button its node reports), a plain
/// ``GCExtendedGamepad`` otherwise. A pad the source's SDL mappings have a line for reads its input through it.
package enum ControllerProfiles {
    internal static func gamepad(for info: ControllerInfo, source: ControllerSource) -> GCExtendedGamepad {
        let gamepad: GCExtendedGamepad =
            switch info.category {
            case .dualSense: GCDualSenseGamepad(output: source.triggerOutput(info))
            case .dualShock4: GCDualShockGamepad()
            case .xboxOne: GCXboxGamepad(extraButtons: info.extraButtons)
            case .switchPro, .generic: GCExtendedGamepad()
            }
        if let mapping = source.mappings.mapping(for: info) {
            DeviceLog.logger.notice(
                "game controller \(info.name) (\(info.id)): input through the SDL mapping of \(mapping.origin) ('\(mapping.name)')")
            gamepad.route(through: mapping, keyCodes: info.keyCodes)
        }
        return gamepad
    }

    /// The name of the profile class a controller of `info`'s kind has (`"GCDualSenseGamepad"`, `"GCXboxGamepad"`, …),
    /// without making it: what `haptic devices` shows.
    package static func profileName(for info: ControllerInfo) -> String {
        switch info.category {
        case .dualSense: "GCDualSenseGamepad"
        case .dualShock4: "GCDualShockGamepad"
        case .xboxOne: "GCXboxGamepad"
        case .switchPro, .generic: "GCExtendedGamepad"
        }
    }
}
