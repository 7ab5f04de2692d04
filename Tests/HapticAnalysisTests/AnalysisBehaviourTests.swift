import HapticAnalysis
import HapticPattern
import HapticTestSupport
import Testing

/// Determinism, the options, and the shape of the patterns written.
@Suite struct AnalysisBehaviourTests {
    static let material: SyntheticAudio = {
        var audio = SyntheticAudio.hits(seconds: 6).audio
        audio.addTone(at: 1.0, seconds: 3, frequency: 150, amplitude: 0.3, fadeIn: 0.3, fadeOut: 0.5)
        return audio
    }()

    @Test func theSameInputGivesTheSamePatternInAnyBlockSize() throws {
        let audio = Self.material
        let whole = try AudioAnalyzer.analyze(interleaved: audio.samples, sampleRate: audio.sampleRate, channelCount: 1)
        #expect(try AudioAnalyzer.analyze(interleaved: audio.samples, sampleRate: audio.sampleRate, channelCount: 1) == whole)
        for blockSize in [1, 333, 4_096] {
            let analyzer = try AudioAnalyzer(sampleRate: audio.sampleRate, channelCount: 1)
            var start = 0
            while start < audio.samples.count {
                let end = Swift.min(start + blockSize, audio.samples.count)
                analyzer.append(interleaved: Array(audio.samples[start..<end]))
                start = end
            }
            #expect(try analyzer.finish() == whole, "block size \(blockSize)")
        }
        #expect(try AHAPWriter.string(from: whole.pattern) == AHAPWriter.string(from: whole.pattern))
        #expect(whole.transientCount > 0 && whole.continuousEventCount > 0)
    }

    @Test func stereoIsMixedToMono() throws {
        let audio = Self.material
        let stereo = audio.samples.flatMap { [$0, $0] }
        let mono = try AudioAnalyzer.analyze(interleaved: audio.samples, sampleRate: audio.sampleRate, channelCount: 1)
        #expect(try AudioAnalyzer.analyze(interleaved: stereo, sampleRate: audio.sampleRate, channelCount: 2) == mono)
    }

    @Test func contentOptionsChooseTheEventKinds() throws {
        let audio = Self.material
        let transients = try AudioAnalyzer.analyze(
            interleaved: audio.samples, sampleRate: audio.sampleRate, channelCount: 1,
            options: AudioAnalysisOptions(content: .transientsOnly))
        #expect(transients.transientCount > 0 && transients.continuousEventCount == 0 && transients.pattern.curves.isEmpty)
        let continuous = try AudioAnalyzer.analyze(
            interleaved: audio.samples, sampleRate: audio.sampleRate, channelCount: 1,
            options: AudioAnalysisOptions(content: .continuousOnly))
        #expect(continuous.transientCount == 0 && continuous.continuousEventCount > 0)
    }

    @Test func theMaximumRateSpacesTransients() throws {
        var audio = SyntheticAudio(seconds: 3)
        for i in 0..<60 { audio.addNoiseBurst(at: 0.2 + Double(i) * 0.045, amplitude: i % 2 == 0 ? 0.8 : 0.5) }
        for rate in [5.0, 10, 40] {
            let times = try AudioAnalyzer.analyze(
                interleaved: audio.samples, sampleRate: audio.sampleRate, channelCount: 1,
                options: AudioAnalysisOptions(maximumTransientRate: rate)
            ).pattern.transientTimes
            let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
            #expect(gaps.allSatisfy { $0 >= Swift.max(0.025, 1 / rate) - 1e-9 }, "rate \(rate): \(gaps)")
            // Strongest first with a minimum gap leaves at most one gap's worth between two kept taps: at least half
            // the rate over the 2.65 s of hits.
            #expect(times.count >= Int(2.65 * Swift.min(rate, 1 / 0.045) / 2), "rate \(rate): only \(times.count)")
        }
    }

    @Test func sensitivityFindsMoreOrFewerSoftHits() throws {
        var audio = SyntheticAudio(seconds: 3)
        let amplitudes: [Float] = [0.9, 0.05, 0.6, 0.03, 0.4, 0.08, 0.9]
        for (i, amplitude) in amplitudes.enumerated() { audio.addNoiseBurst(at: 0.3 + Double(i) * 0.35, amplitude: amplitude) }
        func count(_ sensitivity: Double) throws -> Int {
            try AudioAnalyzer.analyze(
                interleaved: audio.samples, sampleRate: audio.sampleRate, channelCount: 1,
                options: AudioAnalysisOptions(sensitivity: sensitivity)
            ).transientCount
        }
        let (low, middle, high) = (try count(0), try count(0.5), try count(1))
        print("soft hits found at sensitivity 0 / 0.5 / 1: \(low) / \(middle) / \(high) of \(amplitudes.count)")
        #expect(low < high && low <= middle && middle <= high && high == amplitudes.count)
    }

