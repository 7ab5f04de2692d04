/// A physical model of the actuator an ``ActuatorProfile`` describes, turning the haptic bus into simulated
/// acceleration (g).
///
/// - PCM profiles (LRA, voice coil): a driven, damped second-order resonator at `resonanceFrequency` with quality
///   factor `qualityFactor` (limits.md §4.1: ring-up/down τ = Q/(π·f0)), discretised with the bilinear transform
///   (prewarped at f0; unconditionally stable), normalised so a steady sine at f0 of amplitude 1 gives
///   `peakAcceleration`.
/// - Amplitude profiles (ERM): a first-order spin-up/spin-down of the motor speed towards the drive level with time
///   constants `spinUpTime`/`spinDownTime` (limits.md §3.2: 50–250 ms); the mass vibrates at a frequency ∝ speed
///   (up to `frequencyMax`) with an amplitude ∝ speed², as an eccentric mass does.
/// - Two-motor profiles: two such motors (strong at `frequencyMin`, weak at `frequencyMax`), summed.
///
///     var simulator = ActuatorSimulator(profile: .simulatedTapticLRA, sampleRate: 8_000)
///     simulator.process(haptic: buffers, frameCount: 256, acceleration: out)
///
/// Real-time safety: ``process(haptic:frameCount:acceleration:)`` takes no lock and allocates nothing.
public struct ActuatorSimulator: Sendable {
    private let isPCM: Bool
    private let isTwoMotor: Bool
    // Resonator (transposed direct form II biquad).
    private var b0: Float = 0, b2: Float = 0, a1: Float = 0, a2: Float = 0
    private var z1: Float = 0, z2: Float = 0
    private let gain: Float
    // Motors.
    private let upCoefficient: Float
    private let downCoefficient: Float
    private var speedStrong: Float = 0, speedWeak: Float = 0
    private var phaseStrong: Float = 0, phaseWeak: Float = 0
    private let strongIncrement: Float
    private let weakIncrement: Float

    /// Creates a simulator at rest.
    ///
    /// - Parameters:
    ///   - profile: the actuator to model.
    ///   - sampleRate: the rate of the buffers given to ``process(haptic:frameCount:acceleration:)``.
    public init(profile: ActuatorProfile, sampleRate: Double) {
        isPCM = profile.mode == .pcm
        isTwoMotor = profile.mode == .twoMotor
        gain = Float(profile.peakAcceleration)
        let f0 = Swift.min(Swift.max(profile.resonanceFrequency, 1), sampleRate * 0.45)
        let q = Swift.max(profile.qualityFactor, 0.3)
        // Band-pass H(s) = (ω0/Q)s / (s² + (ω0/Q)s + ω0²): unity gain at f0. Bilinear with prewarping.
        let k = 1 / Self.tanApprox(Double.pi * f0 / sampleRate)
        let norm = 1 / (k * k + k / q + 1)
        b0 = Float(k / q * norm)
        b2 = -b0
        a1 = Float(2 * (1 - k * k) * norm)
        a2 = Float((k * k - k / q + 1) * norm)
        upCoefficient = Float(1 - FastMath.exp(-1 / (Swift.max(profile.spinUpTime, 1e-3) * sampleRate)))
        downCoefficient = Float(1 - FastMath.exp(-1 / (Swift.max(profile.spinDownTime, 1e-3) * sampleRate)))
        strongIncrement = Float((isTwoMotor ? profile.frequencyMin : profile.frequencyMax) / sampleRate)
        weakIncrement = Float(profile.frequencyMax / sampleRate)
    }

    /// tan(x) for 0 < x < π/2 without Foundation (sin/cos series).
    private static func tanApprox(_ x: Double) -> Double {
        var s = 0.0
        var c = 0.0
        var term = 1.0
        for n in 0..<20 {
            if n % 2 == 0 { c += (n / 2) % 2 == 0 ? term : -term } else { s += ((n - 1) / 2) % 2 == 0 ? term : -term }
            term *= x / Double(n + 1)
        }
        return s / c
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
            for i in 0..<frameCount {
                let x = haptic.drive[i]
                let y = b0 * x + z1
                z1 = -a1 * y + z2
                z2 = b2 * x - a2 * y
                acceleration[i] = y * gain
            }
            return
        }
        for i in 0..<frameCount {
            let strongTarget = isTwoMotor ? haptic.strong[i] : haptic.drive[i]
            speedStrong += (strongTarget > speedStrong ? upCoefficient : downCoefficient) * (strongTarget - speedStrong)
            phaseStrong += strongIncrement * speedStrong
            if phaseStrong >= 1 { phaseStrong -= 1 }
            var a = speedStrong * speedStrong * FastMath.sinCycles(phaseStrong)
            if isTwoMotor {
                let weakTarget = haptic.weak[i]
                speedWeak += (weakTarget > speedWeak ? upCoefficient : downCoefficient) * (weakTarget - speedWeak)
                phaseWeak += weakIncrement * speedWeak
                if phaseWeak >= 1 { phaseWeak -= 1 }
                a = 0.5 * (a + speedWeak * speedWeak * FastMath.sinCycles(phaseWeak))
            }
            acceleration[i] = a * gain
        }
    }
}
