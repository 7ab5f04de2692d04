import Foundation
import HapticPattern

/// A value attached to one event, such as its intensity or sharpness.
///
/// Values outside the parameter's range are kept as given and clamped when the pattern plays.
///
///     let intensity = CHHapticEventParameter(parameterID: .hapticIntensity, value: 0.8)
///     let sharpness = CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.4)
///     let tap = CHHapticEvent(eventType: .hapticTransient, parameters: [intensity, sharpness], relativeTime: 0)
open class CHHapticEventParameter: NSObject {
    /// Which parameter this is.
    public let parameterID: CHHapticEvent.ParameterID

    /// The parameter's value. Changing it after a pattern was made does not change that pattern.
    open var value: Float

    /// Creates an event parameter.
    ///
    /// - Parameters:
    ///   - parameterID: Which parameter.
    ///   - value: Its value (clamped to the parameter's range when played).
    public init(parameterID: CHHapticEvent.ParameterID, value: Float) {
        self.parameterID = parameterID
        self.value = value
    }

    /// The pattern-model form of this parameter on an event of type `eventType`.
    ///
    /// - Parameters:
    ///   - eventType: The type of the event the parameter belongs to.
    ///   - path: Where the parameter is, for messages (for example `Pattern[0].Event.EventParameters[1]`).
    /// - Throws: `invalidParameterType` for an unknown ID or one that does not apply to `eventType`;
    ///   `badParameterEntry` for a NaN value.
    package func model(for eventType: EventType, path: String) throws(PatternError) -> EventParameter {
        guard let id = EventParameterID(rawValue: parameterID.rawValue) else {
            let hint =
                DynamicParameterID(rawValue: parameterID.rawValue) != nil
                ? " (it is a dynamic parameter: use CHHapticDynamicParameter)" : ""
            throw PatternError(.invalidParameterType, "unknown event parameter \"\(parameterID.rawValue)\"\(hint)", path: path)
        }
        guard eventType.accepts(id) else {
            throw PatternError(.invalidParameterType, "\(id.rawValue) does not apply to \(eventType.rawValue) events", path: path)
        }
        guard !value.isNaN else {
            throw PatternError(.badParameterEntry, "the value of \(id.rawValue) is NaN", path: path)
        }
        return EventParameter(id, value)
    }
}
