import Foundation
import HapticPattern
import HapticRender

/// Reads and decodes custom audio (WAV) under the limits for untrusted input: through the ``InputGate`` (regular
/// files, ``PatternLimits/maxAudioFileSize`` while reading), the decoder's length cap, and, for a pattern, a budget
/// for all its audio together (``PatternLimits/maxAudioBytesPerPattern``, each distinct file counted once).
///
///     let url = try WaveformFile.resolve("sounds/tap.wav", in: folder)
///     let buffer = try AudioResourceLoader.decode(url)
package enum AudioResourceLoader {
    /// Reads and decodes the WAV file at `url`.
    ///
    /// - Throws: ``PatternError`` — `fileNotFound` for a missing or non-regular file or a non-file URL,
    ///   `invalidAudioResource` for a file over ``PatternLimits/maxAudioFileSize`` or one the decoder refuses (an
    ///   empty file, not RIFF/WAVE, an unsupported format).
    package static func decode(_ url: URL, limits: PatternLimits = .default, decoder: WAVDecoder = WAVDecoder()) throws(PatternError)
        -> AudioBuffer
    {
        let name = url.isFileURL ? url.path : url.absoluteString
        return try decoder.decode(bytes(url, limits: limits), name: name)
    }

    /// The length in seconds of the WAV file at `url`, from its header (the samples are not decoded).
    ///
    /// - Throws: ``PatternError`` as ``decode(_:limits:decoder:)`` does.
    package static func duration(_ url: URL, limits: PatternLimits = .default, decoder: WAVDecoder = WAVDecoder()) throws(PatternError)
        -> Double
    {
        let name = url.isFileURL ? url.path : url.absoluteString
        return try decoder.duration(bytes(url, limits: limits), name: name)
    }

    /// The lengths of the custom audio of `pattern` whose files `locate` finds, for
    /// ``HapticPattern/Pattern/duration(audioDurations:continuousCap:)``. Paths `locate` cannot resolve and files that do not decode
    /// are left out: their events count only for their authored duration.
    package static func durations(of pattern: Pattern, locate: (String) throws -> URL) -> [WaveformSource: Double] {
        var durations: [WaveformSource: Double] = [:]
        for event in pattern.events where event.type == .audioCustom {
            guard case .path(let path)? = event.waveform, durations[.path(path)] == nil,
                let url = try? locate(path), let seconds = try? duration(url)
            else { continue }
            durations[.path(path)] = seconds
        }
        return durations
    }

    /// Decodes every `EventWaveformPath` file of `pattern`, each distinct file once (two paths that lead to the same
    /// file share one buffer), within ``PatternLimits/maxAudioBytesPerPattern`` for all of them together.
    ///
    /// - Parameters:
    ///   - pattern: the pattern.
    ///   - limits: the caps.
    ///   - locate: turns an `EventWaveformPath` into the file's URL (``WaveformFile/resolve(_:in:file:)`` for files).
    ///   - decode: decodes one file (default: ``decode(_:limits:decoder:)``); an engine passes its cache.
    /// - Returns: the decoded audio by waveform source.
    /// - Throws: ``PatternError`` from `locate` or ``decode(_:limits:decoder:)``, or `invalidAudioResource` when the
    ///   pattern's audio together exceeds the budget; the error's path names the event.
    package static func load(
        _ pattern: Pattern, limits: PatternLimits = .default, locate: (String) throws(PatternError) -> URL,
        decode: ((_ path: String, _ url: URL) throws(PatternError) -> AudioBuffer)? = nil
    ) throws(PatternError) -> [WaveformSource: AudioBuffer] {
        let result = loadAll(pattern, limits: limits, locate: locate, decode: decode)
        if let failure = result.failures.first { throw failure.error }
        return result.audio
    }

    /// Decodes what it can of `pattern`'s custom audio (as ``load(_:limits:locate:)``) and names the waveform paths
    /// it could not: missing, unreadable, not decodable, or beyond the pattern's budget. For previews (`haptic plot`)
    /// that draw what is there.
    package static func loadAvailable(
        _ pattern: Pattern, limits: PatternLimits = .default, locate: (String) throws(PatternError) -> URL
    ) -> (audio: [WaveformSource: AudioBuffer], unavailable: Set<String>) {
        let result = loadAll(pattern, limits: limits, locate: locate)
        return (result.audio, Set(result.failures.map(\.path)))
    }

    /// Decodes every custom-audio file of `pattern` it can (as ``load(_:limits:locate:)``) and reports each one it
    /// cannot, with the entry that first names it and the error (its path set to that entry's
    /// `EventWaveformPath`): what `haptic validate` lists.
    package static func loadAll(
        _ pattern: Pattern, limits: PatternLimits = .default, locate: (String) throws(PatternError) -> URL,
        decode: ((_ path: String, _ url: URL) throws(PatternError) -> AudioBuffer)? = nil
    ) -> (audio: [WaveformSource: AudioBuffer], failures: [(entry: Int, path: String, error: PatternError)]) {
        var loader = Budgeted(limits: limits, decode: decode)
        var failures: [(entry: Int, path: String, error: PatternError)] = []
        for (index, path) in waveformPaths(of: pattern) {
            do throws(PatternError) {
                try loader.add(path, at: try locate(path))
            } catch {
                var located = error
                if located.path.isEmpty { located.path = "Pattern[\(index)].Event.EventWaveformPath" }
                failures.append((index, path, located))
            }
        }
        return (loader.audio, failures)
    }

    /// Each distinct `EventWaveformPath` of `pattern` with the index of the first entry that names it.
    private static func waveformPaths(of pattern: Pattern) -> [(Int, String)] {
        var seen: Set<String> = []
        var result: [(Int, String)] = []
        for (index, entry) in pattern.entries.enumerated() {
            guard case .event(let event) = entry, case .path(let path)? = event.waveform, seen.insert(path).inserted else { continue }
            result.append((index, path))
        }
        return result
    }

    /// Decoded audio of one pattern and the budget it has used.
    private struct Budgeted {
        let limits: PatternLimits
        let decode: ((_ path: String, _ url: URL) throws(PatternError) -> AudioBuffer)?
        var audio: [WaveformSource: AudioBuffer] = [:]
        var byFile: [URL: AudioBuffer] = [:]
        var total = 0

        mutating func add(_ path: String, at url: URL) throws(PatternError) {
            if let shared = byFile[url] {
                audio[.path(path)] = shared
                return
            }
            try WorkCancellation.checkCurrent()
            let buffer: AudioBuffer
            if let decode {
                buffer = try decode(path, url)
            } else {
                buffer = try AudioResourceLoader.decode(url, limits: limits)
            }
            total += buffer.frameCount * buffer.channelCount * MemoryLayout<Float>.size
            guard total <= limits.maxAudioBytesPerPattern else {
                throw PatternError(
                    .invalidAudioResource,
                    "the pattern's custom audio decodes to more than \(limits.maxAudioBytesPerPattern) bytes together (PatternLimits.maxAudioBytesPerPattern)",
                    file: url.path)
            }
            byFile[url] = buffer
            audio[.path(path)] = buffer
        }
    }

    private static func bytes(_ url: URL, limits: PatternLimits) throws(PatternError) -> [UInt8] {
        let name = url.isFileURL ? url.path : url.absoluteString
        guard url.isFileURL else { throw PatternError(.fileNotFound, "\(url) is not a file URL", file: name) }
        return try InputGate.read(url.path, kind: .audio(limits), displayName: name)
    }
}
