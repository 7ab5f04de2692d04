/// Something that performs macOS feedback patterns; get one from ``NSHapticFeedbackManager/defaultPerformer``.
///
///     let performer = NSHapticFeedbackManager.defaultPerformer
///     performer.perform(.levelChange, performanceTime: .default)
///
/// - Note: Differences from AppKit: the protocol refines `AnyObject` and `Sendable` instead of `NSObjectProtocol`.
public protocol NSHapticFeedbackPerformer: AnyObject, Sendable {
    /// Plays a feedback pattern.
    ///
    /// - Parameters:
    ///   - pattern: generic, alignment or levelChange.
    ///   - performanceTime: when to play it (here every value plays at once; see ``NSHapticFeedbackManager``).
    func perform(_ pattern: NSHapticFeedbackManager.FeedbackPattern, performanceTime: NSHapticFeedbackManager.PerformanceTime)
}
