/// The base class of UIKit's feedback generators: holds the center the generator plays on and implements
/// ``prepare()``.
///
/// You use the subclasses — ``UIImpactFeedbackGenerator``, ``UISelectionFeedbackGenerator`` and
/// ``UINotificationFeedbackGenerator`` — exactly as on iOS:
///
///     let generator = UIImpactFeedbackGenerator(style: .heavy)
///     generator.prepare()          // a moment before the impact you expect
///     // …
///     generator.impactOccurred()
///
/// A generator plays on the ``FeedbackCenter/current`` center at the time it was created, so the center's
/// preferences (on/off, intensity) and rate limits apply to every call.
///
/// - Note: Differences from UIKit: UIKit isolates the generators to the main actor (`@MainActor`). Here they are
///   not isolated to any actor and are thread-safe (`Sendable`), so command-line tools, servers and background
///   tasks can use them without a main run loop. Code written for UIKit, which calls them on the main actor,
///   compiles and behaves the same. The iOS 17.5 view-based initializers (`init(view:)`, `init(style:view:)`) and
///   location variants (`impactOccurred(at:)`) are not provided: there is no `UIView` here.
///
/// Thread safety: any thread. Every stored property is immutable.
public class UIFeedbackGenerator: @unchecked Sendable {
    // @unchecked: non-final for the UIKit class hierarchy; the class and its subclasses store only `let`s of
    // Sendable types.

    /// The center this generator plays on (``FeedbackCenter/current`` when it was created).
    let center: FeedbackCenter
    /// The effects ``prepare()`` gets ready.
    let preparedEffects: [FeedbackEffect]

    init(effects: [FeedbackEffect]) {
        center = FeedbackCenter.current
        preparedEffects = effects
    }

    /// Gets the haptics ready so that the next feedback plays with less latency, for a few seconds.
    ///
    /// Call it shortly before you expect to trigger feedback (when a gesture begins, for example), not
    /// immediately before: the output starts (the engine or mixer is built) and the generator's patterns are
    /// compiled, and that state lasts a few seconds (``OfflineFeedbackOutput/idleTimeout``). Calling it again
    /// extends the prepared state. Nothing happens when feedback is turned off.
    ///
    ///     let generator = UISelectionFeedbackGenerator()
    ///     generator.prepare()
    public func prepare() {
        center.prepare(preparedEffects)
    }

    /// Plays a library pattern on this generator's center.
    func play(_ effect: FeedbackEffect, intensity: Double = 1) {
        center.play(effect, intensity: intensity)
    }

    /// The library effect called `name` (the names used here are part of the library; a missing one is a bug).
    static func libraryEffect(_ name: String) -> FeedbackEffect {
        guard let effect = FeedbackLibrary.effect(named: name) else {
            fatalError("Internal inconsistency: no library pattern named \(name)")
        }
        return effect
    }
}
