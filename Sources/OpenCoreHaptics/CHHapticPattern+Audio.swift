import Foundation
import HapticAnalysis
import HapticLoading
import HapticPattern

extension CHHapticPattern {
    /// The knobs of ``CHHapticPattern/init(contentsOfAudioAt:options:)``: sensitivity, which events to make, the
    /// most transients a second, and an optional band split (see `HapticAnalysis`' article "From sound to touch").
    ///
    /// An OpenCoreHaptics extension: Core Haptics has no such type.
    public typealias AudioAnalysisOptions = HapticAnalysis.AudioAnalysisOptions

    /// Creates a pattern from a sound: transients at its hits, continuous events whose intensity and sharpness
    /// curves follow its loudness and brightness.
    ///
    ///     let pattern = try CHHapticPattern(contentsOfAudioAt: Bundle.main.url(forResource: "Knock", withExtension: "wav")!)
    ///     let player = try engine.makePlayer(with: pattern)
    ///
    /// The analysis is deterministic (the same file always gives the same pattern) and streams the file, so its
    /// memory stays small however long the sound. The pattern holds haptics only; to play the sound along, add an
    /// `AudioCustom` event for the file (or register it with the engine), starting at 0: the haptic events' times are
    /// the sound's own.
    ///
    /// An OpenCoreHaptics extension: Core Haptics has no such initializer (Apple's designers draw AHAP by hand; see
    /// <doc:DifferencesFromCoreHaptics>).
    ///
    /// - Parameters:
    ///   - audioURL: A file URL of a WAV file, or of FLAC, Ogg/Vorbis or MP3 when libsndfile (Debian's
    ///     `libsndfile1`) is installed; at most 1 GiB and one hour.
    ///   - options: The analysis' knobs (``AudioAnalysisOptions``).
    /// - Throws: ``CHHapticError`` — `fileNotFound` (no such file, not a file URL), `invalidAudioResource` (not
    ///   audio, damaged, no channels, longer than an hour, or libsndfile missing for a compressed format),
    ///   `badParameterEntry` (options out of range), `invalidPatternData` (a sound whose pattern would hold more
    ///   than a pattern may: more than 100 000 entries or 16 MiB of AHAP text; the message says where it would have
    ///   to stop — `haptic from-audio` writes that shorter pattern and says so). A silent sound is not an error: it
    ///   gives a pattern without events.
    public convenience init(contentsOfAudioAt audioURL: URL, options: AudioAnalysisOptions = AudioAnalysisOptions()) throws {
        let analysis: AudioAnalysis
        do {
            analysis = try AudioFileAnalysis.analyze(audioURL, options: options)
        } catch {
            throw CHHapticError(error)
        }
        if let end = analysis.endsEarlyAt {
            // A pattern that silently ends before its sound would be an untruth; the caller can ask for less.
            throw CHHapticError(
                PatternError(
                    .invalidPatternData,
                    "the sound's pattern would hold more than a pattern may (PatternLimits.maxEntries, PatternLimits.maxFileSize): only its first \(Int(end)) s of \(Int(analysis.duration.rounded())) s fit; lower the maximum transient rate or the sensitivity, or analyze an excerpt",
                    file: audioURL.path))
        }
        // Haptics alone (see above): the caller adds the sound as it plays it.
        self.init(pattern: AudioFileAnalysis.pattern(of: analysis))
    }
}
