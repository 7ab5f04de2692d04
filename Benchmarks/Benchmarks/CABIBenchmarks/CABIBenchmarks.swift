import Benchmark
import BenchmarkSupport
import CCoreHapticsWrapper
import Foundation
import OpenCoreHaptics

/// The cost of the C ABI (libCoreHapticsWrapper, Apple's Unity plug-in's entry points) against the same work in
/// Swift, measured in the same run:
/// - `makePlayerAndStart`: AHAP text → player → start → stop → release. The C side reads the text the plug-in
///   passes; the Swift side reads the same text from a file with `CHHapticPattern(contentsOf:)`, as a Swift app does.
/// - `startAndStop`: one existing player started and stopped — the per-call overhead of handles and marshalling.
/// - `CABI_vs_Swift_startAndStop`: the same two loops back to back in each round (order alternating), timed in the
///   thread's CPU time, their ratio recorded per round (gated: Scripts/benchmark-gates.py, "cabi"). Sub-microsecond
///   calls measured in separate benchmarks moved from 1.05x to 1.52x with the machine's load between them.
/// Both sides play on the null device (no pacing, no device writes), one engine per side.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, maxDuration: .seconds(3), maxIterations: 5_000)
    setenv("HAPTIC_DEVICE", "null", 1)

    let text = #"""
        {"Version": 1, "Pattern": [
          {"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [
            {"ParameterID": "HapticIntensity", "ParameterValue": 0.8}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.4}]}},
          {"Event": {"Time": 0.05, "EventType": "HapticContinuous", "EventDuration": 0.2, "EventParameters": [
            {"ParameterID": "HapticIntensity", "ParameterValue": 0.6}]}}
        ]}
        """#
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("cabi-benchmark-\(getpid()).ahap")
    try? text.write(to: file, atomically: true, encoding: .utf8)

    // One engine per side for the whole run, started before the first sample: the samples measure the calls, not
    // engine start-up.
    guard let cEngine = CoreHaptics_CHHapticEngine_Create(nil, nil, nil), let swiftEngine = try? CHHapticEngine(),
        let pattern = try? CHHapticPattern(contentsOf: file), let swiftPlayer = try? swiftEngine.makePlayer(with: pattern)
    else { return }
    CoreHaptics_CHHapticEngine_Start(cEngine, nil)
    try? swiftEngine.start()
    let cPlayer = CoreHaptics_CHHapticEngine_MakePlayer(cEngine, text, nil)

    Benchmark("CABI.makePlayerAndStart") { benchmark in
        for _ in benchmark.scaledIterations {
            let player = CoreHaptics_CHHapticEngine_MakePlayer(cEngine, text, nil)
            CoreHaptics_CHHapticPatternPlayer_Start(player, 0, nil)
            CoreHaptics_CHHapticPatternPlayer_Stop(player, 0, nil)
            CoreHaptics_CHHapticPatternPlayer_Destroy(player)
        }
    }

    Benchmark("Swift.makePlayerAndStart") { benchmark in
        for _ in benchmark.scaledIterations {
            guard let pattern = try? CHHapticPattern(contentsOf: file), let player = try? swiftEngine.makePlayer(with: pattern) else {
                return
            }
            try? player.start(atTime: CHHapticTimeImmediate)
            try? player.stop(atTime: CHHapticTimeImmediate)
        }
    }

    Benchmark("CABI.startAndStop") { benchmark in
        for _ in benchmark.scaledIterations {
            CoreHaptics_CHHapticPatternPlayer_Start(cPlayer, 0, nil)
            CoreHaptics_CHHapticPatternPlayer_Stop(cPlayer, 0, nil)
        }
    }

    Benchmark("Swift.startAndStop") { benchmark in
        for _ in benchmark.scaledIterations {
            try? swiftPlayer.start(atTime: CHHapticTimeImmediate)
            try? swiftPlayer.stop(atTime: CHHapticTimeImmediate)
        }
    }

    // An intensity change of a playing player, as a game sends one per frame (and the QEMU gate's level changes):
    // the parameter object, the engine's lock and state, the command. Not gated; docs/performance.md keeps the figure.
    let swiftLevels = try? swiftEngine.makePlayer(
        with: CHHapticPattern(
            events: [CHHapticEvent(eventType: .hapticContinuous, parameters: [], relativeTime: 0, duration: 3_600)], parameters: []))
    try? swiftLevels?.start(atTime: CHHapticTimeImmediate)
    Benchmark("Swift.sendParameters") { benchmark in
        for index in benchmark.scaledIterations {
            let value: Float = index % 2 == 0 ? 0.3 : 1.0
            try? swiftLevels?.sendParameters(
                [CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: value, relativeTime: 0)],
                atTime: CHHapticTimeImmediate)
        }
    }

    Benchmark(
        "CABI_vs_Swift_startAndStop",
        configuration: .init(
            metrics: [.custom("CABI_over_Swift_x100", polarity: .prefersSmaller, useScalingFactor: false)],
            maxDuration: .seconds(20), maxIterations: 15)
    ) { benchmark in
        // Chunks of 200 calls, alternating sides: both see the same machine state within a few hundred microseconds.
        let (chunks, calls) = (100, 200)
        for _ in benchmark.scaledIterations {
            var (cTime, swiftTime) = (0.0, 0.0)
            for chunk in 0..<chunks {
                let c = {
                    threadCPUTime {
                        for _ in 0..<calls {
                            CoreHaptics_CHHapticPatternPlayer_Start(cPlayer, 0, nil)
                            CoreHaptics_CHHapticPatternPlayer_Stop(cPlayer, 0, nil)
                        }
                    }
                }
                let swift = {
                    threadCPUTime {
                        for _ in 0..<calls {
                            try? swiftPlayer.start(atTime: CHHapticTimeImmediate)
                            try? swiftPlayer.stop(atTime: CHHapticTimeImmediate)
                        }
                    }
                }
                if chunk.isMultiple(of: 2) {
                    cTime += c()
                    swiftTime += swift()
                } else {
                    swiftTime += swift()
                    cTime += c()
                }
            }
            benchmark.measurement(
                .custom("CABI_over_Swift_x100", polarity: .prefersSmaller, useScalingFactor: false),
                Int((cTime / swiftTime * 100).rounded()))
        }
    }
}
