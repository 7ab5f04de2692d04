import HapticPattern
import HapticSystem

/// Sound to touch as the sound plays: each sample in gives, for the same sample, a level, a sharpness and (on a hit)
/// a transient, with about a millisecond of delay — for live haptics from an application's audio, where
/// ``AudioAnalyzer``'s look-ahead (six frames and half a window, about 43 ms at 48 kHz) would be felt as lag.
///
///     var analyzer = try LiveAudioAnalyzer(sampleRate: 48_000)
///     analyzer.process(samples, count: 256, level: level, sharpness: sharpness, onsets: onsets)
///     // level[i] 0 … 1, sharpness[i] 0 … 1, onsets[i] > 0 where a hit starts (its intensity)
///
/// It makes the same decisions as ``AudioAnalyzer`` with time-domain measurements that need no future samples:
/// - **Level**: the loudness envelope (a 2 ms power average, released in decibels with a 50 ms time constant, as the
///   offline analysis' frames are), gated at ``AudioAnalysisOptions``'
///   sensitivity's level (−50 dBFS at 0.5) and, with `normalizesLoudness`, scaled to the loudest recent moment (a
///   reference that falls 2 dB a second, at least 24 dB above the gate), so a quiet application still plays; without
///   it, the envelope's amplitude itself (a game's haptic signal is already scaled for its actuator).
/// - **Sharpness**: the energy split at 300 Hz and 3 kHz, its centroid mapped like the offline analysis' spectral
///   centroid (80 Hz → 0, 10 kHz → 1).
/// - **Hits**: a 1 ms power envelope rising ``riseThreshold`` decibels above an 80 ms one (10 dB at sensitivity 0.5),
///   above the gate, at least the fusion interval (25 ms) and 1 / ``AudioAnalysisOptions/maximumTransientRate``
///   apart; the transient's intensity is the level then, weighted by how far it rose (a full 20 dB rise: all of it).
///
/// - Thread safety: a value; one thread at a time.
/// - Real-time safety: ``process(_:stride:count:level:sharpness:onsets:)`` does not lock, allocate or free.
public struct LiveAudioAnalyzer: Sendable {
    /// Frames per second of the audio.
    public let sampleRate: Double
    /// The knobs (sensitivity, content, the most transients a second).
    public let options: AudioAnalysisOptions
    /// Whether levels are relative to the loudest recent moment (an application's sound) or absolute (a signal
    /// already meant for an actuator).
    public let normalizesLoudness: Bool
    /// The rise, in decibels, of the fast power over the slow one that makes a hit.
    public let riseThreshold: Float
    /// The gate in dBFS: quieter sound is silence.
    public let gateLevel: Float

    private var dcBlocker: DCBlocker
    private let lowCoefficient: Float
    private let highCoefficient: Float
    private let bandCoefficient: Float
    private let fastCoefficient: Float
    private let slowCoefficient: Float
    private let attackCoefficient: Float
    private let releaseCoefficient: Float
    private let referenceFallPerSample: Float
    private let minimumGap: Int
    private let tuning: AnalysisTuning
    private var lowPassed: Float = 0
    private var midLowPassed: Float = 0
    private var lowEnergy: Float = 0
    private var midEnergy: Float = 0
    private var highEnergy: Float = 0
    private var fastPower: Float = 0
    private var slowPower: Float = 0
    private var shortPower: Float = 0
    private var envelopeLevel: Float = -100
    private var reference: Float
    private var sinceOnset = Int.max / 2
    private var armed = true

    /// The silence floor for powers, −100 dBFS.
    private static let floorPower: Float = 1e-10
    /// A rise of this many decibels or more gives a hit its whole level (as the offline analysis' full contrast).
    private static let fullContrast: Float = 20

    /// An analyzer for audio at `sampleRate`.
    ///
    /// - Throws: `PatternError` with `invalidAudioResource` for a rate outside 1 kHz … 384 kHz, or
    ///   `badParameterEntry` for options out of range.
    public init(sampleRate: Double, options: AudioAnalysisOptions = AudioAnalysisOptions(), normalizesLoudness: Bool = true)
        throws(PatternError)
    {
        guard sampleRate.isFinite, sampleRate >= 1_000, sampleRate <= 384_000 else {
            throw PatternError(.invalidAudioResource, "the sample rate \(sampleRate) Hz is outside 1 000 … 384 000")
        }
        if let problem = options.problem(sampleRate: nil) { throw problem }
        self.sampleRate = sampleRate
        self.options = options
        self.normalizesLoudness = normalizesLoudness
        tuning = AnalysisTuning(sampleRate: sampleRate, options: options)
        gateLevel = tuning.gateLevel
        riseThreshold = 10 - 8 * (Float(options.sensitivity) - 0.5)
        dcBlocker = DCBlocker(sampleRate: sampleRate)
        func onePole(_ frequency: Double) -> Float { Float(1 - exp(-2 * Double.pi * frequency / sampleRate)) }
        func smoothing(_ seconds: Double) -> Float { Float(1 - exp(-1 / (seconds * sampleRate))) }
        lowCoefficient = onePole(300)
        highCoefficient = onePole(3_000)
        bandCoefficient = smoothing(0.01)
        fastCoefficient = smoothing(0.001)
        slowCoefficient = smoothing(0.08)
        attackCoefficient = smoothing(0.002)
        releaseCoefficient = smoothing(0.05)
        referenceFallPerSample = Float(2 / sampleRate)
        reference = tuning.gateLevel + 24
        let gap = Swift.max(AudioAnalysisOptions.fusionInterval, 1 / options.maximumTransientRate)
        minimumGap = Int((gap * sampleRate).rounded())
    }

