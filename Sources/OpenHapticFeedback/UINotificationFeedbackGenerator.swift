import Foundation

/// Plays the outcome of a task: success, warning or error (library patterns `success`, `warning`, `error`).
///
///     let generator = UINotificationFeedbackGenerator()
///     generator.prepare()
///     generator.notificationOccurred(.success)
///
/// Use each type only for its meaning (the HIG's "use system feedback consistently"); `haptic lint` flags trigger
/// logs where one type is used for opposite outcomes.
///
/// - Note: Differences from UIKit: not `@MainActor` (see ``UIFeedbackGenerator``); no `init(view:)` (there is no
///   `UIView`: use ``init()``). ``notificationOccurred(_:at:)`` plays like ``notificationOccurred(_:)``.
///
/// Thread safety: any thread.
open class UINotificationFeedbackGenerator: UIFeedbackGenerator, @unchecked Sendable {
    /// Creates a notification generator (``UIFeedbackGenerator/prepare()`` gets all three patterns ready).
    public override init() {
        effects = FeedbackType.allCases.map { Self.libraryEffect($0.patternName) }
        super.init()
    }

    /// The success, warning and error patterns, by raw value.
    private let effects: [FeedbackEffect]

    override var preparedEffects: [FeedbackEffect] { effects }

    /// Plays the pattern for an outcome.
    ///
    /// - Parameter notificationType: success, warning or error.
    open func notificationOccurred(_ notificationType: FeedbackType) {
        play(effects[notificationType.rawValue])
    }

    /// Plays the pattern for an outcome, for a touch at `location` (iOS 17.5).
    ///
    /// The location does not choose the device here: the pattern plays on the generator's center, like
    /// ``notificationOccurred(_:)`` (see "Where a location plays" in ``UIFeedbackGenerator``).
    ///
    ///     generator.notificationOccurred(.success, at: dropPoint)
    ///
    /// - Parameters:
    ///   - notificationType: success, warning or error.
    ///   - location: where the outcome happened, in the view's coordinates; accepted and not used.
    open func notificationOccurred(_ notificationType: FeedbackType, at location: CGPoint) {
        notificationOccurred(notificationType)
    }
}
