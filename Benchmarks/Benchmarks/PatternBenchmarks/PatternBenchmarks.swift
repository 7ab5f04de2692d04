import Benchmark
import BenchmarkSupport
import Foundation
import HapticPattern

/// A large, realistic AHAP document: 20 000 entries mixing transients, continuous events with envelope
/// parameters, dynamic parameters and 16-point curves, pretty-printed like designer tools write them.
let largeAHAP: [UInt8] = {
    var entries: [Pattern.Entry] = []
    for i in 0..<20_000 {
        let t = Double(i) * 0.01
        switch i % 4 {
        case 0:
            entries.append(
                .event(
                    Event(
                        type: .hapticTransient, time: t,
                        parameters: [EventParameter(.hapticIntensity, 0.8), EventParameter(.hapticSharpness, 0.4)])))
        case 1:
            entries.append(
                .event(
                    Event(
                        type: .hapticContinuous, time: t, duration: 0.25,
                        parameters: [
                            EventParameter(.hapticIntensity, 0.6), EventParameter(.hapticSharpness, 0.3),
                            EventParameter(.attackTime, 0.1), EventParameter(.releaseTime, 0.2),
                        ])))
        case 2:
            entries.append(.parameter(DynamicParameter(id: .hapticIntensityControl, value: 0.75, time: t)))
        default:
            entries.append(
                .curve(
                    ParameterCurve(
                        id: .hapticSharpnessControl, time: t,
                        controlPoints: (0..<16).map { ControlPoint(time: Double($0) * 0.01, value: Float($0) / 16 - 0.5) })))
        }
    }
    return try! AHAPWriter.bytes(from: Pattern(version: 1.0, entries: entries))
}()

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 200)

    // Our reader: bytes → validated Pattern (syntax, structure, codes and all).
    Benchmark("AHAPReader_read_large") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try! AHAPReader.read(largeAHAP, limits: .unlimited))
        }
    }

    // Baseline on the same bytes, in the same run: Foundation's JSONSerialization, which only builds untyped
    // Foundation objects (no AHAP validation at all) — the first step of Apple's own loader.
    Benchmark("JSONSerialization_baseline_large") { benchmark in
        let data = Data(largeAHAP)
        for _ in benchmark.scaledIterations {
            blackHole(try! JSONSerialization.jsonObject(with: data))
        }
    }

    // The ratio CI gates (.ci/benchmarks.sh, Scripts/benchmark-gates.py): each round reads the same bytes with both,
    // alternating, three times each, and records JSONSerialization's best time over the reader's best (x100); the gate
    // takes the median of the rounds. Times are the thread's CPU time: both sides are single-threaded, and wall time
    // on a loaded machine counts the time spent waiting for a CPU, which moved the ratio of one round from 11x to 25x.
    // The best of three, for both sides alike: on the shared 2-core machine one read in a round often runs beside
    // another process's build (its caches and memory bandwidth shared), which moved single-read rounds of one run
    // from 20x to 29x (issue 26); the best of each side is the read that ran least disturbed.
    Benchmark(
        "AHAPReader_vs_JSONSerialization_large",
        configuration: .init(
            metrics: [.custom("JSONSerialization_over_reader_x100", polarity: .prefersLarger, useScalingFactor: false)],
            maxDuration: .seconds(40), maxIterations: 7)
    ) { benchmark in
        let data = Data(largeAHAP)
        for _ in benchmark.scaledIterations {
            var reader = Double.infinity
            var json = Double.infinity
            for _ in 0..<3 {
                reader = min(reader, threadCPUTime { blackHole(try! AHAPReader.read(largeAHAP, limits: .unlimited)) })
                json = min(json, threadCPUTime { blackHole(try! JSONSerialization.jsonObject(with: data)) })
            }
            benchmark.measurement(
                .custom("JSONSerialization_over_reader_x100", polarity: .prefersLarger, useScalingFactor: false),
                Int((json / reader * 100).rounded()))
        }
    }

    Benchmark("AHAPWriter_write_large") { benchmark in
        let pattern = try! AHAPReader.read(largeAHAP, limits: .unlimited).pattern
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try! AHAPWriter.bytes(from: pattern))
        }
    }
}
