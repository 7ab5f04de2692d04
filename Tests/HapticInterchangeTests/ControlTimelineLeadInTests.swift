import HapticInterchange
import HapticPattern
import Testing

@Suite struct ControlTimelineLeadInTests {
    /// A curve whose first point comes after its start moves from the current value, as the renderer does.
    @Test func curveLeadInRampsFromTheCurrentValue() {
        let curve = ParameterCurve(
            id: .hapticIntensityControl, time: 0.2,
            controlPoints: [
                ControlPoint(time: 0.2, value: 1), ControlPoint(time: 0.4, value: 0),
            ])
        let pattern = Pattern(entries: [
            .parameter(DynamicParameter(id: .hapticIntensityControl, value: 0.5, time: 0)), .curve(curve),
        ])
        let timeline = ControlTimeline(.hapticIntensityControl, in: pattern, rampDuration: 0)
        #expect(timeline.value(at: 0.1) == 0.5)
        #expect(abs(timeline.value(at: 0.3) - 0.75) < 1e-6)
        #expect(abs(timeline.value(at: 0.4) - 1) < 1e-6)
        #expect(abs(timeline.value(at: 0.5) - 0.5) < 1e-6)
    }
}
