#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("unsupported platform")
#endif

/// A progress bar on one line of standard error, redrawn in place at most ten times a second — only when standard
/// error is a terminal, so logs and pipes get the summary line alone.
///
///     [██████████░░░░░░░░░░]  50%  1:30 of 3:00
///
/// The corresponding C calls are `isatty`, `clock_gettime` and `write`.
final class ProgressLine {
    private let fd: Int32
    private let isActive: Bool
    private var lastDraw = -1.0
    private var drawn = false

    /// A progress line on `fd`, drawing only when `fd` is a terminal and `enabled`.
    init(fd: Int32 = 2, enabled: Bool = true) {
        self.fd = fd
        isActive = enabled && isatty(fd) == 1
    }

    /// Shows `done` of `total` seconds.
    func update(done: Double, total: Double) {
        guard isActive, total > 0 else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let seconds = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        guard seconds - lastDraw >= 0.1 else { return }
        lastDraw = seconds
        write("\r" + Self.line(done: done, total: total))
        drawn = true
    }

    /// Clears the line (call before printing anything else).
    func finish() {
        guard drawn else { return }
        write("\r\u{1B}[2K")
        drawn = false
    }

    /// The bar for `done` of `total` seconds (pure; tested).
    static func line(done: Double, total: Double, width: Int = 20) -> String {
        let fraction = Swift.min(Swift.max(done / total, 0), 1)
        let filled = Int((fraction * Double(width)).rounded(.down))
        let percent = Int((fraction * 100).rounded(.down))
        let padding = percent < 10 ? "  " : percent < 100 ? " " : ""
        return "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled) + "] " + padding
            + "\(percent)%  \(clock(done)) of \(clock(total))"
    }

    /// `m:ss` (or `h:mm:ss`).
    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.down))
        let (h, m, s) = (total / 3_600, total / 60 % 60, total % 60)
        let tail = "\(s < 10 ? "0" : "")\(s)"
        return h > 0 ? "\(h):\(m < 10 ? "0" : "")\(m):\(tail)" : "\(m):\(tail)"
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { systemWrite(fd, $0.baseAddress!, $0.count) }
    }
}

/// `write(2)`, named apart from ``ProgressLine``'s own `write`.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, buffer, count)
    #elseif canImport(Musl)
    Musl.write(fd, buffer, count)
    #else
    Darwin.write(fd, buffer, count)
    #endif
}
