import HapticSystem

/// An open folder that everything beneath it is opened through, so that the kernel, at the moment of each open,
/// decides on bytes that the file is inside: the studio's confinement.
///
///     let folder = try FolderDescriptor(path: "patterns")
///     let file = try InputGate.open(beneath: folder, try RelativePath("sounds/tap.wav"), kind: .audio())
///     try folder.write(Array(text.utf8), to: try RelativePath("Knock.ahap"), replace: false)
///
/// Checking a path and then using it (`realpath`, then `open`) can be raced: a local process that swaps a folder
/// for a symbolic link between the two makes the use land outside. Here there is no check to race:
///
/// - **openat2.** Where the kernel has it (Linux 5.6, syscall 437), a path is opened with
///   `RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS` relative to this descriptor: the kernel refuses
///   `..` out of it (`EXDEV`) and any symbolic link on the way (`ELOOP`).
/// - **Component walk.** Otherwise (`ENOSYS`, or `EPERM` from a seccomp filter that does not know the call) each
///   name is opened in turn with `openat(…, O_NOFOLLOW)` from the previous folder's descriptor. A ``RelativePath``
///   has no `..` and no `/` inside a name, and no link is followed, so each step stays in the folder before it.
/// - **Writes** go through the descriptor of the file's folder: a temporary created there with `openat(O_CREAT |
///   O_EXCL)` and moved over the name with `renameat` in that same descriptor (``AtomicFile``).
///
/// Symbolic links are not followed at all, also links that stay inside: one rule, the same on both paths, that the
/// component walk can keep without resolving links itself. (A folder moved out of this one by another process while
/// the studio holds it open is still written through: it was inside when it was opened.)
///
/// - Thread safety: the descriptor is never changed after it is opened; any thread may open beneath it.
package final class FolderDescriptor: Sendable {
    /// How paths are resolved beneath the folder.
    package enum Resolution: Sendable {
        /// `openat2` where the kernel has it, the component walk otherwise.
        case automatic
        /// Always the component walk (tests exercise the fallback with it).
        case componentWalk
    }

    /// What a listed name is (from `fstatat(AT_SYMLINK_NOFOLLOW)`).
    package enum EntryType: Sendable, Equatable {
        /// A regular file.
        case file
        /// A folder.
        case folder
        /// A symbolic link (not followed).
        case symbolicLink
        /// Anything else: a FIFO, a device, a socket.
        case other
    }

    /// The folder's descriptor (`O_DIRECTORY`; `O_PATH` for subfolders on Linux).
    package let descriptor: Int32
    /// The folder's path, for messages only: nothing is opened by it.
    package let path: String
    /// How paths are resolved.
    package let resolution: Resolution

    /// Opens the folder at `path` (a user's choice: links in `path` itself are followed).
    ///
    /// - Throws: ``FolderAccessError`` when it does not exist, is not a folder or cannot be opened.
    package convenience init(path: String, resolution: Resolution = .automatic) throws(FolderAccessError) {
        let descriptor: Int32
        do throws(SystemCallError) {
            descriptor = try Posix.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        } catch {
            let code = error.errno
            switch code {
            case ENOENT: throw FolderAccessError(.notFound, "cannot open the folder '\(path)': it does not exist", errno: code)
            case ENOTDIR: throw FolderAccessError(.wrongType, "'\(path)' is not a folder", errno: code)
            default:
                throw FolderAccessError(
                    .system, "cannot open the folder '\(path)': \(Posix.describe(errno: code)) (errno \(code))", errno: code)
            }
        }
        self.init(descriptor: descriptor, path: path, resolution: resolution)
    }

    private init(descriptor: Int32, path: String, resolution: Resolution) {
        self.descriptor = descriptor
        self.path = path
        self.resolution = resolution
    }

    deinit { try? Posix.close(descriptor) }

    /// Opens `relative` beneath the folder with `flags` (`O_CLOEXEC` and `O_NOFOLLOW` are added) and, with
    /// `O_CREAT`, `mode`.
    ///
    /// - Returns: the new descriptor; the caller closes it.
    /// - Throws: ``FolderAccessError``: a symbolic link on the path, a way out, a missing name, the system's refusal.
    package func open(_ relative: RelativePath, flags: Int32, mode: mode_t = 0, action: String = "open") throws(FolderAccessError) -> Int32
    {
        let flags = flags | O_CLOEXEC | O_NOFOLLOW
        if resolution == .automatic {
            let result = Self.withCString(relative.bytes) { path in
                Result { () throws(SystemCallError) in
                    try Posix.openat2(descriptor, path, flags: flags, mode: mode, resolve: [.beneath, .noSymlinks, .noMagicLinks])
                }
            }
            switch result {
            case .success(let opened): return opened
            case .failure(let error):
                // No openat2 here (an old kernel, another system, a seccomp filter): walk.
                let code = error.errno
                if code != ENOSYS && code != EPERM && code != E2BIG {
                    throw FolderAccessError(opening: relative, errno: code, action: action)
                }
            }
        }
        return try walk(relative, flags: flags, mode: mode, action: action)
    }

    /// The component walk: each folder on the way opened by one name from the one before, never through a link.
    private func walk(_ relative: RelativePath, flags: Int32, mode: mode_t, action: String) throws(FolderAccessError) -> Int32 {
        guard !relative.isFolder else {
            do throws(SystemCallError) {
                return try Posix.openat(descriptor, ".", flags & ~O_NOFOLLOW, mode: mode)
            } catch {
                throw FolderAccessError(opening: relative, errno: error.errno, action: action)
            }
        }
        var current = descriptor
        defer { if current != descriptor { try? Posix.close(current) } }
        do throws(SystemCallError) {
            for name in relative.components.dropLast() {
                let next = try Self.openName(current, name, Posix.openPathOnly | O_NOFOLLOW | O_CLOEXEC, 0)
                let kind = (try? Posix.fstat(next)).map { $0.st_mode & S_IFMT } ?? 0
                guard kind == S_IFDIR else {
                    try? Posix.close(next)
                    throw SystemCallError("openat", errno: kind == S_IFLNK ? ELOOP : ENOTDIR)
                }
                if current != descriptor { try? Posix.close(current) }
                current = next
            }
            return try Self.openName(current, relative.name, flags, mode)
        } catch {
            throw FolderAccessError(opening: relative, errno: error.errno, action: action)
        }
    }

    /// The subfolder `relative` (this folder for ``RelativePath/folder``).
    ///
    /// - Throws: ``FolderAccessError`` as ``open(_:flags:mode:action:)`` does, or ``FolderAccessError/Kind/wrongType``
    ///   when it is a file.
    package func folder(_ relative: RelativePath) throws(FolderAccessError) -> FolderDescriptor {
        if relative.isFolder { return self }
        // Not O_DIRECTORY: a link at the end would then say "not a folder"; fstat says what it is.
        let child = try open(relative, flags: Posix.openPathOnly)
        let kind = (try? Posix.fstat(child)).map { $0.st_mode & S_IFMT } ?? 0
        guard kind == S_IFDIR else {
            try? Posix.close(child)
            if kind == S_IFLNK { throw FolderAccessError(opening: relative, errno: ELOOP) }
            throw FolderAccessError(.wrongType, "'\(relative)' is not a folder")
        }
        let display = path.hasSuffix("/") ? path + relative.description : path + "/" + relative.description
        return FolderDescriptor(descriptor: child, path: display, resolution: resolution)
    }

    /// The names in this folder (`.` and `..` left out) and what each is, not following links.
    ///
    /// - Throws: ``FolderAccessError`` when the folder cannot be read.
    package func entries() throws(FolderAccessError) -> [(name: [UInt8], type: EntryType)] {
        do throws(SystemCallError) {
            return try Posix.directoryEntries(descriptor, ".").map { name in (name, entryType(of: name) ?? .other) }
        } catch {
            throw FolderAccessError(opening: .folder, errno: error.errno, action: "list")
        }
    }

    /// What `name` (one name in this folder) is, without following a link; `nil` when it does not exist.
    package func entryType(of name: [UInt8]) -> EntryType? {
        guard let status = status(of: name) else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// `fstatat(descriptor, name, AT_SYMLINK_NOFOLLOW)` for one name in this folder, or `nil`.
    package func status(of name: [UInt8]) -> stat? {
        Self.withCString(name) { try? Posix.fstatat(descriptor, $0, flags: AT_SYMLINK_NOFOLLOW) }
    }

    /// Writes `bytes` to `relative` through the descriptor of its folder (``AtomicFile``): readers see the old file or
    /// the new, and a failed write leaves the old one.
    ///
    /// - Parameters:
    ///   - bytes: the new contents.
    ///   - relative: the file.
    ///   - replace: whether an existing file may be replaced (the person's confirmation); a read-only file, a folder
    ///     or a link is never replaced. A replaced file keeps its permissions; a new one gets `0666` less the umask.
    /// - Throws: ``FolderAccessError``: ``FolderAccessError/Kind/exists`` when the file exists and `replace` is
    ///   `false`, ``FolderAccessError/Kind/readOnly``, the path's problems, or the system's reason.
    package func write(_ bytes: some Collection<UInt8>, to relative: RelativePath, replace: Bool) throws(FolderAccessError) {
        guard !relative.isFolder else { throw FolderAccessError(.wrongType, "'\(relative)' is the folder itself, not a file") }
        let parent = relative.parent.isFolder ? self : try folder(relative.parent)
        try AtomicFile.write(
            bytes, in: parent.descriptor, name: relative.name, display: "'\(relative)'",
            policy: AtomicFile.Policy(replacesExisting: replace, refusesReadOnly: true, refusesLinks: true))
    }

    /// `openat(directory, name)` for one name given as bytes.
    private static func openName(_ directory: Int32, _ name: [UInt8], _ flags: Int32, _ mode: mode_t) throws(SystemCallError) -> Int32 {
        try withCString(name) { (name) throws(SystemCallError) in try Posix.openat(directory, name, flags, mode: mode) }
    }

    /// Calls `body` with `bytes` NUL-terminated.
    package static func withCString<R, Failure: Error>(
        _ bytes: some Collection<UInt8>, _ body: (UnsafePointer<CChar>) throws(Failure) -> R
    ) throws(Failure) -> R {
        var terminated = Array(bytes.lazy.map { CChar(bitPattern: $0) })
        terminated.append(0)
        let result: Result<R, Failure> = terminated.withUnsafeBufferPointer { buffer in
            Result { () throws(Failure) in try body(buffer.baseAddress!) }
        }
        return try result.get()
    }
}
