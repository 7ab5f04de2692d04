/// The Swift 4 name of ``UIImpactFeedbackGenerator/FeedbackStyle``, as UIKit keeps it for code built in Swift 4 mode.
///
///     // Swift 4 mode (for example a library whose project still says SWIFT_VERSION = 4.0):
///     let style: UIImpactFeedbackStyle = .heavy
///
/// In Swift 4.2 and later modes the compiler refuses the old name and offers the new one, as it does with UIKit.
@available(swift, obsoleted: 4.2, renamed: "UIImpactFeedbackGenerator.FeedbackStyle")
public typealias UIImpactFeedbackStyle = UIImpactFeedbackGenerator.FeedbackStyle
