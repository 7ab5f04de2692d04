/// Plays the outcome of a task: success, warning or error (library patterns `success`, `warning`, `error`).
///
///     let generator = UINotificationFeedbackGenerator()
///     generator.prepare()
///     generator.notificationOccurred(.success)
///
/// Use each type only for its meaning (the HIG's "use system feedback consistently"); `haptic lint` flags trigger
/// logs where one type is used for opposite outcomes.
///
/// - Note: Differences from UIKit: not `@MainActor` (see ``UIFeedbackGenerator``).
///
/// Thread safety: any thread.
public final class UINotificationFeedbackGenerator: UIFeedbackGenerator, @unchecked Sendable {
    /// Creates a notification generator (``UIFeedbackGenerator/prepare()`` gets all three patterns ready).
    public init() {
        super.init(effects: FeedbackType.allCases.map { Self.libraryEffect($0.patternName) })
    }

    /// Plays the pattern for an outcome.
    ///
    /// - Parameter notificationType: success, warning or error.
    public func notificationOccurred(_ notificationType: FeedbackType) {
        play(preparedEffects[notificationType.rawValue])
    }
}
