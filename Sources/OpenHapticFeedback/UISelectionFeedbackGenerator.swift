import Foundation

/// Plays a selection change: a light, crisp detent tick (library pattern `selection`) for pickers, segmented
/// controls and sliders with detents.
///
///     let generator = UISelectionFeedbackGenerator()
///     generator.prepare()              // when the drag starts
///     generator.selectionChanged()     // each time the selection moves
///
/// Rapid ticks are merged by the center's coalescing interval (0.04 s by default, UIKit's own minimum interval
/// for selection feedback) and thinned by the rate limit.
///
/// - Note: Differences from UIKit: not `@MainActor` (see ``UIFeedbackGenerator``); no `init(view:)` (there is no
///   `UIView`: use ``init()``). ``selectionChanged(at:)`` plays like ``selectionChanged()``.
///
/// Thread safety: any thread.
open class UISelectionFeedbackGenerator: UIFeedbackGenerator, @unchecked Sendable {
    /// Creates a selection generator.
    public override init() {
        effects = [Self.libraryEffect("selection")]
        super.init()
    }

    /// The selection pattern.
    private let effects: [FeedbackEffect]

    override var preparedEffects: [FeedbackEffect] { effects }

    /// Plays the selection tick.
    open func selectionChanged() {
        play(effects[0])
    }

    /// Plays the selection tick, for a touch at `location` (iOS 17.5).
    ///
    /// The location does not choose the device here: the tick plays on the generator's center, like
    /// ``selectionChanged()`` (see "Where a location plays" in ``UIFeedbackGenerator``).
    ///
    ///     generator.selectionChanged(at: CGPoint(x: 10, y: 200))
    ///
    /// - Parameter location: where the selection changed, in the view's coordinates; accepted and not used.
    open func selectionChanged(at location: CGPoint) {
        selectionChanged()
    }
}
