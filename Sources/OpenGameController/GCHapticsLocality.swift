import HapticRender

/// A place on a game controller where haptic actuators sit: make one `CHHapticEngine` per locality with
/// ``GCDeviceHaptics/createEngine(withLocality:)``, and every pattern played on it plays there.
///
///     let woofer = controller.haptics?.createEngine(withLocality: .leftHandle)    // the low-frequency motor
///     let tweeter = controller.haptics?.createEngine(withLocality: .rightHandle)  // the high-frequency motor
///
/// The raw values are Apple's (`"Default"`, `"Left Handle"`, …), so code that stores or compares them keeps
/// working.
public struct GCHapticsLocality: Hashable, RawRepresentable, Sendable {
    /// The locality's name.
    public let rawValue: String

    /// A locality by name; names other than the eight below are supported by no controller.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The default place of a controller's haptics (its handles); every controller supports it.
    public static let `default` = GCHapticsLocality(rawValue: "Default")
    /// Every actuator of the controller: handles and trigger motors.
    public static let all = GCHapticsLocality(rawValue: "All")
    /// Both handles; sharpness chooses between the low- and high-frequency motors (or is a frequency on voice coils).
    public static let handles = GCHapticsLocality(rawValue: "Handles")
    /// The left handle: the strong, low-frequency motor (the "woofer"), or a DualSense's left voice coil.
    public static let leftHandle = GCHapticsLocality(rawValue: "Left Handle")
    /// The right handle: the weak, high-frequency motor (the "tweeter"), or a DualSense's right voice coil.
    public static let rightHandle = GCHapticsLocality(rawValue: "Right Handle")
    /// Both trigger motors (Xbox One impulse triggers).
    public static let triggers = GCHapticsLocality(rawValue: "Triggers")
    /// The left trigger motor.
    public static let leftTrigger = GCHapticsLocality(rawValue: "Left Trigger")
    /// The right trigger motor.
    public static let rightTrigger = GCHapticsLocality(rawValue: "Right Trigger")

    /// Which actuators of the device an engine for this locality drives, or `nil` for an unknown locality.
    var route: MotorRoute? {
        switch self {
        case .default, .handles: .handles
        case .all: .all
        case .leftHandle: .strong
        case .rightHandle: .weak
        case .triggers: .triggers
        case .leftTrigger: .leftTrigger
        case .rightTrigger: .rightTrigger
        default: nil
        }
    }
}
