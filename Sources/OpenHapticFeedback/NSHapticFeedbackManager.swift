import Foundation

/// macOS's access point for trackpad-style feedback: ``defaultPerformer`` and its
/// ``NSHapticFeedbackPerformer/perform(_:performanceTime:)``, with AppKit's names.
///
///     NSHapticFeedbackManager.defaultPerformer.perform(.alignment, performanceTime: .now)
///
/// - Note: Differences from AppKit: there is no Cocoa drawing pass to wait for, so
///   ``PerformanceTime/default`` and ``PerformanceTime/drawCompleted`` play at once, like ``PerformanceTime/now``.
///   AppKit may suppress feedback when the user is not touching the trackpad; here the center's preferences and
///   rate limits decide. The performer plays on ``FeedbackCenter/current`` at the time of each call.
///
/// The class is an `open` `NSObject` subclass, as in AppKit.
open class NSHapticFeedbackManager: NSObject, @unchecked Sendable {
    // @unchecked: non-final for the AppKit class hierarchy; it has no state.

    private static let performer = DefaultPerformer()

    /// The performer to use for feedback patterns.
    open class var defaultPerformer: any NSHapticFeedbackPerformer { performer }

    /// Plays the library pattern for each AppKit feedback pattern.
    private final class DefaultPerformer: NSObject, NSHapticFeedbackPerformer, Sendable {
        func perform(_ pattern: FeedbackPattern, performanceTime: PerformanceTime) {
            // Core Haptics' AppKit counterpart waits for the next drawing pass for .default and .drawCompleted;
            // without a window server there is none, so every performance time means "now".
            FeedbackCenter.current.play(named: pattern.patternName)
        }
    }
}
