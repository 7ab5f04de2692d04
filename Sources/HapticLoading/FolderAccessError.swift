import HapticSystem

/// Why a file beneath a ``FolderDescriptor`` could not be opened, listed or written, with a message that names the
/// path and says what to do.
package struct FolderAccessError: Error, Sendable, CustomStringConvertible {
    /// What kind of refusal or failure it is (the studio answers ``Kind/exists`` with its own reply code).
    package enum Kind: Sendable, Equatable {
        /// The path itself is refused: absolute, `..`, a NUL, too long.
        case invalidPath
        /// A symbolic link on the path (links are never followed beneath the folder).
        case symbolicLink
        /// The kernel says the path leaves the folder.
        case outside
        /// Nothing of that name.
        case notFound
        /// A folder was needed and this is a file, or the other way round, or it is not a regular file.
        case wrongType
        /// A write would replace a file and the caller did not confirm it.
        case exists
        /// A write would replace a read-only file.
        case readOnly
        /// The system refused (permission, space, I/O); ``FolderAccessError/errno`` says why.
        case system
    }

    /// What kind it is.
    package var kind: Kind
    /// The message: the path, what went wrong and, where it helps, what to do.
    package var message: String
    /// The system's error number, when there is one.
    package var errno: Int32?
    /// The step that failed for a system error ("write", "flush", "replace"), for ``FileWriteError``.
    package var action: String?

    /// Creates an error.
    package init(_ kind: Kind, _ message: String, errno: Int32? = nil) {
        self.kind = kind
        self.message = message
        self.errno = errno
    }

    /// The error for `code` from opening `path` beneath the folder (`action` says what was being done: "open",
    /// "create").
    package init(opening path: RelativePath, errno code: Int32, action: String = "open") {
        let quoted = "'\(path)'"
        switch code {
        case ENOENT: self.init(.notFound, "\(quoted) does not exist in the folder", errno: code)
        case ELOOP:
            self.init(
                .symbolicLink,
                "\(quoted) goes through a symbolic link; links are not followed, so nothing outside the folder can be reached",
                errno: code)
        case EXDEV: self.init(.outside, "\(quoted) leads outside the folder", errno: code)
        case ENOTDIR: self.init(.wrongType, "\(quoted): a folder on the path is a file", errno: code)
        case EISDIR: self.init(.wrongType, "\(quoted) is a folder", errno: code)
        case EACCES, EPERM: self.init(.system, "cannot \(action) \(quoted): permission denied", errno: code)
        case ENAMETOOLONG: self.init(.invalidPath, "\(quoted): the name is too long", errno: code)
        default: self.init(.system, "cannot \(action) \(quoted): \(Posix.describe(errno: code)) (errno \(code))", errno: code)
        }
    }

    /// The message.
    package var description: String { message }
}
