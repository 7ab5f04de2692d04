import Observation
import OpenHapticFeedback
import Testing

@Observable @MainActor final class Counter {
    var value = 0
    var label = "idle"
    func increment() { value += 1 }
}

@Suite struct TriggerTests {
    /// `.sensoryFeedback(.selection, trigger: index)`
    @Test func plainTriggerPlaysOnEveryChange() {
        let rig = RecordingRig(preferences: FeedbackPreferences(rateLimit: .unlimited))
        let trigger = SensoryFeedbackTrigger(.selection, trigger: 0, center: rig.center)
        #expect(trigger.update(0) == nil, "no change, no feedback")
        #expect(trigger.update(1) == .played)
        #expect(trigger.update(1) == nil)
        #expect(trigger.update(2) == .played)
        #expect(trigger.trigger == 2)
        #expect(rig.played == ["selection", "selection"])
    }

    /// `.sensoryFeedback(.increase, trigger: level) { old, new in new > old }`
    @Test func conditionSeesOldAndNewValues() {
        let rig = RecordingRig(preferences: FeedbackPreferences(rateLimit: .unlimited))
        var seen: [(Int, Int)] = []
        let trigger = SensoryFeedbackTrigger(.increase, trigger: 5, center: rig.center) { old, new in
            seen.append((old, new))
            return new > old
        }
        trigger.update(7)
        trigger.update(3)
        trigger.update(4)
        #expect(seen.map(\.0) == [5, 7, 3])
        #expect(seen.map(\.1) == [7, 3, 4])
        #expect(rig.played == ["increase", "increase"])
    }

    /// `.sensoryFeedback(trigger: result) { old, new in … }` — nil plays nothing.
    @Test func feedbackClosureChoosesOrDeclines() {
        let rig = RecordingRig(preferences: FeedbackPreferences(rateLimit: .unlimited))
        let trigger = SensoryFeedbackTrigger(trigger: "idle", center: rig.center) { _, new in
            switch new {
            case "saved": .success
            case "failed": .error
            default: nil
            }
        }
        trigger.update("saving")
        trigger.update("saved")
        trigger.update("failed")
        #expect(rig.played == ["success", "error"])

        var calls = 0
        let noArguments = SensoryFeedbackTrigger(trigger: 0, center: rig.center) { () -> SensoryFeedback? in
            calls += 1
            return .impact(weight: .light, intensity: 0.3)
        }
        noArguments.update(1)
        #expect(calls == 1)
        #expect(rig.output.plays.last?.effect.name == "impact-light")
        #expect(rig.output.plays.last?.intensity == 0.3)
    }

    @Test func triggerUsesTheCurrentCenterByDefault() {
        let rig = RecordingRig()
        let trigger = rig.run { SensoryFeedbackTrigger(.warning, trigger: false) }
        trigger.update(true)  // outside the scope: still the captured center
        #expect(rig.played == ["warning"])
    }

    @Test @MainActor func observedModelPlaysOnChange() async throws {
        let rig = RecordingRig(preferences: FeedbackPreferences(rateLimit: .unlimited))
        let model = Counter()
        let observer = await ObservedSensoryFeedback(.impact(weight: .heavy), trigger: { model.value }, center: rig.center)
        #expect(rig.played.isEmpty, "the starting value plays nothing")
        model.increment()
        try await waitUntil { rig.output.plays.count == 1 }
        model.increment()
        try await waitUntil { rig.output.plays.count == 2 }
        #expect(rig.played == ["impact-heavy", "impact-heavy"])
        model.label = "busy"  // not read by the trigger: no feedback
        try await Task.sleep(for: .milliseconds(30))
        #expect(rig.output.plays.count == 2)
        observer.cancel()
        model.increment()
        try await Task.sleep(for: .milliseconds(30))
        #expect(rig.output.plays.count == 2, "cancelled")
    }

    @Test @MainActor func observedConditionAndClosureForms() async throws {
        let rig = RecordingRig(preferences: FeedbackPreferences(rateLimit: .unlimited))
        let model = Counter()
        let up = await ObservedSensoryFeedback(.increase, trigger: { model.value }, center: rig.center) { old, new in new > old }
        let label = await ObservedSensoryFeedback(trigger: { model.label }, center: rig.center) { _, new in
            new == "done" ? .success : nil
        }
        model.value = 3
        try await waitUntil { rig.output.plays.count == 1 }
        model.value = 1
        model.label = "working"
        try await Task.sleep(for: .milliseconds(30))
        #expect(rig.played == ["increase"])
        model.label = "done"
        try await waitUntil { rig.output.plays.count == 2 }
        #expect(rig.played == ["increase", "success"])
        up.cancel()
        label.cancel()
    }

    /// Polls until `condition` holds (the observation runs asynchronously), failing after ten seconds.
    @MainActor func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<2_000 {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(5))
        }
        Issue.record("timed out")
    }
}
