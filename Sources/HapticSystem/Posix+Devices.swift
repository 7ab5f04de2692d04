#if os(Linux)
import CHapticSupport
#endif

/// Devices, terminals and waiting: `ioctl`, `poll`, the hang-up wait of a device node, the terminal's settings and
/// size, and inotify.
extension Posix {
    /// `ioctl(2)` with a pointer argument (a struct or buffer the kernel reads or fills): the call's result.
    ///
    ///     var info = hidraw_devinfo()
    ///     try Posix.ioctl(fd, CHapticSupport_HIDIOCGRAWINFO, &info, name: "HIDIOCGRAWINFO")
    ///
    /// - Parameter name: the request's name, for errors (`"EVIOCSFF"`).
    @discardableResult
    package static func ioctl(_ descriptor: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer, name: StaticString)
        throws(SystemCallError) -> Int32
    {
        Int32(try syscall(name) { errnoResult(cIoctl(descriptor, request, argument)) })
    }

    #if os(Linux)
    /// `EVIOCGBIT(eventType, byteCount)`: the evdev request that reads which codes of `eventType` a node has (0: which
    /// event types), as a bit mask of `byteCount` bytes.
    package static func evdevBitsRequest(eventType: UInt32, byteCount: Int) -> UInt {
        CHapticSupport_EVIOCGBIT(eventType, UInt32(byteCount))
    }

    /// `EVIOCGNAME(byteCount)`: the evdev request that reads the node's name into `byteCount` bytes.
    package static func evdevNameRequest(byteCount: Int) -> UInt {
        CHapticSupport_EVIOCGNAME(UInt32(byteCount))
    }

    /// `EVIOCGKEY(byteCount)`: the evdev request that reads which keys and buttons are held now, as a bit mask of
    /// `byteCount` bytes.
    package static func evdevKeyStateRequest(byteCount: Int) -> UInt {
        CHapticSupport_EVIOCGKEY(UInt32(byteCount))
    }

    /// `EVIOCGABS(code)`: the evdev request that reads absolute axis `code`'s value and range (`input_absinfo`).
    package static func evdevAxisRequest(code: UInt16) -> UInt {
        CHapticSupport_EVIOCGABS(UInt32(code))
    }
    #endif

    /// `ioctl(2)` with an integer argument (`EVIOCRMFF`'s effect id): the call's result.
    @discardableResult
    package static func ioctl(_ descriptor: Int32, _ request: UInt, value: Int32, name: StaticString) throws(SystemCallError) -> Int32 {
        Int32(try syscall(name) { errnoResult(cIoctl(descriptor, request, value)) })
    }

    /// `poll(2)`: waits up to `milliseconds` (−1: without end) until one of `descriptors` is ready; how many are.
    /// An interrupted wait starts again with the whole timeout.
    package static func poll(_ descriptors: inout [pollfd], timeout milliseconds: Int32) throws(SystemCallError) -> Int {
        try descriptors.withUnsafeMutableBufferPointer { (buffer) throws(SystemCallError) -> Int in
            try syscall("poll") { errnoResult(cPoll(buffer.baseAddress, nfds_t(buffer.count), milliseconds)) }
        }
    }

    /// What ``waitForHangup(_:wake:timeoutNanoseconds:)`` saw.
    package enum HangupWait: Sendable, Equatable {
        /// The timeout passed.
        case timedOut
        /// The device hung up (it was removed).
        case hungUp
        /// The wake descriptor was signalled (and its count taken).
        case woken
    }

    /// `ppoll(2)` for no events on `descriptor`, which reports only a hang-up (`POLLHUP`, `POLLERR`, `POLLNVAL`: the
    /// device is gone), and for `POLLIN` on `wake` (an `eventfd`, whose count it takes; −1 for none), within
    /// `timeoutNanoseconds`. An interrupted wait starts again with the whole timeout.
    package static func waitForHangup(_ descriptor: Int32, wake: Int32 = -1, timeoutNanoseconds: Int) throws(SystemCallError) -> HangupWait
    {
        #if os(Linux)
        let ready = try syscall("ppoll") { Int(CHapticSupport_waitForHangupOrWake(descriptor, wake, timeoutNanoseconds)) }
        switch ready {
        case 1: return .hungUp
        case 2: return .woken
        default: return .timedOut
        }
        #else
        throw SystemCallError("ppoll", errno: ENOSYS)
        #endif
    }

    /// `isatty(3)`: whether `descriptor` is an open terminal (`false` for a closed one: safe on inherited
    /// descriptors).
    package static func isatty(_ descriptor: Int32) -> Bool { cIsatty(descriptor) == 1 }

