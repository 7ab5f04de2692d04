/// A haptic and audio pattern: the value every layer above works from.
///
/// Entries keep their authored order (AHAP allows events, parameters and curves in any order), so that writing a
/// pattern back reproduces it. Use ``events``, ``parameters`` and ``curves`` for the typed views.
///
///     var pattern = Pattern(entries: [.event(Event(type: .hapticTransient, time: 0))])
///     pattern.entries.append(.parameter(DynamicParameter(id: .hapticIntensityControl, value: 0.5, time: 0.2)))
public struct Pattern: Sendable, Hashable {
    /// One element of the AHAP `Pattern` array.
    public enum Entry: Sendable, Hashable {
        /// An `Event` entry.
        case event(Event)
        /// A `Parameter` entry (a dynamic parameter).
        case parameter(DynamicParameter)
        /// A `ParameterCurve` entry.
        case curve(ParameterCurve)
    }

    /// The AHAP `Version`, when the source gave one (Core Haptics accepts 1.0 … 1.1).
    public var version: Double?
    /// The AHAP `Metadata` object, kept verbatim (Core Haptics ignores it).
    public var metadata: AHAPValue?
    /// The entries in authored order.
    public var entries: [Entry]

    /// Creates a pattern.
    public init(version: Double? = nil, metadata: AHAPValue? = nil, entries: [Entry] = []) {
        self.version = version
        self.metadata = metadata
        self.entries = entries
    }

    /// Creates a pattern from typed lists (events first, then parameters, then curves).
    public init(events: [Event], parameters: [DynamicParameter] = [], curves: [ParameterCurve] = []) {
        self.init(entries: events.map(Entry.event) + parameters.map(Entry.parameter) + curves.map(Entry.curve))
    }

    /// The events, in authored order.
    public var events: [Event] {
        entries.compactMap { if case .event(let e) = $0 { return e } else { return nil } }
    }

    /// The dynamic parameters, in authored order.
    public var parameters: [DynamicParameter] {
        entries.compactMap { if case .parameter(let p) = $0 { return p } else { return nil } }
    }

    /// The parameter curves, in authored order.
    public var curves: [ParameterCurve] {
        entries.compactMap { if case .curve(let c) = $0 { return c } else { return nil } }
    }

    /// The pattern's length in seconds: the latest of every event's start plus its ``Event/fullDuration`` (which
    /// includes release tails), every parameter's time, and every curve's last control point.
    ///
    /// A custom-audio event without an `EventDuration` lasts as long as its audio, which this value model cannot know
    /// (it reads no files): here it counts as 0. Use ``duration(audioDurations:continuousCap:)`` with the lengths of the decoded
    /// resources to include them.
    public var duration: Double { duration(audioDurations: [:]) }

    /// The pattern's length in seconds, counting each custom-audio event for the length of its audio.
    ///
    /// Like ``duration``, but an ``EventType/audioCustom`` event lasts ``Event/fullDuration(audioDuration:continuousCap:)``: its
    /// `EventDuration` when it has one (longer audio is cut, shorter audio padded with silence), otherwise the length
    /// of its resource from `audioDurations`. Resources missing from `audioDurations` count as 0.
    ///
    ///     let sound = Event(type: .audioCustom, time: 0.2, waveform: .path("Knock.wav"))
    ///     Pattern(events: [sound]).duration(audioDurations: [.path("Knock.wav"): 0.3])   // 0.5
    ///
    /// - Parameters:
    ///   - audioDurations: The length in seconds of each custom-audio resource, by waveform.
    ///   - continuousCap: How long continuous events play (30 s; a game controller's engine plays them longer).
    /// - Returns: The length in seconds.
    public func duration(
        audioDurations: [WaveformSource: Double], continuousCap: Double = PatternLimits.continuousEventMaximumDuration
    ) -> Double {
        var end = 0.0
        for entry in entries {
            switch entry {
            case .event(let e):
                let audioDuration = e.waveform.flatMap { audioDurations[$0] }
                end = Swift.max(end, e.time + e.fullDuration(audioDuration: audioDuration, continuousCap: continuousCap))
            case .parameter(let p): end = Swift.max(end, p.time)
            case .curve(let c): end = Swift.max(end, c.endTime)
            }
        }
        return end
    }

    /// The end of the last event (not counting parameters or curves): the default loop end of an advanced player.
    public var lastEventEnd: Double { lastEventEnd(continuousCap: PatternLimits.continuousEventMaximumDuration) }

    /// ``lastEventEnd`` with continuous events capped at `continuousCap` seconds.
    public func lastEventEnd(continuousCap: Double) -> Double {
        events.reduce(0) { Swift.max($0, $1.time + $1.fullDuration(continuousCap: continuousCap)) }
    }
}
