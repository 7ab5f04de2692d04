import OpenHapticFeedback
import Testing

/// `prepare()` must measurably lower the next call's latency. Measured on the offline output (the mixer an
/// engine drives, rendered in-process): cold = build the mixer + compile the pattern + render to the first
/// non-silent block; prepared = render only.
@Suite struct PrepareLatencyTests {
    static func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }

    /// `prepare()` moves the cold-start work (engine start, program compile) out of the next call: that call finds the
    /// output warm. How much faster that makes it is measured by FeedbackBenchmarks (timing has no place in unit tests
    /// on a shared machine); the medians are printed here for information only.
    @Test func preparedGeneratorSkipsTheColdStart() {
        var cold: [Duration] = []
        var prepared: [Duration] = []
        for _ in 0..<10 {
            let coldRig = RenderingRig()
            coldRig.run { UIImpactFeedbackGenerator(style: .heavy).impactOccurred() }
            let coldRendering = coldRig.output.renderings[0]
            #expect(!coldRendering.wasWarm)
            cold.append(coldRendering.latency)

            let warmRig = RenderingRig()
            warmRig.run {
                let generator = UIImpactFeedbackGenerator(style: .heavy)
                generator.prepare()
                generator.impactOccurred()
            }
            let warmRendering = warmRig.output.renderings[0]
            #expect(warmRendering.wasWarm)
            prepared.append(warmRendering.latency)
        }
        let coldMedian = Self.median(cold)
        let preparedMedian = Self.median(prepared)
        print("prepare latency (offline output, median of 10, informational): cold \(coldMedian), prepared \(preparedMedian)")
    }

    @Test func preparedStateExpiresAfterTheIdleTimeout() {
        let rig = RenderingRig()
        rig.run {
            let generator = UINotificationFeedbackGenerator()
            generator.prepare()
            #expect(rig.output.isWarm)
            generator.notificationOccurred(.success)
            rig.clock.advance(by: 3)
            generator.notificationOccurred(.error)  // within 5 s of the last activity: warm
            rig.clock.advance(by: 6)
            #expect(!rig.output.isWarm)
            generator.notificationOccurred(.warning)  // idle for 6 s: cold again
        }
        #expect(rig.output.renderings.map(\.wasWarm) == [true, true, false])
        #expect(rig.output.coldStartCount == 2)
    }

    @Test func prepareDoesNothingWhenFeedbackIsOff() {
        let rig = RenderingRig(preferences: FeedbackPreferences(isEnabled: false))
        rig.run { UISelectionFeedbackGenerator().prepare() }
        #expect(!rig.output.isWarm)
        #expect(rig.output.coldStartCount == 0)
    }
}
