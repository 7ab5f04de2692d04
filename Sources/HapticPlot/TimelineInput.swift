import HapticPattern
import HapticRender

/// Everything a timeline picture shows, gathered by the caller (reading files and rendering happen outside this
/// module): the pattern, its decoded custom audio, and an actuator's simulated acceleration.
package struct TimelineInput: Sendable {
    /// Shown in the title (usually the file name).
    package var name: String
    /// The pattern.
    package var pattern: Pattern
    /// The decoded audio of the pattern's custom-audio events, by waveform; events whose audio is missing are drawn
    /// as outlines of unknown length.
    package var audio: [WaveformSource: AudioBuffer]
    /// The simulated acceleration in g, from time 0 at ``accelerationSampleRate``.
    package var acceleration: [Float]
    /// Samples per second of ``acceleration``.
    package var accelerationSampleRate: Double
    /// The actuator profile the acceleration was simulated with.
    package var profileName: String

    /// Creates an input.
    package init(
        name: String, pattern: Pattern, audio: [WaveformSource: AudioBuffer], acceleration: [Float],
        accelerationSampleRate: Double, profileName: String
    ) {
        self.name = name
        self.pattern = pattern
        self.audio = audio
        self.acceleration = acceleration
        self.accelerationSampleRate = accelerationSampleRate
        self.profileName = profileName
    }

    /// The pattern's length with each custom-audio event counted for its decoded audio
    /// (``HapticPattern/Pattern/duration(audioDurations:continuousCap:)``).
    package var duration: Double { pattern.duration(audioDurations: audio.mapValues(\.duration)) }
}
