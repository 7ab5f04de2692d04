import HapticSystem
import Synchronization

/// A live one-line meter of a simulated actuator (intensity and acceleration bars), redrawn about 30 times a
/// second on a thread of its own, only when the output is a terminal.
///
///     [haptic] intensity ▕██████████░░░░░░░░░░▏ 0.50  accel ▕████████████░░░░░░░░▏ 0.91 g
///
/// The corresponding C calls are `isatty`, `write` and the `TIOCGWINSZ` ioctl (the bars shrink to fit the terminal).
///
/// - Thread safety: ``start(fd:levels:)`` and ``stop()`` from one control thread.
/// - Real-time safety: none needed: the render thread only stores levels in atomics (``SimulatedDevice``); the
///   drawing happens here, off the render thread.
package final class TerminalMeter: Sendable {
    private let running = Atomic<Bool>(false)
    /// The current drawing thread's end (signalled when it returns), if one was started.
    private let finished = LockedState<ThreadMilestone?>(nil)
    /// Frames per second of the redraw.
    package static let framesPerSecond = 30.0

    /// A meter, not yet drawing.
    package init() {}

    /// Whether the meter is drawing.
    package var isActive: Bool { running.load(ordering: .acquiring) }

    /// Starts drawing to `fd` when it is a terminal; otherwise stays silent and returns `false`.
    ///
    /// - Parameter levels: returns (intensity 0 … 1, acceleration g, full-scale acceleration g); called on the
    ///   meter's thread.
    @discardableResult
    package func start(fd: Int32 = 2, levels: @escaping @Sendable () -> (Float, Float, Float)) -> Bool {
        stop()
        guard Posix.isatty(fd) else { return false }
        running.store(true, ordering: .releasing)
        let done = ThreadMilestone()
        finished.withLock { $0 = done }
        // The line must fit the terminal: a line that wraps makes every "\r" redraw scroll instead.
        let barWidth = Self.barWidth(columns: Self.columns(fd: fd))
        SystemThread.detach(name: "haptic-meter") { [self] in
            var peakHold: Float = 0
            while running.load(ordering: .acquiring) {
                let (intensity, acceleration, fullScale) = levels()
                peakHold = Swift.max(acceleration, peakHold * 0.85)
                Self.draw(Self.line(intensity: intensity, acceleration: peakHold, fullScale: fullScale, width: barWidth), fd: fd)
                MonotonicClock.sleep(until: MonotonicClock.now() + 1 / Self.framesPerSecond)
            }
            Self.draw("\r\u{1B}[2K", fd: fd)
            done.signal()
        }
        return true
    }

    /// Stops drawing and clears the line (within one frame).
    package func stop() {
        running.store(false, ordering: .releasing)
        // The thread signals when it has returned.
        finished.withLock { $0 }?.wait(until: MonotonicClock.now() + 0.2)
    }

    /// The meter line for the given levels (pure; tested).
    package static func line(intensity: Float, acceleration: Float, fullScale: Float, width: Int = 20) -> String {
        func bar(_ fraction: Float) -> String {
            let clamped = Swift.min(Swift.max(fraction, 0), 1)
            let filled = Int((clamped * Float(width)).rounded())
            return "▕" + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled) + "▏"
        }
        func fixed(_ value: Float) -> String {
            let hundredths = Int((Swift.max(value, 0) * 100).rounded())
            let fraction = hundredths % 100
            return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
        }
        return
            "\r[haptic] intensity \(bar(intensity)) \(fixed(intensity))  accel \(bar(acceleration / Swift.max(fullScale, 1e-6))) \(fixed(acceleration)) g"
    }

    /// The bar width that keeps ``line(intensity:acceleration:fullScale:width:)`` (43 characters plus two bars)
    /// shorter than a terminal `columns` wide, with room left for the terminal's `^C` echo: 20 when there is room,
    /// at least 4.
    package static func barWidth(columns: Int) -> Int {
        Swift.max(4, Swift.min(20, (columns - 47) / 2))
    }

    /// The terminal's width in columns (the `TIOCGWINSZ` ioctl), 80 when it does not say.
    private static func columns(fd: Int32) -> Int {
        Posix.terminalSize(fd)?.columns ?? 80
    }

    private static func draw(_ text: String, fd: Int32) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { try? Posix.write(fd, $0) }
    }
}
