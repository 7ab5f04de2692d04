import Foundation

/// Plays an impact: something collided or snapped into place. Each ``FeedbackStyle`` plays its own library
/// pattern (`impact-light`, `impact-medium`, `impact-heavy`, `impact-soft`, `impact-rigid`).
///
///     let generator = UIImpactFeedbackGenerator(style: .heavy)
///     generator.prepare()
///     generator.impactOccurred()
///     generator.impactOccurred(intensity: 0.5)
///
/// - Note: Differences from UIKit: not `@MainActor` (see ``UIFeedbackGenerator``); no `init(style:view:)`.
///
/// Thread safety: any thread.
public final class UIImpactFeedbackGenerator: UIFeedbackGenerator, @unchecked Sendable {
    /// The style this generator plays.
    let style: FeedbackStyle

    /// Creates a generator for an impact style.
    ///
    /// - Parameter style: light, medium, heavy, soft or rigid.
    public init(style: FeedbackStyle) {
        self.style = style
        super.init(effects: [Self.libraryEffect(style.patternName)])
    }

    /// Creates a generator for medium impacts.
    public convenience init() {
        self.init(style: .medium)
    }

    /// Plays the style's impact at full strength.
    ///
    ///     UIImpactFeedbackGenerator(style: .rigid).impactOccurred()
    public func impactOccurred() {
        play(preparedEffects[0])
    }

    /// Plays the style's impact with its strength scaled.
    ///
    /// As in UIKit, the value is clamped to 0 … 1 and multiplies the style's base strength; the user's intensity
    /// preference multiplies it again.
    ///
    ///     generator.impactOccurred(intensity: 0.3)
    ///
    /// - Parameter intensity: 0 … 1.
    public func impactOccurred(intensity: CGFloat) {
        play(preparedEffects[0], intensity: Double(intensity))
    }
}
