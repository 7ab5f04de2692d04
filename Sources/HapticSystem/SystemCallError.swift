/// A failed system call: which call, and the `errno` it set.
///
/// Produced by ``SystemCall/retryingInterrupts(_:_:)``, the funnel every device system call goes through.
package struct SystemCallError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The call's name, for messages (`"EVIOCSFF"`, `"open"`).
    package var call: String
    /// The `errno` value.
    package var errno: Int32

    /// Creates an error.
    package init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    /// `call: strerror (errno N)`.
    package var description: String { "\(call) failed: \(SystemCall.describe(errno: errno)) (errno \(errno))" }
}
