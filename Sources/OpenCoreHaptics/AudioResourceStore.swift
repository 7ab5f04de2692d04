import Foundation
import HapticLoading
import HapticPattern
import HapticRender
import Synchronization

/// An engine's registered audio resources and decoded waveform files.
final class AudioResourceStore: Sendable {
    struct Resource: Sendable {
        var url: URL
        var usesVolumeEnvelope: Bool?
        var loopEnabled: Bool?
        var buffer: AudioBuffer
    }

    private struct Contents: Sendable {
        var nextID = 1
        var resources: [Int: Resource] = [:]
        var ids: [String: Int] = [:]
        var files: [URL: AudioBuffer] = [:]
        /// Bumped when a resource goes away, so programs compiled with it are compiled again (and fail).
        var revision = 0
    }

    private let contents = Mutex(Contents())

    var revision: Int { contents.withLock { $0.revision } }

    func resource(_ id: Int) -> Resource? { contents.withLock { $0.resources[id] } }

    /// Registers `url` (WAV) with options; the same file and options give the same ID.
    func register(_ url: URL, options: [AnyHashable: Any]) throws(CHHapticError) -> Int {
        var envelope: Bool?
        var loop: Bool?
        for (key, value) in options {
            guard let name = key.base as? String else { continue }
            let flag = (value as? Bool) ?? (value as? NSNumber)?.boolValue
            if name == CHHapticAudioResourceKeyUseVolumeEnvelope { envelope = flag }
            if name == CHHapticAudioResourceKeyLoopEnabled { loop = flag }
        }
        guard url.isFileURL else { throw CHHapticError(.fileNotFound, message: "\(url) is not a file URL") }
        let file = url.standardizedFileURL
        let key = "\(file.path)|\(envelope.map(String.init) ?? "-")|\(loop.map(String.init) ?? "-")"
        if let id = contents.withLock({ $0.ids[key] }) { return id }
        let buffer = try decode(file)
        return contents.withLock { c in
            if let id = c.ids[key] { return id }
            let id = c.nextID
            c.nextID += 1
            c.ids[key] = id
            c.resources[id] = Resource(url: file, usesVolumeEnvelope: envelope, loopEnabled: loop, buffer: buffer)
            return id
        }
    }

    func unregister(_ id: Int) throws(CHHapticError) {
        let removed = contents.withLock { c -> Bool in
            guard c.resources.removeValue(forKey: id) != nil else { return false }
            c.ids = c.ids.filter { $0.value != id }
            c.revision += 1
            return true
        }
        guard removed else { throw CHHapticError(.invalidAudioResource, message: "no audio resource has the ID \(id)") }
    }

    /// The decoded samples of a waveform file (cached).
    func decode(_ url: URL) throws(CHHapticError) -> AudioBuffer {
        if let cached = contents.withLock({ $0.files[url] }) { return cached }
        // Untrusted input: the loader reads through the InputGate (regular files only, PatternLimits.maxAudioFileSize
        // while reading); the decoder caps the decoded length.
        let buffer: AudioBuffer
        do {
            buffer = try AudioResourceLoader.decode(url)
        } catch {
            throw CHHapticError(error)
        }
        contents.withLock { $0.files[url] = buffer }
        return buffer
    }
}
