import Foundation
import HapticInterchange
import HapticPattern
import HapticTestSupport
import Testing

@Suite struct PlatformLimitTests {
    func corpus() throws -> [(String, Pattern)] {
        try Fixtures.patternFiles().map { url in
            (url.lastPathComponent, try AHAPReader.read(Array(try Data(contentsOf: url))).pattern)
        }
    }

    /// A continuous event long enough to need splitting everywhere, plus a dense train of transients.
    var stress: Pattern {
        var events = [Event(type: .hapticContinuous, time: 0, duration: 28, parameters: [EventParameter(.hapticIntensity, 0.6)])]
        for k in 0..<150 { events.append(Event(type: .hapticTransient, time: 28.5 + Double(k) * 0.06)) }
        events.append(Event(type: .hapticContinuous, time: 40, duration: 12, parameters: [EventParameter(.hapticIntensity, 1)]))
        return Pattern(events: events)
    }

    @Test func androidWaveformObeysPlatformLimits() throws {
        for (name, pattern) in try corpus() + [("stress", stress)] {
            let conversion = AndroidVibrationEffect.converting(pattern)
            let effect = conversion.value
            #expect(effect.timings.count == effect.amplitudes.count, "\(name)")
            #expect(effect.amplitudes.allSatisfy { (0...255).contains($0) }, "\(name)")
            #expect(effect.timings.allSatisfy { $0 >= AndroidVibrationEffect.minimumStepMilliseconds }, "\(name): \(effect.timings)")
            #expect(effect.amplitudes.last != 0, "\(name): trailing silence is dropped")
            #expect(conversion.notes.contains { $0.code == "sharpness-dropped" }, "\(name)")
            #expect(conversion.notes.contains { $0.code == "amplitude-quantized" && ($0.maxError ?? 1) <= 0.5 / 255 + 1e-6 }, "\(name)")
            let kotlin = effect.kotlin()
            #expect(kotlin.contains("VibrationEffect.createWaveform(timings, amplitudes, -1)"))
        }
    }

    @Test func androidTransientOnlyPatternsGetAComposition() throws {
        let pattern = Pattern(events: [
            Event(
                type: .hapticTransient, time: 0, parameters: [EventParameter(.hapticIntensity, 1), EventParameter(.hapticSharpness, 0.1)]),
            Event(
                type: .hapticTransient, time: 0.1,
                parameters: [EventParameter(.hapticIntensity, 0.4), EventParameter(.hapticSharpness, 0.5)]),
            Event(
                type: .hapticTransient, time: 0.2,
                parameters: [EventParameter(.hapticIntensity, 0.6), EventParameter(.hapticSharpness, 0.9)]),
            Event(type: .audioContinuous, time: 0, duration: 0.1),
        ])
        let conversion = AndroidVibrationEffect.converting(pattern)
        let composition = try #require(conversion.value.composition)
        #expect(composition.map(\.primitive) == ["THUD", "CLICK", "TICK"])
        #expect(composition.map(\.startMilliseconds) == [0, 100, 200])
        #expect(composition.map(\.scale) == [1, 0.4, 0.6])
        #expect(conversion.notes.contains { $0.code == "audio-dropped" && $0.count == 1 })
        #expect(conversion.value.kotlin().contains("PRIMITIVE_THUD"))
        // Waveform: bursts at 255 × intensity in the transient's step, silence between.
        #expect(conversion.value.amplitudes == [255, 0, 102, 0, 153])
        #expect(conversion.value.timings == [25, 75, 25, 75, 25])
        // A pattern with continuous content gets no composition.
        #expect(AndroidVibrationEffect.converting(stress).value.composition == nil)
    }

    @Test func webVibrationObeysBrowserLimits() throws {
        for (name, pattern) in try corpus() + [("stress", stress)] {
            let conversion = WebVibrationPattern.converting(pattern)
            let entries = conversion.value.pattern
            #expect(entries.count <= WebVibrationPattern.maxEntries, "\(name): \(entries.count)")
            #expect(entries.allSatisfy { $0 >= 0 && $0 <= WebVibrationPattern.maxEntryMilliseconds }, "\(name)")
            #expect(entries.count % 2 == 1 || entries.isEmpty, "\(name): no trailing pause")
        }
        let stressed = WebVibrationPattern.converting(stress)
        #expect(stressed.notes.contains { $0.code == "pauses-filled" }, "150 transients need more than 99 entries")
        #expect(stressed.value.pattern.prefix(3) == [10_000, 0, 10_000], "a 28 s vibration is split at 10 s")
    }

    @Test func gamepadEffectsObeyChromiumLimits() throws {
        for (name, pattern) in try corpus() + [("stress", stress)] {
            let track = GamepadRumbleTrack.converting(pattern).value
            for effect in track.effects {
                #expect(effect.duration + effect.startDelay <= GamepadRumbleTrack.maxEffectMilliseconds, "\(name)")
                #expect(effect.duration > 0)
                #expect((0...1).contains(effect.strongMagnitude) && (0...1).contains(effect.weakMagnitude), "\(name)")
            }
            #expect(
                zip(track.effects, track.effects.dropFirst()).allSatisfy { $0.startTime + $0.duration <= $1.startTime },
                "\(name): effects do not overlap")
        }
        // Low sharpness drives the strong motor, high sharpness the weak one.
        let low = GamepadRumbleTrack.converting(
            Pattern(events: [
                Event(
                    type: .hapticContinuous, time: 0, duration: 0.5,
                    parameters: [EventParameter(.hapticIntensity, 1), EventParameter(.hapticSharpness, 0)])
            ])
        ).value
        #expect(low.effects.contains { $0.strongMagnitude == 1 && $0.weakMagnitude == 0 })
        let high = GamepadRumbleTrack.converting(
            Pattern(events: [
                Event(
                    type: .hapticContinuous, time: 0, duration: 0.5,
                    parameters: [EventParameter(.hapticIntensity, 1), EventParameter(.hapticSharpness, 1)])
            ])
        ).value
        #expect(high.effects.contains { $0.strongMagnitude == 0 && $0.weakMagnitude == 1 })
    }
}
