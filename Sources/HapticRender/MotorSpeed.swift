/// How fast an eccentric-rotating-mass motor spins, 0 … 1 of full speed: it follows its drive level with a first-order
/// spin-up and spin-down, one time constant each.
///
/// The one model of a motor's inertia in the project: the simulated motors (``SpinningMotorModel``) spin with it,
/// and the translator (``MotorBurst``) uses it to know when a transient's overdrive kick has brought a motor up to
/// speed, so both agree to the sample.
///
///     var speed = MotorSpeed(spinUpTime: 0.06, spinDownTime: 0.08, sampleRate: 1_000)
///     for _ in 0..<100 { speed.step(towards: 1) }   // speed.value ≈ 0.81 after 100 ms
///
/// Real-time safety: ``step(towards:)`` takes no lock and allocates nothing.
public struct MotorSpeed: Sendable {
    private let upCoefficient: Float
    private let downCoefficient: Float
    /// The current speed, 0 … 1 of full speed.
    public private(set) var value: Float = 0

    /// A motor at rest.
    ///
    /// - Parameters:
    ///   - spinUpTime: the spin-up time constant, seconds (at least 1 ms is used).
    ///   - spinDownTime: the spin-down time constant, seconds (at least 1 ms is used).
    ///   - sampleRate: the rate ``step(towards:)`` is called at.
    public init(spinUpTime: Double, spinDownTime: Double, sampleRate: Double) {
        upCoefficient = Float(1 - FastMath.exp(-1 / (Self.timeConstant(spinUpTime) * sampleRate)))
        downCoefficient = Float(1 - FastMath.exp(-1 / (Self.timeConstant(spinDownTime) * sampleRate)))
    }

    /// Advances one sample towards drive level `target` (0 … 1) and returns the new speed.
    @_noLocks @_noAllocation
    @discardableResult
    public mutating func step(towards target: Float) -> Float {
        value += (target > value ? upCoefficient : downCoefficient) * (target - value)
        return value
    }

    /// The speed a motor at rest reaches after being driven at `level` for `seconds`, with spin-up time constant
    /// `spinUpTime`: `level·(1 − e^(−seconds/τ))`.
    public static func speed(afterDriving level: Double, for seconds: Double, spinUpTime: Double) -> Double {
        level * (1 - FastMath.exp(-Swift.max(seconds, 0) / timeConstant(spinUpTime)))
    }

    /// A time constant as the model uses it: at least 1 ms (NaN too).
    private static func timeConstant(_ seconds: Double) -> Double {
        seconds > 1e-3 ? seconds : 1e-3
    }
}
