import Foundation

/// Plays feedback for drawing on a canvas (iOS 17.5): something snapped to a guide, or a drawn path closed
/// (library patterns `alignment` and `path-complete`, the same feels as SwiftUI's `alignment` and `pathComplete`).
///
///     let canvasFeedback = UICanvasFeedbackGenerator()
///     canvasFeedback.prepare()                              // when the stroke begins
///     canvasFeedback.alignmentOccurred(at: snappedPoint)    // the stroke snapped to a guide
///     canvasFeedback.pathCompleted(at: endPoint)            // the shape closed
///
/// On iPad, UIKit plays these on an Apple Pencil Pro in the user's hand, or on the trackpad under the finger.
/// Here the location does not choose the device: the feedback plays on the generator's ``FeedbackCenter``
/// (see "Where a location plays" in ``UIFeedbackGenerator``).
///
/// - Note: Differences from UIKit: not `@MainActor` (see ``UIFeedbackGenerator``); no `init(view:)` (there is no
///   `UIView`: use ``UIFeedbackGenerator/init()``).
///
/// Thread safety: any thread.
open class UICanvasFeedbackGenerator: UIFeedbackGenerator, @unchecked Sendable {
    /// Creates a canvas generator (``UIFeedbackGenerator/prepare()`` gets both patterns ready).
    public override init() {
        effects = [Self.libraryEffect("alignment"), Self.libraryEffect("path-complete")]
        super.init()
    }

    /// The alignment and path-complete patterns.
    private let effects: [FeedbackEffect]

    override var preparedEffects: [FeedbackEffect] { effects }

    /// Plays the alignment feedback: a dragged or drawn element lined up with a guide or another element.
    ///
    /// - Parameter location: where it lined up, in the view's coordinates; accepted and not used.
    open func alignmentOccurred(at location: CGPoint) {
        play(effects[0])
    }

    /// Plays the path-completed feedback: a drawn path was completed or recognized, such as a closed shape.
    ///
    /// - Parameter location: where the path completed, in the view's coordinates; accepted and not used.
    open func pathCompleted(at location: CGPoint) {
        play(effects[1])
    }
}
