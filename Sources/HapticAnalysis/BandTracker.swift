import HapticRender
import HapticSystem

/// Follows one part of the spectrum frame by frame: finds hits (onsets) and the stretches of sustained sound, and
/// keeps only what the pattern needs: hit candidates, and each finished stretch already thinned.
///
/// Memory is bounded whatever the length of the audio: a ring of recent frames (for the adaptive threshold and the
/// look-ahead), the fine energy history, and the points of the one open stretch (at most 30 s of frames).
struct BandTracker {
    private let bands: Range<Int>
    private let tuning: AnalysisTuning
    private let content: AudioAnalysisOptions.Content
    /// The energy of this part of the signal in 1 ms blocks.
    var energy: EnergyHistory

    private var logRing: [Float]
    private var frames: [FrameFeatures]
    private static let frameCapacity = 64
    /// Frames added so far.
    private(set) var frameCount = 0
    /// Frames from this index on reach past the end of the audio (zero padding): they find no hits, since cutting
    /// a sound off splashes energy over the spectrum.
    var onsetsAllowedBefore = Int.max

    /// Hits found so far.
    private(set) var candidates: [TransientCandidate] = []
    /// Finished stretches of sustained sound.
    private(set) var segments: [ContinuousSegment] = []
    /// The loudest frame so far, in dB relative to full scale.
    private(set) var loudest: Float = -120

    private var envelope: Float = -120
    private var smoothedSharpness: Float = 0
    private let releaseCoefficient: Float
    private let sharpnessCoefficient: Float
    private var openSegment: OpenSegment?

    /// The points of the stretch being measured.
    private struct OpenSegment {
        var start: Double
        var lastSounding: Double
        var times: [Double] = []
        var levels: [Float] = []
        var sharpness: [Float] = []
    }

    /// The compression knee of the per-band log energies (−60 dB): quieter fluctuations add next to nothing to
    /// the flux.
    private static let compression: Float = 1e6
    /// Level standing for silence (dB).
    private static let silence: Float = -120

    init(part: BandPart, spectrum: SpectrumBands, tuning: AnalysisTuning, content: AudioAnalysisOptions.Content) {
        bands = spectrum.bands(of: part)
        self.tuning = tuning
        self.content = content
        energy = EnergyHistory(blockLength: tuning.energyBlock)
        logRing = [Float](repeating: 0, count: (tuning.fluxLag + 1) * Swift.max(bands.count, 1))
        frames = [FrameFeatures](repeating: FrameFeatures(), count: Self.frameCapacity)
        let frameSeconds = tuning.frameDuration
        releaseCoefficient = Float(1 - exp(-frameSeconds / 0.05))
        sharpnessCoefficient = Float(1 - exp(-frameSeconds / 0.03))
    }

    private func frame(_ index: Int) -> FrameFeatures {
        index < 0 ? FrameFeatures() : frames[index & (Self.frameCapacity - 1)]
    }

    /// Takes the band energies of the next frame; decides the frame `lookahead` frames back.
    mutating func add(_ spectrum: SpectrumBands) {
        let n = frameCount
        var total: Float = 0
        var weighted: Float = 0
        var flux: Float = 0
        let width = bands.count
        let slot = n % (tuning.fluxLag + 1)
        let lagged = (n + 1) % (tuning.fluxLag + 1)  // the slot written fluxLag frames ago
        spectrum.energy.withUnsafeBufferPointer { energy in
            spectrum.moment.withUnsafeBufferPointer { moment in
                logRing.withUnsafeMutableBufferPointer { logs in
                    for (i, b) in bands.enumerated() {
                        total += energy[b]
                        weighted += moment[b]
                        let value = log1pf(Self.compression * energy[b])
                        if n >= tuning.fluxLag { flux += Swift.max(0, value - logs[lagged * width + i]) }
                        logs[slot * width + i] = value
                    }
                }
            }
        }
        var features = FrameFeatures()
        features.flux = flux
        features.energy = total
        features.level = total > 1e-12 ? 10 * log10f(total) : Self.silence
        features.sharpness = total > 1e-12 ? tuning.sharpness(centroid: Double(weighted / total)) : 0
        frames[n & (Self.frameCapacity - 1)] = features
        frameCount += 1
        loudest = Swift.max(loudest, features.level)
        let decided = n - tuning.lookahead
        if decided >= 0 { decide(decided) }
    }

    /// Decides frame `m` (its look-ahead is in): a hit or not, then the continuous measurement.
    private mutating func decide(_ m: Int) {
        let hit = content.includesTransients ? onset(at: m) : nil
        if let hit { candidates.append(hit) }
        if content.includesContinuous { measure(m) }
    }

