import Foundation

/// Plays an impact: something collided or snapped into place. Each ``FeedbackStyle`` plays its own library
/// pattern (`impact-light`, `impact-medium`, `impact-heavy`, `impact-soft`, `impact-rigid`).
///
///     let generator = UIImpactFeedbackGenerator(style: .heavy)
///     generator.prepare()
///     generator.impactOccurred()
///     generator.impactOccurred(intensity: 0.5)
///
/// A canvas app passes the touch's location: `generator.impactOccurred(at: touch.location(in: view))`; here the
/// point is accepted and the impact plays on the generator's center (see ``UIFeedbackGenerator`` for why).
///
/// - Note: Differences from UIKit: not `@MainActor` (see ``UIFeedbackGenerator``); no `init(style:view:)`
///   (there is no `UIView`: use ``init(style:)``).
///
/// Thread safety: any thread.
open class UIImpactFeedbackGenerator: UIFeedbackGenerator, @unchecked Sendable {
    /// The style this generator plays.
    let style: FeedbackStyle
    /// The style's library pattern (the only effect).
    private let effects: [FeedbackEffect]

    /// Creates a generator for an impact style.
    ///
    /// - Parameter style: light, medium, heavy, soft or rigid.
    public init(style: FeedbackStyle) {
        self.style = style
        effects = [Self.libraryEffect(style.patternName)]
        super.init()
    }

    override var preparedEffects: [FeedbackEffect] { effects }

    /// Creates a generator for medium impacts.
    public override convenience init() {
        self.init(style: .medium)
    }

    /// Plays the style's impact at full strength.
    ///
    ///     UIImpactFeedbackGenerator(style: .rigid).impactOccurred()
    open func impactOccurred() {
        play(effects[0])
    }

    /// Plays the style's impact with its strength scaled.
    ///
    /// As in UIKit, the value is clamped to 0 … 1 and multiplies the style's base strength; the user's intensity
    /// preference multiplies it again.
    ///
    ///     generator.impactOccurred(intensity: 0.3)
    ///
    /// - Parameter intensity: 0 … 1.
    open func impactOccurred(intensity: CGFloat) {
        play(effects[0], intensity: Double(intensity))
    }

    /// Plays the style's impact at full strength, for a touch at `location` (iOS 17.5).
    ///
    /// The location does not choose the device here: the impact plays on the generator's center, like
    /// ``impactOccurred()`` (see "Where a location plays" in ``UIFeedbackGenerator``).
    ///
    ///     generator.impactOccurred(at: CGPoint(x: 120, y: 48))
    ///
    /// - Parameter location: where the impact happened, in the view's coordinates; accepted and not used.
    open func impactOccurred(at location: CGPoint) {
        impactOccurred()
    }

    /// Plays the style's impact with its strength scaled, for a touch at `location` (iOS 17.5).
    ///
    /// The intensity is applied as in ``impactOccurred(intensity:)``; the location does not choose the device (see
    /// "Where a location plays" in ``UIFeedbackGenerator``).
    ///
    ///     generator.impactOccurred(intensity: 0.4, at: point)
    ///
    /// - Parameters:
    ///   - intensity: 0 … 1 (clamped).
    ///   - location: where the impact happened, in the view's coordinates; accepted and not used.
    open func impactOccurred(intensity: CGFloat, at location: CGPoint) {
        impactOccurred(intensity: intensity)
    }
}
