/// Why a device could not be opened or used.
public struct DeviceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: String, Sendable, Hashable {
        /// No such device or file.
        case notFound
        /// The process may not open it (for example no write access to `/dev/input/event*`).
        case permissionDenied
        /// Another program holds it exclusively.
        case busy
        /// No free force-feedback effect slot.
        case noEffectSlots
        /// The device lacks what is needed (no FF_RUMBLE/FF_PERIODIC, no PCM format).
        case unsupported
        /// A system call did not return in time.
        case timeout
        /// The device disappeared.
        case removed
        /// Any other system error.
        case ioError
    }

    /// The kind of failure.
    public var code: Code
    /// What happened, in words, naming the device and the call.
    public var message: String
    /// The `errno` behind it, when there is one.
    public var errno: Int32?

    /// Creates an error.
    public init(_ code: Code, _ message: String, errno: Int32? = nil) {
        self.code = code
        self.message = message
        self.errno = errno
    }

    /// `code: message (errno N)`.
    public var description: String {
        "\(code.rawValue): \(message)" + (errno.map { " (errno \($0))" } ?? "")
    }
}
