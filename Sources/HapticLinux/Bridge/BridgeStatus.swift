#if os(Linux)
/// What the haptic bridge is doing: its PipeWire connection, its pads and what reaches each, its streams, the
/// latencies measured and its problems. A snapshot (``HapticBridge/status()``); the levels are the peaks since the
/// previous snapshot.
package struct BridgeStatus: Sendable {
    /// One pad.
    package struct Pad: Sendable {
        /// Its number (as `haptic devices` counts).
        package var number: Int
        /// Its controller ID.
        package var id: String
        /// Its name.
        package var name: String
        /// The device playing it (`hidraw:/dev/hidraw3`, `evdev:/dev/input/event5`, `simulated:xbox#1`).
        package var device: String
        /// Whether it plays PCM on voice coils (else motor levels).
        package var playsCoils: Bool
        /// The labels of the routes reaching it.
        package var routes: [String]
        /// The hit → pad latencies measured per route.
        package var latencies: [Latency]
        /// The loudest actuator signal since the last snapshot, 0 … 1.
        package var level: Float = 0
        /// The pad's output (for its level).
        var output: PadOutput?
    }

    /// One stream.
    package struct Source: Sendable {
        /// The bridge's key for it (`sink:<pad>`, `capture:<rule>:<node>`).
        package var key: String
        /// How it is shown.
        package var label: String
        /// The pads it reaches.
        package var padNumbers: [Int]
        /// The loudest sample of its carried channels since the last snapshot.
        package var level: Float = 0
        /// The stream's fan-out (for its level).
        var fanOut: FrameFanOut?
    }

    /// The hit → pad latencies of one route.
    package struct Latency: Sendable {
        /// The route's label.
        package var route: String
        /// The latencies measured, seconds, oldest first (at most 500).
        package var samples: [Double]

        /// The median, seconds.
        package var median: Double { Self.quantile(samples, 0.5) }
        /// The 90th percentile, seconds.
        package var p90: Double { Self.quantile(samples, 0.9) }

        /// The `q` quantile of `values` (nearest rank).
        package static func quantile(_ values: [Double], _ q: Double) -> Double {
            guard !values.isEmpty else { return 0 }
            let sorted = values.sorted()
            let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
            return sorted[Swift.max(0, Swift.min(sorted.count - 1, rank))]
        }
    }

    /// PipeWire's state, in words.
    package var pipeWire = "starting"
    /// Whether the bridge is connected to PipeWire.
    package var isConnected = false
    /// The pads, in `haptic devices` order.
    package var pads: [Pad] = []
    /// The streams.
    package var sources: [Source] = []
    /// Problems to show (a pad that did not open, a malformed controllers file).
    package var problems: [String] = []

    /// An empty status.
    package init() {}
}
#endif
