/// One parameter value attached to an event, as authored (out-of-range values are kept and clamped on use).
public struct EventParameter: Sendable, Hashable {
    /// Which parameter.
    public var id: EventParameterID
    /// The authored value; use ``Event/value(of:)`` for the clamped, defaulted value.
    public var value: Float

    /// Creates an event parameter.
    public init(_ id: EventParameterID, _ value: Float) {
        self.id = id
        self.value = value
    }
}

/// Where an ``EventType/audioCustom`` event's samples come from.
public enum WaveformSource: Sendable, Hashable {
    /// A path from an AHAP file's `EventWaveformPath` (relative paths resolve against the file's folder).
    case path(String)
    /// An ID returned by `registerAudioResource(_:options:)`.
    case resourceID(Int)
}

/// One event of a pattern: a haptic or audio occurrence at a time relative to the pattern start.
///
///     let tap = Event(type: .hapticTransient, time: 0.1,
///                     parameters: [EventParameter(.hapticIntensity, 1), EventParameter(.hapticSharpness, 0.3)])
public struct Event: Sendable, Hashable {
    /// What kind of event this is.
    public var type: EventType
    /// Start time in seconds from the pattern start (≥ 0).
    public var time: Double
    /// Authored duration in seconds; 0 means "none given" (see ``EventType``).
    public var duration: Double
    /// Parameters in authored order. When an ID repeats, the last one wins.
    public var parameters: [EventParameter]
    /// The waveform of an ``EventType/audioCustom`` event; `nil` for other types.
    public var waveform: WaveformSource?
    /// `EventWaveformUseVolumeEnvelope`: ramp custom audio in and out (default true when absent).
    public var waveformUsesVolumeEnvelope: Bool?
    /// `EventWaveformLoopEnabled`: loop custom audio for the event's duration (default false when absent).
    public var waveformLoopEnabled: Bool?

    /// Creates an event.
    public init(
        type: EventType, time: Double, duration: Double = 0, parameters: [EventParameter] = [],
        waveform: WaveformSource? = nil, waveformUsesVolumeEnvelope: Bool? = nil, waveformLoopEnabled: Bool? = nil
    ) {
        self.type = type
        self.time = time
        self.duration = duration
        self.parameters = parameters
        self.waveform = waveform
        self.waveformUsesVolumeEnvelope = waveformUsesVolumeEnvelope
        self.waveformLoopEnabled = waveformLoopEnabled
    }

    /// The effective value of `id`: the last authored value clamped to its range, or the default.
    public func value(of id: EventParameterID) -> Float {
        let range = id.range(for: type)
        for parameter in parameters.reversed() where parameter.id == id { return range.clamp(parameter.value) }
        return range.defaultValue
    }

    /// Whether a continuous event sustains for its duration (`Sustained` ≠ 0).
    public var isSustained: Bool { value(of: .sustained) != 0 }

    /// The duration used for playback: continuous events are capped at ``PatternLimits/continuousEventMaximumDuration``
    /// (30 s, silently, as Core Haptics does).
    public var playbackDuration: Double { playbackDuration(continuousCap: PatternLimits.continuousEventMaximumDuration) }

    /// The duration used for playback when continuous events are capped at `continuousCap` seconds instead of 30 s
    /// (game-controller engines play continuous events up to `GCHapticDurationInfinite`).
    public func playbackDuration(continuousCap: Double) -> Double {
        type.isContinuous ? Swift.min(duration, continuousCap) : duration
    }

    /// The time the event occupies in the pattern, including its release tail or decay.
    ///
    /// - Transient and custom audio: the authored duration (it "pads" the pattern). A custom-audio event without a
    ///   duration plays its whole resource, whose length only ``fullDuration(audioDuration:continuousCap:)`` knows.
    /// - Sustained continuous: the capped duration plus the release tail (``EnvelopeTiming/releaseTail(_:)``).
    /// - Non-sustained continuous: attack plus decay, ended early by a shorter duration.
    public var fullDuration: Double { fullDuration(continuousCap: PatternLimits.continuousEventMaximumDuration) }

    /// ``fullDuration`` with continuous events capped at `continuousCap` seconds (see
    /// ``playbackDuration(continuousCap:)``).
    public func fullDuration(continuousCap: Double) -> Double {
        switch type {
        case .hapticTransient, .audioCustom: return duration
        case .hapticContinuous, .audioContinuous:
            let playback = playbackDuration(continuousCap: continuousCap)
            if isSustained {
                return playback + EnvelopeTiming.releaseTail(value(of: .releaseTime))
            }
            let natural =
                EnvelopeTiming.attackSeconds(value(of: .attackTime))
                + EnvelopeTiming.decaySeconds(value(of: .decayTime))
            return playback > 0 ? Swift.min(playback, natural) : natural
        }
    }

    /// The time the event occupies in the pattern when its audio is `audioDuration` seconds long.
    ///
    /// For an ``EventType/audioCustom`` event without an authored duration (0), the resource plays to its end, so the
    /// event lasts `audioDuration`. With a duration, the audio is cut short or padded with silence (and looped when
    /// ``waveformLoopEnabled``), so the event lasts its duration whatever the audio's length. Every other event type
    /// returns ``fullDuration``.
    ///
    ///     Event(type: .audioCustom, time: 0, waveform: .path("Knock.wav")).fullDuration(audioDuration: 0.3)   // 0.3
    ///
    /// - Parameters:
    ///   - audioDuration: The length of the event's audio resource in seconds, or `nil` when unknown (the event then
    ///     counts as its authored duration, as in ``fullDuration``).
    ///   - continuousCap: How long a continuous event plays (30 s; a game controller's engine plays it longer).
    /// - Returns: The time in seconds.
    public func fullDuration(
        audioDuration: Double?, continuousCap: Double = PatternLimits.continuousEventMaximumDuration
    ) -> Double {
        guard type == .audioCustom, duration == 0, let audioDuration, audioDuration.isFinite, audioDuration > 0 else {
            return fullDuration(continuousCap: continuousCap)
        }
        return audioDuration
    }
}
