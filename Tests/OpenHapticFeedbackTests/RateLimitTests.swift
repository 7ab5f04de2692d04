import Glibc
import HapticSystem
import OpenHapticFeedback
import Testing

@Suite struct RateLimitTests {
    @Test func rapidSelectionTicksAreCoalesced() {
        let rig = RecordingRig()
        rig.run {
            let generator = UISelectionFeedbackGenerator()
            // 10 ticks 10 ms apart, as a fast flick over a picker produces.
            for _ in 0..<10 {
                generator.selectionChanged()
                rig.clock.advance(by: 0.010)
            }
        }
        // Ticks at 0, 10, …, 90 ms with a 40 ms window: 0, 40, 80 play.
        #expect(rig.played.count == 3)
        #expect(rig.center.decisionCounts[.coalesced] == 7)
    }

    @Test func coalescingIsPerFeedback() {
        let rig = RecordingRig()
        #expect(rig.center.play(.selection) == .played)
        #expect(rig.center.play(.success) == .played)
        #expect(rig.center.play(.selection) == .coalesced)
        rig.clock.advance(by: 0.041)
        #expect(rig.center.play(.selection) == .played)
    }

    @Test func burstThenSustainedRate() {
        let rig = RecordingRig()
        let names = FeedbackLibrary.names
        // Distinct feedbacks (no coalescing), all at the same instant: the burst of 8 plays, the rest is dropped.
        var decisions = names.prefix(12).map { rig.center.play(named: $0) }
        #expect(decisions.filter { $0 == .played }.count == 8)
        #expect(decisions.filter { $0 == .rateLimited }.count == 4)
        // One second later 12 tokens have refilled, capped at the burst of 8.
        rig.clock.advance(by: 1)
        decisions = names.prefix(12).map { rig.center.play(named: $0) }
        #expect(decisions.filter { $0 == .played }.count == 8)
        // A steady stream at 20 per second is thinned to about 12 per second.
        rig.output.reset()
        rig.clock.advance(by: 10)
        for i in 0..<200 {
            rig.center.play(named: names[i % names.count])
            rig.clock.advance(by: 0.05)
        }
        let played = rig.output.plays.count
        #expect(played >= 8 + 10 * 12 - 2 && played <= 8 + 10 * 12 + 2, "\(played) of 200 in 10 s")
    }

    @Test func appAndUserCanChangeTheLimits() {
        let rig = RecordingRig(preferences: FeedbackPreferences(rateLimit: FeedbackRateLimit(maximumRate: 1, burstSize: 1)))
        #expect(rig.center.play(.success) == .played)
        #expect(rig.center.play(.warning) == .rateLimited)
        rig.center.userSettings = UserFeedbackSettings.load(environment: ["OPENHAPTICS_FEEDBACK_RATE": "unlimited"])
        #expect(rig.center.play(.warning) == .played)
        #expect(rig.center.play(.error) == .played)
    }

    @Test func droppedFeedbackNeverReachesTheOutput() {
        let rig = RecordingRig(preferences: FeedbackPreferences(rateLimit: FeedbackRateLimit(maximumRate: 2, burstSize: 2)))
        var played = 0
        for _ in 0..<50 {
            if rig.center.play(.impact(weight: .heavy)) == .played { played += 1 }
            rig.clock.advance(by: 0.05)
        }
        #expect(rig.output.plays.count == played)
        #expect(played >= 6 && played <= 8, "2 + 2 per second over 2.5 s: \(played)")
    }

    @Test func defaultsAreDocumentedValues() {
        let limit = FeedbackRateLimit.default
        #expect(limit.coalescingInterval == 0.04)
        #expect(limit.maximumRate == 12)
        #expect(limit.burstSize == 8)
        #expect(
            FeedbackRateLimit(coalescingInterval: -1, maximumRate: 0, burstSize: 0)
                == FeedbackRateLimit(coalescingInterval: 0, maximumRate: 0.1, burstSize: 1))
    }
}

/// The center's default clock (no clock injected): seconds, monotonic, from an origin early in the process, as the
/// trigger log and the coalescing window read it.
@Suite struct DefaultClockTests {
    @Test func theDefaultClockCountsRealSeconds() {
        let center = FeedbackCenter(output: RecordingFeedbackOutput())
        let times = LockedState<[Double]>([])
        center.setTriggerLog { entry in times.withLock { $0.append(entry.time) } }
        center.play(.selection)
        usleep(20_000)  // pacing: 20 ms of real time between the two requests, not a wait for a condition
        center.play(.success)
        let logged = times.withLock { $0 }
        #expect(logged.count == 2)
        guard logged.count == 2 else { return }
        #expect(logged[0] >= 0 && logged[0] < 3_600, "seconds since the process's first use, not since boot: \(logged[0])")
        // 20 ms apart in seconds (not milliseconds or nanoseconds); the upper bound leaves room for a loaded machine.
        #expect(logged[1] - logged[0] >= 0.019 && logged[1] - logged[0] < 1, "\(logged[1] - logged[0]) s")
        // The same selection right away is coalesced by the same clock; after 50 ms more it plays again.
        #expect(center.play(.success) == .coalesced)
        usleep(50_000)  // pacing: past the 40 ms coalescing window
        #expect(center.play(.success) == .played)
    }
}
