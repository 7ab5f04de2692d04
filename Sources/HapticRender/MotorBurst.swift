/// What one rumble or ERM motor plays for a transient: an overdrive kick that brings the motor up to the speed the
/// tap asks for, then that level held until the motor's minimum on-time has passed.
///
/// A motor cannot tap. It has to spin up first: a 20 ms transient played at its own level reaches a fraction of full
/// speed and is barely felt (on a pad, a heavy impact peaked at 0.14 of full-speed vibration). Motor drivers solve
/// this with overdrive — Precision Microdrives drives an ERM at its maximum voltage until it reaches 90 % of the
/// target speed, then drops back to the rated level ("New Testing for the Precision Haptic ERMs"); TI's DRV2605
/// applies an overdrive kick and a braking pulse to ERMs itself — and with a minimum on-time: SDL sends rumble no more
/// often than every 30 ms (`SDL_hidapi_switch.c`), and Lofelt's emphasis emulation holds a tap at full amplitude for
/// 30 ms (NiceVibrations `emphasis.rs`). A burst follows them, with the profile's numbers:
///
/// - **Level to speed.** A tap of level `ℓ` (its intensity × its motor's share) aims at speed `√ℓ · v_tap`, where
///   `v_tap` is the speed a full-level kick reaches in ``ActuatorProfile/overdriveDuration`` from rest
///   (``MotorSpeed/speed(afterDriving:for:spinUpTime:)``). The vibration of an eccentric mass grows with speed², so a
///   tap's peak is `ℓ · v_tap²`: proportional to its intensity, as on an LRA (a light impact at 0.5 peaks at half a
///   heavy one's).
/// - **Kick.** While the motor (modelled by ``MotorSpeed`` with the profile's spin-up and spin-down) is slower than
///   that speed, it is driven at ``ActuatorProfile/overdriveLevel``, for at most the overdrive duration. A motor already
///   spinning (a continuous event under the tap, an earlier tap) needs a shorter kick or none.
/// - **Hold.** Then the target speed's level is held until ``ActuatorProfile/minimumBurstDuration`` after the onset.
/// - **Without overdrive** (level or duration 0) the tap's own level is held for the minimum on-time.
///
/// The burst never lowers what else plays on the motor: the output is the larger of the burst and the input level.
///
///     var burst = MotorBurst(profile: .twoMotorPad, sampleRate: 1_000)
///     burst.trigger(level: 1)
///     let drive = burst.step(0)   // 1: the kick
///
/// Real-time safety: ``trigger(level:)`` and ``step(_:)`` take no lock and allocate nothing.
public struct MotorBurst: Sendable {
    private let overdriveLevel: Float
    private let tapSpeed: Float
    private let kickFrames: Int
    private let minimumOnFrames: Int
    private var speed: MotorSpeed
    private var target: Float = 0
    private var onRemaining = 0
    private var kickRemaining = 0

    /// A burst shaper for one motor of `profile`, at `sampleRate`, with the motor at rest.
    public init(profile: ActuatorProfile, sampleRate: Double) {
        let tap = Self.tapSpeed(profile)
        overdriveLevel = tap > 0 ? Float(profile.overdriveLevel) : 0
        tapSpeed = Float(tap)
        kickFrames = tap > 0 ? Swift.max(1, FastMath.roundToInt(profile.overdriveDuration * sampleRate)) : 0
        minimumOnFrames = FastMath.roundToInt(profile.minimumBurstDuration * sampleRate)
        speed = MotorSpeed(spinUpTime: profile.spinUpTime, spinDownTime: profile.spinDownTime, sampleRate: sampleRate)
    }

    /// Whether a burst is still playing (kicking or holding).
    public var isActive: Bool {
        @_noLocks @_noAllocation get { onRemaining > 0 || kickRemaining > 0 }
    }

    /// Starts a burst for a transient of `level` (0 … 1) at the next ``step(_:)``; a burst already playing keeps the
    /// higher target and the later end.
    @_noLocks @_noAllocation
    public mutating func trigger(level: Float) {
        let l = FastMath.clamp(level, 0, 1)
        guard l > 0 else { return }
        let aim = tapSpeed > 0 ? FastMath.squareRoot(l) * tapSpeed : l
        target = isActive ? Swift.max(target, aim) : aim
        onRemaining = Swift.max(onRemaining, minimumOnFrames)
        if overdriveLevel > aim { kickRemaining = Swift.max(kickRemaining, kickFrames) }
    }

    /// The motor's drive level for one sample, given the level everything else asks of it (`input`, 0 … 1).
    @_noLocks @_noAllocation
    public mutating func step(_ input: Float) -> Float {
        var out = input
        if kickRemaining > 0 {
            if speed.value < target {
                out = Swift.max(out, overdriveLevel)
                kickRemaining -= 1
            } else {
                kickRemaining = 0
            }
        }
        if onRemaining > 0 {
            if kickRemaining == 0 { out = Swift.max(out, target) }
            onRemaining -= 1
        }
        if !isActive { target = 0 }
        speed.step(towards: out)
        return out
    }

    /// The drive level a burst of `level` starts with on a motor of `profile` at rest: what its first sample plays.
    public static func onsetLevel(_ level: Float, profile: ActuatorProfile) -> Float {
        let l = FastMath.clamp(level, 0, 1)
        guard l > 0 else { return 0 }
        let tap = Float(tapSpeed(profile))
        guard tap > 0 else { return l }
        let overdrive = Float(profile.overdriveLevel)
        let aim = FastMath.squareRoot(l) * tap
        return overdrive > aim ? overdrive : aim
    }

    /// The longest a burst started from rest lasts on a motor of `profile`, seconds: the overdrive duration or the
    /// minimum on-time, whichever is longer (0 for a PCM profile, which plays transients as they are).
    public static func longestDuration(for profile: ActuatorProfile) -> Double {
        guard profile.mode != .pcm else { return 0 }
        let kick = tapSpeed(profile) > 0 ? profile.overdriveDuration : 0
        return Swift.max(kick, Swift.max(profile.minimumBurstDuration, 0))
    }

    /// `v_tap`: the speed a full-level kick reaches from rest, or 0 when the profile has no overdrive (or is PCM).
    static func tapSpeed(_ profile: ActuatorProfile) -> Double {
        guard profile.mode != .pcm, profile.overdriveLevel > 0, profile.overdriveDuration > 0 else { return 0 }
        return MotorSpeed.speed(
            afterDriving: Swift.min(profile.overdriveLevel, 1), for: profile.overdriveDuration, spinUpTime: profile.spinUpTime)
    }
}
