import HapticSystem

/// The analysis' working figures for one sample rate and set of options: frame sizes, thresholds and the
/// sensitivity's effect on them, worked out once so the per-frame code only reads them.
struct AnalysisTuning {
    /// Frames per second of the audio.
    let sampleRate: Double
    /// Samples between two analysis frames: about 5.3 ms (256 at 48 kHz), fine enough to place a hit within a few
    /// milliseconds before the time-domain refinement.
    let hop: Int
    /// The FFT length: the power of two nearest above 20 ms (1024 at 48 kHz), long enough to tell a kick's 60 Hz
    /// from a snare's body.
    let fftSize: Int
    /// Samples in one block of the fine energy history used to place onsets (1 ms).
    let energyBlock: Int
    /// The frame a spectral-flux value compares with: this many frames back (about 10 ms), so that an attack
    /// spread over the window's overlap still counts in one step.
    let fluxLag = 2
    /// Frames a decision waits for (the look-ahead): the peak level after a hit and the local maximum of the flux.
    let lookahead = 6
    /// Frames before a candidate whose flux mean sets the adaptive threshold (about 85 ms).
    let thresholdHistory = 16
    /// Frames each side within which an onset's flux must be the largest.
    let peakNeighbourhood = 3

    /// The absolute part of the onset threshold (in summed log-energy steps); lower with higher sensitivity.
    let fluxFloor: Float
    /// The relative part: an onset's flux must exceed this many times the local mean.
    let fluxRatio: Float = 1.5
    /// Sound quieter than this (dB relative to full scale, RMS) is silence: it makes neither hits nor continuous
    /// events. −50 dBFS at the default sensitivity, −60 at 1, −40 at 0.
    let gateLevel: Float
    /// The weakest transient kept (intensity after scaling to the loudest moment).
    let minimumTransientIntensity: Float
    /// A continuous event whose strongest moment is weaker than this is left out.
    let minimumContinuousIntensity: Float = 0.1
    /// A rise of this many decibels or more from before a hit to its peak gives the hit its full level as
    /// intensity; smaller rises (a hit on top of sustained sound) give proportionally less.
    let fullContrast: Float = 20
    /// Seconds the level must stay under the gate before a continuous event ends (bridges short dips).
    let continuousHangover = 0.04
    /// The shortest continuous event written, in seconds: shorter sounds are hits, not texture.
    let minimumContinuousDuration: Double
    /// The longest continuous event (Core Haptics caps them at 30 s); longer sound is split.
    let maximumContinuousDuration = 30.0
    /// How far the thinned intensity curve may stray from the measured one (as a fraction of the event's peak).
    let intensityTolerance: Float = 0.03
    /// How far the thinned sharpness curve may stray from the measured one.
    let sharpnessTolerance: Float = 0.04
    /// The lowest frequency analyzed, in hertz: below it is DC, rumble and a clipped signal's offset.
    let lowestFrequency = 30.0
    /// The highest frequency analyzed, in hertz.
    let highestFrequency: Double
    /// The spectral centroid that maps to sharpness 0 and the one that maps to sharpness 1 (log-scaled between).
    let dullFrequency = 80.0
    let brightFrequency = 10_000.0
    /// Seconds a transient has the actuator to itself when it falls inside a continuous event: the continuous event
    /// pauses from 1 ms before the hit to this long after it (a transient lasts at most 20 ms). Summed with a
    /// continuous vibration the tap would clip and be lost; Lofelt's and Android's converters duck the same way.
    let transientClearance = 0.025
    /// The shortest piece of a continuous event kept between two such pauses.
    let minimumPieceDuration = 0.02

    init(sampleRate: Double, options: AudioAnalysisOptions) {
        self.sampleRate = sampleRate
        hop = Swift.max(16, Int((sampleRate * 256 / 48_000).rounded()))
        var size = 16
        while Double(size) < sampleRate * 0.02 { size *= 2 }
        fftSize = size
        energyBlock = Swift.max(1, Int((sampleRate / 1_000).rounded()))
        highestFrequency = Swift.min(16_000, sampleRate * 0.45)
        let s = Float(options.sensitivity)
        // Sensitivity 0.5 is the tuned middle; each side moves the thresholds by a factor of about 3 or 10 dB.
        fluxFloor = 6 * powf(10, (0.5 - s))
        gateLevel = -50 - 20 * (s - 0.5)
        minimumTransientIntensity = 0.15 + 0.2 * (0.5 - s)
        minimumContinuousDuration = options.content == .continuousOnly ? 0.03 : 0.1
    }

    /// Seconds per analysis frame.
    var frameDuration: Double { Double(hop) / sampleRate }

    /// The sharpness (0 … 1) of a sound whose power-weighted spectral centroid is `centroid` hertz.
    func sharpness(centroid: Double) -> Float {
        guard centroid > 0 else { return 0 }
        let position = log(centroid / dullFrequency) / log(brightFrequency / dullFrequency)
        return Float(Swift.min(Swift.max(position, 0), 1))
    }
}
