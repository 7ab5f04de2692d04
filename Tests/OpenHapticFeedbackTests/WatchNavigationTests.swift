import OpenHapticFeedback
import Testing

/// WatchKit's navigation (watchOS 7) and underwater (watchOS 9) types, rendered through the real mixer.
@Suite struct WatchNavigationTests {
    /// Renders one watch type; its pulses.
    func pulses(_ type: WKHapticType) -> [OfflineFeedbackOutput.Pulse] {
        let rig = RenderingRig()
        rig.run { WKInterfaceDevice.current().play(type) }
        #expect(rig.output.renderings.count == 1)
        return rig.lastPulses
    }

    /// Onset-to-onset intervals.
    func intervals(_ pulses: [OfflineFeedbackOutput.Pulse]) -> [Double] {
        zip(pulses, pulses.dropFirst()).map { $1.startTime - $0.startTime }
    }

    @Test func rawValuesMatchWatchKit() {
        #expect(WKHapticType.navigationLeftTurn.rawValue == 9)
        #expect(WKHapticType.navigationRightTurn.rawValue == 10)
        #expect(WKHapticType.navigationGenericManeuver.rawValue == 11)
        #expect(WKHapticType.underwaterDepthPrompt.rawValue == 12)
        #expect(WKHapticType.underwaterDepthCriticalPrompt.rawValue == 13)
        #expect(WKHapticType(rawValue: 13) == .underwaterDepthCriticalPrompt)
        #expect(WKHapticType(rawValue: 14) == nil)
    }

    /// Left and right use the same taps and differ only in rhythm: right is even, left comes in pairs.
    @Test func leftAndRightTurnsDifferByRhythmAlone() {
        let left = pulses(.navigationLeftTurn)
        let right = pulses(.navigationRightTurn)
        #expect(left.count == 4 && right.count == 4)
        for (a, b) in zip(left, right) { #expect(abs(a.peak - b.peak) < 0.02, "same taps") }
        let even = intervals(right)
        #expect(even.max()! - even.min()! < 0.004, "right: a steady rhythm \(even)")
        let paired = intervals(left)
        #expect(paired[1] > 1.5 * paired[0] && paired[1] > 1.5 * paired[2], "left: two pairs \(paired)")
        for (a, b) in zip(left, left.dropFirst()) { #expect(b.startTime - a.endTime >= 0.025, "taps felt apart") }
    }

    /// Any other maneuver is one buzz: no rhythm to confuse with a turn.
    @Test func genericManeuverIsOneBuzz() {
        let buzz = pulses(.navigationGenericManeuver)
        #expect(buzz.count == 1)
        #expect(buzz[0].duration >= 0.15)
    }

    /// The critical depth prompt is more urgent than the plain one: more buzzes, stronger, closer together.
    @Test func criticalDepthPromptIsMoreUrgent() {
        let prompt = pulses(.underwaterDepthPrompt)
        let critical = pulses(.underwaterDepthCriticalPrompt)
        #expect(prompt.count == 2)
        #expect(critical.count > prompt.count)
        #expect(critical.map(\.peak).max()! > prompt.map(\.peak).max()! + 0.1)
        #expect(intervals(critical).max()! < intervals(prompt).min()!)
        for buzz in prompt + critical { #expect(buzz.duration >= 0.03, "buzzes, not taps: \(buzz)") }
    }
}
