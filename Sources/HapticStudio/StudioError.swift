/// A request the studio refuses or cannot carry out, with a message for the person at the page.
package struct StudioError: Error, Sendable, CustomStringConvertible {
    /// What went wrong and, where it helps, what to do.
    package var message: String
    /// A machine-readable reason the page acts on, sent as the reply's `code`: `exists` when a save or export would
    /// replace a file without `"replace": true`; `nil` for the rest.
    package var code: String?

    /// Creates an error.
    package init(_ message: String, code: String? = nil) {
        self.message = message
        self.code = code
    }

    /// The message.
    package var description: String { message }
}
