import HapticAnalysis
import HapticPattern

extension AudioFileAnalysis {
    /// Which of an analysis' patterns to make: the whole sound's, or one band's of a split
    /// (``HapticAnalysis/AudioAnalysisOptions/crossoverFrequency``).
    package enum Band: String, Sendable {
        /// The whole sound.
        case whole
        /// The sound below the crossover.
        case low
        /// The sound above the crossover.
        case high
    }

    /// The pattern made from a sound, with the sound itself as its sound track when asked: the one place that puts
    /// an analysis' pattern together, for `haptic from-audio`, the studio's import and
    /// `CHHapticPattern(contentsOfAudioAt:)`.
    ///
    ///     let analysis = try AudioFileAnalysis.analyze(url)
    ///     let pattern = AudioFileAnalysis.pattern(of: analysis, soundTrack: "knock.wav")
    ///
    /// The sound track is an `AudioCustom` event at 0, before the haptic events: the analysis' times are the
    /// sound's own, so sound and touch start together. A pattern without haptic events (a silent or very quiet
    /// sound) gets no sound track either and stays empty: nothing was made from the sound, and each caller says so
    /// in its own words.
    ///
    /// - Parameters:
    ///   - analysis: What ``analyze(_:options:limits:progress:)`` found.
    ///   - band: Which pattern: the whole sound's, or a band's (empty when the analysis has no split).
    ///   - soundTrack: The sound's `EventWaveformPath`, relative to the folder the pattern is saved in (the caller
    ///     checks that it stays inside it and plays as custom audio); `nil` for haptics alone.
    /// - Returns: The band's pattern, with the sound track first when `soundTrack` names one.
    package static func pattern(of analysis: AudioAnalysis, band: Band = .whole, soundTrack: String? = nil) -> Pattern {
        var pattern: Pattern
        switch band {
        case .whole: pattern = analysis.pattern
        case .low: pattern = analysis.lowBandPattern ?? Pattern()
        case .high: pattern = analysis.highBandPattern ?? Pattern()
        }
        if let soundTrack, !pattern.entries.isEmpty {
            pattern.entries.insert(.event(Event(type: .audioCustom, time: 0, waveform: .path(soundTrack))), at: 0)
        }
        return pattern
    }
}
