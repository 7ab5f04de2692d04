import Foundation
import HapticPattern
import HapticRender

/// Renders a pattern offline for `haptic plot` and `haptic studio`: the renderer's ``OfflineRenderer`` (the real
/// mixer, block by block) and its ``ActuatorSimulator`` for the acceleration, after loading the pattern's custom audio.
package struct OfflineSimulation: Sendable {
    /// Samples per second of ``amplitude`` and ``acceleration`` (the profile's preferred rate).
    package var sampleRate: Double
    /// The haptic bus amplitude, 0 … 1.
    package var amplitude: [Float]
    /// The simulated acceleration, g.
    package var acceleration: [Float]
    /// Custom-audio events that could not be loaded (they are left out of the render).
    package var skippedAudio: Int
    /// The decoded custom audio, by waveform (for drawing waveforms and lengths).
    package var audio: [WaveformSource: AudioBuffer]

    /// Renders `pattern` for `seconds` with `profile` at the profile's preferred rate; custom audio resolves
    /// against `folder`.
    package static func render(_ pattern: Pattern, seconds: Double, profile: ActuatorProfile, folder: URL) throws -> OfflineSimulation {
        // What the loader can read within the pattern's audio budget; the rest is left out and counted.
        let (audio, unavailable) = AudioResourceLoader.loadAvailable(pattern) { path throws(PatternError) in
            try WaveformFile.resolve(path, in: folder)
        }
        return try render(pattern, seconds: seconds, profile: profile, audio: audio, unavailable: unavailable)
    }

    /// Renders `pattern` as ``render(_:seconds:profile:folder:)`` does with custom audio already decoded (a checked
    /// pattern's: the studio reads it beneath its folder); waveform paths without audio are left out and counted.
    package static func render(
        _ pattern: Pattern, seconds: Double, profile: ActuatorProfile, audio: [WaveformSource: AudioBuffer]
    ) throws -> OfflineSimulation {
        var unavailable: Set<String> = []
        for event in pattern.events where event.type == .audioCustom {
            if case .path(let path)? = event.waveform, audio[.path(path)] == nil { unavailable.insert(path) }
        }
        return try render(pattern, seconds: seconds, profile: profile, audio: audio, unavailable: unavailable)
    }

    private static func render(
        _ pattern: Pattern, seconds: Double, profile: ActuatorProfile, audio: [WaveformSource: AudioBuffer], unavailable: Set<String>
    ) throws -> OfflineSimulation {
        let sampleRate = profile.preferredSampleRate
        var skipped = 0
        var entries: [Pattern.Entry] = []
        for entry in pattern.entries {
            if case .event(let event) = entry, event.type == .audioCustom {
                guard case .path(let path)? = event.waveform, !unavailable.contains(path) else {
                    skipped += 1
                    continue
                }
            }
            entries.append(entry)
        }
        var playable = pattern
        playable.entries = entries
        let program = try PatternProgram(pattern: playable, audio: audio)
        // Block by block, so that the work's cancellation (the studio's time limit) stops a long render.
        let frames = Int((Swift.max(0, seconds) * sampleRate).rounded())
        let cancellation = WorkCancellation.current
        var amplitude: [Float] = []
        var acceleration: [Float] = []
        amplitude.reserveCapacity(frames)
        acceleration.reserveCapacity(frames)
        _ = OfflineRenderer.stream(
            program: program, frameCount: frames, configuration: MixerConfiguration(sampleRate: sampleRate), profile: profile
        ) { block in
            amplitude.append(contentsOf: block.amplitude)
            acceleration.append(contentsOf: block.acceleration)
            return cancellation?.isCancelled != true
        }
        try cancellation?.check()
        return OfflineSimulation(
            sampleRate: sampleRate, amplitude: amplitude, acceleration: acceleration, skippedAudio: skipped, audio: audio)
    }
}
