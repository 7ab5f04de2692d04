/// The package's system calls: one small function per call, and one funnel every call goes through (STYLE §4.3,
/// after swift-nio's `NIOPosix/System.swift`).
///
///     let descriptor = try Posix.open(path, O_RDONLY | O_CLOEXEC)
///     defer { try? Posix.close(descriptor) }
///     let count = try buffer.withUnsafeMutableBytes { try Posix.read(descriptor, into: $0) }
///
/// Every function here runs its C call through ``syscall(_:_:)``, which:
/// - calls again while the call fails with `EINTR` (a signal arrived; nothing happened) — except `close`
///   (``syscallClosing(_:_:)``): on Linux the descriptor is released even when `close` is interrupted, so `EINTR`
///   there means closed, and a retry could close a descriptor another thread has just been given;
/// - throws any other failure as a ``SystemCallError`` that names the call (`"openat2"`, `"EVIOCSFF"`) and its
///   `errno`, for the caller to map onto its own errors;
/// - traps on `EBADF` and `EFAULT`: a descriptor this package owns that is not open, or a bad pointer, is a bug
///   (swift-nio's `isUnacceptableErrno`). Code that works on descriptors it inherited (the terminal's 0, 1 and 2)
///   asks ``isatty(_:)`` first.
///
/// Nothing outside HapticSystem calls the C library's system calls or the C shim's functions itself:
/// `Scripts/check-house.py` refuses them. A module with a seam of its own (evdev's `EvdevSystemCalls`, whose mock
/// injects errors) runs the seam's calls through the same funnel.
///
/// - Thread safety: every function is safe from any thread (`errno` is per thread, and is read right after the call,
///   inside the funnel's closure).
/// - Real-time safety: a call that succeeds allocates nothing; a failure builds its error without allocating (the
///   call's name is a `StaticString`). Whether the call itself blocks is the call's business.
package enum Posix {
    /// The funnel: runs `body` — one system call, answering its result or `-errno` — again while it fails with
    /// `EINTR`, and turns any other failure into an error naming the call.
    ///
    ///     let count = try Posix.syscall("EVIOCSFF") { system.uploadEffect(fd, &effect) }
    ///
    /// - Parameters:
    ///   - name: the call's name for errors (`"write"`, `"EVIOCSFF"`, `"write(FF_GAIN)"`).
    ///   - body: one system call, returning its non-negative result or `-errno`.
    /// - Returns: the call's non-negative result.
    /// - Throws: ``SystemCallError`` with `name` and the `errno`. Traps on `EBADF` and `EFAULT` (see the type).
    @inline(__always)
    package static func syscall(_ name: StaticString, _ body: () -> Int) throws(SystemCallError) -> Int {
        while true {
            let result = body()
            if result >= 0 { return result }
            let code = Int32(truncatingIfNeeded: -result)
            if code == EINTR { continue }
            throw failure(name, code)
        }
    }

    /// The funnel for `close` and its kind (a seam's `close`): runs `body` once; `EINTR` counts as closed, since Linux
    /// has released the descriptor by then.
    ///
    ///     try? Posix.syscallClosing("close") { system.close(fd) }
    ///
    /// - Throws: ``SystemCallError`` for any failure but `EINTR` (`EIO`: written data may be lost). Traps on `EBADF`
    ///   (a descriptor closed twice) and `EFAULT`.
    @inline(__always)
    package static func syscallClosing(_ name: StaticString, _ body: () -> Int) throws(SystemCallError) {
        let result = body()
        if result >= 0 { return }
        let code = Int32(truncatingIfNeeded: -result)
        if code == EINTR { return }
        throw failure(name, code)
    }

    /// `close(2)`: releases `descriptor`. An interrupted close counts as done (see ``syscallClosing(_:_:)``).
    ///
    /// - Throws: ``SystemCallError`` (`EIO`: data written may not have reached the device).
    package static func close(_ descriptor: Int32) throws(SystemCallError) {
        try syscallClosing("close") { errnoResult(cClose(descriptor)) }
    }

    /// The C library's text for `errno` (`strerror`): "No space left on device".
    package static func describe(errno code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }

    /// The error for `code` from `name`, or a trap for a bug.
    @inline(never)
    private static func failure(_ name: StaticString, _ code: Int32) -> SystemCallError {
        if code == EBADF || code == EFAULT {
            fatalError("API Violation: \(name) returned \(code == EBADF ? "EBADF" : "EFAULT") on a descriptor this package owns")
        }
        return SystemCallError(name, errno: code)
    }
}

/// A C call's result in the funnel's convention: the result, or `-errno` read at once (before anything else can
/// change it).
@inline(__always)
func errnoResult<Result: BinaryInteger>(_ result: Result) -> Int {
    result < 0 ? -Int(errno) : Int(result)
}

/// `close(2)` under a name that `Posix.close` does not hide.
private func cClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
