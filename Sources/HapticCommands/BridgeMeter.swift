#if os(Linux)
import Foundation
import HapticLinux
import HapticSystem

/// What `haptic bridge` shows: the live meter (redrawn in place on a terminal), the lines a service logs when routes
/// change, and the latency report at the end.
///
///     haptic bridge — PipeWire connected (libpipewire 0.3.65), quantum 256 frames
///       Wireless Controller sink  ▕██████░░░░░░▏ → 1
///       firefox (node 52)         ▕██░░░░░░░░░░▏ → 1, 2
///       1. DualSense Wireless Controller  voice coils  ▕████░░░░░░░░▏  11.2 ms median, 16.0 ms p90 (42 hits)
///       2. Xbox Wireless Controller       rumble       ▕█░░░░░░░░░░░▏
enum BridgeMeter {
    /// The routing the configuration asks for, in words, for the first line.
    static func routingLine(_ configuration: BridgeConfiguration) -> String {
        var parts: [String] = []
        if configuration.sinks.bluetooth { parts.append("a sink for each Bluetooth DualSense (channels 3/4 to its coils, 1/2 not played)") }
        if configuration.sinks.virtual { parts.append("a virtual DualSense sink") }
        for capture in configuration.captures {
            switch capture.source {
            case .application(let name): parts.append("sound to touch from application '\(name)'")
            case .node(let name): parts.append("sound to touch from node '\(name)'")
            case .monitor: parts.append("sound to touch from the default sink's monitor")
            }
        }
        return (parts.isEmpty ? "nothing to route" : parts.joined(separator: "; ")) + "; quantum \(configuration.quantum) frames"
    }

    /// The lines that change only when routes change (no levels): what a service logs.
    static func summary(_ status: BridgeStatus) -> [String] {
        var lines = ["PipeWire: \(status.pipeWire)"]
        for source in status.sources {
            lines.append(
                "route: \(source.label) → "
                    + (source.padNumbers.isEmpty ? "no pad" : "pad " + source.padNumbers.map(String.init).joined(separator: ", ")))
        }
        for pad in status.pads {
            lines.append("pad \(pad.number): \(pad.name) [\(pad.playsCoils ? "voice coils" : "motors"), \(pad.device)]")
        }
        lines += status.problems.map { "problem: \($0)" }
        return lines
    }

    /// The meter's lines for a terminal `width` columns wide.
    static func lines(_ status: BridgeStatus, width: Int) -> [String] {
        var lines = ["haptic bridge — PipeWire \(status.pipeWire)"]
        let labelWidth = Swift.min(32, (status.sources.map(\.label.count) + status.pads.map { $0.name.count + 4 }).max() ?? 10)
        for source in status.sources {
            let targets = source.padNumbers.isEmpty ? "no pad" : source.padNumbers.map(String.init).joined(separator: ", ")
            lines.append("  \(pad(source.label, labelWidth))  \(bar(source.level))  → \(targets)")
        }
        if status.sources.isEmpty { lines.append("  (no sinks or captures yet)") }
        for pad in status.pads {
            var line =
                "  \(Self.pad("\(pad.number). \(pad.name)", labelWidth))  \(pad.playsCoils ? "voice coils" : "motors     ")  \(bar(pad.level))"
            if let figures = pad.latencies.max(by: { $0.samples.count < $1.samples.count }), !figures.samples.isEmpty {
                line += "  \(milliseconds(figures.median)) median, \(milliseconds(figures.p90)) p90 (\(figures.samples.count) hits)"
            }
            lines.append(line)
        }
        if status.pads.isEmpty { lines.append("  (no pads: haptic devices lists what is found)") }
        lines += status.problems.map { "  ! \($0)" }
        lines.append("  Ctrl-C stops")
        return lines.map { String(terminalSafe($0).prefix(Swift.max(20, width - 1))) }
    }

    /// The latencies measured, per pad and route, for the end of the run.
    static func latencyReport(_ status: BridgeStatus) -> [String] {
        var lines: [String] = []
        for pad in status.pads {
            for figures in pad.latencies where !figures.samples.isEmpty {
                lines.append(
                    "latency: pad \(pad.number) (\(pad.name)) from \(figures.route): \(milliseconds(figures.median)) median, "
                        + "\(milliseconds(figures.p90)) p90 over \(figures.samples.count) hits (sound due in the graph → written to the pad)"
                )
            }
        }
        return lines
    }

    /// Draws `lines` over the `previous` lines drawn before (cursor up, clear, print).
    ///
    /// - Returns: how many lines are on screen now.
    static func draw(_ lines: [String], replacing previous: Int) -> Int {
        var text = previous > 0 ? "\u{1B}[\(previous)A" : ""
        for line in lines { text += "\r\u{1B}[2K" + line + "\n" }
        for _ in lines.count..<Swift.max(previous, lines.count) { text += "\r\u{1B}[2K\n" }
        if previous > lines.count { text += "\u{1B}[\(previous - lines.count)A" }
        FileHandle.standardOutput.write(Data(text.utf8))
        return lines.count
    }

    /// The terminal's width (`TIOCGWINSZ`), 80 when unknown.
    static func columns() -> Int {
        Posix.terminalSize(1)?.columns ?? 80
    }

    private static func bar(_ level: Float, width: Int = 12) -> String {
        let filled = Int((Swift.min(1, Swift.max(0, level)) * Float(width)).rounded())
        return "▕" + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled) + "▏"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - text.count)
    }

    private static func milliseconds(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1_000) }
}
#endif

/// A running `haptic bridge` as `haptic devices` lists it (from the file the bridge keeps in `$XDG_RUNTIME_DIR`).
struct BridgeListing: Encodable {
    /// The bridge's process.
    var pid: Int32
    /// Its PipeWire connection.
    var pipeWire: String
    /// Its sinks and the pads each plays on.
    var sinks: [String]
    /// Its sound-to-touch captures and their pads.
    var captures: [String]
    /// The pads it plays.
    var pads: [String]

    /// The bridges running now (none off Linux).
    static func running(environment: [String: String]) -> [BridgeListing] {
        #if os(Linux)
        BridgeStateFile.running(environment: environment).map {
            BridgeListing(pid: $0.pid, pipeWire: $0.pipeWire, sinks: $0.sinks, captures: $0.captures, pads: $0.pads)
        }
        #else
        []
        #endif
    }

    /// The lines `haptic devices` prints for `bridges`.
    static func text(_ bridges: [BridgeListing]) -> [String] {
        guard !bridges.isEmpty else { return ["Bridges: none running (haptic bridge makes DualSense sinks and sound-to-touch routes)"] }
        var lines = ["Bridges (haptic bridge):"]
        for bridge in bridges {
            lines.append("  pid \(bridge.pid): PipeWire \(bridge.pipeWire)")
            for sink in bridge.sinks { lines.append("      sink \(sink)") }
            for capture in bridge.captures { lines.append("      sound to touch: \(capture)") }
            if bridge.sinks.isEmpty && bridge.captures.isEmpty { lines.append("      no routes yet") }
        }
        return lines
    }
}
