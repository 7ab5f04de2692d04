import Observation

/// Plays feedback when a value read from `@Observable` models changes: `.sensoryFeedback` for code without
/// SwiftUI, built on the Observation module's `Observations` sequence.
///
/// The `trigger` closure reads whatever it likes from observable models; whenever one of those properties
/// changes, the closure runs again (on the actor it was formed on) and, if its result differs from the previous
/// one, the feedback is chosen exactly as ``SensoryFeedbackTrigger`` does. Keep the returned object for as long as
/// the feedback should play; ``cancel()`` or releasing it stops watching.
///
///     @Observable @MainActor final class Cart { var items = 0; var lastError: String? }
///
///     let cart = Cart()
///     let added = await ObservedSensoryFeedback(.impact(weight: .light), trigger: { cart.items })
///     let failed = await ObservedSensoryFeedback(trigger: { cart.lastError }) { _, new in new == nil ? nil : .error }
///     cart.items += 1   // a light impact plays shortly after
///
/// Changes made together (within one turn of the actor) are seen once, with the final value, as SwiftUI sees
/// them when it next renders.
///
/// Thread safety: any thread. The trigger runs on its own isolation; feedback plays on the captured center.
@available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
public final class ObservedSensoryFeedback: Sendable {
    private let task: Task<Void, Never>

    /// Plays `feedback` whenever the observed value changes.
    ///
    /// - Parameters:
    ///   - feedback: what to play.
    ///   - trigger: reads the value from observable models.
    ///   - center: where to play.
    public convenience init<Value: Equatable & Sendable>(
        _ feedback: SensoryFeedback, @_inheritActorContext trigger: @escaping @isolated(any) @Sendable () -> Value,
        center: FeedbackCenter = FeedbackCenter.current
    ) async {
        await self.init(trigger: trigger, center: center) { _, _ in feedback }
    }

    /// Plays `feedback` when the observed value changes and `condition(oldValue, newValue)` is true.
    ///
    /// - Parameters:
    ///   - feedback: what to play.
    ///   - trigger: reads the value from observable models.
    ///   - center: where to play.
    ///   - condition: decides, from the old and new values, whether to play.
    public convenience init<Value: Equatable & Sendable>(
        _ feedback: SensoryFeedback, @_inheritActorContext trigger: @escaping @isolated(any) @Sendable () -> Value,
        center: FeedbackCenter = FeedbackCenter.current,
        condition: @escaping @Sendable (_ oldValue: Value, _ newValue: Value) -> Bool
    ) async {
        await self.init(trigger: trigger, center: center) { old, new in condition(old, new) ? feedback : nil }
    }

    /// Plays whatever `feedback(oldValue, newValue)` returns when the observed value changes (`nil` plays
    /// nothing).
    ///
    /// The initializer reads the starting value before it returns, so a change made right after it is seen.
    ///
    /// - Parameters:
    ///   - trigger: reads the value from observable models.
    ///   - center: where to play.
    ///   - feedback: chooses the feedback from the old and new values.
    public init<Value: Equatable & Sendable>(
        @_inheritActorContext trigger: @escaping @isolated(any) @Sendable () -> Value, center: FeedbackCenter = FeedbackCenter.current,
        _ feedback: @escaping @Sendable (_ oldValue: Value, _ newValue: Value) -> SensoryFeedback?
    ) async {
        let initial = await trigger()
        let values = Observations(trigger)
        task = Task {
            var previous = initial
            for await value in values {
                if Task.isCancelled { break }
                guard value != previous else { continue }
                let old = previous
                previous = value
                if let chosen = feedback(old, value) { center.play(chosen) }
            }
        }
    }

    /// Stops watching; no more feedback plays.
    public func cancel() {
        task.cancel()
    }

    deinit {
        task.cancel()
    }
}