    /// Analyzes `count` samples of `input` (every `stride`-th float, for one channel of interleaved audio), writing
    /// each sample's level, sharpness and onset (0, or the intensity of a hit starting there) to the three outputs.
    /// NaN and infinite samples count as silence.
    public mutating func process(
        _ input: UnsafePointer<Float>, stride: Int = 1, count: Int, level: UnsafeMutablePointer<Float>,
        sharpness: UnsafeMutablePointer<Float>, onsets: UnsafeMutablePointer<Float>
    ) {
        let transients = options.content.includesTransients
        let continuous = options.content.includesContinuous
        for i in 0..<count {
            let raw = input[i * stride]
            let x = dcBlocker.process(raw.isFinite ? raw : 0)
            // Three bands for the brightness, their energies smoothed over 10 ms.
            lowPassed += (x - lowPassed) * lowCoefficient
            midLowPassed += (x - midLowPassed) * highCoefficient
            let mid = midLowPassed - lowPassed
            let high = x - midLowPassed
            lowEnergy += (lowPassed * lowPassed - lowEnergy) * bandCoefficient
            midEnergy += (mid * mid - midEnergy) * bandCoefficient
            highEnergy += (high * high - highEnergy) * bandCoefficient
            let power = x * x
            fastPower += (power - fastPower) * fastCoefficient
            slowPower += (power - slowPower) * slowCoefficient
            shortPower += (power - shortPower) * attackCoefficient
            let shortLevel = Self.decibels(shortPower)
            envelopeLevel = shortLevel > envelopeLevel ? shortLevel : envelopeLevel + (shortLevel - envelopeLevel) * releaseCoefficient
            if normalizesLoudness {
                reference = Swift.max(reference - referenceFallPerSample, envelopeLevel, gateLevel + 24)
            }
            let intensity = self.intensity(decibels: envelopeLevel)
            level[i] = continuous ? intensity : 0
            let total = lowEnergy + midEnergy + highEnergy
            let centroid = total > Self.floorPower ? (lowEnergy * 120 + midEnergy * 1_000 + highEnergy * 6_000) / total : 0
            sharpness[i] = tuning.sharpness(centroid: Double(centroid))
            // A hit: the 1 ms power rising far above the 80 ms one, above the gate, not too soon after the last.
            sinceOnset &+= 1
            let fastLevel = Self.decibels(fastPower)
            let rise = fastLevel - Self.decibels(slowPower)
            var onset: Float = 0
            if armed, transients, rise >= riseThreshold, fastLevel >= gateLevel, sinceOnset >= minimumGap {
                armed = false
                sinceOnset = 0
                let contrast = Swift.min(1, rise / Self.fullContrast)
                onset = Swift.max(self.intensity(decibels: fastLevel), 0.05) * (0.5 + 0.5 * contrast)
            } else if rise < riseThreshold / 3 {
                armed = true
            }
            onsets[i] = onset
        }
    }

    /// The level of an envelope at `decibels` of power: normalized to the reference, or the amplitude.
    @inline(__always)
    private func intensity(decibels: Float) -> Float {
        guard decibels >= gateLevel else { return 0 }
        if normalizesLoudness { return Swift.min(1, (decibels - gateLevel) / (reference - gateLevel)) }
        // A sine's amplitude from its mean power.
        return Swift.min(1, (2 * powf(10, decibels / 10)).squareRoot())
    }

    @inline(__always)
    private static func decibels(_ power: Float) -> Float {
        10 * log10f(Swift.max(power, floorPower))
    }

    /// Forgets the sound so far (a new stream starts).
    public mutating func reset() {
        dcBlocker = DCBlocker(sampleRate: sampleRate)
        lowPassed = 0
        midLowPassed = 0
        lowEnergy = 0
        midEnergy = 0
        highEnergy = 0
        fastPower = 0
        slowPower = 0
        shortPower = 0
        envelopeLevel = -100
        reference = gateLevel + 24
        sinceOnset = Int.max / 2
        armed = true
    }
}
