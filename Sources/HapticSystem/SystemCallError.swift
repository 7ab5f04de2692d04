/// A failed system call: which call, and the `errno` it set.
///
/// Thrown by ``Posix``, the funnel every system call goes through.
package struct SystemCallError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The call's name, for messages (`"EVIOCSFF"`, `"open"`).
    package var call: String {
        switch name {
        case .fixed(let text): "\(text)"
        case .made(let text): text
        }
    }
    /// The `errno` value.
    package var errno: Int32

    /// The name as given: a `StaticString` costs nothing to keep, so a failure on the render thread allocates nothing.
    private let name: Name

    private enum Name: Sendable {
        case fixed(StaticString)
        case made(String)
    }

    /// Creates an error for the call `call` (a name made at run time: `"snd_pcm_open(hw:1)"`).
    package init(call: String, errno: Int32) {
        name = .made(call)
        self.errno = errno
    }

    /// Creates an error for the call `call` (a literal: `"EVIOCSFF"`).
    package init(_ call: StaticString, errno: Int32) {
        name = .fixed(call)
        self.errno = errno
    }

    /// `call failed: strerror (errno N)`.
    package var description: String { "\(call) failed: \(Posix.describe(errno: errno)) (errno \(errno))" }

    /// Errors are equal when their call's names and `errno` are.
    package static func == (lhs: SystemCallError, rhs: SystemCallError) -> Bool {
        lhs.errno == rhs.errno && lhs.call == rhs.call
    }

    /// Hashes the call's name and the `errno`.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(call)
        hasher.combine(errno)
    }
}
