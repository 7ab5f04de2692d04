import HapticAnalysis
import HapticPattern
import HapticTestSupport
import Testing

/// Audio made in the test, with known truth: where the hits are, where the tone sounds, what is silence.
@Suite struct SyntheticTruthTests {
    @Test func burstsAndThumpsAreFoundWithin15Milliseconds() throws {
        let (audio, bursts, thumps) = SyntheticAudio.hits()
        let analysis = try AudioAnalyzer.analyze(interleaved: audio.samples, sampleRate: audio.sampleRate, channelCount: 1)
        let found = analysis.pattern.transientTimes
        let all = (bursts + thumps).sorted()
        let matching = OnsetMatching(found: found, truth: all, tolerance: 0.015)
        print("bursts and thumps (\(all.count) hits, ±15 ms): \(matching)")
        #expect(matching.precision >= 0.9 && matching.recall >= 0.9, "\(matching); found \(found)")

        // Bursts are felt sharper than thumps: every burst's transient is sharper than every thump's.
        let transients = analysis.pattern.events.filter { $0.type == .hapticTransient }
        func sharpness(near times: [Double]) -> [Float] {
            times.compactMap { t in
                transients.min { abs($0.time - t) < abs($1.time - t) }.flatMap { abs($0.time - t) <= 0.015 ? $0 : nil }
            }.map { analysis.pattern.feltSharpness(of: $0) }
        }
        let burstSharpness = sharpness(near: bursts)
        let thumpSharpness = sharpness(near: thumps)
        print(
            "sharpness: bursts \(burstSharpness.min() ?? 0) … \(burstSharpness.max() ?? 0), thumps \(thumpSharpness.min() ?? 0) … \(thumpSharpness.max() ?? 0)"
        )
        #expect(!burstSharpness.isEmpty && !thumpSharpness.isEmpty)
        #expect((burstSharpness.min() ?? 0) > (thumpSharpness.max() ?? 1))
        // A hi-hat is sharp, a kick dull: the ends of the scale, not just an order.
        #expect((burstSharpness.min() ?? 0) >= 0.8 && (thumpSharpness.max() ?? 1) <= 0.2)
    }

    @Test func louderHitsGiveStrongerTransients() throws {
        var audio = SyntheticAudio(seconds: 2)
        audio.addNoiseBurst(at: 0.3, amplitude: 0.9)
        audio.addNoiseBurst(at: 0.8, amplitude: 0.3)
        audio.addNoiseBurst(at: 1.3, amplitude: 0.1)
        let pattern = try AudioAnalyzer.analyze(interleaved: audio.samples, sampleRate: audio.sampleRate, channelCount: 1).pattern
        let felt = pattern.events.filter { $0.type == .hapticTransient }.map { pattern.feltIntensity(of: $0) }
        #expect(felt.count == 3, "\(pattern.events)")
        #expect(felt == felt.sorted(by: >) && felt.first == 1, "\(felt)")
    }

    @Test func aToneWithFadesIsContinuousOverTheToneAndAbsentAroundIt() throws {
        var audio = SyntheticAudio(seconds: 2.5)
        audio.addTone(at: 0.5, seconds: 1.2, frequency: 220, amplitude: 0.5, fadeIn: 0.1, fadeOut: 0.25)
        let pattern = try AudioAnalyzer.analyze(interleaved: audio.samples, sampleRate: audio.sampleRate, channelCount: 1).pattern
        let during = stride(from: 0.62, through: 1.42, by: 0.02).map { pattern.continuousIntensity(at: $0) }
        let before = stride(from: 0.0, through: 0.45, by: 0.01).map { pattern.continuousIntensity(at: $0) }
        let after = stride(from: 1.78, through: 2.5, by: 0.01).map { pattern.continuousIntensity(at: $0) }
        print(
            "tone: intensity over the tone \(during.min() ?? 0) … \(during.max() ?? 0); before \(before.max() ?? 0), after \(after.max() ?? 0)"
        )
        #expect(pattern.events.contains { $0.type == .hapticContinuous })
        #expect(during.allSatisfy { $0 >= 0.5 }, "\(during)")
        #expect(before.allSatisfy { $0 == 0 } && after.allSatisfy { $0 == 0 })
        // The fade-out is followed: the intensity falls from the steady part to the end of the tone.
        #expect(pattern.continuousIntensity(at: 1.62) < pattern.continuousIntensity(at: 1.3))
    }

    @Test func silenceGivesAnEmptyPattern() throws {
        for samples in [[Float](repeating: 0, count: 96_000), [], [Float](repeating: 0.4, count: 96_000)] {
            let analysis = try AudioAnalyzer.analyze(interleaved: samples, sampleRate: 48_000, channelCount: 1)
            #expect(analysis.pattern.entries.isEmpty, "\(samples.first ?? 0): \(analysis.pattern.entries)")
        }
    }

    @Test func clippingAndADCOffsetMakeNoPhantomHits() throws {
        let (audio, bursts, thumps) = SyntheticAudio.hits()
        let overdriven = audio.clippedWithOffset(gain: 4, offset: 0.3)
        let found = try AudioAnalyzer.analyze(interleaved: overdriven, sampleRate: audio.sampleRate, channelCount: 1).pattern.transientTimes
        let matching = OnsetMatching(found: found, truth: bursts + thumps, tolerance: 0.015)
        print("overdriven ×4 with +0.3 DC: \(matching)")
        #expect(matching.precision == 1 && matching.recall >= 0.9, "\(matching); found \(found)")

        // A hard-clipped, offset tone: one hit where it starts, nothing while it sounds.
        var tone = SyntheticAudio(seconds: 3)
        tone.addTone(at: 0.5, seconds: 2, frequency: 180, amplitude: 4)
        let clipped = tone.clippedWithOffset(gain: 1, offset: 0.2)
        let toneHits = try AudioAnalyzer.analyze(interleaved: clipped, sampleRate: tone.sampleRate, channelCount: 1).pattern.transientTimes
        #expect(toneHits.count <= 1 && toneHits.allSatisfy { abs($0 - 0.5) <= 0.015 }, "\(toneHits)")
    }
}
