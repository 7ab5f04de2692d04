import Testing

// This file imports nothing but the facade (and Testing, which brings no Foundation): UIKit, AppKit and WatchKit
// code uses Foundation's types with only `import UIKit`, so they must resolve through `import OpenHapticFeedback`.
#if OPENHAPTICFEEDBACK_COMPATIBILITY_TEST
import UIKit
#else
import OpenHapticFeedback
#endif

/// A banner generator of a UIKit library: an `open` NSObject subclass that plays an impact on the main queue.
open class BannerHaptics: NSObject {
    open class func generate(_ style: UIImpactFeedbackGenerator.FeedbackStyle, done: @escaping @Sendable () -> Void) {
        let generator = UIImpactFeedbackGenerator(style: style)
        generator.prepare()
        DispatchQueue.global().async {
            generator.impactOccurred()
            done()
        }
    }
}

/// Foundation comes with the facade, as it comes with UIKit, AppKit and WatchKit.
@Suite struct FoundationReexportTests {
    @Test func foundationTypesResolveThroughTheFacadeAlone() async {
        let rig = RecordingRig(preferences: FeedbackPreferences(rateLimit: .unlimited))
        await withCheckedContinuation { (played: CheckedContinuation<Void, Never>) in
            rig.run { BannerHaptics.generate(.heavy) { played.resume() } }
        }
        let when: TimeInterval = 0.25
        let point = CGPoint(x: 10, y: 20)
        let level: CGFloat = 0.5
        let posted = Notification(name: Notification.Name("feedback"), object: nil, userInfo: ["level": level])
        #expect(rig.played == ["impact-heavy"])
        #expect(when == 0.25 && point.y == 20 && posted.userInfo?["level"] as? CGFloat == 0.5)
        #expect(NSStringFromClass(BannerHaptics.self).hasSuffix("BannerHaptics"))
    }
}
