import HapticSystem

/// How loud a route plays: a gain, a curve and a floor for the low range, applied to a level 0 … 1.
///
///     let shape = LevelShape(gain: 1.5, curve: 0.7, floor: 0.1)
///     shape.apply(0.02)   // 0.15: a faint level lifted to where the actuator is felt
///     shape.apply(0)      // 0: silence stays silence
///
/// `apply(x)` is `floor + (1 − floor) · min(1, gain · x)^curve` for a level above silence (10⁻⁴), else 0: the gain
/// scales, a curve under 1 lifts the low range (over 1 lowers it), and the floor lifts everything that plays at all
/// to a level the actuator can be felt at ("the low range is imperceptible" on many pads). Per application and per
/// device, from the bridge's configuration; a route applies the application's shape, then the device's.
///
/// - Real-time safety: ``apply(_:)`` does not lock or allocate.
package struct LevelShape: Sendable, Hashable {
    /// The gain's allowed range.
    package static let gainRange: ClosedRange<Float> = 0...8
    /// The curve's allowed range (an exponent).
    package static let curveRange: ClosedRange<Float> = 0.25...4
    /// The floor's allowed range.
    package static let floorRange: ClosedRange<Float> = 0...0.5
    /// A level at or below this is silence.
    package static let silence: Float = 1e-4

    /// Multiplies the level (default 1).
    package var gain: Float
    /// The exponent of the curve (default 1: straight).
    package var curve: Float
    /// The least level anything audible plays at (default 0).
    package var floor: Float

    /// A shape; the defaults change nothing.
    package init(gain: Float = 1, curve: Float = 1, floor: Float = 0) {
        self.gain = gain
        self.curve = curve
        self.floor = floor
    }

    /// The shape that changes nothing.
    package static let identity = LevelShape()

    /// Whether the shape changes nothing.
    package var isIdentity: Bool { self == .identity }

    /// The shaped level.
    @inline(__always)
    package func apply(_ level: Float) -> Float {
        guard level > Self.silence else { return 0 }
        let scaled = Swift.min(1, level * gain)
        let curved = curve == 1 ? scaled : powf(scaled, curve)
        return floor + (1 - floor) * curved
    }
}
