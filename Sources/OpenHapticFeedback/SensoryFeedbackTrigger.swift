/// Plays feedback when a value changes: the framework-neutral form of SwiftUI's `.sensoryFeedback` modifiers,
/// with the same three shapes.
///
/// Keep a trigger next to the state it watches and hand it each new value (from a setter, a `didSet`, a reducer,
/// a game loop); it compares with the previous value (`Equatable`) and plays only on a change.
///
///     // .sensoryFeedback(.selection, trigger: index)
///     let tick = SensoryFeedbackTrigger(.selection, trigger: index)
///     tick.update(newIndex)
///
///     // .sensoryFeedback(.impact, trigger: speed) { old, new in new > old }
///     let faster = SensoryFeedbackTrigger(.impact, trigger: speed) { old, new in new > old }
///
///     // .sensoryFeedback(trigger: result) { old, new in new.isError ? .error : .success }
///     let outcome = SensoryFeedbackTrigger(trigger: result) { old, new in new.isError ? .error : nil }
///
/// For `@Observable` models, ``ObservedSensoryFeedback`` does the watching for you.
///
/// Thread safety: not thread-safe; use a trigger from one thread or actor, like the view state it mirrors.
public final class SensoryFeedbackTrigger<Value: Equatable> {
    private var value: Value
    private let choose: (Value, Value) -> SensoryFeedback?
    /// The center feedback is played on (``FeedbackCenter/current`` when the trigger was created).
    public let center: FeedbackCenter

    /// Plays `feedback` whenever the value changes.
    ///
    /// - Parameters:
    ///   - feedback: what to play.
    ///   - trigger: the initial value (no feedback plays for it).
    ///   - center: where to play.
    public init(_ feedback: SensoryFeedback, trigger: Value, center: FeedbackCenter = FeedbackCenter.current) {
        self.value = trigger
        self.center = center
        self.choose = { _, _ in feedback }
    }

    /// Plays `feedback` when the value changes and `condition(oldValue, newValue)` is true.
    ///
    /// - Parameters:
    ///   - feedback: what to play.
    ///   - trigger: the initial value.
    ///   - center: where to play.
    ///   - condition: decides, from the old and new values, whether to play.
    public init(
        _ feedback: SensoryFeedback, trigger: Value, center: FeedbackCenter = FeedbackCenter.current,
        condition: @escaping (_ oldValue: Value, _ newValue: Value) -> Bool
    ) {
        self.value = trigger
        self.center = center
        self.choose = { old, new in condition(old, new) ? feedback : nil }
    }

    /// Plays whatever `feedback(oldValue, newValue)` returns when the value changes (`nil` plays nothing).
    ///
    /// - Parameters:
    ///   - trigger: the initial value.
    ///   - center: where to play.
    ///   - feedback: chooses the feedback from the old and new values.
    public init(
        trigger: Value, center: FeedbackCenter = FeedbackCenter.current,
        _ feedback: @escaping (_ oldValue: Value, _ newValue: Value) -> SensoryFeedback?
    ) {
        self.value = trigger
        self.center = center
        self.choose = feedback
    }

    /// Plays whatever `feedback()` returns when the value changes (`nil` plays nothing).
    ///
    /// - Parameters:
    ///   - trigger: the initial value.
    ///   - center: where to play.
    ///   - feedback: chooses the feedback.
    public init(
        trigger: Value, center: FeedbackCenter = FeedbackCenter.current, _ feedback: @escaping () -> SensoryFeedback?
    ) {
        self.value = trigger
        self.center = center
        self.choose = { _, _ in feedback() }
    }

    /// The last value seen.
    public var trigger: Value { value }

    /// Takes a new value: if it differs from the last one, chooses and plays the feedback.
    ///
    ///     trigger.update(model.count)
    ///
    /// - Parameter newValue: the new value.
    /// - Returns: the center's decision, or `nil` when nothing was asked to play (no change, or the condition or
    ///   closure said no).
    @discardableResult
    public func update(_ newValue: Value) -> FeedbackDecision? {
        let oldValue = value
        guard oldValue != newValue else { return nil }
        value = newValue
        guard let feedback = choose(oldValue, newValue) else { return nil }
        return center.play(feedback)
    }
}
