// WatchKit's non-haptic part, for the compatibility corpus gate only (.ci/corpus.sh): `import WatchKit` becomes
// `import OpenHapticFeedback; import WatchKitStub`; `WKInterfaceDevice` and `WKHapticType` come from the project.
// watchOS's WatchKit brings UIKit's colours with it, so this re-exports the UIKit stub. Nothing here plays haptics.
@_exported import UIKitStub

/// A watch app's interface controller.
open class WKInterfaceController {
    /// Creates a controller.
    public init() {}
}

/// A button of a watch interface.
open class WKInterfaceButton {
    /// The last background colour set.
    public private(set) var backgroundColor: UIColor?

    /// Creates a button.
    public init() {}

    /// Sets the background colour.
    open func setBackgroundColor(_ color: UIColor?) { backgroundColor = color }
}
