/// The one place where an actuator profile turns the mixed haptic signal into what a device plays: every
/// profile → signal decision lives here.
///
/// - **PCM** (LRA, voice coil, exciter): `drive` is a carrier whose frequency follows sharpness within the profile's
///   band, scaled by amplitude; a transient from silence restarts the carrier at phase 0, so its first cycle is
///   whole. Both handle channels (`strong`, `weak`: a device's left and right coils) carry it too.
/// - **Amplitude** (one ERM or phone vibra) and **two motors** (game pads): `drive` is the amplitude envelope and
///   `strong`/`weak` split it by sharpness (dull → strong, sharp → weak; both full at 0.5). A motor cannot tap, so
///   each transient becomes a ``MotorBurst`` on each of the three channels — an overdrive kick up to the speed its
///   level asks for, held for the motor's minimum on-time — with the channel's share of the transient's level
///   (`drive` the whole level, `strong`/`weak` their split of it), so a tap on a routed single motor is as strong as
///   on both.
/// - **Per device write** (``motorLevels(of:frameCount:mode:)``): a motor device takes one level per motor per
///   update, the peak of the block, so that a transient shorter than the update period is not lost.
///
/// Real-time safety: value type; ``shape(frameCount:amplitudeSum:sharpnessSum:onsets:into:)`` allocates nothing.
public struct ActuatorTranslator: Sendable {
    private let frequencyMin: Float
    private let band: Float
    private let isPCM: Bool
    private let invRate: Float
    private var busPhase: Float = 0
    private var lastAmplitude: Float = 0
    private var lastSharpness: Float = 0.5
    /// Transient bursts on the whole-level channel (`drive`) and on each motor's share (`strong`, `weak`).
    private var driveBurst: MotorBurst
    private var strongBurst: MotorBurst
    private var weakBurst: MotorBurst

    /// Whether a transient's burst is still playing (the bus is not silent yet even when no voice plays).
    public var isHoldingBurst: Bool {
        @_noLocks @_noAllocation get { driveBurst.isActive || strongBurst.isActive || weakBurst.isActive }
    }

    /// A translator for `profile` at `sampleRate`.
    public init(profile: ActuatorProfile, sampleRate: Double) {
        frequencyMin = Float(profile.frequencyMin)
        band = Float(profile.frequencyMax - profile.frequencyMin)
        isPCM = profile.mode == .pcm
        invRate = Float(1 / sampleRate)
        driveBurst = MotorBurst(profile: profile, sampleRate: sampleRate)
        strongBurst = driveBurst
        weakBurst = driveBurst
    }

    /// Writes the bus for `n` frames from the mixed voices: the amplitude sum, the amplitude-weighted sharpness sum,
    /// and the transient onsets (their levels).
    ///
    /// - Returns: the frames whose amplitude had to be clamped to 1.
    @_noLocks @_noAllocation
    public mutating func shape(
        frameCount n: Int, amplitudeSum: UnsafeMutablePointer<Float>, sharpnessSum: UnsafeMutablePointer<Float>,
        onsets: UnsafeMutablePointer<Float>, into haptic: HapticBusBuffers
    ) -> Int {
        var clippedFrames = 0
        for k in 0..<n {
            let raw = amplitudeSum[k]
            if raw > 1.000_01 { clippedFrames += 1 }
            let a = FastMath.clamp(raw, 0, 1)
            let s = raw > 1e-6 ? FastMath.clamp(sharpnessSum[k] / raw, 0, 1) : lastSharpness
            let onset = onsets[k]
            haptic.amplitude[k] = a
            haptic.sharpness[k] = s
            if isPCM {
                // A transient starting from (near) silence starts the carrier at phase 0, so its first cycle is whole.
                if onset > 0 && lastAmplitude < 1e-3 { busPhase = 0 }
                let wave = a * FastMath.sinCycles(busPhase)
                haptic.drive[k] = wave
                haptic.strong[k] = wave
                haptic.weak[k] = wave
            } else {
                let strongShare = Swift.min(1, 2 * (1 - s))
                let weakShare = Swift.min(1, 2 * s)
                if onset > 0 {
                    let level = FastMath.clamp(onset, 0, 1)
                    driveBurst.trigger(level: level)
                    strongBurst.trigger(level: level * strongShare)
                    weakBurst.trigger(level: level * weakShare)
                }
                haptic.drive[k] = driveBurst.step(a)
                haptic.strong[k] = strongBurst.step(a * strongShare)
                haptic.weak[k] = weakBurst.step(a * weakShare)
            }
            // Triggers play only what a route sends them.
            haptic.leftTrigger[k] = 0
            haptic.rightTrigger[k] = 0
            busPhase += (frequencyMin + s * band) * invRate
            if busPhase >= 1 { busPhase -= 1 }
            lastAmplitude = a
            lastSharpness = s
        }
        return clippedFrames
    }

