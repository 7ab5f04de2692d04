/// A request the studio refuses or cannot carry out, with a message for the person at the page.
package struct StudioError: Error, Sendable, CustomStringConvertible {
    /// What went wrong and, where it helps, what to do.
    package var message: String

    /// Creates an error.
    package init(_ message: String) {
        self.message = message
    }

    /// The message.
    package var description: String { message }
}
