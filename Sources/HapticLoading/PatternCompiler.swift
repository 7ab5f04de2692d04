import Foundation
import HapticPattern
import HapticRender

/// Turns a pattern into the `PatternProgram` an engine plays: custom audio from the engine's
/// registered resources and from the pattern's waveform files (within one budget per pattern,
/// `PatternLimits.maxAudioBytesPerPattern`), then compiled and validated once.
///
///     let compiler = PatternCompiler(resources: registry)
///     let program = try compiler.compile(pattern, locate: { path in try WaveformFile.resolve(path, in: folder) })
public struct PatternCompiler: Sendable {
    /// The engine's registered audio resources (`EventWaveformPath` files are decoded and cached here too).
    public var resources: AudioResourceRegistry
    /// Caps for untrusted input.
    public var limits: PatternLimits
    /// How long continuous events may play: Core Haptics' 30 s, or up to `GCHapticDurationInfinite` on a game
    /// controller's engine (whose pattern time limit grows by as much).
    public var continuousDurationCap: Double

    /// Creates a compiler over an engine's resources.
    public init(
        resources: AudioResourceRegistry, limits: PatternLimits = .default,
        continuousDurationCap: Double = PatternLimits.continuousEventMaximumDuration
    ) {
        self.resources = resources
        self.continuousDurationCap = continuousDurationCap
        var limits = limits
        if continuousDurationCap > PatternLimits.continuousEventMaximumDuration {
            limits.maxPatternDuration += continuousDurationCap
        }
        self.limits = limits
    }

    /// Whether `pattern` has custom audio (its program then depends on the engine's resources).
    public static func usesCustomAudio(_ pattern: Pattern) -> Bool {
        pattern.events.contains { $0.type == .audioCustom }
    }

    /// Compiles `pattern`.
    ///
    /// - Parameters:
    ///   - pattern: the pattern.
    ///   - decodedAudio: custom audio already decoded (a loader that checked the file), used instead of decoding again.
    ///   - locate: turns an `EventWaveformPath` into its file (confined to the pattern's folder for files).
    /// - Throws: `PatternError` — `invalidAudioResource` for an unregistered resource ID, a file that
    ///   does not decode or audio beyond the pattern's budget; the pattern's playability errors.
    public func compile(
        _ pattern: Pattern, decodedAudio: [WaveformSource: AudioBuffer] = [:], locate: (String) throws(PatternError) -> URL
    ) throws(PatternError) -> PatternProgram {
        var model = pattern
        var audio: [WaveformSource: AudioBuffer] = [:]
        for index in model.entries.indices {
            guard case .event(var event) = model.entries[index], event.type == .audioCustom,
                case .resourceID(let id)? = event.waveform
            else { continue }
            guard let resource = resources.resource(id) else {
                throw PatternError(
                    .invalidAudioResource, "no audio resource is registered with the ID \(id)", path: "Pattern[\(index)].Event")
            }
            audio[.resourceID(id)] = resource.buffer
            event.waveformUsesVolumeEnvelope = event.waveformUsesVolumeEnvelope ?? resource.usesVolumeEnvelope
            event.waveformLoopEnabled = event.waveformLoopEnabled ?? resource.loopEnabled
            model.entries[index] = .event(event)
        }
        let files = try AudioResourceLoader.load(model, limits: limits, locate: locate) { path, url throws(PatternError) in
            if let decoded = decodedAudio[.path(path)] { return decoded }
            return try resources.decode(url)
        }
        audio.merge(files) { registered, _ in registered }
        return try PatternProgram(pattern: model, audio: audio, limits: limits, continuousDurationCap: continuousDurationCap)
    }
}
