#if os(Linux)
import HapticSystem

/// A file the bridge writes one line to per timed event (`haptic bridge --timing-log`): hits arriving on inputs and
/// reaching pads (monotonic seconds, the clock `CLOCK_MONOTONIC` that PipeWire's graph times and Python's
/// `time.monotonic()` read), their pairing into latencies, pads silenced, added, lost, and PipeWire coming and going.
///
///     input t=1234.567890 pad=pipe:/tmp/pad.fifo route=Wireless Controller sink level=0.742
///     latency pad=pipe:/tmp/pad.fifo route=Wireless Controller sink in=1234.567890 out=1234.579012 ms=11.12
///
/// Written from the bridge's supervising thread only (the pad threads queue their events); each line is one
/// `write(2)` of an append-only descriptor.
package final class BridgeTimingLog: Sendable {
    private let descriptor: Int32

    /// Creates (or truncates) the file at `path`.
    ///
    /// - Throws: `SystemCallError` from `open`.
    package init(path: String) throws(SystemCallError) {
        descriptor = try Posix.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, mode: 0o644)
    }

    deinit { try? Posix.close(descriptor) }

    /// Appends `line` and a newline.
    package func write(_ line: String) {
        let text = line + "\n"
        _ = Array(text.utf8).withUnsafeBytes { try? Posix.writeAll(descriptor, $0) }
    }
}
#endif

/// `value` with `digits` decimals ("12.35"), without Foundation's formatting.
package func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    let fraction = Int(scaled - Double(whole) * scale)
    var text = String(fraction)
    while text.count < digits { text = "0" + text }
    return (value < 0 && scaled > 0 ? "-" : "") + String(whole) + (digits > 0 ? "." + text : "")
}
