import Foundation
import HapticPattern
import HapticRender
import HapticSystem

/// An engine's registered audio resources (Core Haptics' `registerAudioResource`) and the waveform files it has
/// decoded, each decoded once.
///
///     let id = try registry.register(url, usesVolumeEnvelope: false, loopEnabled: nil)
///     let program = try PatternCompiler(resources: registry).compile(pattern) { path in try locate(path) }
///
/// Thread safety: every member may be called from any thread.
public final class AudioResourceRegistry: Sendable {
    /// A registered resource: its file, its options and its samples.
    public struct Resource: Sendable {
        /// The WAV file.
        public var url: URL
        /// `CHHapticAudioResourceKeyUseVolumeEnvelope`, when given.
        public var usesVolumeEnvelope: Bool?
        /// `CHHapticAudioResourceKeyLoopEnabled`, when given.
        public var loopEnabled: Bool?
        /// The decoded samples.
        public var buffer: AudioBuffer
    }

    private struct Contents: Sendable {
        var nextID = 1
        var resources: [Int: Resource] = [:]
        var ids: [String: Int] = [:]
        var files: [URL: AudioBuffer] = [:]
        var revision = 0
    }

    private let contents = LockedState(Contents())

    /// Creates an empty registry.
    public init() {}

    /// Bumped when a resource goes away, so programs compiled with it are compiled again (and fail).
    public var revision: Int { contents.withLock { $0.revision } }

    /// The resource registered as `id`, if any.
    public func resource(_ id: Int) -> Resource? { contents.withLock { $0.resources[id] } }

    /// Registers the WAV file at `url` with options; the same file and options give the same ID.
    ///
    /// - Returns: The ID (never 0).
    /// - Throws: `PatternError` — `fileNotFound` for a URL that is not a file or a missing file,
    ///   `invalidAudioResource` for a file that does not decode.
    public func register(_ url: URL, usesVolumeEnvelope: Bool?, loopEnabled: Bool?) throws(PatternError) -> Int {
        guard url.isFileURL else { throw PatternError(.fileNotFound, "\(url) is not a file URL") }
        let file = url.standardizedFileURL
        let key = "\(file.path)|\(usesVolumeEnvelope.map(String.init) ?? "-")|\(loopEnabled.map(String.init) ?? "-")"
        if let id = contents.withLock({ $0.ids[key] }) { return id }
        let buffer = try decode(file)
        return contents.withLock { c in
            if let id = c.ids[key] { return id }
            let id = c.nextID
            c.nextID += 1
            c.ids[key] = id
            c.resources[id] = Resource(url: file, usesVolumeEnvelope: usesVolumeEnvelope, loopEnabled: loopEnabled, buffer: buffer)
            return id
        }
    }

    /// Forgets resource `id`. Returns `false` when no resource has that ID.
    public func unregister(_ id: Int) -> Bool {
        contents.withLock { c -> Bool in
            guard c.resources.removeValue(forKey: id) != nil else { return false }
            c.ids = c.ids.filter { $0.value != id }
            c.revision += 1
            return true
        }
    }

    /// The decoded samples of a waveform file, decoded on first use through the loader's limits for untrusted input
    /// (`AudioResourceLoader`: regular files only, capped while reading and decoding).
    public func decode(_ url: URL) throws(PatternError) -> AudioBuffer {
        if let cached = contents.withLock({ $0.files[url] }) { return cached }
        let buffer = try AudioResourceLoader.decode(url)
        contents.withLock { $0.files[url] = buffer }
        return buffer
    }
}
