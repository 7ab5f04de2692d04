/// The Swift 4 name of ``UINotificationFeedbackGenerator/FeedbackType``, as UIKit keeps it for code built in Swift 4
/// mode.
///
///     // Swift 4 mode:
///     UINotificationFeedbackGenerator().notificationOccurred(UINotificationFeedbackType.success)
///
/// In Swift 4.2 and later modes the compiler refuses the old name and offers the new one, as it does with UIKit.
@available(swift, obsoleted: 4.2, renamed: "UINotificationFeedbackGenerator.FeedbackType")
public typealias UINotificationFeedbackType = UINotificationFeedbackGenerator.FeedbackType
