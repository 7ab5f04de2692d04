/// The one funnel for the package's system calls (STYLE §4.3): the device back-ends, file access and the tools.
///
/// A back-end describes its calls as closures that return the kernel's convention: a non-negative result, or
/// `-errno`. The funnel retries `EINTR` (never for `close`, whose fd is gone after an interrupted close on Linux)
/// and turns any other negative result into a ``SystemCallError`` naming the call. `EBADF` and `EFAULT` on a
/// descriptor the device owns are programming errors and trap.
package enum SystemCall {
    /// Runs `body` until it returns something other than `-EINTR`.
    ///
    /// - Parameters:
    ///   - name: the call's name for errors (`"EVIOCSFF"`).
    ///   - body: one system call, returning its result or `-errno`.
    /// - Returns: the non-negative result, or the error.
    @inline(__always)
    package static func retryingInterrupts(_ name: StaticString, _ body: () -> Int) -> Result<Int, SystemCallError> {
        while true {
            let result = body()
            if result >= 0 { return .success(result) }
            let code = Int32(truncatingIfNeeded: -result)
            if code == EINTR { continue }
            if code == EBADF || code == EFAULT {
                fatalError("API Violation: \(name) returned \(code == EBADF ? "EBADF" : "EFAULT") on a descriptor the device owns")
            }
            return .failure(SystemCallError(call: "\(name)", errno: code))
        }
    }

    /// Runs a C call that returns `-1` and sets `errno` (`open`, `openat`, `write`) again while it fails with
    /// `EINTR`, for code that maps `errno` itself (file access turns it into its own errors).
    ///
    ///     let descriptor = SystemCall.retryingInterrupts { openat(folder, name, O_RDONLY | O_CLOEXEC) }
    ///     guard descriptor >= 0 else { throw FolderAccessError(opening: path, errno: errno) }
    ///
    /// - Returns: the call's last result; when it is negative, `errno` is still the call's.
    @inline(__always)
    package static func retryingInterrupts<Value: BinaryInteger>(_ call: () -> Value) -> Value {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }

    /// Runs `body` once (for `close`): `EINTR` is not retried, because Linux has already released the descriptor.
    package static func once(_ name: StaticString, _ body: () -> Int) -> Result<Int, SystemCallError> {
        let result = body()
        if result >= 0 { return .success(result) }
        return .failure(SystemCallError(call: "\(name)", errno: Int32(truncatingIfNeeded: -result)))
    }

    /// `result < 0 ? -errno : result`: adapts a C call that sets `errno` to the funnel's convention.
    @inline(__always)
    package static func kernelStyle(_ result: Int) -> Int { result < 0 ? -Int(errno) : result }

    /// The C library's text for `errno` (`strerror`).
    package static func describe(errno code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }
}
