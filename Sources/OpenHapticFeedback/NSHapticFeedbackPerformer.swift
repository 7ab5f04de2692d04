import Foundation

/// Something that performs macOS feedback patterns; get one from ``NSHapticFeedbackManager/defaultPerformer``.
///
///     let performer = NSHapticFeedbackManager.defaultPerformer
///     performer.perform(.levelChange, performanceTime: .default)
///
/// It refines `NSObjectProtocol`, as in AppKit, so a test double is an `NSObject` subclass:
///
///     final class PerformerSpy: NSObject, NSHapticFeedbackPerformer {
///         var patterns: [NSHapticFeedbackManager.FeedbackPattern] = []
///         func perform(_ pattern: NSHapticFeedbackManager.FeedbackPattern,
///                      performanceTime: NSHapticFeedbackManager.PerformanceTime) { patterns.append(pattern) }
///     }
public protocol NSHapticFeedbackPerformer: NSObjectProtocol {
    /// Plays a feedback pattern.
    ///
    /// - Parameters:
    ///   - pattern: generic, alignment or levelChange.
    ///   - performanceTime: when to play it (here every value plays at once; see ``NSHapticFeedbackManager``).
    func perform(_ pattern: NSHapticFeedbackManager.FeedbackPattern, performanceTime: NSHapticFeedbackManager.PerformanceTime)
}
