import Foundation

/// An element of a controller's physical input profile — the GameController framework's base class for buttons,
/// sticks and triggers.
///
/// Here only the DualSense's adaptive triggers are elements (see <doc:DifferencesFromGameController>).
///
/// Thread safety: any thread.
open class GCControllerElement: NSObject, @unchecked Sendable {
    // @unchecked: immutable here; subclasses keep their mutable state behind locks.

    /// The element's name as shown to players ("L2 Button", "R2 Button").
    open var localizedName: String? { name }

    /// Whether the element reports analog values: `true` for triggers.
    open var isAnalog: Bool { analog }

    private let name: String?
    private let analog: Bool

    internal init(localizedName: String?, isAnalog: Bool) {
        name = localizedName
        analog = isAnalog
    }
}
