import Foundation
import HapticPattern

/// One haptic or audio occurrence in a pattern, at a time relative to the pattern's start.
///
/// Transient events are taps of fixed length; continuous events last for their ``duration`` (at most 30 seconds);
/// custom audio events play a registered audio resource.
///
///     let tap = CHHapticEvent(eventType: .hapticTransient,
///                             parameters: [CHHapticEventParameter(parameterID: .hapticIntensity, value: 1)],
///                             relativeTime: 0)
///     let buzz = CHHapticEvent(eventType: .hapticContinuous, parameters: [], relativeTime: 0.1, duration: 0.5)
///     let pattern = try CHHapticPattern(events: [tap, buzz], parameters: [])
///
/// Events are checked when a pattern is made from them, not when they are created: an unknown type, a parameter
/// that does not apply, or a negative or NaN time makes ``CHHapticPattern`` throw.
open class CHHapticEvent: NSObject {
    /// The kind of event. Events made with an audio resource ID are ``EventType/audioCustom``.
    public let type: CHHapticEvent.EventType

    /// The event's parameters, in the order given.
    public let eventParameters: [CHHapticEventParameter]

    /// The start time in seconds, relative to the start of the pattern.
    open var relativeTime: TimeInterval

    /// The duration in seconds.
    ///
    /// For continuous events, the time before the release begins (capped at 30 seconds when played). For transients,
    /// the logical length used for the pattern's end and loop points. For custom audio, 0 plays the whole resource.
    open var duration: TimeInterval

    /// The registered audio resource this event plays, for events made with ``init(audioResourceID:parameters:relativeTime:)``.
    package let audioResourceID: CHHapticAudioResourceID?

    /// Creates an event without a duration, for transient events.
    ///
    /// - Parameters:
    ///   - type: The kind of event.
    ///   - eventParams: The event's parameters.
    ///   - time: The start time in seconds, relative to the pattern start.
    public init(
        eventType type: CHHapticEvent.EventType, parameters eventParams: [CHHapticEventParameter], relativeTime time: TimeInterval
    ) {
        self.type = type
        self.eventParameters = eventParams
        self.relativeTime = time
        self.duration = 0
        self.audioResourceID = nil
    }

    /// Creates an event with a duration.
    ///
    /// - Parameters:
    ///   - type: The kind of event.
    ///   - eventParams: The event's parameters.
    ///   - time: The start time in seconds, relative to the pattern start.
    ///   - duration: The duration in seconds (see ``duration``).
    public init(
        eventType type: CHHapticEvent.EventType, parameters eventParams: [CHHapticEventParameter], relativeTime time: TimeInterval,
        duration: TimeInterval
    ) {
        self.type = type
        self.eventParameters = eventParams
        self.relativeTime = time
        self.duration = duration
        self.audioResourceID = nil
    }

    /// Creates an event that plays a registered audio resource for its natural length.
    ///
    ///     let id = try engine.registerAudioResource(url)
    ///     let sound = CHHapticEvent(audioResourceID: id, parameters: [], relativeTime: 0)
    ///
    /// - Parameters:
    ///   - resID: The ID returned by `registerAudioResource(_:options:)`.
    ///   - eventParams: Audio parameters (volume, pitch, pan, brightness).
    ///   - time: The start time in seconds, relative to the pattern start.
    public init(
        audioResourceID resID: CHHapticAudioResourceID, parameters eventParams: [CHHapticEventParameter], relativeTime time: TimeInterval
    ) {
        self.type = .audioCustom
        self.eventParameters = eventParams
        self.relativeTime = time
        self.duration = 0
        self.audioResourceID = resID
    }