    @Test func aCrossoverSplitsLowAndHighBands() throws {
        let (audio, bursts, thumps) = SyntheticAudio.hits()
        let analysis = try AudioAnalyzer.analyze(
            interleaved: audio.samples, sampleRate: audio.sampleRate, channelCount: 1,
            options: AudioAnalysisOptions(content: .transientsOnly, crossoverFrequency: 200))
        // Each band finds its own hits, and feels them stronger than the other kind: white noise has some energy
        // below 200 Hz and a thump's attack some above, but much less.
        for (name, band, own, other) in [
            ("low", try #require(analysis.lowBandPattern), thumps, bursts),
            ("high", try #require(analysis.highBandPattern), bursts, thumps),
        ] {
            let matching = OnsetMatching(found: band.transientTimes, truth: own, tolerance: 0.015)
            let ownStrength = meanFeltIntensity(band, near: own)
            let otherStrength = meanFeltIntensity(band, near: other)
            print(
                "crossover 200 Hz, \(name) band: \(matching); mean intensity \(ownStrength) at its own hits, \(otherStrength) at the others"
            )
            #expect(matching.recall >= 0.9)
            #expect(ownStrength > 2 * otherStrength)
        }
        #expect(try AudioAnalyzer.analyze(interleaved: audio.samples, sampleRate: audio.sampleRate, channelCount: 1).lowBandPattern == nil)
    }

    @Test func patternsAreValidAndCurvesShort() throws {
        let audio = Self.material
        let analysis = try AudioAnalyzer.analyze(
            interleaved: audio.samples, sampleRate: audio.sampleRate, channelCount: 1,
            options: AudioAnalysisOptions(crossoverFrequency: 300))
        for pattern in [analysis.pattern, analysis.lowBandPattern!, analysis.highBandPattern!] {
            #expect(PatternValidator.playabilityErrors(in: pattern).isEmpty)
            for curve in pattern.curves {
                #expect(curve.controlPoints.count >= 2 && curve.controlPoints.count <= 16)
                #expect(zip(curve.controlPoints.dropFirst(), curve.controlPoints).allSatisfy { $0.time > $1.time })
                #expect(curve.controlPoints.first?.time == 0)
            }
            for event in pattern.events where event.type == .hapticContinuous { #expect(event.duration <= 30) }
            #expect(zip(pattern.entries.dropFirst(), pattern.entries).allSatisfy { time(of: $0) >= time(of: $1) })
            let text = try AHAPWriter.string(from: pattern)
            #expect(try AHAPReader.read(Array(text.utf8)).pattern == pattern)
        }
        #expect(analysis.pattern.duration <= audio.duration + 0.01)
    }

    @Test func sustainedSoundLongerThan30SecondsIsSplitIntoEvents() throws {
        var audio = SyntheticAudio(seconds: 66, sampleRate: 8_000)
        audio.addTone(at: 0.5, seconds: 65, frequency: 200, amplitude: 0.4)
        let pattern = try AudioAnalyzer.analyze(
            interleaved: audio.samples, sampleRate: audio.sampleRate, channelCount: 1,
            options: AudioAnalysisOptions(content: .continuousOnly)
        ).pattern
        let events = pattern.events.filter { $0.type == .hapticContinuous }
        #expect(events.count == 3 && events.allSatisfy { $0.duration <= 30 }, "\(events.map { ($0.time, $0.duration) })")
        // One after the other, without a gap: the next starts where the one before ends.
        for (a, b) in zip(events, events.dropFirst()) { #expect(abs(a.time + a.duration - b.time) < 0.001) }
        #expect(abs((events.last.map { $0.time + $0.duration } ?? 0) - 65.5) < 0.1)
    }

    @Test func badFormatsAndOptionsAreRefused() {
        #expect(throws: PatternError.self) { try AudioAnalyzer(sampleRate: 0, channelCount: 1) }
        #expect(throws: PatternError.self) { try AudioAnalyzer(sampleRate: 48_000, channelCount: 0) }
        #expect(throws: PatternError.self) { try AudioAnalyzer(sampleRate: .nan, channelCount: 1) }
        #expect(throws: PatternError.self) {
            try AudioAnalyzer(sampleRate: 48_000, channelCount: 1, options: AudioAnalysisOptions(sensitivity: 2))
        }
        #expect(throws: PatternError.self) {
            try AudioAnalyzer(sampleRate: 48_000, channelCount: 1, options: AudioAnalysisOptions(maximumTransientRate: 100))
        }
        #expect(throws: PatternError.self) {
            try AudioAnalyzer(sampleRate: 8_000, channelCount: 1, options: AudioAnalysisOptions(crossoverFrequency: 3_000))
        }
        let limits = PatternLimits(maxPatternDuration: 1)
        #expect(throws: PatternError.self) {
            try AudioAnalyzer.analyze(
                interleaved: [Float](repeating: 0, count: 96_000), sampleRate: 48_000, channelCount: 1, limits: limits)
        }
    }

    /// The mean felt intensity of the transients within 15 ms of `times` (0 for a time without one).
    private func meanFeltIntensity(_ pattern: Pattern, near times: [Double]) -> Float {
        let transients = pattern.events.filter { $0.type == .hapticTransient }
        let felt = times.map { t in
            transients.first { abs($0.time - t) <= 0.015 }.map { pattern.feltIntensity(of: $0) } ?? 0
        }
        return felt.reduce(0, +) / Float(Swift.max(felt.count, 1))
    }

    private func time(of entry: Pattern.Entry) -> Double {
        switch entry {
        case .event(let e): return e.time
        case .parameter(let p): return p.time
        case .curve(let c): return c.time
        }
    }
}
