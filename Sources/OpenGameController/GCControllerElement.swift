import Foundation

/// An element of a controller's physical input profile — the GameController framework's base class for buttons,
/// axes, direction pads and thumbsticks.
///
/// Thread safety: any thread.
open class GCControllerElement: NSObject, @unchecked Sendable {
    // @unchecked: immutable here except the collection, set once while the profile is built; subclasses keep their
    // mutable state behind locks.

    /// The element's name as shown to players ("A Button", "L2 Button").
    open var localizedName: String? { name }

    /// Whether the element reports analog values: `true` for triggers, sticks and a d-pad's axes.
    open var isAnalog: Bool { analog }

    /// The element this one belongs to (a d-pad for its axes and its up, down, left and right buttons), or `nil`.
    open var collection: GCControllerElement? { parent }

    /// The names this element is known by in ``GCPhysicalInputProfile/elements`` (Apple's input name, such as
    /// ``GCInputButtonA``).
    open var aliases: Set<String> { names }

    private let name: String?
    private let analog: Bool
    private var names: Set<String> = []
    private weak var parent: GCControllerElement?

    internal init(localizedName: String?, isAnalog: Bool) {
        name = localizedName
        analog = isAnalog
    }

    /// Sets the names and the collection while the profile is built (before any other thread sees the element).
    internal func place(names: Set<String>, in collection: GCControllerElement?) {
        self.names = names
        parent = collection
    }
}
