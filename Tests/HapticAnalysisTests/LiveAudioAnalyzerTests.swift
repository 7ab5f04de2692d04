import HapticAnalysis
import HapticPattern
import HapticTestSupport
import Testing

/// The live analysis the bridge runs on an application's sound: hits found within milliseconds, none in steady sound,
/// brightness as sharpness, quiet applications normalized, the transient rate kept.
struct LiveAudioAnalyzerTests {
    struct Result {
        var level: [Float]
        var sharpness: [Float]
        var onsets: [Float]

        /// The times (seconds) of the hits found.
        func onsetTimes(sampleRate: Double = 48_000) -> [Double] {
            onsets.indices.filter { onsets[$0] > 0 }.map { Double($0) / sampleRate }
        }
    }

    /// Runs `samples` through a fresh analyzer in blocks of 256 (a PipeWire quantum).
    static func analyze(_ samples: [Float], options: AudioAnalysisOptions = AudioAnalysisOptions(), normalizes: Bool = true) throws
        -> Result
    {
        var analyzer = try LiveAudioAnalyzer(sampleRate: 48_000, options: options, normalizesLoudness: normalizes)
        var result = Result(
            level: [Float](repeating: 0, count: samples.count), sharpness: [Float](repeating: 0, count: samples.count),
            onsets: [Float](repeating: 0, count: samples.count))
        samples.withUnsafeBufferPointer { input in
            result.level.withUnsafeMutableBufferPointer { level in
                result.sharpness.withUnsafeMutableBufferPointer { sharpness in
                    result.onsets.withUnsafeMutableBufferPointer { onsets in
                        var start = 0
                        while start < input.count {
                            let n = Swift.min(256, input.count - start)
                            analyzer.process(
                                input.baseAddress! + start, count: n, level: level.baseAddress! + start,
                                sharpness: sharpness.baseAddress! + start, onsets: onsets.baseAddress! + start)
                            start += n
                        }
                    }
                }
            }
        }
        return result
    }

    @Test func everyHitIsFoundWithinTwoMilliseconds() throws {
        let (audio, bursts, thumps) = SyntheticAudio.hits(seconds: 6)
        let truth = (bursts + thumps).sorted()
        let found = try Self.analyze(audio.samples).onsetTimes()
        #expect(found.count == truth.count, "found \(found.count) hits for \(truth.count)")
        for (hit, time) in zip(truth, found) {
            #expect(time >= hit && time <= hit + 0.002, "hit at \(hit) s found at \(time) s")
        }
    }

    @Test func steadySoundMakesNoHitsAfterItStarts() throws {
        var audio = SyntheticAudio(seconds: 3)
        audio.addTone(at: 0.1, seconds: 2.8, frequency: 90, amplitude: 0.5)
        audio.addTone(at: 0.1, seconds: 2.8, frequency: 440, amplitude: 0.2)
        audio.addBackgroundNoise(amplitude: 0.01)
        let result = try Self.analyze(audio.samples)
        // The noise's start and the tones' start may be hits; nothing after.
        #expect(result.onsetTimes().filter { $0 > 0.11 }.isEmpty, "\(result.onsetTimes())")
        // The sustained part plays as level.
        #expect(result.level[48_000] > 0.5)
    }

    @Test func theLevelFallsSilentSoonAfterAHit() throws {
        // Clicks half a second apart: between them nothing may play (the bridge saw one tap for ten clicks when the
        // envelope released in power, over 0.6 s to the gate).
        var audio = SyntheticAudio(seconds: 1.6)
        // Noise bursts 80 ms long: 70 ms after each ends, the level must be back to zero.
        for k in 0..<3 { audio.addNoiseBurst(at: 0.1 + 0.5 * Double(k), amplitude: 0.8) }
        let result = try Self.analyze(audio.samples)
        for k in 0..<3 {
            let quiet = Int((0.1 + 0.5 * Double(k) + 0.15) * 48_000)
            #expect(result.level[quiet] == 0, "level \(result.level[quiet]) 150 ms after burst \(k)")
        }
        #expect(result.onsetTimes().count == 3)
    }

    @Test func brightHitsAreSharperThanDullOnes() throws {
        var audio = SyntheticAudio(seconds: 1)
        audio.addNoiseBurst(at: 0.2, amplitude: 0.7)
        audio.addThump(at: 0.6, amplitude: 0.7)
        let result = try Self.analyze(audio.samples)
        let burst = result.sharpness[Int(0.215 * 48_000)]
        let thump = result.sharpness[Int(0.615 * 48_000)]
        #expect(burst > 0.6, "noise burst sharpness \(burst)")
        #expect(thump < 0.3, "thump sharpness \(thump)")
    }

    @Test func aQuietApplicationStillPlaysWhenNormalized() throws {
        var audio = SyntheticAudio(seconds: 3)
        for k in 0..<6 { audio.addThump(at: 0.2 + 0.45 * Double(k), amplitude: 0.03) }
        let normalized = try Self.analyze(audio.samples)
        let absolute = try Self.analyze(audio.samples, normalizes: false)
        // −30 dBFS thumps: scaled to the loudest moment (at least 24 dB over the gate) they reach most of the range; as
        // amplitudes they stay small.
        #expect((normalized.level.max() ?? 0) > 0.6)
        #expect((absolute.level.max() ?? 0) < 0.05)
        #expect(normalized.onsetTimes().count == 6)
    }

    @Test func hitsKeepTheMaximumTransientRate() throws {
        var audio = SyntheticAudio(seconds: 1)
        // A burst every 30 ms: faster than 10 a second.
        for k in 0..<30 { audio.addNoiseBurst(at: 0.05 + 0.03 * Double(k), amplitude: 0.6) }
        let found = try Self.analyze(audio.samples, options: AudioAnalysisOptions(maximumTransientRate: 10)).onsetTimes()
        #expect(!found.isEmpty)
        for (a, b) in zip(found, found.dropFirst()) { #expect(b - a >= 0.1 - 1e-6) }
    }

    @Test func contentChoosesWhatIsWritten() throws {
        let (audio, _, _) = SyntheticAudio.hits(seconds: 2)
        let taps = try Self.analyze(audio.samples, options: AudioAnalysisOptions(content: .transientsOnly))
        let rumble = try Self.analyze(audio.samples, options: AudioAnalysisOptions(content: .continuousOnly))
        #expect(taps.level.allSatisfy { $0 == 0 })
        #expect(!taps.onsetTimes().isEmpty)
        #expect(rumble.onsetTimes().isEmpty)
        #expect((rumble.level.max() ?? 0) > 0.5)
    }

    @Test func anUnusableRateIsRefused() {
        #expect(throws: PatternError.self) { try LiveAudioAnalyzer(sampleRate: 500) }
    }
}
