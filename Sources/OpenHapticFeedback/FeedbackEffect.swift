import HapticPattern

/// One standard feedback from the pattern library: a name and the haptic pattern that plays it.
///
/// Every public entry point (the UIKit generators, `WKInterfaceDevice`, `NSHapticFeedbackManager`,
/// ``SensoryFeedback`` and its triggers) resolves to a `FeedbackEffect` and hands it to a ``FeedbackCenter``,
/// which applies the preferences and rate limits and passes what remains to a ``FeedbackOutput``.
///
///     let success = FeedbackEffect.named("success")!
///     print(success.pattern.events.count)   // 2
///
/// Thread safety: a value type; share freely.
public struct FeedbackEffect: Sendable, Hashable, CustomStringConvertible {
    /// The library name, for example `"success"` or `"impact-heavy"` (see ``FeedbackLibrary/names``).
    public let name: String
    /// The pattern at full strength (intensity scale 1).
    public let pattern: Pattern

    /// Creates an effect from any pattern, for apps that add their own feedback to a ``FeedbackCenter``.
    ///
    ///     let thud = FeedbackEffect(name: "thud", pattern: Pattern(events: [Event(type: .hapticTransient, time: 0)]))
    ///
    /// - Parameters:
    ///   - name: a short identifier, used for coalescing (repeats of the same name merge) and in trigger logs.
    ///   - pattern: the pattern played at intensity scale 1.
    public init(name: String, pattern: Pattern) {
        self.name = name
        self.pattern = pattern
    }

    /// The library effect called `name`, or `nil` if the library has none.
    ///
    ///     let tick = FeedbackEffect.named("selection")
    ///
    /// - Parameter name: a name from ``FeedbackLibrary/names``.
    /// - Returns: the effect, or `nil`.
    public static func named(_ name: String) -> FeedbackEffect? {
        FeedbackLibrary.effect(named: name)
    }

    /// The pattern with every haptic intensity and audio volume multiplied by `scale` (clamped to 0 … 1).
    ///
    /// This is how intensity is applied everywhere (`impactOccurred(intensity:)`, the user's intensity
    /// preference): scaling the events themselves is exact from the first sample, where a dynamic intensity
    /// control would ramp in over a few milliseconds.
    ///
    ///     let half = FeedbackEffect.named("impact-heavy")!.scaledPattern(by: 0.5)
    ///
    /// - Parameter scale: the factor, 0 … 1.
    /// - Returns: the scaled pattern (the same pattern when `scale` is 1).
    public func scaledPattern(by scale: Double) -> Pattern {
        let factor = Float(Swift.min(Swift.max(scale, 0), 1))
        if factor == 1 { return pattern }
        var scaled = pattern
        scaled.entries = pattern.entries.map { entry in
            guard case .event(var event) = entry else { return entry }
            for id in [EventParameterID.hapticIntensity, .audioVolume] where event.type.applicableParameters.contains(id) {
                let value = event.value(of: id) * factor
                event.parameters.removeAll { $0.id == id }
                event.parameters.append(EventParameter(id, value))
            }
            return .event(event)
        }
        return scaled
    }

    /// The effect's name.
    public var description: String { name }
}
