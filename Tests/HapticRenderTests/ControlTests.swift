import HapticPattern
import HapticRender
import Testing

@Suite struct ControlTests {
    let rate = 8_000.0

    func steady(intensity: Float, sharpness: Float, parameters: [DynamicParameter] = [], curves: [ParameterCurve] = []) throws
        -> RenderResult
    {
        let event = Event(
            type: .hapticContinuous, time: 0, duration: 1,
            parameters: [EventParameter(.hapticIntensity, intensity), EventParameter(.hapticSharpness, sharpness)])
        let program = try PatternProgram(pattern: Pattern(events: [event], parameters: parameters, curves: curves))
        return OfflineRenderer.render(program: program, seconds: 1, configuration: testConfiguration(rate: rate))
    }

    @Test func intensityMultipliesAndSharpnessAddsWithClamping() throws {
        let result = try steady(
            intensity: 0.8, sharpness: 0.7,
            parameters: [
                DynamicParameter(id: .hapticIntensityControl, value: 0.5, time: 0.2),
                DynamicParameter(id: .hapticSharpnessControl, value: 0.6, time: 0.2),
                DynamicParameter(id: .hapticSharpnessControl, value: -0.3, time: 0.5),
                DynamicParameter(id: .hapticIntensityControl, value: 7, time: 0.5),  // clamped to 1
            ])
        #expect(abs(result.amplitude[Int(0.1 * rate)] - 0.8) < 1e-4)
        #expect(abs(result.amplitude[Int(0.3 * rate)] - 0.4) < 1e-4)  // 0.8 × 0.5
        #expect(abs(result.sharpness[Int(0.3 * rate)] - 1.0) < 1e-4)  // 0.7 + 0.6 clamped to 1
        #expect(abs(result.sharpness[Int(0.6 * rate)] - 0.4) < 1e-4)  // 0.7 − 0.3
        #expect(abs(result.amplitude[Int(0.6 * rate)] - 0.8) < 1e-4)  // control clamped to 1
    }

    @Test func stepChangesAreRampedNotJumped() throws {
        let result = try steady(
            intensity: 1, sharpness: 0.5, parameters: [DynamicParameter(id: .hapticIntensityControl, value: 0, time: 0.5)])
        let at = Int(0.5 * rate)
        let rampFrames = Int(0.003 * rate)
        // Largest change per frame around the step is about 1/rampFrames, not 1.
        var maxStep: Float = 0
        for i in (at - 2)..<(at + rampFrames + 2) { maxStep = max(maxStep, abs(result.amplitude[i + 1] - result.amplitude[i])) }
        #expect(maxStep <= 1 / Float(rampFrames) + 1e-4)
        #expect(result.amplitude[at + rampFrames + 1] == 0)
    }

    @Test func curvesInterpolateLinearlySampleBySample() throws {
        let curve = ParameterCurve(
            id: .hapticIntensityControl, time: 0.1,
            controlPoints: [
                ControlPoint(time: 0, value: 1), ControlPoint(time: 0.4, value: 0.2), ControlPoint(time: 0.6, value: 0.6),
            ])
        let result = try steady(intensity: 1, sharpness: 0.5, curves: [curve])
        for t in stride(from: 0.1, through: 0.7, by: 0.01) {
            let expected = curve.value(at: t) ?? 1
            #expect(abs(result.amplitude[Int((t * rate).rounded())] - expected) < 0.002, "t = \(t)")
        }
    }

    @Test func hapticControlsDoNotTouchAudioAndViceVersa() throws {
        let events = [
            Event(type: .hapticContinuous, time: 0, duration: 0.5, parameters: [EventParameter(.hapticIntensity, 1)]),
            Event(type: .audioContinuous, time: 0, duration: 0.5, parameters: [EventParameter(.audioVolume, 1)]),
        ]
        let quietHaptics = try PatternProgram(
            pattern: Pattern(events: events, parameters: [DynamicParameter(id: .hapticIntensityControl, value: 0, time: 0)]))
        let a = OfflineRenderer.render(program: quietHaptics, seconds: 0.4, configuration: testConfiguration(rate: 48_000))
        #expect(a.amplitude[(4_800 * 2)...].allSatisfy { $0 == 0 })
        #expect(a.audioLeft.contains { abs($0) > 0.1 })
        let quietAudio = try PatternProgram(
            pattern: Pattern(events: events, parameters: [DynamicParameter(id: .audioVolumeControl, value: 0, time: 0)]))
        let b = OfflineRenderer.render(program: quietAudio, seconds: 0.4, configuration: testConfiguration(rate: 48_000))
        #expect(b.audioLeft[(4_800 * 2)...].allSatisfy { $0 == 0 })
        #expect(abs(b.amplitude[48_00 * 2] - 1) < 1e-4)
    }

