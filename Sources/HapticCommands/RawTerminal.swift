import HapticSystem

/// The terminal in the mode a game needs: keys arrive one by one without echo (`ICANON` and `ECHO` off; `ISIG`
/// stays on, so Ctrl-C is still a `SIGINT`), on the alternate screen with the cursor hidden. ``restore()`` puts back
/// exactly the settings found; call it on every way out.
///
/// The corresponding C calls are `tcgetattr`, `tcsetattr`, `poll`, `read` and the `TIOCGWINSZ` ioctl.
internal final class RawTerminal {
    private let input: Int32
    private let output: Int32
    private var saved = termios()
    private var isRaw = false
    private var usesScreen = false

    /// Whether `fd` is a terminal.
    internal static func isTerminal(_ fd: Int32) -> Bool { Posix.isatty(fd) }

    /// The size of the terminal on `fd` (columns, rows), or `nil` when it has none.
    internal static func size(of fd: Int32) -> (columns: Int, rows: Int)? { Posix.terminalSize(fd) }

    /// A terminal on `input` (keys) and `output` (drawing); nothing changes until ``enter(keys:screen:)``.
    internal init(input: Int32 = 0, output: Int32 = 1) {
        self.input = input
        self.output = output
    }

    /// Switches keys to raw mode (when `keys`) and the output to the alternate screen (when `screen`).
    internal func enter(keys: Bool, screen: Bool) {
        if keys, Posix.isatty(input), let settings = try? Posix.tcgetattr(input) {
            saved = settings
            var raw = saved
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                cc[Int(VMIN)] = 0
                cc[Int(VTIME)] = 0
            }
            isRaw = (try? Posix.tcsetattr(input, TCSAFLUSH, raw)) != nil
        }
        if screen {
            usesScreen = true
            write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
        }
    }

    /// Restores the saved settings, the cursor and the main screen. Safe to call twice.
    internal func restore() {
        if usesScreen {
            usesScreen = false
            write("\u{1B}[?25h\u{1B}[?1049l")
        }
        if isRaw {
            isRaw = false
            try? Posix.tcsetattr(input, TCSAFLUSH, saved)
        }
    }

    /// Waits up to `seconds` for input and returns what arrived (empty on timeout), or `nil` when the terminal is
    /// gone (hang-up, end of input).
    internal func readKeys(waiting seconds: Double) -> [UInt8]? {
        var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
        let milliseconds = Int32(Swift.max(0, Swift.min(seconds * 1000, 1000)).rounded(.up))
        guard let ready = try? Posix.poll(&descriptors, timeout: milliseconds), ready > 0 else { return [] }
        let events = descriptors[0].revents
        if events & Int16(POLLIN) == 0 {
            return events & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 ? nil : []
        }
        var buffer = [UInt8](repeating: 0, count: 64)
        guard let count = buffer.withUnsafeMutableBytes({ try? Posix.read(input, into: $0) }) else { return [] }
        if count == 0 { return nil }
        return Array(buffer[0..<count])
    }

    /// Writes `text` to the output, all of it.
    internal func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { try? Posix.writeAll(output, $0) }
    }
}
