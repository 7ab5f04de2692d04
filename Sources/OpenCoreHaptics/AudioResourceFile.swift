import Foundation
import HapticPattern
import HapticRender

/// Loads audio resources (`EventWaveformPath` files and `registerAudioResource(_:options:)` URLs) from disk under
/// the limits for untrusted input.
///
/// The file size is checked against ``PatternLimits/maxAudioFileSize`` before the file is read, and the decoder caps
/// the decoded length (``WAVDecoder/maxFrameCount``), so a hostile or mistaken file cannot make the engine allocate
/// more than a few times the cap.
///
///     let url = try pattern.waveformURL(for: "sounds/tap.wav")
///     let buffer = try AudioResourceFile.read(url)
package enum AudioResourceFile {
    /// Reads and decodes the WAV file at `url`.
    ///
    /// - Parameters:
    ///   - url: A file URL (already resolved and confined by ``PatternFile/resolveWaveform(_:relativeTo:file:)`` for
    ///     waveform paths).
    ///   - limits: The caps; ``PatternLimits/maxAudioFileSize`` applies.
    ///   - decoder: The decoder (its ``WAVDecoder/maxFrameCount`` caps the decoded length).
    /// - Returns: The decoded samples.
    /// - Throws: ``PatternError`` — `fileNotFound` for a missing file, a folder or a non-file URL,
    ///   `invalidAudioResource` for a file over ``PatternLimits/maxAudioFileSize`` (before reading it) or one the
    ///   decoder refuses.
    package static func read(_ url: URL, limits: PatternLimits = .default, decoder: WAVDecoder = WAVDecoder()) throws(PatternError) -> AudioBuffer {
        let name = url.isFileURL ? url.path : url.absoluteString
        return try decoder.decode(bytes(url, limits: limits), name: name)
    }

    /// The length in seconds of the WAV file at `url`, read from its header under the same limits as
    /// ``read(_:limits:decoder:)`` (the samples are not decoded).
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - limits: The caps; ``PatternLimits/maxAudioFileSize`` applies.
    ///   - decoder: The decoder (its ``WAVDecoder/maxFrameCount`` caps the length).
    /// - Returns: The audio's length in seconds.
    /// - Throws: ``PatternError`` as ``read(_:limits:decoder:)`` does.
    package static func duration(_ url: URL, limits: PatternLimits = .default, decoder: WAVDecoder = WAVDecoder()) throws(PatternError) -> Double {
        let name = url.isFileURL ? url.path : url.absoluteString
        return try decoder.duration(bytes(url, limits: limits), name: name)
    }

    /// The lengths of the custom audio of `pattern` whose files `locate` finds, for
    /// ``HapticPattern/Pattern/duration(audioDurations:)``. Paths `locate` cannot resolve (it throws) and files that
    /// do not decode are left out: their events count only for their authored duration.
    ///
    ///     let lengths = AudioResourceFile.durations(of: pattern) { try PatternFile.resolveWaveform($0, relativeTo: folder) }
    ///
    /// - Parameters:
    ///   - pattern: The pattern whose `EventWaveformPath` values are looked up (registered resource IDs are not).
    ///   - locate: Turns an `EventWaveformPath` into the file's URL.
    /// - Returns: The length in seconds by waveform.
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

    /// The bytes of the file at `url`, after checking it is a regular file within ``PatternLimits/maxAudioFileSize``.
    private static func bytes(_ url: URL, limits: PatternLimits) throws(PatternError) -> [UInt8] {
        let name = url.isFileURL ? url.path : url.absoluteString
        guard url.isFileURL else { throw PatternError(.fileNotFound, "\(url) is not a file URL", file: name) }
        let attributes: [FileAttributeKey: Any]
        do {
            // Follow symbolic links first: attributesOfItem describes the link itself (a few bytes), not the file
            // that would be read.
            attributes = try FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        } catch {
            throw PatternError(.fileNotFound, "no such audio file", file: name)
        }
        if attributes[.type] as? FileAttributeType == .typeDirectory {
            throw PatternError(.fileNotFound, "is a directory, not an audio file", file: name)
        }
        // A FIFO or a device (/dev/zero) reports size 0 and then never ends: read regular files only.
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw PatternError(.fileNotFound, "is not a regular file", file: name)
        }
        if let size = (attributes[.size] as? NSNumber)?.intValue, size > limits.maxAudioFileSize {
            throw PatternError(
                .invalidAudioResource,
                "the audio file is \(size) bytes; the limit is \(limits.maxAudioFileSize) (PatternLimits.maxAudioFileSize)",
                file: name)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PatternError(.fileNotFound, "cannot read the audio file: \(error.localizedDescription)", file: name)
        }
        // The size may have changed between the check and the read (a file being written, a FIFO).
        guard data.count <= limits.maxAudioFileSize else {
            throw PatternError(
                .invalidAudioResource,
                "the audio file is \(data.count) bytes; the limit is \(limits.maxAudioFileSize) (PatternLimits.maxAudioFileSize)",
                file: name)
        }
        return Array(data)
    }
}
