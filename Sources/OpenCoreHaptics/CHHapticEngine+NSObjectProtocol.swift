import Foundation

// Core Haptics' engine is an NSObject. This one cannot be (Swift refuses a throwing `init()` beside NSObject's
// `init()`), so it conforms to what NSObject conforms to, with NSObject's identity semantics: `isEqual(_:)`, `hash`
// and `description` are in the class (so a subclass can override them, as an NSObject's); the rest is here.
extension CHHapticEngine: NSObjectProtocol, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The same as ``description``.
    public var debugDescription: String { description }

    /// The engine itself (`NSObjectProtocol`).
    ///
    /// - Returns: `self`.
    public func `self`() -> Self { self }

    /// Whether the engine is a proxy (`NSObjectProtocol`): never.
    ///
    /// - Returns: `false`.
    public func isProxy() -> Bool { false }

    /// Feeds ``hash`` to `hasher`, so `Hashable` agrees with a subclass's ``isEqual(_:)`` and ``hash``, as for `NSObject`.
    ///
    /// - Parameter hasher: the hasher.
    public func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    /// `lhs.isEqual(rhs)`, as `NSObject`'s `==`: `engine != newEngine` compares identities.
    ///
    /// - Returns: whether the engines are equal.
    public static func == (lhs: CHHapticEngine, rhs: CHHapticEngine) -> Bool { lhs.isEqual(rhs) }
}
