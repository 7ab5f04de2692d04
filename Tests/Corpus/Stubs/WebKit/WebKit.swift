// A stand-in for Apple's WebKit, for the compatibility corpus gate only (.ci/corpus.sh): a web view and its scroll
// view's geometry. Key-value observing (`observe(_:options:changeHandler:)`) is not here: it is the Objective-C
// runtime's, which Linux lacks. Nothing here plays haptics.
import Foundation
import UIKitStub

/// A web view.
open class WKWebView: UIView {
    /// The scroll view the page scrolls in.
    public let scrollView = UIScrollView()
    /// Whether a page is loading.
    open var isLoading = false
}
