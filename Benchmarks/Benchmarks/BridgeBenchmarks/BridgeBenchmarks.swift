import Benchmark
import HapticLinux

/// The haptic bridge's real-time paths allocate nothing (issue 36): PipeWire's data thread handing a quantum to the
/// pads' rings, and a pad's output thread running its route on it, for each kind of route. The thresholds
/// (Benchmarks/Thresholds/6.3/BridgeBenchmarks.*.p90.json) hold mallocCountTotal at 0 over the scaled iterations.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(2), maxIterations: 2_000,
        thresholds: [.mallocCountTotal: .init(absolute: [.p90: 0])])

    // The data thread: a 256-frame, 4-channel quantum into two pads' rings (the process callback's own work).
    let delivery = _BridgeRealTimeWork(route: "coils")
    Benchmark("bridge_data_thread_quantum_256") { benchmark in
        for _ in benchmark.scaledIterations {
            delivery._deliverQuantum()
            delivery._processQuantum()
        }
    }

    // A pad's thread for each route: a game's coil signal on coils, an application's sound as a synthesized carrier
    // or its low band on coils, and on rumble motors (analysis, actuator translator, trigger pulses).
    for route in ["coils", "coilSynth", "coilSound", "motors"] {
        let work = _BridgeRealTimeWork(route: route)
        Benchmark("bridge_pad_thread_quantum_256_\(route)") { benchmark in
            for _ in benchmark.scaledIterations {
                work._deliverQuantum()
                work._processQuantum()
            }
        }
    }
}
