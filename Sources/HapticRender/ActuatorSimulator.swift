/// A physical model of the actuator an ``ActuatorProfile`` describes, turning the haptic bus into simulated
/// acceleration (g).
///
/// - PCM profiles (LRA, voice coil): a driven, damped second-order resonator at `resonanceFrequency` with quality
///   factor `qualityFactor` (envelope ring-up/down τ = 2Q/ω0 = Q/(π·f0)), discretised with the bilinear transform
///   (prewarped at f0; unconditionally stable), normalised so a steady sine at f0 of amplitude 1 gives
///   `peakAcceleration`.
/// - Amplitude profiles (ERM): a first-order spin-up/spin-down of the motor speed towards the drive level with time
///   constants `spinUpTime`/`spinDownTime` (50–250 ms: Precision Microdrives measures ~180 ms for its 305-000 ERM,
///   TDK 116 ms); the mass vibrates at a frequency ∝ speed (up to `frequencyMax`) with an amplitude ∝ speed², as an
///   eccentric mass does.
/// - Two-motor profiles: two such motors (strong at `frequencyMin`, weak at `frequencyMax`), summed.
///
///     var simulator = ActuatorSimulator(profile: .simulatedTapticLRA, sampleRate: 8_000)
///     simulator.process(haptic: buffers, frameCount: 256, acceleration: out)
///
/// Real-time safety: ``process(haptic:frameCount:acceleration:)`` takes no lock and allocates nothing.
public struct ActuatorSimulator: Sendable {
    private let isPCM: Bool
    private let isTwoMotor: Bool
    private let gain: Float
    private var resonator: ResonatorModel
    private var strongMotor: SpinningMotorModel
    private var weakMotor: SpinningMotorModel

    /// Creates a simulator at rest.
    ///
    /// - Parameters:
    ///   - profile: the actuator to model.
    ///   - sampleRate: the rate of the buffers given to ``process(haptic:frameCount:acceleration:)``.
    public init(profile: ActuatorProfile, sampleRate: Double) {
        isPCM = profile.mode == .pcm
        isTwoMotor = profile.mode == .twoMotor
        gain = Float(profile.peakAcceleration)
        resonator = ResonatorModel(frequency: profile.resonanceFrequency, qualityFactor: profile.qualityFactor, sampleRate: sampleRate)
        strongMotor = SpinningMotorModel(
            spinUpTime: profile.spinUpTime, spinDownTime: profile.spinDownTime,
            frequency: isTwoMotor ? profile.frequencyMin : profile.frequencyMax, sampleRate: sampleRate)
        weakMotor = SpinningMotorModel(
            spinUpTime: profile.spinUpTime, spinDownTime: profile.spinDownTime, frequency: profile.frequencyMax, sampleRate: sampleRate)
    }

    /// Simulates `frameCount` frames of the bus and writes acceleration in g.
    ///
    /// - Parameters:
    ///   - haptic: the mixer's output for the block (the drive for PCM and amplitude profiles, strong/weak for
    ///     two-motor profiles).
    ///   - frameCount: frames to process.
    ///   - acceleration: at least `frameCount` floats; overwritten.
    @_noLocks @_noAllocation
    public mutating func process(haptic: HapticBusBuffers, frameCount: Int, acceleration: UnsafeMutableBufferPointer<Float>) {
        precondition(acceleration.count >= frameCount && haptic.drive.count >= frameCount, "ActuatorSimulator: buffers too small")
        if isPCM {
            for i in 0..<frameCount { acceleration[i] = resonator.step(haptic.drive[i]) * gain }
            return
        }
        for i in 0..<frameCount {
            var a = strongMotor.step(isTwoMotor ? haptic.strong[i] : haptic.drive[i])
            if isTwoMotor { a = 0.5 * (a + weakMotor.step(haptic.weak[i])) }
            acceleration[i] = a * gain
        }
    }
}
