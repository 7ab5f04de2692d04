/// Why the PipeWire client could not do what was asked: the library is missing, the daemon is not running, or a call
/// failed (its name and PipeWire's result).
package struct PipeWireError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure.
    package enum Code: String, Sendable, Hashable {
        /// libpipewire-0.3 is not installed.
        case libraryMissing
        /// No daemon answered on the socket (`pw_context_connect` failed).
        case notRunning
        /// A call failed (the message names it).
        case failed
    }

    /// The kind.
    package var code: Code
    /// What happened, for the user: the call, PipeWire's reason and what to do.
    package var message: String

    /// Creates an error.
    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    package var description: String { message }
}
