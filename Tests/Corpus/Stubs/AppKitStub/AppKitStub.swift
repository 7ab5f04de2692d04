// AppKit's non-haptic part, for the compatibility corpus gate only (.ci/corpus.sh): `import AppKit` (or `Cocoa`)
// becomes `import OpenHapticFeedback; import AppKitStub`, so `NSHapticFeedbackManager` and its performer come from
// the project and the split views the corpus files use beside them come from here. Nothing here plays haptics.
import Foundation

/// A window.
open class NSWindow {
    /// Creates a window.
    public init() {}
}

/// A view (geometry only).
open class NSView {
    /// The frame in the superview's coordinates.
    open var frame = CGRect(x: 0, y: 0, width: 800, height: 600)
    /// Whether the autoresizing mask becomes constraints.
    open var translatesAutoresizingMaskIntoConstraints = true
    /// The subviews.
    open var subviews: [NSView] = []

    /// Creates a view.
    public init() {}
}

/// A split view: dividers between subviews.
open class NSSplitView: NSView {
    /// The positions set, by divider.
    public private(set) var dividerPositions: [Int: CGFloat] = [:]

    /// Moves a divider.
    open func setPosition(_ position: CGFloat, ofDividerAt dividerIndex: Int) {
        dividerPositions[dividerIndex] = position
    }
}

/// A view controller.
open class NSViewController {
    /// The controller's view.
    open var view = NSView()

    /// Creates a controller (there are no nib files here).
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}

    /// Creates a controller from an archive.
    public required init?(coder: NSCoder) {}

    /// Creates a controller.
    public convenience init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// Called after the view is loaded.
    open func viewDidLoad() {}

    /// Called before the view appears.
    open func viewWillAppear() {}
}

/// How a split view item's title bar separator looks.
public enum NSTitlebarSeparatorStyle: Int, Sendable {
    /// The system chooses.
    case automatic
    /// No separator.
    case none
    /// A line.
    case line
    /// A shadow.
    case shadow
}

/// One pane of a split view controller.
open class NSSplitViewItem {
    /// How an item collapses.
    public enum CollapseBehavior: Int, Sendable {
        /// The system chooses.
        case `default`
        /// Collapses by resizing the split view.
        case preferResizingSplitViewWithFixedSiblings
        /// Collapses by resizing siblings.
        case preferResizingSiblingsWithFixedSplitView
        /// Collapses according to constraints.
        case useConstraints
    }

    /// The pane's controller.
    public let viewController: NSViewController
    /// The title bar separator.
    open var titlebarSeparatorStyle = NSTitlebarSeparatorStyle.automatic
    /// The narrowest the pane gets.
    open var minimumThickness: CGFloat = 0
    /// The widest the pane gets.
    open var maximumThickness: CGFloat = .greatestFiniteMagnitude
    /// Whether the pane springs open while dragging.
    open var isSpringLoaded = false
    /// How the pane collapses.
    open var collapseBehavior = CollapseBehavior.default
    /// Whether the pane is collapsed.
    open var isCollapsed = false

    /// A content pane.
    public init(viewController: NSViewController) {
        self.viewController = viewController
    }

    /// A sidebar pane.
    public convenience init(sidebarWithViewController viewController: NSViewController) {
        self.init(viewController: viewController)
    }

    /// An inspector pane.
    public convenience init(inspectorWithViewController viewController: NSViewController) {
        self.init(viewController: viewController)
    }
}

/// A controller of panes separated by dividers.
open class NSSplitViewController: NSViewController {
    /// The split view.
    open var splitView = NSSplitView()
    /// The panes, in order.
    open var splitViewItems: [NSSplitViewItem] = []

    /// Appends a pane.
    open func addSplitViewItem(_ splitViewItem: NSSplitViewItem) {
        splitViewItems.append(splitViewItem)
    }

    /// The position a divider drag settles on (the proposed one unless a subclass decides).
    open func splitView(_ splitView: NSSplitView, constrainSplitPosition proposedPosition: CGFloat, ofSubviewAt dividerIndex: Int)
        -> CGFloat
    {
        proposedPosition
    }

    /// Called after the panes were resized.
    open func splitViewDidResizeSubviews(_ notification: Notification) {}
}
