/// The Swift 4 name of ``NSHapticFeedbackManager/FeedbackPattern``, as AppKit keeps it for code built in Swift 4 mode.
///
///     // Swift 4 mode:
///     NSHapticFeedbackManager.defaultPerformer.perform(NSHapticFeedbackPattern.alignment, performanceTime: .now)
///
/// In Swift 4.2 and later modes the compiler refuses the old name and offers the new one, as it does with AppKit.
@available(swift, obsoleted: 4.2, renamed: "NSHapticFeedbackManager.FeedbackPattern")
public typealias NSHapticFeedbackPattern = NSHapticFeedbackManager.FeedbackPattern
