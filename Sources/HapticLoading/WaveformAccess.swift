import Foundation
import HapticPattern
import HapticRender
import HapticSystem

/// Where a pattern's custom-audio files (`EventWaveformPath`) are found and read: by path, inside the pattern file's
/// folder with links resolved (files the CLI and apps open), or beneath a ``FolderDescriptor`` (the studio), where
/// the kernel opens each file beneath the studio's folder, no link followed.
package enum WaveformAccess: Sendable {
    /// By path, confined to this folder (``WaveformFile/resolve(_:in:file:)``).
    case path(URL)
    /// Beneath `root`, relative to the pattern's folder `folder` (itself relative to `root`).
    case beneath(FolderDescriptor, RelativePath)

    /// The file `waveform` names: for ``beneath(_:_:)`` a URL for messages and for telling files apart (nothing is
    /// opened by it), after checking the file opens beneath the folder as a regular file.
    ///
    /// - Throws: ``PatternError`` with `badEventEntry`: the path is refused, leaves the folder, goes through a link,
    ///   or names nothing.
    package func resolve(_ waveform: String, file: String?) throws(PatternError) -> URL {
        switch self {
        case .path(let folder): return try WaveformFile.resolve(waveform, in: folder, file: file)
        case .beneath(let root, let folder):
            let relative = try Self.relative(waveform, in: folder, file: file)
            do {
                let descriptor = try root.open(relative, flags: O_RDONLY | O_NONBLOCK)
                try? Posix.close(descriptor)
            } catch {
                throw PatternError(.badEventEntry, "EventWaveformPath \"\(waveform)\": \(error.message)", file: file)
            }
            return URL(fileURLWithPath: root.path, isDirectory: true).appendingPathComponent(relative.description)
        }
    }

    /// Decodes `waveform` (resolved before with ``resolve(_:file:)`` to `url`).
    ///
    /// - Throws: ``PatternError`` as ``AudioResourceLoader/decode(_:limits:decoder:)``.
    package func decode(_ waveform: String, url: URL, limits: PatternLimits) throws(PatternError) -> AudioBuffer {
        switch self {
        case .path: return try AudioResourceLoader.decode(url, limits: limits)
        case .beneath(let root, let folder):
            let relative = try Self.relative(waveform, in: folder, file: nil)
            let bytes = try InputGate.read(beneath: root, relative, kind: .audio(limits), displayName: url.path)
            return try WAVDecoder().decode(bytes, name: url.path)
        }
    }

    /// The length in seconds of `waveform` (resolved to `url`), from its header.
    ///
    /// - Throws: ``PatternError`` as ``AudioResourceLoader/duration(_:limits:decoder:)``.
    package func duration(_ waveform: String, url: URL, limits: PatternLimits) throws(PatternError) -> Double {
        switch self {
        case .path: return try AudioResourceLoader.duration(url, limits: limits)
        case .beneath(let root, let folder):
            let relative = try Self.relative(waveform, in: folder, file: nil)
            let bytes = try InputGate.read(beneath: root, relative, kind: .audio(limits), displayName: url.path)
            return try WAVDecoder().duration(bytes, name: url.path)
        }
    }

    private static func relative(_ waveform: String, in folder: RelativePath, file: String?) throws(PatternError) -> RelativePath {
        do {
            return try folder.resolvingWaveform(waveform)
        } catch {
            throw PatternError(.badEventEntry, error.message, file: file)
        }
    }
}
