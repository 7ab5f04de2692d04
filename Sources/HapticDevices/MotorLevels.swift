import HapticRender

/// The levels of a device's two motors as it plays them: magnitudes 0 … 65535 (full scale), the strong (low-frequency)
/// motor and the weak (high-frequency) one; a one-motor device has the same level on both.
///
///     let onset = MotorLevels.onset(intensity: 0.8, sharpness: 0.25, profile: .twoMotorPad, route: .all)
///     device.anticipateOnset(onset)   // an OnsetAnticipating device arms it
///
/// ``init(strongLevel:weakLevel:)`` is the one conversion from rendered levels (0 … 1) to magnitudes, and
/// ``onset(intensity:sharpness:profile:route:)`` the one computation of the levels a transient starts with: what the
/// engine anticipates, what it asks the device to start and what the device's render thread sees arrive are compared
/// in this one unit.
///
/// - Thread safety: a value type.
/// - Real-time safety: every member is free of locks and allocations.
public struct MotorLevels: Sendable, Hashable {
    /// The strong motor's magnitude (0 … 65535).
    public var strong: UInt16
    /// The weak motor's magnitude (0 … 65535).
    public var weak: UInt16

    /// Both motors still.
    public static let silent = MotorLevels(strong: 0, weak: 0)

    /// Levels of these magnitudes.
    ///
    /// - Parameters:
    ///   - strong: the strong motor's magnitude.
    ///   - weak: the weak motor's magnitude.
    @inlinable
    public init(strong: UInt16, weak: UInt16) {
        self.strong = strong
        self.weak = weak
    }

    /// Levels for rendered levels 0 … 1 (clamped; a level that is not above 0, NaN included, is silent).
    ///
    /// - Parameters:
    ///   - strongLevel: the strong motor's level.
    ///   - weakLevel: the weak motor's level.
    @inlinable
    public init(strongLevel: Float, weakLevel: Float) {
        self.init(strong: Self.magnitude(strongLevel), weak: Self.magnitude(weakLevel))
    }

    /// The levels a transient of `intensity` and `sharpness` starts with from silence on a motor device with `profile`
    /// through `route` (`ActuatorTranslator.onsetLevels(intensity:sharpness:profile:route:)`, as
    /// magnitudes): what a device can prepare ahead of the onset.
    ///
    /// - Parameters:
    ///   - intensity: the transient's intensity (0 … 1).
    ///   - sharpness: the transient's sharpness (0 … 1).
    ///   - profile: the device's actuator profile.
    ///   - route: which of the device's motors the engine drives.
    /// - Returns: the magnitudes of the onset's first block.
    public static func onset(intensity: Float, sharpness: Float, profile: ActuatorProfile, route: MotorRoute) -> MotorLevels {
        let levels = ActuatorTranslator.onsetLevels(intensity: intensity, sharpness: sharpness, profile: profile, route: route)
        return MotorLevels(strongLevel: levels.strong, weakLevel: levels.weak)
    }

    /// Whether both motors are still.
    @inlinable
    public var isSilent: Bool { strong == 0 && weak == 0 }

    /// Whether each motor's magnitude is within `tolerance` of `other`'s.
    @inlinable
    package func isWithin(_ tolerance: Int32, of other: MotorLevels) -> Bool {
        abs(Int32(strong) - Int32(other.strong)) <= tolerance && abs(Int32(weak) - Int32(other.weak)) <= tolerance
    }

    /// The levels as one word, `strong << 16 | weak`, for an atomic that holds them.
    @inlinable
    package var packed: UInt32 { UInt32(strong) << 16 | UInt32(weak) }

    /// The levels an atomic held as ``packed``.
    @inlinable
    package init(packed: UInt32) {
        self.init(strong: UInt16(truncatingIfNeeded: packed >> 16), weak: UInt16(truncatingIfNeeded: packed))
    }

    /// A rendered level as a magnitude: 0 for a level that is not above 0, full scale from 1 up.
    @inlinable
    package static func magnitude(_ level: Float) -> UInt16 {
        guard level > 0 else { return 0 }
        return level >= 1 ? .max : UInt16(level * 65535)
    }
}
