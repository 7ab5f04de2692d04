import HapticPattern

/// A pattern compiled once for rendering: immutable, shared by every player of the pattern.
///
/// Compiling validates the pattern the way Core Haptics does when it makes a player, then resolves everything the
/// render thread would otherwise have to compute or look up:
///
/// - events sorted by time (stable), parameter values defaulted and clamped to their ranges, continuous durations
///   capped at 30 s (`PatternLimits/continuousEventMaximumDuration`);
/// - dynamic parameters sorted by time and clamped to their control ranges;
/// - curves sorted by start time, their points sorted and clamped, ready to be read as linear segments;
/// - custom audio resolved to decoded ``AudioBuffer``s, which the program keeps alive.
///
/// The render thread reads a program through `Unmanaged<PatternProgram>` and never retains or releases it; see
/// ``MixerCommand`` for who owns the reference.
///
///     let program = try PatternProgram(pattern: pattern)
///     print(program.duration)
///
/// Thread safety: immutable after `init`; share freely. Real-time safety: `init` allocates; build programs on a
/// control thread.
public final class PatternProgram: @unchecked Sendable {
    // @unchecked: every stored property is a `let`; the buffers are written only inside init.

    /// The pattern's length in seconds, including release tails (same as `HapticPattern/Pattern/duration`).
    public let duration: Double
    /// The end of the last event: the default loop end of an advanced player (`HapticPattern/Pattern/lastEventEnd`).
    public let lastEventEnd: Double
    /// When the last sound ends, in seconds: ``duration``, or later when custom audio without an `EventDuration`
    /// plays its whole resource past the pattern's end (Core Haptics: duration 0 means the resource's length).
    public let soundingDuration: Double
    /// Number of events.
    public let eventCount: Int
    /// The intensity and sharpness of the program's first haptic event when it is a transient (what a motor plays at
    /// its onset, before controls and curves), or `nil`: devices that arm their onset ahead of need use it.
    public let firstTransient: (intensity: Float, sharpness: Float)?
    /// Whether the program opens with ``firstTransient`` at time 0, alone: no other haptic event at that time and no
    /// dynamic parameter or curve that could change it — then the moment the program starts is that onset, which a
    /// device may start ahead of the render thread.
    public let opensWithTransient: Bool
    /// Number of dynamic-parameter entries.
    public let parameterCount: Int
    /// Number of curves.
    public let curveCount: Int

    let events: UnsafeMutableBufferPointer<ProgramEvent>
    let parameters: UnsafeMutableBufferPointer<ProgramParameter>
    let curves: UnsafeMutableBufferPointer<ProgramCurve>
    let points: UnsafeMutableBufferPointer<CurvePoint>
    /// Keeps the custom-audio samples alive for as long as the program lives.
    let audio: [AudioBuffer]
    /// The pointers the render thread copies into a player slot.
    let view: ProgramView

    /// Compiles `pattern`.
    ///
    /// - Parameters:
    ///   - pattern: the pattern; it is validated first.
    ///   - audio: decoded samples for the pattern's `HapticPattern/EventType/audioCustom` events, by waveform.
    ///   - limits: caps for untrusted input; events may not reach past `PatternLimits/maxPatternDuration`.
    ///   - continuousDurationCap: how long continuous events may play: Core Haptics' 30 s
    ///     (`PatternLimits/continuousEventMaximumDuration`), or longer for a game controller's engine, whose
    ///     continuous events may last `GCHapticDurationInfinite`.
    /// - Throws: `PatternError`: the first playability error (`HapticPattern/PatternValidator`), for example
    ///   `HapticErrorCode/invalidEventDuration` for a sustained continuous event without a duration or an event
    ///   that ends past the limit, `HapticErrorCode/badParameterEntry` for NaN values, and
    ///   `HapticErrorCode/invalidAudioResource` for a custom-audio event whose waveform is missing from `audio`.
    public init(
        pattern: Pattern, audio: [WaveformSource: AudioBuffer] = [:], limits: PatternLimits = .default,
        continuousDurationCap: Double = PatternLimits.continuousEventMaximumDuration
    ) throws(PatternError) {
        if let first = PatternValidator.playabilityErrors(in: pattern).first { throw first.error }

        var compiled: [ProgramEvent] = []
        var keepAlive: [AudioBuffer] = []
        for (index, entry) in pattern.entries.enumerated() {
            guard case .event(let event) = entry else { continue }
            let path = "Pattern[\(index)].Event"
            let end = event.time + event.fullDuration(continuousCap: continuousDurationCap)
            if end > limits.maxPatternDuration {
                throw PatternError(
                    .invalidEventDuration,
                    "the event ends at \(end) s, past the limit of \(limits.maxPatternDuration) s (PatternLimits.maxPatternDuration)",
                    path: path)
            }
            var compiledEvent = ProgramEvent(
                kind: .transient, time: event.time, duration: event.playbackDuration(continuousCap: continuousDurationCap),
                level: 0, sharpness: 0, pan: 0, brightness: 1,
                attack: event.value(of: .attackTime), decay: event.value(of: .decayTime),
                release: event.value(of: .releaseTime), sustained: event.isSustained,
                loops: event.waveformLoopEnabled ?? false, usesVolumeEnvelope: event.waveformUsesVolumeEnvelope ?? true,
                samples: nil, sampleFrameCount: 0, sampleChannelCount: 0, sampleRate: 0)
            switch event.type {
            case .hapticTransient:
                compiledEvent.kind = .transient
                compiledEvent.level = event.value(of: .hapticIntensity)
                compiledEvent.sharpness = event.value(of: .hapticSharpness)
            case .hapticContinuous:
                compiledEvent.kind = .hapticContinuous
                compiledEvent.level = event.value(of: .hapticIntensity)
                compiledEvent.sharpness = event.value(of: .hapticSharpness)
            case .audioContinuous, .audioCustom:
                compiledEvent.kind = event.type == .audioContinuous ? .audioContinuous : .audioCustom
                compiledEvent.level = event.value(of: .audioVolume)
                compiledEvent.sharpness = event.value(of: .audioPitch)
                compiledEvent.pan = event.value(of: .audioPan)
                compiledEvent.brightness = event.value(of: .audioBrightness)
            }
            if event.type == .audioCustom {
                guard let source = event.waveform, let buffer = audio[source] else {
                    throw PatternError(
                        .invalidAudioResource, "no decoded audio was supplied for waveform \(String(describing: event.waveform))",
                        path: path)
                }
                keepAlive.append(buffer)
                compiledEvent.samples = UnsafePointer(buffer.storage.baseAddress)
                compiledEvent.sampleFrameCount = buffer.frameCount
                compiledEvent.sampleChannelCount = buffer.channelCount
                compiledEvent.sampleRate = buffer.sampleRate
            }
            compiled.append(compiledEvent)
        }
        // Stable sort by time: events at the same time keep their authored order.
        compiled = compiled.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)

