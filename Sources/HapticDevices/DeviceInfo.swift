import HapticRender

/// A description of a device: its identity, what it plays and how the haptic bus reaches it.
public struct DeviceInfo: Sendable, Hashable {
    /// The family of a device.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Linux evdev force feedback (`/dev/input/event*`): gamepads, phone vibration motors.
        case evdev
        /// An ALSA PCM: audio events, voice-coil and audio-driven actuators.
        case alsa
        /// The physically modelled actuator in software (the default when no hardware is present).
        case simulated
        /// A WAV file written in real time or offline.
        case wav
        /// An in-memory recorder for tests and offline rendering.
        case recorder
        /// Discards everything, keeping time.
        case null
        /// A DualSense's voice coils over Bluetooth: 8-bit PCM at 3000 Hz in HID output reports written to its hidraw
        /// node (`/dev/hidraw*`).
        case hidraw
    }

    /// A stable identifier, also accepted by `HAPTIC_DEVICE`: `evdev:/dev/input/event5`, `alsa:hw:1`, `simulated`, …
    public var id: String
    /// A human-readable name (the kernel's device name for hardware).
    public var name: String
    /// The family.
    public var kind: Kind
    /// Whether haptic events reach an actuator.
    public var supportsHaptics: Bool
    /// Whether audio events reach a speaker.
    public var supportsAudio: Bool
    /// Whether this is physical hardware (what `capabilitiesForHardware()` reports on).
    public var isHardware: Bool
    /// How the haptic bus becomes this device's signal.
    public var profile: ActuatorProfile

    /// Creates a description.
    public init(
        id: String, name: String, kind: Kind, supportsHaptics: Bool, supportsAudio: Bool, isHardware: Bool,
        profile: ActuatorProfile
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.supportsHaptics = supportsHaptics
        self.supportsAudio = supportsAudio
        self.isHardware = isHardware
        self.profile = profile
    }
}
