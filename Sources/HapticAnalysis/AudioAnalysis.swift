import HapticPattern

/// What the analysis of a sound gives: the pattern, and with a crossover one pattern per band.
///
///     let analysis = try AudioAnalyzer.analyze(interleaved: samples, sampleRate: 48_000, channelCount: 1)
///     print(analysis.pattern.events.count)
public struct AudioAnalysis: Sendable, Hashable {
    /// The whole-band pattern: transients at the hits, continuous events over the sustained sound.
    public var pattern: Pattern
    /// With ``AudioAnalysisOptions/crossoverFrequency``: the pattern of the sound below the crossover, for the
    /// strong (low-frequency, left-handle) motor; otherwise `nil`.
    public var lowBandPattern: Pattern?
    /// With ``AudioAnalysisOptions/crossoverFrequency``: the pattern of the sound above the crossover, for the weak
    /// (high-frequency, right-handle) motor; otherwise `nil`.
    public var highBandPattern: Pattern?
    /// The length of the audio analyzed, in seconds.
    public var duration: Double
    /// Where the pattern stops before the sound ends, in seconds, or `nil` when it covers the whole sound.
    ///
    /// A pattern holds at most `PatternLimits.maxEntries` entries and must fit an AHAP file of at most
    /// `PatternLimits.maxFileSize` bytes (less 64 KiB for the text around the entries); the events from this time
    /// on did not fit (with bands, the earliest such time of the three patterns). Each continuous event keeps all
    /// its curves. A lower maximum transient rate or sensitivity, or a shorter excerpt, covers more.
    public var endsEarlyAt: Double?

    /// Creates a result.
    public init(pattern: Pattern, lowBandPattern: Pattern? = nil, highBandPattern: Pattern? = nil, duration: Double) {
        self.pattern = pattern
        self.lowBandPattern = lowBandPattern
        self.highBandPattern = highBandPattern
        self.duration = duration
    }

    /// The number of transient events in ``pattern``.
    public var transientCount: Int { pattern.events.count { $0.type == .hapticTransient } }
    /// The number of continuous events in ``pattern``.
    public var continuousEventCount: Int { pattern.events.count { $0.type == .hapticContinuous } }
}
