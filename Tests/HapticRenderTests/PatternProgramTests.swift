import HapticPattern
import HapticRender
import Testing

@Suite struct PatternProgramTests {
    @Test func eventsAreSortedAndDurationMatchesPattern() throws {
        let pattern = Pattern(events: [
            Event(type: .hapticTransient, time: 0.3),
            Event(type: .hapticContinuous, time: 0.1, duration: 0.2),
            Event(type: .hapticTransient, time: 0.0),
        ])
        let program = try PatternProgram(pattern: pattern)
        #expect(program.eventTimes == [0.0, 0.1, 0.3])
        #expect(program.duration == pattern.duration)
        #expect(program.lastEventEnd == pattern.lastEventEnd)
    }

    @Test func nanParameterFromCodeIsRejected() {
        let pattern = Pattern(events: [Event(type: .hapticTransient, time: 0, parameters: [EventParameter(.hapticIntensity, .nan)])])
        #expect(throws: PatternError.self) { try PatternProgram(pattern: pattern) }
        let nanTime = Pattern(events: [Event(type: .hapticTransient, time: .nan)])
        do {
            _ = try PatternProgram(pattern: nanTime)
            Issue.record("NaN time accepted")
        } catch {
            #expect(error.code == .invalidEventTime)
        }
    }

    @Test func sustainedContinuousWithoutDurationIsInvalid() {
        do {
            _ = try PatternProgram(pattern: Pattern(events: [Event(type: .hapticContinuous, time: 0, duration: 0)]))
            Issue.record("accepted")
        } catch {
            #expect(error.code == .invalidEventDuration)
        }
    }

    @Test func absurdDurationsAreCappedOrRejected() throws {
        // Continuous: capped silently at 30 s.
        let long = try PatternProgram(pattern: Pattern(events: [Event(type: .hapticContinuous, time: 0, duration: 1e6)]))
        #expect(long.duration <= 30.1)
        // A transient padded past the one-hour limit: rejected with a clear error.
        do {
            _ = try PatternProgram(pattern: Pattern(events: [Event(type: .hapticTransient, time: 0, duration: 1e300)]))
            Issue.record("accepted")
        } catch {
            #expect(error.code == .invalidEventDuration)
            #expect(error.message.contains("maxPatternDuration"))
        }
        do {
            _ = try PatternProgram(pattern: Pattern(events: [Event(type: .hapticTransient, time: .infinity)]))
            Issue.record("accepted")
        } catch {
            #expect(error.code == .invalidEventTime)
        }
    }

    @Test func customAudioNeedsDecodedAudio() {
        let pattern = Pattern(events: [Event(type: .audioCustom, time: 0, waveform: .path("x.wav"))])
        do {
            _ = try PatternProgram(pattern: pattern)
            Issue.record("accepted")
        } catch {
            #expect(error.code == .invalidAudioResource)
        }
    }

    @Test func curveProgramValidates() {
        #expect(throws: PatternError.self) {
            try CurveProgram(ParameterCurve(id: .hapticAttackTimeControl, time: 0, controlPoints: [.init(time: 0, value: 0)]))
        }
        #expect(throws: PatternError.self) {
            try CurveProgram(ParameterCurve(id: .hapticIntensityControl, time: 0, controlPoints: [.init(time: .nan, value: 0)]))
        }
    }
}