    /// The level each motor of a motor device plays for one block: the peak of the block's `strong` and `weak`
    /// channels for a two-motor device, the peak of `drive` (the held envelope) on both for a single motor, the
    /// peak of the amplitude for a PCM profile played on a motor.
    @_noLocks @_noAllocation
    public static func motorLevels(
        of haptic: HapticBusBuffers, frameCount n: Int, mode: Mode
    ) -> (strong: Float, weak: Float) {
        var strong: Float = 0
        var weak: Float = 0
        switch mode {
        case .twoMotor:
            for i in 0..<n {
                strong = Swift.max(strong, haptic.strong[i])
                weak = Swift.max(weak, haptic.weak[i])
            }
            return (strong, weak)
        case .amplitude:
            for i in 0..<n { strong = Swift.max(strong, abs(haptic.drive[i])) }
        case .pcm:
            for i in 0..<n { strong = Swift.max(strong, abs(haptic.amplitude[i])) }
        }
        return (strong, strong)
    }

    /// The level each motor plays at frame `index` of the block: ``motorLevels(of:frameCount:mode:)`` for one frame
    /// (a block's last frame is what a lowered intensity settled at).
    @_noLocks @_noAllocation
    public static func motorLevels(of haptic: HapticBusBuffers, atFrame index: Int, mode: Mode) -> (strong: Float, weak: Float) {
        switch mode {
        case .twoMotor: return (haptic.strong[index], haptic.weak[index])
        case .amplitude:
            let level = abs(haptic.drive[index])
            return (level, level)
        case .pcm:
            let level = abs(haptic.amplitude[index])
            return (level, level)
        }
    }

    /// The motor levels a transient of `intensity` and `sharpness` starts with from silence on a motor device with
    /// `profile` through `route` (what ``motorLevels(of:frameCount:mode:)`` reports for its first block: the
    /// ``MotorBurst``'s overdrive kick, or the held level without overdrive): what a device can prepare ahead of the
    /// onset.
    public static func onsetLevels(
        intensity: Float, sharpness: Float, profile: ActuatorProfile, route: MotorRoute
    ) -> (strong: Float, weak: Float) {
        let level = FastMath.clamp(intensity, 0, 1)
        let s = FastMath.clamp(sharpness, 0, 1)
        let whole = MotorBurst.onsetLevel(level, profile: profile)
        switch (Mode(profile.mode), route) {
        case (.twoMotor, .strong): return (whole, 0)
        case (.twoMotor, .weak): return (0, whole)
        case (.twoMotor, .triggers), (.twoMotor, .leftTrigger), (.twoMotor, .rightTrigger): return (0, 0)
        case (.twoMotor, _):
            return (
                MotorBurst.onsetLevel(level * Swift.min(1, 2 * (1 - s)), profile: profile),
                MotorBurst.onsetLevel(level * Swift.min(1, 2 * s), profile: profile)
            )
        case (.amplitude, _): return (whole, whole)
        case (.pcm, _): return (level, level)
        }
    }

    /// How a profile drives its device, as a plain value the render path can switch on.
    public enum Mode: UInt8, Sendable {
        /// A PCM waveform.
        case pcm
        /// One motor, an amplitude envelope.
        case amplitude
        /// Two motors.
        case twoMotor

        /// The mode of `profile`.
        public init(_ mode: ActuatorProfile.Mode) {
            switch mode {
            case .pcm: self = .pcm
            case .amplitude: self = .amplitude
            case .twoMotor: self = .twoMotor
            }
        }
    }
}
