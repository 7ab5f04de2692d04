/// How the haptic bus reaches a device, and how the simulated device responds: data, not code.
///
/// The mapping from sharpness to frequency follows Android's reference implementation (limits.md §1.6): linear in
/// Hz across the device's perceptible band, `f = frequencyMin + sharpness·(frequencyMax − frequencyMin)`.
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
        /// One amplitude envelope (a single ERM or phone vibra); transients become bursts of at least
        /// ``minimumBurstDuration``.
        case amplitude
        /// Two motors (game-pad rumble): low sharpness → strong (low-frequency) motor, high → weak motor.
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
    /// Spin-up time constant of the simulated motor(s), seconds (amplitude and two-motor profiles).
    public var spinUpTime: Double
    /// Spin-down time constant of the simulated motor(s), seconds.
    public var spinDownTime: Double
    /// Shortest burst a transient becomes on amplitude and two-motor devices, seconds.
    public var minimumBurstDuration: Double
    /// The rate the device prefers, frames per second.
    public var preferredSampleRate: Double

    /// Creates a profile; see each property.
    public init(
        name: String, mode: Mode, frequencyMin: Double, frequencyMax: Double, resonanceFrequency: Double,
        qualityFactor: Double, peakAcceleration: Double, spinUpTime: Double = 0, spinDownTime: Double = 0,
        minimumBurstDuration: Double = 0, preferredSampleRate: Double = 8_000
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
    }

    /// The drive frequency for a sharpness (clamped to 0 … 1).
    public func frequency(forSharpness sharpness: Float) -> Double {
        let s = Double(FastMath.clamp(sharpness, 0, 1))
        return frequencyMin + s * (frequencyMax - frequencyMin)
    }

    /// The default: a Taptic-like LRA. Apple publishes no resonance (limits.md §3.1 gap), so this uses f0 = 170 Hz
    /// and Q = 10 (τ ≈ 18.7 ms, limits.md §4.1 table), a 80–230 Hz band, and 1.5 g peak (TI SLOA194 measured
    /// 1.63 g for an LRA).
    public static let simulatedTapticLRA = ActuatorProfile(
        name: "simulated-taptic-lra", mode: .pcm, frequencyMin: 80, frequencyMax: 230, resonanceFrequency: 170,
        qualityFactor: 10, peakAcceleration: 1.5, preferredSampleRate: 8_000)

    /// A generic phone LRA at AOSP's defaults: f0 = 150 Hz, Q = 11, PWLE band 140–160 Hz (limits.md §3.1).
    public static let genericLRA = ActuatorProfile(
        name: "generic-lra", mode: .pcm, frequencyMin: 140, frequencyMax: 160, resonanceFrequency: 150,
        qualityFactor: 11, peakAcceleration: 1.2, preferredSampleRate: 8_000)

    /// A phone vibra (single ERM): amplitude envelope, 116 ms spin-up (TDK measurement), slower spin-down, 0.4 g
    /// (Precision Microdrives 305-000), 40 ms minimum burst (limits.md §3.2: ERM envelopes need ≥ 50 ms τ).
    public static let phoneVibraERM = ActuatorProfile(
        name: "phone-vibra-erm", mode: .amplitude, frequencyMin: 120, frequencyMax: 200, resonanceFrequency: 0,
        qualityFactor: 0, peakAcceleration: 0.4, spinUpTime: 0.116, spinDownTime: 0.15, minimumBurstDuration: 0.04,
        preferredSampleRate: 1_000)

    /// A two-motor game pad (evdev `FF_RUMBLE`): strong ≈ 40 Hz, weak ≈ 160 Hz motors, 60 ms spin-up, 30 ms
    /// minimum burst (SDL's shortest rumble interval, limits.md §2.3).
    public static let twoMotorPad = ActuatorProfile(
        name: "two-motor-pad", mode: .twoMotor, frequencyMin: 40, frequencyMax: 160, resonanceFrequency: 0,
        qualityFactor: 0, peakAcceleration: 1.0, spinUpTime: 0.06, spinDownTime: 0.08, minimumBurstDuration: 0.03,
        preferredSampleRate: 1_000)

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
