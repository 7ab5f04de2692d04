import HapticPattern

/// What the page needs to know of AHAP to edit it, taken from the pattern model rather than restated in
/// JavaScript: each event type's parameters with their ranges and defaults, and the dynamic parameters.
package struct StudioSchema: Encodable, Sendable {
    /// One parameter's ID and range.
    package struct Parameter: Encodable, Sendable {
        /// The AHAP `ParameterID`.
        package var id: String
        /// The smallest value.
        package var min: Float
        /// The largest value.
        package var max: Float
        /// The value when absent.
        package var defaultValue: Float
    }

    /// One event type and its parameters.
    package struct EventKind: Encodable, Sendable {
        /// The AHAP `EventType`.
        package var type: String
        /// Whether it is haptic (else audio).
        package var haptic: Bool
        /// Whether it has a duration of its own (continuous).
        package var continuous: Bool
        /// Its parameters.
        package var parameters: [Parameter]
    }

    /// The event types.
    package var events: [EventKind]
    /// The dynamic parameter IDs (for `Parameter` and `ParameterCurve` entries) and their ranges.
    package var dynamicParameters: [Parameter]
    /// The longest continuous event, seconds.
    package var continuousMaximumDuration: Double

    /// The schema of the pattern model.
    package init() {
        events = EventType.allCases.map { type in
            EventKind(
                type: type.rawValue, haptic: type.isHaptic, continuous: type.isContinuous,
                parameters: type.applicableParameters.map { id in
                    let range = id.range(for: type)
                    return Parameter(id: id.rawValue, min: range.minValue, max: range.maxValue, defaultValue: range.defaultValue)
                })
        }
        dynamicParameters = DynamicParameterID.allCases.map { id in
            Parameter(id: id.rawValue, min: id.range.minValue, max: id.range.maxValue, defaultValue: id.range.defaultValue)
        }
        continuousMaximumDuration = PatternLimits.continuousEventMaximumDuration
    }
}
