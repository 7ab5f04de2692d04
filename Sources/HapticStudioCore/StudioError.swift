import HapticLoading

/// A request the studio refuses or cannot carry out, with a message for the person at the page and, where the page
/// acts on it, a code.
package struct StudioError: Error, Sendable, CustomStringConvertible {
    /// What went wrong and, where it helps, what to do.
    package var message: String
    /// What the page can act on, sent as the reply's `code`: ``existsCode`` when a save or export would replace a file
    /// the page has not confirmed replacing; `nil` otherwise.
    package var code: String?

    /// The code of a refused replacement: the page asks, then sends the request again with `replace: true`.
    package static let existsCode = "exists"

    /// Creates an error.
    package init(_ message: String, code: String? = nil) {
        self.message = message
        self.code = code
    }

    /// The studio's error for a refused or failed file operation beneath its folder.
    package init(_ error: FolderAccessError) {
        self.init(error.message, code: error.kind == .exists ? Self.existsCode : nil)
    }

    /// The message.
    package var description: String { message }
}
