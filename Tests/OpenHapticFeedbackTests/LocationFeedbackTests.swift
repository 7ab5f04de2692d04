import HapticSystem
import Testing

// Written as iOS 17.5 canvas code is written: only the module import, CGPoint included.
#if OPENHAPTICFEEDBACK_COMPATIBILITY_TEST
import UIKit
#else
import OpenHapticFeedback
#endif

/// An app's subclass of an (open) UIKit generator, overriding as UIKit apps do.
final class CountingImpactGenerator: UIImpactFeedbackGenerator, @unchecked Sendable {
    let impacts = LockedState(0)

    override func impactOccurred() {
        impacts.withLock { $0 += 1 }
        super.impactOccurred()
    }
}

/// An app's own generator built on the base class, as UIKit allows.
final class SilentGenerator: UIFeedbackGenerator, @unchecked Sendable {}

@Suite struct LocationFeedbackTests {
    static let points = [
        CGPoint(x: 0, y: 0), CGPoint(x: 120.5, y: -48), CGPoint(x: CGFloat.infinity, y: .nan),
        CGPoint(x: -1e300, y: 1e300),
    ]

    /// UIKit's 17.5 `at:` forms play exactly what the plain forms play, whatever the point.
    @Test @MainActor func locationVariantsPlayLikeThePlainForms() {
        let rig = RecordingRig(preferences: FeedbackPreferences(rateLimit: .unlimited))
        rig.run {
            let impact = UIImpactFeedbackGenerator(style: .rigid)
            let selection = UISelectionFeedbackGenerator()
            let notification = UINotificationFeedbackGenerator()
            for point in Self.points {
                impact.impactOccurred(at: point)
                impact.impactOccurred(intensity: 0.25, at: point)
                selection.selectionChanged(at: point)
                notification.notificationOccurred(.error, at: point)
                rig.clock.advance(by: 1)  // past the coalescing interval: every call is its own play
            }
        }
        let expected = ["impact-rigid", "impact-rigid", "selection", "error"]
        #expect(rig.played == Array(Array(repeating: expected, count: Self.points.count).joined()))
        #expect(rig.output.plays.map(\.intensity) == Array(Array(repeating: [1, 0.25, 1, 1], count: 4).joined()))
    }

    @Test @MainActor func canvasGeneratorPlaysAlignmentAndPathComplete() {
        let rig = RecordingRig(preferences: FeedbackPreferences(rateLimit: .unlimited))
        rig.run {
            let canvas = UICanvasFeedbackGenerator()
            canvas.prepare()
            canvas.alignmentOccurred(at: CGPoint(x: 10, y: 20))
            rig.clock.advance(by: 1)
            canvas.pathCompleted(at: CGPoint(x: 30, y: 40))
        }
        #expect(rig.output.preparations.map { $0.map(\.name) } == [["alignment", "path-complete"]])
        #expect(rig.played == ["alignment", "path-complete"])
        // The same feels as SwiftUI's values of the same meaning.
        #expect(SensoryFeedback.alignment.effect.name == "alignment")
        #expect(SensoryFeedback.pathComplete.effect.name == "path-complete")
    }

    /// The location never picks the device: a generator plays on the center current when it was made (the default
    /// device's, or the one an app that knows its input came from a pad sets up), wherever the point is.
    @Test @MainActor func aLocationPlaysOnTheGeneratorsCenter() {
        let defaultDevice = RecordingRig(preferences: FeedbackPreferences(rateLimit: .unlimited))
        let pad = RecordingRig(preferences: FeedbackPreferences(rateLimit: .unlimited))
        let onDefault = defaultDevice.run { UICanvasFeedbackGenerator() }
        let onPad = pad.run { UICanvasFeedbackGenerator() }
        defaultDevice.run { onPad.alignmentOccurred(at: CGPoint(x: 1, y: 1)) }
        pad.run { onDefault.pathCompleted(at: CGPoint(x: 2, y: 2)) }
        #expect(defaultDevice.played == ["path-complete"])
        #expect(pad.played == ["alignment"])
    }

    /// The generator classes are open and `UIFeedbackGenerator()` is public, as in UIKit.
    @Test @MainActor func appSubclassesCompileAndOverride() {
        let rig = RecordingRig(preferences: FeedbackPreferences(rateLimit: .unlimited))
        let counting = rig.run { CountingImpactGenerator(style: .heavy) }
        counting.impactOccurred()
        rig.clock.advance(by: 1)
        counting.impactOccurred(at: CGPoint(x: 5, y: 5))  // the `at:` form goes through the override
        #expect(counting.impacts.withLock { $0 } == 2)
        #expect(rig.played == ["impact-heavy", "impact-heavy"])

        let base: UIFeedbackGenerator = rig.run { UIFeedbackGenerator() }
        base.prepare()
        rig.run { SilentGenerator() }.prepare()
        #expect(rig.output.preparations.allSatisfy { $0.isEmpty })
        #expect(rig.played.count == 2, "a plain generator plays nothing of its own")
    }
}
