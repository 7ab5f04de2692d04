import Foundation
import HapticPattern

/// A control value that changes, at a point in time, how every playing and future event of a player feels.
///
/// A dynamic parameter changes abruptly at its time; use ``CHHapticParameterCurve`` for a gradual change. Put them
/// in a pattern with ``CHHapticPattern/init(events:parameters:)``, or send them to a running player.
///
///     let softer = CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.3, relativeTime: 0.5)
///     let pattern = try CHHapticPattern(events: events, parameters: [softer])
open class CHHapticDynamicParameter: NSObject {
    /// Which control this is.
    public let parameterID: CHHapticDynamicParameter.ID

    /// The control's value; intensity and volume controls multiply (0 … 1), the others add (-1 … 1).
    open var value: Float

    /// The time in seconds, relative to the start of the pattern (or to the `atTime` of a player call).
    open var relativeTime: TimeInterval

    /// Creates a dynamic parameter.
    ///
    /// - Parameters:
    ///   - parameterID: Which control.
    ///   - value: The control's value (clamped to its range when played).
    ///   - time: When the value takes effect, in seconds relative to the pattern start.
    public init(parameterID: CHHapticDynamicParameter.ID, value: Float, relativeTime time: TimeInterval) {
        self.parameterID = parameterID
        self.value = value
        self.relativeTime = time
    }

    /// Creates a dynamic parameter from its pattern-model form.
    ///
    /// - Parameter model: The parameter.
    package convenience init(model: DynamicParameter) {
        self.init(parameterID: CHHapticDynamicParameter.ID(rawValue: model.id.rawValue), value: model.value, relativeTime: model.time)
    }

    /// The pattern-model form of this parameter, as it is at the moment of the call (a copy).
    ///
    /// - Parameters:
    ///   - path: Where the parameter is, for messages (for example `Pattern[3].Parameter`); built only for an error,
    ///     so that `sendParameters` formats no string on its way to the device.
    ///   - limits: The cap on times.
    /// - Throws: `invalidParameterType` for an unknown ID, `invalidEventTime` for a negative, NaN or infinite time,
    ///   `badParameterEntry` for a NaN value, `invalidPatternData` beyond `limits.maxPatternDuration`.
    package func model(path: @autoclosure () -> String, limits: PatternLimits = .default) throws(PatternError) -> DynamicParameter {
        let id = try CHHapticDynamicParameter.modelID(parameterID, path: path())
        guard relativeTime.isFinite, relativeTime >= 0 else {
            throw PatternError(.invalidEventTime, "the parameter time \(relativeTime) s is not a non-negative number", path: path())
        }
        guard relativeTime <= limits.maxPatternDuration else {
            throw PatternError(
                .invalidPatternData,
                "the parameter time \(relativeTime) s is beyond \(limits.maxPatternDuration) s (PatternLimits.maxPatternDuration)",
                path: path())
        }
        guard !value.isNaN else {
            throw PatternError(.badParameterEntry, "the value of \(id.rawValue) is NaN", path: path())
        }
        return DynamicParameter(id: id, value: value, time: relativeTime)
    }

    /// The pattern-model ID for `id`, or `invalidParameterType` when Core Haptics does not know it.
    package static func modelID(_ id: CHHapticDynamicParameter.ID, path: @autoclosure () -> String) throws(PatternError)
        -> DynamicParameterID
    {
        guard let modelID = id.model else {
            let hint =
                EventParameterID(rawValue: id.rawValue) != nil
                ? " (it is an event parameter; the control is \(id.rawValue)Control)" : ""
            throw PatternError(.invalidParameterType, "unknown dynamic parameter \"\(id.rawValue)\"\(hint)", path: path())
        }
        return modelID
    }
}
