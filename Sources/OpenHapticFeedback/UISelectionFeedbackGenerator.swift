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
/// - Note: Differences from UIKit: not `@MainActor` (see ``UIFeedbackGenerator``).
///
/// Thread safety: any thread.
public final class UISelectionFeedbackGenerator: UIFeedbackGenerator, @unchecked Sendable {
    /// Creates a selection generator.
    public init() {
        super.init(effects: [Self.libraryEffect("selection")])
    }

    /// Plays the selection tick.
    public func selectionChanged() {
        play(preparedEffects[0])
    }
}