    /// A hit at frame `m`, or `nil`.
    private func onset(at m: Int) -> TransientCandidate? {
        guard m < onsetsAllowedBefore else { return nil }
        let flux = frame(m).flux
        guard flux > tuning.fluxFloor else { return nil }
        for d in 1...tuning.peakNeighbourhood {
            if m - d >= 0 && frame(m - d).flux >= flux { return nil }
            if frame(m + d).flux > flux { return nil }
        }
        var sum: Float = 0
        var count: Float = 0
        for previous in Swift.max(0, m - tuning.thresholdHistory)..<m {
            sum += frame(previous).flux
            count += 1
        }
        let mean = count > 0 ? sum / count : 0
        guard flux > tuning.fluxFloor + tuning.fluxRatio * mean else { return nil }
        var peak = Self.silence
        for ahead in m...(m + tuning.lookahead) { peak = Swift.max(peak, frame(ahead).level) }
        guard peak >= tuning.gateLevel else { return nil }
        // The quietest moment in the 15–65 ms before: what the hit rises from.
        var quietest = frame(m - 3).level
        for previous in (m - 12)..<(m - 3) { quietest = Swift.min(quietest, frame(previous).level) }
        let rise = peak - quietest
        guard rise > 0 else { return nil }
        // Where in the frame the sound jumps (see EnergyHistory).
        let center = m * tuning.hop + tuning.fftSize / 2
        let window = (center - tuning.fftSize / 2)..<(center + tuning.fftSize / 2 + tuning.energyBlock)
        let onsetSample = energy.onset(in: window) ?? center
        let time = Swift.max(0, Double(onsetSample - tuning.fftSize / 2) / tuning.sampleRate)
        var energySum: Float = 0
        var sharpnessSum: Float = 0
        for ahead in m...(m + 3) {
            let features = frame(ahead)
            energySum += features.energy
            sharpnessSum += features.energy * features.sharpness
        }
        let contrast = Swift.min(1, rise / tuning.fullContrast)
        return TransientCandidate(
            time: time, strength: peak + 20 * log10f(contrast), sharpness: energySum > 0 ? sharpnessSum / energySum : 0)
    }

    /// Follows the loudness envelope and brightness at frame `m`, opening and closing stretches of sustained sound.
    private mutating func measure(_ m: Int) {
        let features = frame(m)
        let time = Double(m) * tuning.frameDuration
        envelope =
            features.level > envelope ? features.level : envelope + (features.level - envelope) * releaseCoefficient
        smoothedSharpness += (features.sharpness - smoothedSharpness) * sharpnessCoefficient
        let level = envelope
        let sounding = envelope >= tuning.gateLevel
        // Taken out of the optional while it grows, so its arrays stay uniquely referenced: appending copies nothing.
        if var segment = openSegment.take() {
            segment.times.append(time)
            segment.levels.append(level)
            segment.sharpness.append(smoothedSharpness)
            if time + tuning.frameDuration - segment.start > tuning.maximumContinuousDuration {
                // Core Haptics' 30 s cap: end here, and go on in the next event if the sound does.
                segment.lastSounding = time
                close(segment)
                if sounding {
                    openSegment = OpenSegment(
                        start: time, lastSounding: time, times: [time], levels: [level], sharpness: [smoothedSharpness])
                }
            } else if sounding {
                segment.lastSounding = time
                openSegment = segment
            } else if time - segment.lastSounding >= tuning.continuousHangover {
                close(segment)
            } else {
                openSegment = segment
            }
            return
        }
        if sounding {
            openSegment = OpenSegment(start: time, lastSounding: time, times: [time], levels: [level], sharpness: [smoothedSharpness])
        }
    }

    /// Ends the open stretch at `end` seconds (the end of the audio).
    mutating func finish(end: Double) {
        guard var segment = openSegment.take() else { return }
        segment.lastSounding = Swift.min(segment.lastSounding, end)
        close(segment)
    }

    /// Thins a finished stretch and keeps it, when it is long enough to be sustained sound.
    private mutating func close(_ segment: OpenSegment) {
        let count = segment.times.lastIndex { $0 <= segment.lastSounding }.map { $0 + 1 } ?? 0
        guard count >= 2 else { return }
        let times = Array(segment.times[0..<count])
        let end = times[count - 1]
        guard end - segment.start >= tuning.minimumContinuousDuration else { return }
        let peak = segment.levels[0..<count].max() ?? Self.silence
        let intensity = segment.levels[0..<count].map { powf(10, ($0 - peak) / 40) }
        var weight: Float = 0
        var weighted: Float = 0
        for i in 0..<count {
            weight += intensity[i]
            weighted += intensity[i] * segment.sharpness[i]
        }
        let base = weight > 0 ? weighted / weight : 0
        let sharpness = segment.sharpness[0..<count].map { $0 - base }
        let relative = times.map { $0 - segment.start }
        let keptIntensity = PolylineSimplifier.simplify(times: relative, values: intensity, tolerance: tuning.intensityTolerance)
        let keptSharpness = PolylineSimplifier.simplify(times: relative, values: sharpness, tolerance: tuning.sharpnessTolerance)
        segments.append(
            ContinuousSegment(
                start: segment.start, end: end, peak: peak, baseSharpness: base,
                intensity: keptIntensity.map { (relative[$0], intensity[$0]) },
                sharpness: keptSharpness.map { (relative[$0], sharpness[$0]) }))
    }
}