    /// The size of the terminal on `descriptor` (the `TIOCGWINSZ` ioctl): columns and rows, `nil` when it is not a
    /// terminal or does not say.
    package static func terminalSize(_ descriptor: Int32) -> (columns: Int, rows: Int)? {
        guard isatty(descriptor) else { return nil }
        var size = winsize()
        guard (try? ioctl(descriptor, UInt(TIOCGWINSZ), &size, name: "TIOCGWINSZ")) != nil, size.ws_col > 0, size.ws_row > 0 else {
            return nil
        }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// `tcgetattr(3)`: the terminal's settings.
    package static func tcgetattr(_ descriptor: Int32) throws(SystemCallError) -> termios {
        var settings = termios()
        _ = try syscall("tcgetattr") { errnoResult(cTcgetattr(descriptor, &settings)) }
        return settings
    }

    /// `tcsetattr(3)`: sets the terminal's settings (`TCSAFLUSH`: once the output is written, dropping unread input).
    package static func tcsetattr(_ descriptor: Int32, _ action: Int32, _ settings: termios) throws(SystemCallError) {
        var settings = settings
        _ = try syscall("tcsetattr") { errnoResult(cTcsetattr(descriptor, action, &settings)) }
    }

    /// `inotify_init1(IN_NONBLOCK | IN_CLOEXEC)`: a new inotify descriptor; the caller closes it.
    package static func inotifyInit() throws(SystemCallError) -> Int32 {
        #if os(Linux)
        Int32(try syscall("inotify_init1") { Int(CHapticSupport_inotifyInit()) })
        #else
        throw SystemCallError("inotify_init1", errno: ENOSYS)
        #endif
    }

    /// `inotify_add_watch(2)` of `directory` for names created, deleted, moved and changed in their attributes.
    @discardableResult
    package static func inotifyWatchDirectory(_ descriptor: Int32, _ directory: UnsafePointer<CChar>) throws(SystemCallError) -> Int32 {
        #if os(Linux)
        Int32(try syscall("inotify_add_watch") { Int(CHapticSupport_inotifyWatchDirectory(descriptor, directory)) })
        #else
        throw SystemCallError("inotify_add_watch", errno: ENOSYS)
        #endif
    }

    /// Reads every queued inotify event of `descriptor` (non-blocking) and calls `body` with each one's name and whether
    /// the name appeared (created, moved in, attributes changed) or went away; how many there were.
    ///
    /// - Throws: ``SystemCallError`` of the `read` that failed (not `EAGAIN`: that is the end of the queue).
    @discardableResult
    package static func inotifyDrain(_ descriptor: Int32, _ body: (String, Bool) -> Void) throws(SystemCallError) -> Int {
        // struct inotify_event (linux/inotify.h, a fixed ABI): wd, mask, cookie, len (4 bytes each), then len bytes
        // of NUL-padded name. IN_ATTRIB 0x4, IN_MOVED_TO 0x80, IN_CREATE 0x100.
        let header = 16
        let appeared: UInt32 = 0x4 | 0x80 | 0x100
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4_096, alignment: 8)
        defer { buffer.deallocate() }
        var count = 0
        while true {
            let filled: Int
            do throws(SystemCallError) {
                filled = try read(descriptor, into: buffer)
            } catch {
                if error.errno == EAGAIN { return count }
                throw error
            }
            if filled == 0 { return count }
            var offset = 0
            while offset + header <= filled {
                let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let end = Swift.min(offset + header + length, filled)
                if length > 0 {
                    let bytes = buffer[(offset + header)..<end].prefix { $0 != 0 }
                    body(String(decoding: bytes, as: UTF8.self), mask & appeared != 0)
                    count += 1
                }
                offset = end
            }
        }
    }
}

// The C calls under names the `Posix` functions do not hide.
private func cIoctl(_ descriptor: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer) -> Int32 {
    ioctl(descriptor, request, argument)
}
private func cIoctl(_ descriptor: Int32, _ request: UInt, _ value: Int32) -> Int32 { ioctl(descriptor, request, value) }
private func cPoll(_ descriptors: UnsafeMutablePointer<pollfd>?, _ count: nfds_t, _ milliseconds: Int32) -> Int32 {
    poll(descriptors, count, milliseconds)
}
private func cIsatty(_ descriptor: Int32) -> Int32 { isatty(descriptor) }
private func cTcgetattr(_ descriptor: Int32, _ settings: UnsafeMutablePointer<termios>) -> Int32 { tcgetattr(descriptor, settings) }
private func cTcsetattr(_ descriptor: Int32, _ action: Int32, _ settings: UnsafePointer<termios>) -> Int32 {
    tcsetattr(descriptor, action, settings)
}
