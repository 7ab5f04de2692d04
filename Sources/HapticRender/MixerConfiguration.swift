/// The fixed sizes and rates of a ``Mixer``: every pool is allocated once, from these, when the mixer is created.
///
///     let configuration = MixerConfiguration(sampleRate: 48_000, maxBlockFrames: 512)
public struct MixerConfiguration: Sendable, Hashable {
    /// Frames per second of both buses (the haptic bus and the stereo audio bus run at one rate).
    public var sampleRate: Double
    /// The largest `frameCount` accepted by ``Mixer/render(frameCount:haptic:audio:)``.
    public var maxBlockFrames: Int
    /// Number of player slots.
    public var playerCapacity: Int
    /// Number of voices (sounding events) across all players; events beyond it are dropped and reported.
    public var voiceCapacity: Int
    /// Capacity of the control → render command queue (and of the mixer's list of not-yet-due commands).
    public var commandCapacity: Int
    /// Capacity of the render → control notification queue.
    public var notificationCapacity: Int
    /// How long a step change of a dynamic parameter is ramped, in seconds (avoids zipper noise). Default 3 ms.
    public var parameterRampDuration: Double
    /// How long stopped or cancelled voices fade out, in seconds (avoids clicks). Default 2 ms.
    public var stopFadeDuration: Double

    /// Creates a configuration; see each property for its meaning.
    public init(
        sampleRate: Double = 48_000, maxBlockFrames: Int = 1_024, playerCapacity: Int = 64, voiceCapacity: Int = 1_024,
        commandCapacity: Int = 1_024, notificationCapacity: Int = 4_096, parameterRampDuration: Double = 0.003,
        stopFadeDuration: Double = 0.002
    ) {
        self.sampleRate = sampleRate
        self.maxBlockFrames = maxBlockFrames
        self.playerCapacity = playerCapacity
        self.voiceCapacity = voiceCapacity
        self.commandCapacity = commandCapacity
        self.notificationCapacity = notificationCapacity
        self.parameterRampDuration = parameterRampDuration
        self.stopFadeDuration = stopFadeDuration
    }
}
