import HapticDevices
import HapticEngine
import OpenCoreHaptics
import OpenHapticFeedback
import Testing

/// The engine-backed output, on a manual-clock engine rendering into a recording device: what a real device gets.
@Suite struct EngineFeedbackOutputTests {
    static let rate = 8_000.0

    struct Rig {
        let recorder = RecordingDevice(capacityFrames: Int(4 * EngineFeedbackOutputTests.rate))
        let engine: CHHapticEngine
        let output: EngineFeedbackOutput
        let center: FeedbackCenter

        init(preferences: FeedbackPreferences = FeedbackPreferences(rateLimit: .unlimited)) {
            engine = CHHapticEngine(
                device: recorder, clock: .manual,
                configuration: EngineConfiguration(sampleRate: EngineFeedbackOutputTests.rate, blockFrames: 64))
            output = EngineFeedbackOutput(engine: engine)
            center = FeedbackCenter(output: output, preferences: preferences)
        }

        func run(_ body: () -> Void) { FeedbackCenter.$current.withValue(center, operation: body) }

        /// Renders `seconds` more and returns the pulses (runs above 0.02, split by gaps ≥ 2 ms) since `from`.
        func pulses(rendering seconds: Double, from start: Double = 0) -> [(start: Double, peak: Float)] {
            engine.advance(bySeconds: seconds)
            let amplitude = recorder.recording.amplitude
            var result: [(Double, Float)] = []
            var inPulse = false
            var quiet = 0
            for i in Int(start * rate)..<amplitude.count {
                let a = amplitude[i]
                if a > 0.02 {
                    if !inPulse {
                        result.append((Double(i) / rate, a))
                        inPulse = true
                    }
                    result[result.count - 1].1 = max(result[result.count - 1].1, a)
                    quiet = 0
                } else if inPulse {
                    quiet += 1
                    if quiet >= 16 { inPulse = false }
                }
            }
            return result
        }
    }

    @Test func notificationsReachTheDeviceWithTheirPulses() {
        let rig = Rig()
        rig.run { UINotificationFeedbackGenerator().notificationOccurred(.success) }
        let success = rig.pulses(rendering: 0.5)
        #expect(success.count == 2, "\(success)")
        #expect(success[0].peak > success[1].peak)
        #expect(abs(success[1].start - success[0].start - 0.085) < 0.003)

        rig.run { UINotificationFeedbackGenerator().notificationOccurred(.error) }
        let error = rig.pulses(rendering: 0.5, from: 0.5)
        #expect(error.count == 3, "\(error)")
        #expect(rig.output.failureCount == 0)
    }

    @Test func impactWeightsReachTheDeviceInOrder() {
        let rig = Rig()
        var peaks: [Float] = []
        for style in [UIImpactFeedbackGenerator.FeedbackStyle.light, .medium, .heavy] {
            let start = rig.engine.currentTime
            rig.run { UIImpactFeedbackGenerator(style: style).impactOccurred() }
            let pulses = rig.pulses(rendering: 0.2, from: start)
            #expect(pulses.count == 1)
            peaks.append(pulses.first?.peak ?? 0)
        }
        #expect(peaks[2] > peaks[1] && peaks[1] > peaks[0], "\(peaks)")
    }

    @Test func prepareStartsTheEngineAndOffMeansNothingReachesTheDevice() throws {
        let rig = Rig(preferences: FeedbackPreferences(isEnabled: false))
        rig.run {
            let generator = UIImpactFeedbackGenerator(style: .heavy)
            generator.prepare()
            generator.impactOccurred()
            UISelectionFeedbackGenerator().selectionChanged()
        }
        // The engine was never started: a manual engine that is not running renders nothing.
        rig.engine.advance(bySeconds: 0.2)
        #expect(rig.recorder.recording.amplitude.allSatisfy { $0 == 0 })

        let on = Rig()
        on.run { UIImpactFeedbackGenerator(style: .heavy).prepare() }
        on.engine.advance(bySeconds: 0.1)
        #expect(on.recorder.recordedFrameCount > 0, "prepare started the engine")
        #expect(on.recorder.recording.amplitude.allSatisfy { $0 == 0 }, "but played nothing")
    }

    @Test func engineRestartsAfterAStop() {
        let rig = Rig()
        rig.run { UISelectionFeedbackGenerator().selectionChanged() }
        #expect(rig.pulses(rendering: 0.1).count == 1)
        rig.engine.stop()
        let start = rig.engine.currentTime
        rig.run { UISelectionFeedbackGenerator().selectionChanged() }
        #expect(rig.pulses(rendering: 0.1, from: start).count == 1)
        #expect(rig.output.failureCount == 0)
    }
}
