/// The actuators a game controller has, which decide the `GCHapticsLocality` values it supports.
public struct ControllerActuators: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt8

    /// Creates a set from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Two handle actuators played separately: the strong and weak rumble motors (evdev `FF_RUMBLE`), or the left
    /// and right voice coils of a DualSense.
    public static let twoHandles = ControllerActuators(rawValue: 1 << 0)
    /// One actuator for both handles (a pad with `FF_PERIODIC` but no `FF_RUMBLE`).
    public static let oneHandle = ControllerActuators(rawValue: 1 << 1)
    /// Rumble motors in the triggers (Xbox One impulse triggers).
    public static let triggerMotors = ControllerActuators(rawValue: 1 << 2)
    /// The handles are voice coils played as PCM (sharpness is a frequency), not rumble motors.
    public static let voiceCoils = ControllerActuators(rawValue: 1 << 3)
}
