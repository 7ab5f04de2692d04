import HapticPattern

// The British spellings of the first release, kept so code written against them still compiles (issue 22 chose
// Apple's "analyze" everywhere).
extension AudioAnalyzer {
    /// The seconds of audio taken so far: the former spelling of ``analyzedDuration``.
    @available(*, deprecated, renamed: "analyzedDuration")
    public var analysedDuration: Double { analyzedDuration }

    /// Analyzes a whole block of interleaved audio at once: the former spelling of
    /// ``analyze(interleaved:sampleRate:channelCount:options:limits:)``.
    ///
    /// - Throws: `PatternError` as ``analyze(interleaved:sampleRate:channelCount:options:limits:)`` does.
    @available(*, deprecated, renamed: "analyze(interleaved:sampleRate:channelCount:options:limits:)")
    public static func analyse(
        interleaved samples: [Float], sampleRate: Double, channelCount: Int, options: AudioAnalysisOptions = AudioAnalysisOptions(),
        limits: PatternLimits = .default
    ) throws(PatternError) -> AudioAnalysis {
        try analyze(interleaved: samples, sampleRate: sampleRate, channelCount: channelCount, options: options, limits: limits)
    }
}
