import HapticDevices

/// A device discovery found: its description and the capabilities behind it, in words.
public struct DiscoveredDevice: Sendable, Hashable {
    /// The device (its `DeviceInfo.id` is what `HAPTIC_DEVICE` accepts).
    public var info: DeviceInfo
    /// What the back-end read from the system, e.g. `["FF_RUMBLE", "FF_GAIN", "effect slots: 16"]`.
    public var capabilities: [String]
    #if os(Linux)
    /// What the kernel said of an evdev node (name, force feedback, gamepad buttons, vendor and product), `nil` for
    /// other back-ends.
    public var evdevCapabilities: EvdevCapabilities?
    #endif

    /// Creates an entry.
    public init(info: DeviceInfo, capabilities: [String]) {
        self.info = info
        self.capabilities = capabilities
    }
}

/// A candidate discovery looked at and did not use, and why.
public struct SkippedDevice: Sendable, Hashable {
    /// What was looked at: `evdev:/dev/input/event3`, `alsa`, …
    public var id: String
    /// Why it is not usable, in words a user can act on.
    public var reason: String
    /// The kind of problem.
    public var code: DeviceError.Code

    /// Creates an entry.
    public init(id: String, reason: String, code: DeviceError.Code) {
        self.id = id
        self.reason = reason
        self.code = code
    }
}

/// What ``DeviceDiscovery/devices(environment:)`` found: usable devices in preference order (hardware first, then
/// the simulated actuator), and the candidates it skipped with their reasons.
public struct DiscoveryReport: Sendable, Hashable {
    /// Usable devices, best first.
    public var devices: [DiscoveredDevice]
    /// Candidates that were not usable.
    public var skipped: [SkippedDevice]
    /// Back-end notes (`libasound.so.2 not found: ALSA back-end absent`).
    public var notes: [String]

    /// Creates a report.
    public init(devices: [DiscoveredDevice], skipped: [SkippedDevice], notes: [String]) {
        self.devices = devices
        self.skipped = skipped
        self.notes = notes
    }

    /// The found hardware devices that play haptics.
    public var hapticHardware: [DiscoveredDevice] { devices.filter { $0.info.isHardware && $0.info.supportsHaptics } }
}
