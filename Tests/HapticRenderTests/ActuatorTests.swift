import HapticPattern
import HapticRender
import Testing

@Suite struct ActuatorTests {
    @Test func profilesRoundTripThroughValues() throws {
        for profile in ActuatorProfile.builtIns {
            #expect(try ActuatorProfile(value: profile.value) == profile)
        }
        #expect(throws: PatternError.self) { try ActuatorProfile(value: .object([("Name", .string("x")), ("Mode", .string("laser"))])) }
        #expect(ActuatorProfile.builtIn(named: "two-motor-pad")?.mode == .twoMotor)
    }

    @Test func sharpnessMapsLinearlyIntoTheBand() {
        let p = ActuatorProfile.simulatedTapticLRA
        #expect(p.frequency(forSharpness: 0) == 80 && p.frequency(forSharpness: 1) == 230 && p.frequency(forSharpness: 0.5) == 155)
    }

    @Test func lraRingsUpWithItsTimeConstantToPeakAcceleration() throws {
        // Sharpness chosen so the drive sits on the 170 Hz resonance: (170 − 80) / 150 = 0.6.
        let event = Event(
            type: .hapticContinuous, time: 0, duration: 0.5,
            parameters: [EventParameter(.hapticIntensity, 1), EventParameter(.hapticSharpness, 0.6), EventParameter(.attackTime, 0)])
        let rate = 48_000.0
        let result = OfflineRenderer.render(
            program: try PatternProgram(pattern: Pattern(events: [event])), seconds: 0.5,
            configuration: testConfiguration(rate: rate, block: 512))
        let steady = result.acceleration[Int(0.3 * rate)..<Int(0.4 * rate)].map { abs($0) }.max() ?? 0
        #expect(abs(steady - 1.5) < 0.1, "steady \(steady) g")
        // τ = Q/(π f0) ≈ 18.7 ms: after 5 ms the envelope is well below steady state, after 100 ms it is there.
        let early = result.acceleration[0..<Int(0.005 * rate)].map { abs($0) }.max() ?? 0
        #expect(early < 0.5 * steady)
    }

    @Test func twoMotorSplitAndMinimumBurst() throws {
        let transient = Event(
            type: .hapticTransient, time: 0, parameters: [EventParameter(.hapticIntensity, 1), EventParameter(.hapticSharpness, 0)])
        let result = OfflineRenderer.render(
            program: try PatternProgram(pattern: Pattern(events: [transient])), seconds: 0.2,
            configuration: testConfiguration(rate: 1_000, block: 64), profile: .twoMotorPad)
        // The 20 ms transient becomes a burst of at least the profile's 30 ms on the strong motor only.
        let burst = result.strong.filter { $0 > 0.5 }.count
        #expect(burst >= 30)
        #expect(result.weak.allSatisfy { $0 == 0 })
        // The ERM model spins up and down slowly: acceleration lasts well beyond the burst.
        #expect(result.acceleration[100..<200].contains { abs($0) > 0.001 })
    }
}