        var compiledParameters: [ProgramParameter] = pattern.parameters.map { parameter in
            let control = ControlIndex.of(parameter.id)
            return ProgramParameter(control: control, value: ControlIndex.clamp(control, parameter.value), time: parameter.time)
        }
        compiledParameters = compiledParameters.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)

        var compiledCurves: [ProgramCurve] = []
        var compiledPoints: [CurvePoint] = []
        let sortedCurves = pattern.curves.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        for curve in sortedCurves where !curve.controlPoints.isEmpty {
            let control = ControlIndex.of(curve.id)
            let curvePoints = curve.controlPoints.enumerated()
                .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
                .map { CurvePoint(time: $0.element.time, value: ControlIndex.clamp(control, $0.element.value)) }
            compiledCurves.append(
                ProgramCurve(
                    control: control, time: curve.time, firstPoint: compiledPoints.count, pointCount: curvePoints.count))
            compiledPoints.append(contentsOf: curvePoints)
        }

        events = Self.copy(compiled)
        parameters = Self.copy(compiledParameters)
        curves = Self.copy(compiledCurves)
        points = Self.copy(compiledPoints)
        self.audio = keepAlive
        duration = pattern.duration(audioDurations: [:], continuousCap: continuousDurationCap)
        soundingDuration = pattern.duration(audioDurations: audio.mapValues(\.duration), continuousCap: continuousDurationCap)
        lastEventEnd = pattern.lastEventEnd(continuousCap: continuousDurationCap)
        eventCount = compiled.count
        let haptic = compiled.lazy.filter { $0.kind == .transient || $0.kind == .hapticContinuous }
        firstTransient = haptic.first.flatMap { $0.kind == .transient ? ($0.level, $0.sharpness) : nil }
        opensWithTransient =
            firstTransient != nil && haptic.first?.time == 0 && !haptic.dropFirst().contains { $0.time <= 0 }
            && compiledParameters.isEmpty && compiledCurves.isEmpty
        parameterCount = compiledParameters.count
        curveCount = compiledCurves.count
        view = ProgramView(
            events: UnsafePointer(events.baseAddress), eventCount: compiled.count,
            parameters: UnsafePointer(parameters.baseAddress), parameterCount: compiledParameters.count,
            curves: UnsafePointer(curves.baseAddress), curveCount: compiledCurves.count,
            points: UnsafePointer(points.baseAddress), duration: duration, lastEventEnd: lastEventEnd)
        LiveObjectCounters.patternProgramMade()
    }

    deinit {
        LiveObjectCounters.patternProgramDestroyed()
        events.deallocate()
        parameters.deallocate()
        curves.deallocate()
        points.deallocate()
    }

    /// The start times of the compiled events, in playback order (for tests and tools).
    public var eventTimes: [Double] { events.prefix(eventCount).map(\.time) }

    private static func copy<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: Swift.max(array.count, 1))
        _ = buffer.initialize(from: array)
        return buffer
    }
}
