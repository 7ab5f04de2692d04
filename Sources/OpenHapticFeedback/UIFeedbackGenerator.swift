import Foundation

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
/// The classes are `open` `NSObject` subclasses, as in UIKit, so an app may subclass them (a subclass that adds
/// stored state keeps the class thread-safe itself: the classes are `Sendable`), and a generator is equal only to
/// itself and hashes by identity.
///
/// - Note: Differences from UIKit: UIKit isolates the generators to the main actor (`@MainActor`). Here they are
///   not isolated to any actor and are thread-safe (`Sendable`), so command-line tools, servers and background
///   tasks can use them without a main run loop. Code written for UIKit, which calls them on the main actor,
///   compiles and behaves the same. The iOS 17.5 view-based initializers (`init(view:)`, `init(style:view:)`) are
///   not provided: there is no `UIView` here; create the generator with `init()` or `init(style:)` instead. The
///   iOS 17.5 location variants (`impactOccurred(at:)`, `selectionChanged(at:)`, `notificationOccurred(_:at:)`,
///   ``UICanvasFeedbackGenerator``) are provided; see "Where a location plays" below.
///
/// ## Where a location plays
///
/// On iOS, the `at:` variants let UIKit play the feedback on the device the touch came from: an Apple Pencil Pro
/// plays it in the user's hand, a trackpad under the finger, and with a finger on glass nothing (or the phone's
/// own motor) plays it. Here there is no touch input to route by, so a location never chooses the device: the
/// feedback plays on the generator's ``FeedbackCenter`` (its ``FeedbackOutput``, normally the default haptic
/// device), exactly as the variant without `at:` does, and the point is accepted but not used (any value,
/// including a non-finite one, is fine). A game controller's own engine would be the right device when the
/// app's input came from a pad, but which input the app acted on is not known here yet; an app that knows it
/// routes the feedback itself by running the call inside `FeedbackCenter.$current.withValue(padCenter) { … }`
/// when it creates the generator (see <doc:DifferencesFromApple>).
///
/// Thread safety: any thread. Every stored property is immutable.
open class UIFeedbackGenerator: NSObject, @unchecked Sendable {
    // @unchecked: non-final for the UIKit class hierarchy; the class and its subclasses store only `let`s of
    // Sendable types.

    /// The center this generator plays on (``FeedbackCenter/current`` when it was created).
    let center: FeedbackCenter

    /// The effects ``prepare()`` gets ready: none for the base class; each generator class returns its own (kept in a
    /// `let` of its own, so the only designated initializers in the hierarchy are UIKit's and an app's subclass that
    /// overrides them inherits the convenience ones).
    var preparedEffects: [FeedbackEffect] { [] }

    /// Creates a generator with no feedback of its own, as UIKit's `UIFeedbackGenerator()` does (UIKit marks it
    /// "to be deprecated" in favour of `init(view:)`, which needs a `UIView`); ``prepare()`` gets nothing ready.
    /// An app's subclass that declares no initializer of its own inherits it.
    ///
    ///     let generator = UIFeedbackGenerator()
    ///     generator.prepare()
    public override init() {
        center = FeedbackCenter.current
    }

    /// Gets the haptics ready so that the next feedback plays with less latency, for a few seconds.
    ///
    /// Call it shortly before you expect to trigger feedback (when a gesture begins, for example), not
    /// immediately before: the output starts (``EngineFeedbackOutput`` starts its engine) and the generator's
    /// patterns are compiled, and that state lasts at least a few seconds (until the engine's idle auto-shutdown,
    /// or ``OfflineFeedbackOutput/idleTimeout``). Calling it again extends the prepared state. Nothing happens
    /// when feedback is turned off.
    ///
    ///     let generator = UISelectionFeedbackGenerator()
    ///     generator.prepare()
    open func prepare() {
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
