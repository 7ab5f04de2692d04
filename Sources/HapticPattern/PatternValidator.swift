/// Checks that need the whole event, beyond what the reader checks entry by entry: the conditions under which
/// Core Haptics accepts a pattern but refuses to make a player for it.
///
///     for error in PatternValidator.playabilityErrors(in: pattern) { print(error) }
public enum PatternValidator {
    /// Errors that make `pattern` unplayable, each with the index of the offending entry.
    ///
    /// - A sustained continuous event (haptic or audio) needs a duration greater than 0
    ///   (``HapticErrorCode/invalidEventDuration``).
    /// - A looping custom-audio event needs a duration greater than 0 (``HapticErrorCode/invalidEventDuration``).
    /// - Times and values must be finite and times non-negative: ``HapticErrorCode/invalidEventTime`` for events,
    ///   ``HapticErrorCode/badParameterEntry`` for parameters and curves (the same codes the reader uses); the reader
    ///   guarantees this for text, code can still build NaN.
    public static func playabilityErrors(in pattern: Pattern) -> [(entry: Int, error: PatternError)] {
        var errors: [(entry: Int, error: PatternError)] = []
        for (index, entry) in pattern.entries.enumerated() {
            switch entry {
            case .event(let event):
                func path() -> String { "Pattern[\(index)].Event" }
                if !event.time.isFinite || event.time < 0 {
                    errors.append(
                        (index, PatternError(.invalidEventTime, "event time \(event.time) s is not a non-negative number", path: path())))
                }
                if !event.duration.isFinite || event.duration < 0 {
                    errors.append(
                        (
                            index,
                            PatternError(
                                .invalidEventDuration, "event duration \(event.duration) s is not a non-negative number", path: path())
                        ))
                } else if event.type.isContinuous && event.isSustained && event.duration == 0 {
                    errors.append(
                        (
                            index,
                            PatternError(
                                .invalidEventDuration,
                                "a sustained \(event.type.rawValue) event needs an EventDuration greater than 0 (or set Sustained to 0)",
                                path: path())
                        ))
                } else if event.type == .audioCustom && event.waveformLoopEnabled == true && event.duration == 0 {
                    errors.append(
                        (
                            index,
                            PatternError(
                                .invalidEventDuration, "a looping AudioCustom event needs an EventDuration greater than 0", path: path())
                        ))
                }
                for (p, parameter) in event.parameters.enumerated() where parameter.value.isNaN {
                    errors.append(
                        (
                            index,
                            PatternError(.badParameterEntry, "\(parameter.id.rawValue) is NaN", path: path() + ".EventParameters[\(p)]")
                        ))
                }
                for parameter in event.parameters where !event.type.accepts(parameter.id) {
                    errors.append(
                        (
                            index,
                            PatternError(
                                .invalidParameterType, "\(parameter.id.rawValue) does not apply to \(event.type.rawValue) events",
                                path: path())
                        ))
                }
                if event.type == .audioCustom && event.waveform == nil {
                    errors.append((index, PatternError(.invalidAudioResource, "an AudioCustom event needs a waveform", path: path())))
                }
            case .parameter(let parameter):
                func path() -> String { "Pattern[\(index)].Parameter" }
                if !parameter.time.isFinite || parameter.time < 0 {
                    errors.append(
                        (
                            index,
                            PatternError(
                                .badParameterEntry, "parameter time \(parameter.time) s is not a non-negative number", path: path())
                        ))
                }
                if parameter.value.isNaN {
                    errors.append((index, PatternError(.badParameterEntry, "\(parameter.id.rawValue) is NaN", path: path())))
                }
            case .curve(let curve):
                func path() -> String { "Pattern[\(index)].ParameterCurve" }
                if !curve.id.isCurvable {
                    errors.append((index, PatternError(.invalidParameterType, "\(curve.id.rawValue) cannot be curved", path: path())))
                }
                if !curve.time.isFinite || curve.time < 0 {
                    errors.append(
                        (index, PatternError(.badParameterEntry, "curve time \(curve.time) s is not a non-negative number", path: path())))
                }
                for (p, point) in curve.controlPoints.enumerated() where !point.time.isFinite || point.time < 0 || point.value.isNaN {
                    errors.append(
                        (
                            index,
                            PatternError(
                                .badParameterEntry, "control point (\(point.time) s, \(point.value)) is not valid",
                                path: path() + ".ParameterCurveControlPoints[\(p)]")
                        ))
                }
            }
        }
        return errors
    }
}
