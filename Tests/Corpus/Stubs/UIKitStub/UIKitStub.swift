// UIKit's non-haptic part, for the compatibility corpus gate only (.ci/corpus.sh): `import UIKit` becomes
// `import OpenHapticFeedback; import UIKitStub`, so the feedback generators come from the project and the views,
// colours and application notifications the corpus files use beside them come from here. Nothing here plays haptics.
import Foundation

/// A colour (only the names the corpus uses).
open class UIColor {
    /// The red, green, blue and alpha components, 0 … 1.
    public let components: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)

    /// A colour from its components.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = (red, green, blue, alpha)
    }

    /// 50 % grey.
    open class var gray: UIColor { UIColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1) }

    /// 67 % grey.
    open class var lightGray: UIColor { UIColor(red: 2 / 3, green: 2 / 3, blue: 2 / 3, alpha: 1) }
}

/// A view (layout only).
open class UIView {
    /// Creates an empty view.
    public init() {}

    /// Runs `actions` (there is no animation to suppress here).
    open class func performWithoutAnimation(_ actions: () -> Void) { actions() }

    /// Lays out the view (nothing to lay out here).
    open func layoutIfNeeded() {}
}

/// The device, as far as the corpus asks: the private `_feedbackSupportLevel` key an app reads by key-value coding.
open class UIDevice {
    /// The device the code runs on.
    public static let current = UIDevice()

    /// The value of a key: `_feedbackSupportLevel` is 2 (a second-generation Taptic Engine, as on an iPhone 7 or
    /// later), so code that checks it plays its generator; other keys are nil.
    open func value(forKey key: String) -> Any? {
        key == "_feedbackSupportLevel" ? 2 : nil
    }
}

/// The application, as far as the corpus asks: its notification names.
open class UIApplication {
    /// Posted when the app enters the background.
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")

    /// Posted when the app is about to enter the foreground.
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
}

/// Insets from a rectangle's edges.
public struct UIEdgeInsets: Sendable {
    /// The top inset.
    public var top: CGFloat
    /// The left inset.
    public var left: CGFloat
    /// The bottom inset.
    public var bottom: CGFloat
    /// The right inset.
    public var right: CGFloat

    /// Insets from their four values.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

/// A scrolling view (geometry only; its gesture recognizers take Objective-C selectors, which Linux lacks).
open class UIScrollView: UIView {
    /// The visible rectangle.
    open var bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
    /// The scroll position.
    open var contentOffset = CGPoint.zero
    /// The insets the system adds.
    open var adjustedContentInset = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    /// Whether the content bounces at its edges.
    open var bounces = true
    /// Whether it bounces vertically even when the content is short.
    open var alwaysBounceVertical = false
    /// The pan gesture that scrolls it.
    public let panGestureRecognizer = UIPanGestureRecognizer()

    /// Scrolls to `contentOffset`.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        self.contentOffset = contentOffset
    }
}

/// A pan gesture (its targets are Objective-C selectors, which Linux lacks; only its state is here).
open class UIPanGestureRecognizer {
    /// A gesture's state.
    public enum State: Int, Sendable {
        /// Not recognized yet.
        case possible
        /// Began.
        case began
        /// Changed.
        case changed
        /// Ended.
        case ended
        /// Cancelled.
        case cancelled
        /// Failed.
        case failed
    }

    /// The state.
    open var state = State.possible

    /// Creates one.
    public init() {}
}