    @Test func nanAndOutOfRangeRuntimeParametersAreClamped() throws {
        let event = Event(type: .hapticContinuous, time: 0, duration: 1, parameters: [EventParameter(.hapticIntensity, 0.5)])
        let program = try PatternProgram(pattern: Pattern(events: [event]))
        let result = OfflineRenderer.render(
            timeline: [
                (0, .start(player: 0, program: program)),
                (0.2, .sendParameter(player: 0, id: .hapticIntensityControl, value: .nan)),  // NaN → default 1
                (0.4, .sendParameter(player: 0, id: .hapticIntensityControl, value: -5)),  // clamped to 0
                (0.6, .sendParameter(player: 0, id: .hapticIntensityControl, value: .infinity)),  // clamped to 1
            ], frameCount: Int(0.8 * rate), configuration: testConfiguration(rate: rate))
        #expect(abs(result.amplitude[Int(0.3 * rate)] - 0.5) < 1e-4)
        #expect(result.amplitude[Int(0.5 * rate)] == 0)
        #expect(abs(result.amplitude[Int(0.7 * rate)] - 0.5) < 1e-4)
        #expect(result.amplitude.allSatisfy { $0.isFinite })
    }

    @Test func summedAmplitudeIsClampedAndReported() throws {
        let events = (0..<3).map { _ in
            Event(type: .hapticContinuous, time: 0, duration: 0.2, parameters: [EventParameter(.hapticIntensity, 0.6)])
        }
        let result = OfflineRenderer.render(
            program: try PatternProgram(pattern: Pattern(events: events)), seconds: 0.3, configuration: testConfiguration(rate: rate))
        #expect(result.amplitude.max() == 1)
        #expect(result.clippedFrameCount > 0)
    }
}

/// A curve whose first point comes after its start leaves the control's current value linearly (no jump).
@Suite struct CurveLeadInTests {
    @Test func rendererRampsFromTheCurrentValueToTheFirstPoint() throws {
        let event = Event(type: .hapticContinuous, time: 0, duration: 1, parameters: [EventParameter(.hapticIntensity, 1)])
        let curve = ParameterCurve(
            id: .hapticIntensityControl, time: 0.2,
            controlPoints: [
                ControlPoint(time: 0.2, value: 1), ControlPoint(time: 0.4, value: 0),
            ])
        let pattern = Pattern(entries: [
            .event(event), .parameter(DynamicParameter(id: .hapticIntensityControl, value: 0.5, time: 0)), .curve(curve),
        ])
        let result = OfflineRenderer.render(
            program: try PatternProgram(pattern: pattern), seconds: 1,
            configuration: testConfiguration(rate: 8_000))
        #expect(abs(result.amplitude[1_500] - 0.5) < 0.005)  // 0.1875 s: before the curve
        #expect(abs(result.amplitude[2_400] - 0.75) < 0.005)  // 0.3 s: half-way from 0.5 to the first point (1)
        #expect(abs(result.amplitude[3_200] - 1) < 0.005)  // 0.4 s: the first point
        #expect(abs(result.amplitude[4_000] - 0.5) < 0.005)  // 0.5 s: half-way down to the second
        // The same from a seek into the lead-in, and from the model.
        let seeked = OfflineRenderer.render(
            timeline: [(0, .start(player: 0, program: try PatternProgram(pattern: pattern), offset: 0.3))],
            frameCount: 2_000, configuration: testConfiguration(rate: 8_000))
        #expect(abs(seeked.amplitude[800] - 1) < 0.005)
        #expect(curve.value(at: 0.3, from: 0.5) == 0.75)
        #expect(curve.value(at: 0.3) == 1)  // from the default 1
        #expect(curve.value(at: 0.5, from: 0.5) == 0.5)
    }
}
