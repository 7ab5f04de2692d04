import Testing

// Written the way iOS, watchOS and macOS code is written; on Apple platforms the same lines compile against
// UIKit, WatchKit, AppKit and SwiftUI.
#if OPENHAPTICFEEDBACK_COMPATIBILITY_TEST
import UIKit
#else
import OpenHapticFeedback
#endif

@MainActor
final class PhotoViewController {
    let impact = UIImpactFeedbackGenerator(style: .heavy)
    let selection = UISelectionFeedbackGenerator()
    let notification = UINotificationFeedbackGenerator()

    func dragBegan() {
        impact.prepare()
        selection.prepare()
    }

    func snapped() { impact.impactOccurred() }
    func nudged(force: Double) { impact.impactOccurred(intensity: CGFloat(force)) }
    func filterChanged() { selection.selectionChanged() }
    func saveFinished(ok: Bool) { notification.notificationOccurred(ok ? .success : .error) }
}

@Suite struct AppleCallSiteTests {
    @Test @MainActor func uiKitCallSitesCompileAndPlay() {
        let rig = RecordingRig(preferences: FeedbackPreferences(rateLimit: .unlimited))
        rig.run {
            let generator = UIImpactFeedbackGenerator(style: .heavy)
            generator.prepare()
            generator.impactOccurred()

            let light = UIImpactFeedbackGenerator(style: .light)
            light.impactOccurred(intensity: 0.5)
            let defaultStyle = UIImpactFeedbackGenerator()
            defaultStyle.impactOccurred()

            let selection = UISelectionFeedbackGenerator()
            selection.prepare()
            selection.selectionChanged()

            let notification = UINotificationFeedbackGenerator()
            notification.prepare()
            notification.notificationOccurred(.warning)

            let controller = PhotoViewController()
            controller.dragBegan()
            controller.snapped()
            controller.nudged(force: 0.25)
            controller.filterChanged()
            controller.saveFinished(ok: false)
        }
        #expect(
            rig.played == [
                "impact-heavy", "impact-light", "impact-medium", "selection", "warning",
                "impact-heavy", "impact-heavy", "selection", "error",
            ])
        #expect(rig.output.plays[1].intensity == 0.5)
        #expect(rig.output.plays[6].intensity == 0.25)
        #expect(
            rig.output.preparations.map { $0.map(\.name) } == [
                ["impact-heavy"], ["selection"], ["success", "warning", "error"], ["impact-heavy"], ["selection"],
            ])
    }

    @Test func rawValuesMatchApple() {
        #expect(UIImpactFeedbackGenerator.FeedbackStyle.light.rawValue == 0)
        #expect(UIImpactFeedbackGenerator.FeedbackStyle.medium.rawValue == 1)
        #expect(UIImpactFeedbackGenerator.FeedbackStyle.heavy.rawValue == 2)
        #expect(UIImpactFeedbackGenerator.FeedbackStyle.soft.rawValue == 3)
        #expect(UIImpactFeedbackGenerator.FeedbackStyle.rigid.rawValue == 4)
        #expect(UIImpactFeedbackGenerator.FeedbackStyle(rawValue: 4) == .rigid)
        #expect(UINotificationFeedbackGenerator.FeedbackType.success.rawValue == 0)
        #expect(UINotificationFeedbackGenerator.FeedbackType.warning.rawValue == 1)
        #expect(UINotificationFeedbackGenerator.FeedbackType.error.rawValue == 2)
        #expect(WKHapticType.allCases.map(\.rawValue) == Array(0...13))
        #expect(WKHapticType(rawValue: 0) == .notification)
        #expect(WKHapticType(rawValue: 4) == .failure)
        #expect(WKHapticType(rawValue: 8) == .click)
        #expect(NSHapticFeedbackManager.FeedbackPattern.generic.rawValue == 0)
        #expect(NSHapticFeedbackManager.FeedbackPattern.alignment.rawValue == 1)
        #expect(NSHapticFeedbackManager.FeedbackPattern.levelChange.rawValue == 2)
        #expect(NSHapticFeedbackManager.PerformanceTime.default.rawValue == 0)
        #expect(NSHapticFeedbackManager.PerformanceTime.now.rawValue == 1)
        #expect(NSHapticFeedbackManager.PerformanceTime.drawCompleted.rawValue == 2)
        // AppKit's NS_ENUM(NSUInteger, …): the raw type is UInt.
        let raw: UInt = NSHapticFeedbackManager.PerformanceTime.now.rawValue
        #expect(raw == 1)
        #expect(NSHapticFeedbackManager.PerformanceTime(rawValue: UInt(2)) == .drawCompleted)
        #expect(NSHapticFeedbackManager.PerformanceTime(rawValue: UInt(3)) == nil)
    }

    @Test @MainActor func watchKitCallSites() {
        let rig = RecordingRig(preferences: FeedbackPreferences(rateLimit: .unlimited))
        rig.run {
            WKInterfaceDevice.current().play(.success)
            WKInterfaceDevice.current().play(.directionUp)
            let device = WKInterfaceDevice.current()
            device.play(.click)
            device.play(.failure)
        }
        #expect(rig.played == ["success", "increase", "click", "error"])
    }

    @Test @MainActor func appKitCallSites() {
        let rig = RecordingRig(preferences: FeedbackPreferences(rateLimit: .unlimited))
        rig.run {
            NSHapticFeedbackManager.defaultPerformer.perform(.alignment, performanceTime: .now)
            let performer: any NSHapticFeedbackPerformer = NSHapticFeedbackManager.defaultPerformer
            performer.perform(.levelChange, performanceTime: .default)
            performer.perform(.generic, performanceTime: .drawCompleted)
        }
        #expect(rig.played == ["alignment", "level-change", "generic"])
    }

    /// SwiftUI's values, spelled as in `.sensoryFeedback(…)` arguments.
    @Test func sensoryFeedbackValuesSpellAsInSwiftUI() {
        let values: [SensoryFeedback] = [
            .success, .warning, .error, .selection, .increase, .decrease, .start, .stop, .alignment, .levelChange,
            .pathComplete, .impact, .impact(weight: .light), .impact(weight: .heavy, intensity: 0.5),
            .impact(flexibility: .soft), .impact(flexibility: .rigid, intensity: 0.7), .impact(flexibility: .solid),
        ]
        #expect(Set(values).count == values.count)
        #expect(SensoryFeedback.impact(weight: .heavy, intensity: 0.5).description == "impact-heavy@0.5")
        #expect(SensoryFeedback.impact == .impact(weight: .medium))
    }

    /// Generators work off the main actor too (a command-line tool's worker, a server task).
    @Test func generatorsAreUsableFromAnyThread() async {
        let rig = RecordingRig(preferences: FeedbackPreferences(rateLimit: .unlimited))
        let generator = FeedbackCenter.$current.withValue(rig.center) { UIImpactFeedbackGenerator(style: .rigid) }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { generator.impactOccurred() } }
        }
        #expect(rig.played == Array(repeating: "impact-rigid", count: 8))
    }
}
