import HapticPattern
import HapticSystem

/// Turns audio into a haptic pattern, streaming: feed it frames as they are decoded, then ``finish()``.
///
///     let analyzer = try AudioAnalyzer(sampleRate: 48_000, channelCount: 2)
///     while let block = decoder.next() { analyzer.append(interleaved: block) }
///     let pattern = try analyzer.finish().pattern
///
/// - **Hits** become transients: a spectral-flux onset detector over third-octave bands, with a threshold that adapts
///   to the last 85 ms, placed to the millisecond on the signal's energy, at least 25 ms apart (the skin's
///   two-pulse fusion threshold). Intensity follows the hit's peak level and how far it rises above what came
///   before; sharpness its spectral brightness (a hi-hat is sharp, a kick dull).
/// - **Sustained sound** becomes continuous events whose intensity and sharpness curves follow the loudness
///   envelope and brightness, thinned to a few points (at most 16 per curve) and at most 30 s per event.
///
/// Memory stays bounded however long the audio: the analyzer keeps the last FFT window, a quarter second of
/// history, and the one sustained stretch being measured (at most 30 s of frame values), never the spectrogram.
/// The result depends only on the samples and the options: the same input always gives the same pattern.
///
/// <doc:FromSoundToTouch> describes the method and its knobs.
///
/// - Thread safety: not thread-safe; use one analyzer from one thread at a time.
public final class AudioAnalyzer {
    /// Frames per second of the audio fed in.
    public let sampleRate: Double
    /// Channels per frame of the audio fed in (mixed to mono for the analysis).
    public let channelCount: Int
    /// The options the analysis uses.
    public let options: AudioAnalysisOptions
    /// The caps the pattern must stay within.
    public let limits: PatternLimits

    private let tuning: AnalysisTuning
    private let fft: RealFFT
    private let window: UnsafeMutableBufferPointer<Float>
    private let ring: UnsafeMutableBufferPointer<Float>
    private let frame: UnsafeMutableBufferPointer<Float>
    private let power: UnsafeMutableBufferPointer<Float>
    private var spectrum: SpectrumBands
    private var trackers: [BandTracker]
    private var dcBlocker: DCBlocker
    /// The one-pole low-pass splitting the signal at the crossover for the energy histories (low and high band).
    private let crossoverCoefficient: Float
    private var lowPassed: Float = 0
    /// Samples pushed into the analysis, padding included.
    private var pushed = 0
    private var untilNextFrame: Int
    /// Frames of audio taken (per channel).
    private var audioFrames = 0
    private var isFinished = false

    /// Creates an analyzer for audio of `channelCount` channels at `sampleRate`.
    ///
    /// - Throws: `PatternError` with `invalidAudioResource` for a rate outside 1 kHz … 384 kHz or a channel
    ///   count outside 1 … 64, or `badParameterEntry` for options out of range (``AudioAnalysisOptions/problem(sampleRate:)``).
    public init(
        sampleRate: Double, channelCount: Int, options: AudioAnalysisOptions = AudioAnalysisOptions(), limits: PatternLimits = .default
    ) throws(PatternError) {
        guard sampleRate.isFinite, sampleRate >= 1_000, sampleRate <= 384_000 else {
            throw PatternError(.invalidAudioResource, "the sample rate \(sampleRate) Hz is outside 1 000 … 384 000")
        }
        guard (1...64).contains(channelCount) else {
            throw PatternError(.invalidAudioResource, "\(channelCount) channels; audio with 1 … 64 channels can be analyzed")
        }
        if let problem = options.problem(sampleRate: sampleRate) { throw problem }
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.options = options
        self.limits = limits
        tuning = AnalysisTuning(sampleRate: sampleRate, options: options)
        let size = tuning.fftSize
        fft = RealFFT(size: size)
        window = .allocate(capacity: size)
        for i in 0..<size { window[i] = Float(0.5 - 0.5 * cos(2 * Double.pi * Double(i) / Double(size))) }
        ring = .allocate(capacity: size)
        ring.initialize(repeating: 0)
        frame = .allocate(capacity: size)
        frame.initialize(repeating: 0)
        power = .allocate(capacity: size / 2 + 1)
        power.initialize(repeating: 0)
        spectrum = SpectrumBands(tuning: tuning, window: UnsafeBufferPointer(window), crossover: options.crossoverFrequency)
        let parts: [BandPart] = options.crossoverFrequency == nil ? [.full] : [.full, .low, .high]
        trackers = parts.map { [spectrum, tuning] in BandTracker(part: $0, spectrum: spectrum, tuning: tuning, content: options.content) }
        dcBlocker = DCBlocker(sampleRate: sampleRate)
        crossoverCoefficient = Float(1 - exp(-2 * Double.pi * (options.crossoverFrequency ?? 0) / sampleRate))
        untilNextFrame = size
        // Half a window of silence first, so that the first frame is centred on the first sample and a sound that
        // starts at once is found at 0.
        for _ in 0..<size / 2 { push(0) }
    }

    deinit {
        window.deallocate()
        ring.deallocate()
        frame.deallocate()
        power.deallocate()
    }

    /// The seconds of audio taken so far.
    public var analyzedDuration: Double { Double(audioFrames) / sampleRate }

