import Foundation

/// A progress bar on one line of standard error, redrawn in place at most ten times a second — only when standard
/// error is a terminal, so logs and pipes get the summary line alone.
///
///     [██████████░░░░░░░░░░]  50%  1:30 of 3:00
final class ProgressLine {
    private let isActive: Bool
    private var lastDraw: ContinuousClock.Instant?
    private var drawn = false

    /// A progress line on standard error, drawing only when it is a terminal.
    init() {
        isActive = RawTerminal.isTerminal(2)
    }

    /// Shows `done` of `total` seconds.
    func update(done: Double, total: Double) {
        guard isActive, total > 0 else { return }
        let now = ContinuousClock.now
        if let lastDraw, now - lastDraw < .milliseconds(100) { return }
        lastDraw = now
        write("\r" + Self.line(done: done, total: total))
        drawn = true
    }

    /// Clears the line (call before printing anything else).
    func finish() {
        guard drawn else { return }
        write("\r\u{1B}[2K")
        drawn = false
    }

    /// The bar for `done` of `total` seconds.
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
        FileHandle.standardError.write(Data(text.utf8))
    }
}
