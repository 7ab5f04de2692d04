import Foundation
import Testing

// Written the way iOS, watchOS and macOS code is written; on Apple platforms the same lines compile against UIKit,
// WatchKit and AppKit, whose feedback classes are open NSObject subclasses.
#if OPENHAPTICFEEDBACK_COMPATIBILITY_TEST
import UIKit
#else
import OpenHapticFeedback
#endif

/// A haptics helper's own generator, subclassing UIKit's from another module: it overrides the designated
/// `init(style:)` and inherits the convenience `init()`.
final class StyledImpactGenerator: UIImpactFeedbackGenerator, @unchecked Sendable {
    private let lock = NSLock()
    private var impacts = 0

    override init(style: UIImpactFeedbackGenerator.FeedbackStyle) {
        super.init(style: style)
    }

    override func impactOccurred() {
        lock.withLock { impacts += 1 }
        super.impactOccurred()
    }

    var count: Int { lock.withLock { impacts } }
}

/// A test double of the watch, as watch apps substitute for `WKInterfaceDevice.current()`.
final class WatchSpy: WKInterfaceDevice, @unchecked Sendable {
    private let lock = NSLock()
    private var types: [WKHapticType] = []

    override func play(_ type: WKHapticType) {
        lock.withLock { types.append(type) }
    }

    var played: [WKHapticType] { lock.withLock { types } }
}

/// A test double of macOS's performer, as an app's tests write one: an NSObject with mutable state, which AppKit's
/// protocol allows (it asks for `NSObjectProtocol`, not `Sendable`).
final class PerformerMock: NSObject, NSHapticFeedbackPerformer {
    var invokedPerformCount = 0
    var lastPattern: NSHapticFeedbackManager.FeedbackPattern?

    func perform(_ pattern: NSHapticFeedbackManager.FeedbackPattern, performanceTime: NSHapticFeedbackManager.PerformanceTime) {
        invokedPerformCount += 1
        lastPattern = pattern
    }
}

/// A split view that snaps, with the performer injected as macOS apps do (defaulting to the system's).
final class SnappingSplitView {
    unowned let performer: any NSHapticFeedbackPerformer

    init(performer: any NSHapticFeedbackPerformer = NSHapticFeedbackManager.defaultPerformer) { self.performer = performer }

    func snapped() { performer.perform(.alignment, performanceTime: .now) }
}

/// The feedback classes behave as NSObjects (identity equality and hashing, a description) and subclass from an app.
@Suite struct NSObjectSemanticsTests {
    @Test func generatorsAreEqualOnlyToThemselves() {
        let generators: [UIFeedbackGenerator] = [
            UIImpactFeedbackGenerator(style: .heavy), UIImpactFeedbackGenerator(style: .heavy), UISelectionFeedbackGenerator(),
            UINotificationFeedbackGenerator(), UICanvasFeedbackGenerator(), UIFeedbackGenerator(),
        ]
        for (index, generator) in generators.enumerated() {
            #expect(generator == generator && generator.isEqual(generator) && generator.hash == generator.hash)
            for other in generators[(index + 1)...] { #expect(generator != other && !generator.isEqual(other)) }
        }
        #expect(Set(generators).count == generators.count)
        #expect(generators[0].description.hasPrefix("<UIImpactFeedbackGenerator: 0x"), "\(generators[0].description)")
        #expect(generators[0].description != generators[1].description)
    }

    @Test func theWatchAndTheDefaultPerformerAreTheSameObjectEachTime() {
        #expect(WKInterfaceDevice.current() == WKInterfaceDevice.current())
        #expect(WKInterfaceDevice.current().hash == WKInterfaceDevice.current().hash)
        #expect(WKInterfaceDevice.current().description.hasPrefix("<WKInterfaceDevice: 0x"))
        let performer = NSHapticFeedbackManager.defaultPerformer
        #expect(
            performer.isEqual(NSHapticFeedbackManager.defaultPerformer) && performer.hash == NSHapticFeedbackManager.defaultPerformer.hash)
        #expect(!performer.isEqual(PerformerMock()) && performer is NSObject)
    }

    @Test func anAppSubclassOfAGeneratorInitializesAndPlays() {
        let rig = RecordingRig(preferences: FeedbackPreferences(rateLimit: .unlimited))
        let (heavy, medium) = rig.run { (StyledImpactGenerator(style: .heavy), StyledImpactGenerator()) }
        heavy.impactOccurred()
        medium.impactOccurred()
        #expect(heavy.count == 1 && medium.count == 1)
        #expect(rig.played == ["impact-heavy", "impact-medium"])
    }

    @Test func aWatchTestDoubleStandsInForTheDevice() {
        let watch = WatchSpy()
        let device: WKInterfaceDevice = watch
        device.play(.success)
        device.play(.directionUp)
        #expect(watch.played == [.success, .directionUp] && watch != WKInterfaceDevice.current())
    }

    @Test func anNSObjectPerformerMockStandsInForTheDefaultPerformer() {
        let mock = PerformerMock()
        let view = SnappingSplitView(performer: mock)
        view.snapped()
        #expect(mock.invokedPerformCount == 1 && mock.lastPattern == .alignment)
        let rig = RecordingRig(preferences: FeedbackPreferences(rateLimit: .unlimited))
        rig.run { SnappingSplitView().snapped() }
        #expect(rig.played == ["alignment"])
    }
}
