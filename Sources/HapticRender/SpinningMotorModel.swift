/// One eccentric-rotating-mass motor (a phone vibra, one rumble motor of a game pad): its speed follows the drive
/// level with a first-order spin-up and spin-down (``MotorSpeed``; ERMs take 50–250 ms to start and stop, per
/// Precision Microdrives' and TDK's measurements), and the mass vibrates at a frequency proportional to the speed (up
/// to `frequency` at full speed) with an amplitude ∝ speed², as an eccentric mass does.
///
///     var motor = SpinningMotorModel(spinUpTime: 0.06, spinDownTime: 0.08, frequency: 40, sampleRate: 1_000)
///     let vibration = motor.step(0.8)   // −1 … 1, in units of full-speed vibration
///
/// Real-time safety: ``step(_:)`` takes no lock and allocates nothing.
public struct SpinningMotorModel: Sendable {
    private var speed: MotorSpeed
    private let increment: Float
    private var phase: Float = 0

    /// A motor at rest.
    ///
    /// - Parameters:
    ///   - spinUpTime: the spin-up time constant, seconds (at least 1 ms).
    ///   - spinDownTime: the spin-down time constant, seconds (at least 1 ms).
    ///   - frequency: the vibration frequency at full speed, Hz.
    ///   - sampleRate: the rate ``step(_:)`` is called at.
    public init(spinUpTime: Double, spinDownTime: Double, frequency: Double, sampleRate: Double) {
        speed = MotorSpeed(spinUpTime: spinUpTime, spinDownTime: spinDownTime, sampleRate: sampleRate)
        increment = Float(frequency / sampleRate)
    }

    /// The motor's speed, 0 … 1 of full speed.
    public var currentSpeed: Float { speed.value }

    /// Advances one sample towards drive level `target` (0 … 1); returns the vibration, −1 … 1.
    @_noLocks @_noAllocation
    public mutating func step(_ target: Float) -> Float {
        let v = speed.step(towards: target)
        phase += increment * v
        if phase >= 1 { phase -= 1 }
        return v * v * FastMath.sinCycles(phase)
    }
}
