import Benchmark
import Foundation
import HapticAnalysis

/// One second of 48 kHz stereo test material: noise bursts and low thumps every 250 ms over a sustained tone, the
/// mix the analysis meets in sound effects (fixed-seed noise, so every run hears the same).
private let material: [Float] = {
    let rate = 48_000
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func noise() -> Float {
        seed ^= seed >> 12
        seed ^= seed << 25
        seed ^= seed >> 27
        return Float((seed &* 0x2545_F491_4F6C_DD1D) >> 40) / Float(1 << 23) - 1
    }
    var samples = [Float](repeating: 0, count: rate * 2)
    for frame in 0..<rate {
        let t = Double(frame) / Double(rate)
        let sinceHit = t.truncatingRemainder(dividingBy: 0.25)
        var value = 0.2 * Float(sin(2 * Double.pi * 150 * t))
        if Int(t / 0.25) % 2 == 0 {
            value += 0.6 * noise() * Float(exp(-sinceHit / 0.015))
        } else {
            value += 0.7 * Float(sin(2 * Double.pi * 60 * sinceHit) * exp(-sinceHit / 0.06))
        }
        samples[2 * frame] = value
        samples[2 * frame + 1] = value * 0.8
    }
    return samples
}()

/// Analyzes `seconds` of the material (repeated) streamed in blocks of 4096 frames, then assembles the pattern.
private func analyze(seconds: Int) throws -> AudioAnalysis {
    let analyzer = try AudioAnalyzer(sampleRate: 48_000, channelCount: 2)
    try material.withUnsafeBufferPointer { all in
        for _ in 0..<seconds {
            var start = 0
            while start < all.count {
                let end = Swift.min(start + 4_096 * 2, all.count)
                analyzer.append(interleaved: UnsafeBufferPointer(rebasing: all[start..<end]))
                start = end
            }
        }
    }
    return try analyzer.finish()
}

/// Seconds of audio per second of analysis, as a custom metric (larger is better).
private let realTimeRatio = BenchmarkMetric.custom("realtime_ratio", polarity: .prefersLarger, useScalingFactor: false)

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 200)

    // One second of 48 kHz stereo, a fresh analyzer each time, pattern assembled: wall clock per second of audio
    // (the real-time ratio is 1 s / that). The allocations are the analyzer's set-up and the pattern's, none per
    // frame: a spectrogram kept per frame would add ~190 a second.
    Benchmark(
        "analysis_one_second_48kHz_stereo",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident, realTimeRatio],
            thresholds: [.mallocCountTotal: .init(absolute: [.p90: 20])])
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let start = ContinuousClock.now
            blackHole(try analyze(seconds: 1))
            let elapsed = ContinuousClock.now - start
            benchmark.measurement(
                realTimeRatio, Int(1 / (Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds))))
        }
    }

    // Ten minutes streamed: the resident peak stays that of a short analysis (bounded memory), and the real-time
    // ratio that of one second.
    Benchmark(
        "analysis_ten_minutes_48kHz_stereo",
        configuration: .init(
            metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal, realTimeRatio], maxDuration: .seconds(20), maxIterations: 3)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let start = ContinuousClock.now
            let analysis = try analyze(seconds: 600)
            let elapsed = ContinuousClock.now - start
            blackHole(analysis)
            benchmark.measurement(
                realTimeRatio, Int(600 / (Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds))))
        }
    }
}
