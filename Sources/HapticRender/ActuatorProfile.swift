/// How the haptic bus reaches a device, and how the simulated device responds: data, not code.
///
/// The mapping from sharpness to frequency follows Android's reference implementation: linear in Hz across the
/// device's perceptible band, `f = frequencyMin + sharpness·(frequencyMax − frequencyMin)`.
///
/// Profiles convert to and from `HapticPattern/AHAPValue` (JSON-shaped) with ``init(value:)`` and ``value``; file
/// IO is the caller's business, so this module stays free of Foundation.
///
///     var profile = ActuatorProfile.genericLRA
///     profile.frequencyMax = 200
public struct ActuatorProfile: Sendable, Hashable {
    /// What kind of signal the device takes.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// A PCM drive waveform (LRA, voice coil, audio exciter): sharpness chooses the frequency.
        case pcm
        /// One amplitude envelope (a single ERM or phone vibra); transients become motor bursts (``MotorBurst``):
        /// an overdrive kick, then at least ``minimumBurstDuration`` on.
        case amplitude
        /// Two motors (game-pad rumble): low sharpness → strong (low-frequency) motor, high → weak motor; transients
        /// become motor bursts on each, as in ``amplitude``.
        case twoMotor = "two-motor"
    }

    /// A short identifier (`"simulated-taptic-lra"`).
    public var name: String
    /// The signal kind.
    public var mode: Mode
    /// Drive frequency at sharpness 0, Hz (two-motor: the strong motor's vibration frequency at full speed).
    public var frequencyMin: Double
    /// Drive frequency at sharpness 1, Hz (two-motor: the weak motor's vibration frequency at full speed).
    public var frequencyMax: Double
    /// Resonance of the simulated LRA or voice coil, Hz (PCM profiles).
    public var resonanceFrequency: Double
    /// Loaded quality factor of the simulated resonator (PCM profiles); ring-up/down τ = Q/(π·f0).
    public var qualityFactor: Double
    /// Simulated acceleration at full drive, g peak (at resonance for PCM profiles).
    public var peakAcceleration: Double
    /// Spin-up time constant of the motor(s), seconds (amplitude and two-motor profiles): the simulated motors spin
    /// up with it, and a transient's overdrive kick is timed with it (``MotorBurst``).
    public var spinUpTime: Double
    /// Spin-down time constant of the motor(s), seconds.
    public var spinDownTime: Double
    /// The minimum on-time of a motor: the shortest burst a transient becomes on amplitude and two-motor devices,
    /// seconds (JSON `MinimumBurstDuration`).
    public var minimumBurstDuration: Double
    /// The drive level of a transient's overdrive kick on a motor, 0 … 1 of full drive (JSON `OverdriveLevel`); 0
    /// turns overdrive off. Amplitude and two-motor profiles only.
    public var overdriveLevel: Double
    /// How long a full-intensity transient's overdrive kick lasts from rest, seconds (JSON `OverdriveDuration`);
    /// 0 turns overdrive off. A tap of level `ℓ` aims at `√ℓ` of the speed this kick reaches, so its peak vibration
    /// is `ℓ` times a full tap's (``MotorBurst``).
    public var overdriveDuration: Double
    /// The rate the device prefers, frames per second.
    public var preferredSampleRate: Double

    /// Creates a profile; see each property.
    public init(
        name: String, mode: Mode, frequencyMin: Double, frequencyMax: Double, resonanceFrequency: Double,
        qualityFactor: Double, peakAcceleration: Double, spinUpTime: Double = 0, spinDownTime: Double = 0,
        minimumBurstDuration: Double = 0, preferredSampleRate: Double = 8_000, overdriveLevel: Double = 0,
        overdriveDuration: Double = 0
    ) {
        self.name = name
        self.mode = mode
        self.frequencyMin = frequencyMin
        self.frequencyMax = frequencyMax
        self.resonanceFrequency = resonanceFrequency
        self.qualityFactor = qualityFactor
        self.peakAcceleration = peakAcceleration
        self.spinUpTime = spinUpTime
        self.spinDownTime = spinDownTime
        self.minimumBurstDuration = minimumBurstDuration
        self.preferredSampleRate = preferredSampleRate
        self.overdriveLevel = overdriveLevel
        self.overdriveDuration = overdriveDuration
    }

    /// The drive frequency for a sharpness (clamped to 0 … 1).
    public func frequency(forSharpness sharpness: Float) -> Double {
        let s = Double(FastMath.clamp(sharpness, 0, 1))
        return frequencyMin + s * (frequencyMax - frequencyMin)
    }

    /// The default: a Taptic-like LRA. Apple publishes no resonance, so this uses f0 = 170 Hz and Q = 10 (ring-up
    /// τ = Q/(π·f0) ≈ 18.7 ms), a 80–230 Hz band, and 1.5 g peak (TI SLOA194 measured 1.63 g for an LRA).
    public static let simulatedTapticLRA = ActuatorProfile(
        name: "simulated-taptic-lra", mode: .pcm, frequencyMin: 80, frequencyMax: 230, resonanceFrequency: 170,
        qualityFactor: 10, peakAcceleration: 1.5, preferredSampleRate: 8_000)

    /// A generic phone LRA at AOSP's defaults: f0 = 150 Hz, Q = 11, PWLE band 140–160 Hz (the default vibrator HAL,
    /// `hardware/interfaces/vibrator/aidl/default/Vibrator.cpp`).
    public static let genericLRA = ActuatorProfile(
        name: "generic-lra", mode: .pcm, frequencyMin: 140, frequencyMax: 160, resonanceFrequency: 150,
        qualityFactor: 11, peakAcceleration: 1.2, preferredSampleRate: 8_000)

    /// A phone vibra (single ERM): amplitude envelope, 116 ms spin-up (TDK's piezo white paper measured an ERM rise
    /// of 0.116 s), slower spin-down, 0.4 g (Precision Microdrives 305-000), a 40 ms minimum on-time, and overdrive:
    /// transients kick at full drive for up to 100 ms (the 50–100 ms response TDK quotes for ERMs; Precision
    /// Microdrives overdrives at maximum voltage until 90 % of the target speed), so a full-intensity tap reaches
    /// 58 % of full speed, 0.33 of full vibration, where the old 40 ms burst at its own level reached 0.09.
    public static let phoneVibraERM = ActuatorProfile(
        name: "phone-vibra-erm", mode: .amplitude, frequencyMin: 120, frequencyMax: 200, resonanceFrequency: 0,
        qualityFactor: 0, peakAcceleration: 0.4, spinUpTime: 0.116, spinDownTime: 0.15, minimumBurstDuration: 0.04,
        preferredSampleRate: 1_000, overdriveLevel: 1, overdriveDuration: 0.1)

    /// A two-motor game pad (evdev `FF_RUMBLE`): strong ≈ 40 Hz, weak ≈ 160 Hz motors, 60 ms spin-up, a 30 ms
    /// minimum on-time (SDL sends rumble no more often than every 30 ms, `SDL_hidapi_switch.c`; Lofelt holds an
    /// emulated tap for 30 ms), and overdrive: transients kick at full magnitude (a pad takes nothing above 0xFFFF)
    /// for up to 100 ms, so a full-intensity tap reaches 81 % of full speed, 0.66 of full vibration (the old 30 ms
    /// burst at its own level reached 0.15), and a tap at intensity 0.5 half of that.
    public static let twoMotorPad = ActuatorProfile(
        name: "two-motor-pad", mode: .twoMotor, frequencyMin: 40, frequencyMax: 160, resonanceFrequency: 0,
        qualityFactor: 0, peakAcceleration: 1.0, spinUpTime: 0.06, spinDownTime: 0.08, minimumBurstDuration: 0.03,
        preferredSampleRate: 1_000, overdriveLevel: 1, overdriveDuration: 0.1)

    /// A DualSense-style voice coil: wideband PCM 40–500 Hz, a low-Q resonance at 120 Hz.
    public static let voiceCoil = ActuatorProfile(
        name: "voice-coil", mode: .pcm, frequencyMin: 40, frequencyMax: 500, resonanceFrequency: 120,
        qualityFactor: 1.5, peakAcceleration: 2.0, preferredSampleRate: 48_000)

    /// Every built-in profile.
    public static let builtIns: [ActuatorProfile] = [simulatedTapticLRA, genericLRA, phoneVibraERM, twoMotorPad, voiceCoil]

    /// The built-in profile named `name`, if any.
    public static func builtIn(named name: String) -> ActuatorProfile? {
        builtIns.first { $0.name == name }
    }
}