    /// Creates an event that plays a registered audio resource for a given duration.
    ///
    /// A shorter duration truncates the audio, a longer one pads it with silence, and 0 plays the whole resource.
    ///
    /// - Parameters:
    ///   - resID: The ID returned by `registerAudioResource(_:options:)`.
    ///   - eventParams: Audio parameters (volume, pitch, pan, brightness).
    ///   - time: The start time in seconds, relative to the pattern start.
    ///   - duration: The duration in seconds.
    public init(
        audioResourceID resID: CHHapticAudioResourceID, parameters eventParams: [CHHapticEventParameter], relativeTime time: TimeInterval,
        duration: TimeInterval
    ) {
        self.type = .audioCustom
        self.eventParameters = eventParams
        self.relativeTime = time
        self.duration = duration
        self.audioResourceID = resID
    }

    /// Creates an event from a pattern-model event (for the engine and tools).
    ///
    /// An event whose waveform is a file path keeps only its type, time, duration and parameters.
    ///
    /// - Parameter model: The event.
    package convenience init(model: Event) {
        let parameters = model.parameters.map {
            CHHapticEventParameter(parameterID: CHHapticEvent.ParameterID(rawValue: $0.id.rawValue), value: $0.value)
        }
        if case .resourceID(let id) = model.waveform {
            self.init(audioResourceID: id, parameters: parameters, relativeTime: model.time, duration: model.duration)
        } else {
            self.init(
                eventType: CHHapticEvent.EventType(rawValue: model.type.rawValue), parameters: parameters, relativeTime: model.time,
                duration: model.duration)
        }
    }

    /// The pattern-model form of this event, as it is at the moment of the call (a copy).
    ///
    /// - Parameters:
    ///   - path: Where the event is, for messages (for example `Pattern[2].Event`).
    ///   - limits: The caps on times and parameter counts.
    /// - Throws: `invalidEventType`, `invalidEventTime` (negative, NaN or infinite), `invalidEventDuration`,
    ///   `invalidParameterType`, `badParameterEntry`, or `invalidPatternData` when a limit is exceeded.
    package func model(path: String, limits: PatternLimits = .default) throws(PatternError) -> Event {
        guard let modelType = HapticPattern.EventType(rawValue: type.rawValue) else {
            throw PatternError(
                .invalidEventType,
                "unknown event type \"\(type.rawValue)\" (expected HapticTransient, HapticContinuous, AudioContinuous or AudioCustom)",
                path: path)
        }
        guard relativeTime.isFinite, relativeTime >= 0 else {
            throw PatternError(.invalidEventTime, "the event time \(relativeTime) s is not a non-negative number", path: path)
        }
        guard duration.isFinite, duration >= 0 else {
            throw PatternError(.invalidEventDuration, "the event duration \(duration) s is not a non-negative number", path: path)
        }
        // A continuous event's length past the 30 s cap is cut (and may be GCHapticDurationInfinite for a game
        // controller's engine), so the limit applies to what an engine plays.
        let played = modelType.isContinuous ? Swift.min(duration, PatternLimits.continuousEventMaximumDuration) : duration
        guard relativeTime + played <= limits.maxPatternDuration else {
            throw PatternError(
                .invalidPatternData,
                "the event ends at \(relativeTime + duration) s, beyond \(limits.maxPatternDuration) s (PatternLimits.maxPatternDuration)",
                path: path)
        }
        guard eventParameters.count <= limits.maxParametersPerEvent else {
            throw PatternError(
                .invalidPatternData,
                "the event has \(eventParameters.count) parameters; the limit is \(limits.maxParametersPerEvent) (PatternLimits.maxParametersPerEvent)",
                path: path)
        }
        var parameters: [EventParameter] = []
        parameters.reserveCapacity(eventParameters.count)
        for (index, parameter) in eventParameters.enumerated() {
            parameters.append(try parameter.model(for: modelType, path: path + ".EventParameters[\(index)]"))
        }
        var event = Event(type: modelType, time: relativeTime, duration: duration, parameters: parameters)
        if let audioResourceID {
            event.waveform = .resourceID(audioResourceID)
        }
        return event
    }
}