    /// Takes interleaved frames (`channelCount` samples each; a partial frame at the end is ignored). NaN and
    /// infinite samples count as silence.
    public func append(interleaved samples: UnsafeBufferPointer<Float>) {
        precondition(!isFinished, "AudioAnalyzer: append after finish()")
        let frames = samples.count / channelCount
        let scale = 1 / Float(channelCount)
        var index = 0
        for _ in 0..<frames {
            var sum: Float = 0
            for _ in 0..<channelCount {
                let value = samples[index]
                if value.isFinite { sum += value }
                index += 1
            }
            push(dcBlocker.process(sum * scale))
        }
        audioFrames += frames
    }

    /// Takes interleaved frames from an array.
    public func append(interleaved samples: [Float]) {
        samples.withUnsafeBufferPointer { append(interleaved: $0) }
    }

    /// Ends the audio and assembles the patterns.
    ///
    /// A pattern that would hold more than `limits.maxEntries` entries or more AHAP text than `limits.maxFileSize`
    /// stops early instead: ``AudioAnalysis/endsEarlyAt`` says where.
    ///
    /// - Throws: `PatternError` with `invalidPatternData` when the audio is longer than `limits.maxPatternDuration`.
    public func finish() throws(PatternError) -> AudioAnalysis {
        precondition(!isFinished, "AudioAnalyzer: finish() called twice")
        isFinished = true
        let duration = analyzedDuration
        guard duration <= limits.maxPatternDuration else {
            throw PatternError(
                .invalidPatternData,
                "the audio lasts \(duration) s, longer than the \(limits.maxPatternDuration) s a pattern may last (PatternLimits.maxPatternDuration)"
            )
        }
        // Frames whose window reaches past the last sample find no hits; pad with silence until every frame up to
        // the end is decided.
        let size = tuning.fftSize
        let completeSpan = size / 2 + audioFrames - size
        let lastComplete = completeSpan >= 0 ? completeSpan / tuning.hop : -1
        let lastFrame = audioFrames / tuning.hop
        for t in trackers.indices { trackers[t].onsetsAllowedBefore = Swift.max(0, lastComplete + 1) }
        while trackers[0].frameCount <= lastFrame + tuning.lookahead { push(0) }
        for t in trackers.indices { trackers[t].finish(end: duration) }
        let reference = trackers[0].loudest
        var patterns: [Pattern] = []
        var endsEarlyAt: Double?
        for tracker in trackers {
            let band = PatternAssembler.pattern(
                candidates: tracker.candidates, segments: tracker.segments, reference: reference, tuning: tuning,
                options: options, limits: limits)
            patterns.append(band.pattern)
            if let end = band.endsEarlyAt { endsEarlyAt = Swift.min(endsEarlyAt ?? end, end) }
        }
        var analysis = AudioAnalysis(
            pattern: patterns[0], lowBandPattern: patterns.count > 1 ? patterns[1] : nil,
            highBandPattern: patterns.count > 2 ? patterns[2] : nil, duration: duration)
        analysis.endsEarlyAt = endsEarlyAt
        return analysis
    }

    /// Analyzes a whole block of interleaved audio at once.
    ///
    ///     let analysis = try AudioAnalyzer.analyze(interleaved: samples, sampleRate: 44_100, channelCount: 2)
    ///
    /// - Throws: `PatternError` as ``init(sampleRate:channelCount:options:limits:)`` and ``finish()`` do.
    public static func analyze(
        interleaved samples: [Float], sampleRate: Double, channelCount: Int, options: AudioAnalysisOptions = AudioAnalysisOptions(),
        limits: PatternLimits = .default
    ) throws(PatternError) -> AudioAnalysis {
        let analyzer = try AudioAnalyzer(sampleRate: sampleRate, channelCount: channelCount, options: options, limits: limits)
        analyzer.append(interleaved: samples)
        return try analyzer.finish()
    }

    /// Feeds one (DC-free) sample to the frame ring and the energy histories; runs a frame every hop.
    @inline(__always)
    private func push(_ x: Float) {
        let mask = tuning.fftSize - 1
        ring[pushed & mask] = x
        pushed += 1
        if trackers.count == 1 {
            trackers[0].energy.add(x * x)
        } else {
            lowPassed += (x - lowPassed) * crossoverCoefficient
            let high = x - lowPassed
            trackers[0].energy.add(x * x)
            trackers[1].energy.add(lowPassed * lowPassed)
            trackers[2].energy.add(high * high)
        }
        untilNextFrame -= 1
        if untilNextFrame == 0 {
            untilNextFrame = tuning.hop
            analyzeFrame()
        }
    }

    /// Windows the last `fftSize` samples, takes their spectrum and hands the band energies to the trackers.
    private func analyzeFrame() {
        let size = tuning.fftSize
        let mask = size - 1
        let start = pushed - size
        for i in 0..<size { frame[i] = ring[(start + i) & mask] * window[i] }
        fft.powerSpectrum(of: UnsafePointer(frame.baseAddress!), into: power.baseAddress!)
        spectrum.update(power: UnsafePointer(power.baseAddress!))
        for t in trackers.indices { trackers[t].add(spectrum) }
    }
}
