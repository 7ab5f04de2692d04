import Foundation
import HapticAnalysis
import HapticPattern

/// Turns an audio file into a haptic pattern: the file side of `HapticAnalysis` (reading, decoding, caps), for
/// apps and `haptic from-audio`.
///
///     let pattern = try AudioFileAnalysis.pattern(fromAudioAt: URL(fileURLWithPath: "Knock.wav"))
///
/// WAV is decoded by our own decoder; FLAC, Ogg/Vorbis, MP3, AIFF and CAF by libsndfile, loaded at run time (the
/// error names it when it is missing). The file is read in blocks and analyzed as it is decoded, so memory stays
/// bounded however long it is; it must be a regular file of at most 1 GiB lasting at most
/// `PatternLimits.maxPatternDuration` (one hour), the longest pattern there may be (``InputKind/analysisAudio(_:)``).
package enum AudioFileAnalysis {
    /// Frames decoded and analyzed at a time.
    static let blockFrames = 4_096

    /// Analyzes the audio file at `url`.
    ///
    /// - Parameters:
    ///   - url: a file URL.
    ///   - options: the analysis' knobs.
    ///   - limits: the caps: the file's length in seconds, the pattern's entries.
    ///   - progress: called after each block with the seconds analyzed and the seconds the file announces
    ///     (`nil` when it does not say).
    /// - Returns: the patterns and the audio's length.
    /// - Throws: `PatternError` — `fileNotFound` for a missing or unreadable file or a URL that is not a file;
    ///   `invalidAudioResource` for a file that is not audio, is damaged or truncated, has no channels, lasts longer
    ///   than one hour or needs libsndfile where it is missing; `badParameterEntry` for options out of range;
    ///   `invalidPatternData` for audio longer than `limits.maxPatternDuration`. A pattern that would exceed
    ///   `limits.maxEntries` or `limits.maxFileSize` stops early (``HapticAnalysis/AudioAnalysis/endsEarlyAt``).
    package static func analyze(
        _ url: URL, options: AudioAnalysisOptions = AudioAnalysisOptions(), limits: PatternLimits = .default,
        progress: ((_ analyzed: Double, _ total: Double?) -> Void)? = nil
    ) throws(PatternError) -> AudioAnalysis {
        let name = url.isFileURL ? url.path : url.absoluteString
        guard url.isFileURL else { throw PatternError(.fileNotFound, "\(url) is not a file URL", file: name) }
        let kind = InputKind.analysisAudio(limits)
        let source = try AudioFileOpener.open(url.path, kind: kind, displayName: name)
        return try analyze(source, kind: kind, name: name, options: options, limits: limits, progress: progress)
    }

    /// Analyzes the audio file `path` beneath `folder`, opened by the kernel beneath the folder's descriptor (the
    /// studio's import), as ``analyze(_:options:limits:progress:)`` analyzes a file by path.
    ///
    /// - Throws: `PatternError` as ``analyze(_:options:limits:progress:)``; `fileNotFound` with the folder's reason.
    package static func analyze(
        beneath folder: FolderDescriptor, _ path: RelativePath, displayName: String, options: AudioAnalysisOptions = AudioAnalysisOptions(),
        limits: PatternLimits = .default, progress: ((_ analyzed: Double, _ total: Double?) -> Void)? = nil
    ) throws(PatternError) -> AudioAnalysis {
        let kind = InputKind.analysisAudio(limits)
        let file = try InputGate.open(beneath: folder, path, kind: kind, displayName: displayName)
        let source = try AudioFileOpener.open(file, kind: kind)
        return try analyze(source, kind: kind, name: displayName, options: options, limits: limits, progress: progress)
    }

    /// Decodes and analyzes an opened source block by block.
    private static func analyze(
        _ source: any AudioFrameSource, kind: InputKind, name: String, options: AudioAnalysisOptions, limits: PatternLimits,
        progress: ((_ analyzed: Double, _ total: Double?) -> Void)?
    ) throws(PatternError) -> AudioAnalysis {
        let analyzer: AudioAnalyzer
        do {
            analyzer = try AudioAnalyzer(sampleRate: source.sampleRate, channelCount: source.channelCount, options: options, limits: limits)
        } catch {
            var located = error
            located.file = name
            throw located
        }
        let total = source.declaredFrameCount.map { Double($0) / source.sampleRate }
        let maximumFrames = kind.durationLimit.map { Int($0 * source.sampleRate) } ?? .max
        let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: blockFrames * source.channelCount)
        defer { buffer.deallocate() }
        var frames = 0
        let cancellation = WorkCancellation.current
        while true {
            try cancellation?.check()
            let count = try source.read(into: buffer)
            if count == 0 { break }
            frames += count
            // A header may understate the length (an MP3's is an estimate): the cap holds on what is decoded.
            if frames > maximumFrames {
                throw AudioFileOpener.durationError(seconds: Double(frames) / source.sampleRate, kind: kind, file: name)
            }
            analyzer.append(interleaved: UnsafeBufferPointer(rebasing: buffer[0..<count * source.channelCount]))
            progress?(analyzer.analyzedDuration, total)
        }
        do {
            return try analyzer.finish()
        } catch {
            var located = error
            located.file = name
            throw located
        }
    }

    /// The whole-band pattern of the audio file at `url`, haptics alone (see ``analyze(_:options:limits:progress:)``
    /// and ``pattern(of:band:soundTrack:)``).
    ///
    /// - Throws: `PatternError` as ``analyze(_:options:limits:progress:)`` does.
    package static func pattern(fromAudioAt url: URL, options: AudioAnalysisOptions = AudioAnalysisOptions()) throws(PatternError)
        -> Pattern
    {
        pattern(of: try analyze(url, options: options))
    }
}
