// Pow's own change-effect types, as its HapticFeedbackEffect uses them (compatibility corpus gate only).
import Foundation
import SwiftUIStub

/// A modifier driven by a change count.
protocol Simulative {
    /// How many changes to play.
    var impulseCount: Int { get set }
    /// The starting velocity.
    var initialVelocity: CGFloat { get set }
}

/// An effect run when a value changes.
public struct AnyChangeEffect {
    /// Makes the modifier for a change count.
    let makeModifier: (Int) -> Any

    /// An effect simulated by a modifier.
    static func simulation<Modifier: ViewModifier & Simulative>(_ makeModifier: @escaping (Int) -> Modifier) -> AnyChangeEffect {
        AnyChangeEffect(makeModifier: makeModifier)
    }
}
