import Foundation
import HapticSystem

/// Writes a file so that readers see either the old contents or the new, never a torn mix, and so that a failed
/// write leaves the old file in place.
///
///     try AtomicFile.write(Array(text.utf8), to: URL(fileURLWithPath: "out.ahap"))
///
/// The bytes go to a temporary file created in the destination's own folder, through that folder's descriptor
/// (`openat(O_CREAT | O_EXCL | O_NOFOLLOW, 0666)`, so the final `renameat(2)` stays on one file system and in the
/// same folder), are flushed with `fsync`, and then replace the destination. Foundation's `.atomic` writes stage in
/// the system temporary folder on Linux and leave a `TemporaryDirectory.*` folder behind on every call; this
/// leaves nothing behind, also when it fails.
///
/// Permissions: a new file gets `0666` less the process's umask, applied by the kernel when the temporary is
/// created — the umask is never read or changed (reading it means setting it, a race with every other thread that
/// creates files); a replaced file keeps its own permissions (`fchmod` on the temporary before the rename).
package enum AtomicFile {
    /// Replaces the file at `url` with `bytes`.
    ///
    /// - Throws: ``FileWriteError`` naming the path and the system's reason (for example "No space left on
    ///   device").
    package static func write(_ bytes: some Collection<UInt8>, to url: URL) throws(FileWriteError) {
        let destination = url.path
        let folder = url.deletingLastPathComponent().path
        let directory: Int32
        do throws(SystemCallError) {
            directory = try Posix.open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        } catch {
            throw FileWriteError(path: destination, errno: error.errno, action: "create a temporary file beside")
        }
        defer { try? Posix.close(directory) }
        do {
            try write(
                bytes, in: directory, name: Array(url.lastPathComponent.utf8), display: destination,
                policy: Policy(replacesExisting: true, refusesReadOnly: false, refusesLinks: false))
        } catch {
            throw FileWriteError(path: destination, errno: error.errno ?? EINVAL, action: error.action ?? "replace")
        }
    }

    /// Replaces the file at `url` with `text`, encoded as UTF-8.
    package static func write(_ text: String, to url: URL) throws(FileWriteError) {
        try write(Array(text.utf8), to: url)
    }

    /// What a write may replace.
    package struct Policy: Sendable {
        /// Whether an existing file may be replaced (else ``FolderAccessError/Kind/exists``, decided by the kernel at
        /// the rename with `RENAME_NOREPLACE` where the file system has it).
        package var replacesExisting: Bool
        /// Whether a file without write permission is refused (else it is replaced and stays read-only).
        package var refusesReadOnly: Bool
        /// Whether a symbolic link of that name is refused (else the link itself is replaced, never followed).
        package var refusesLinks: Bool

        /// Creates a policy.
        package init(replacesExisting: Bool, refusesReadOnly: Bool, refusesLinks: Bool) {
            self.replacesExisting = replacesExisting
            self.refusesReadOnly = refusesReadOnly
            self.refusesLinks = refusesLinks
        }
    }

    /// Writes `bytes` to the file `name` (one name, no `/`) in the folder open as `directory`: a temporary beside it,
    /// created, written, flushed and renamed through that descriptor.
    ///
    /// - Parameters:
    ///   - display: how messages name the file.
    ///   - policy: what may be replaced.
    /// - Throws: ``FolderAccessError`` — ``FolderAccessError/Kind/exists``, ``FolderAccessError/Kind/readOnly``,
    ///   ``FolderAccessError/Kind/wrongType`` for a folder or (refused) link of that name, or the system's reason with
    ///   its ``FolderAccessError/action``.
    package static func write(
        _ bytes: some Collection<UInt8>, in directory: Int32, name: [UInt8], display: String, policy: Policy
    ) throws(FolderAccessError) {
        var keptMode: mode_t?
        if let status = FolderDescriptor.withCString(name, { try? Posix.fstatat(directory, $0, flags: AT_SYMLINK_NOFOLLOW) }) {
            switch status.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw FolderAccessError(.wrongType, "\(display) is a folder", errno: EISDIR)
            case S_IFLNK where policy.refusesLinks:
                throw FolderAccessError(
                    .symbolicLink,
                    "\(display) is a symbolic link; links are neither followed nor replaced (one could lead outside the folder)")
            case S_IFLNK: break
            default: throw FolderAccessError(.wrongType, "\(display) exists and is not a regular file")
            }
            guard policy.replacesExisting else { throw FolderAccessError(.exists, "\(display) already exists", errno: EEXIST) }
            let permissions = status.st_mode & 0o7777
            if status.st_mode & S_IFMT == S_IFREG {
                // The mode bits, not access(2): a process running as root may write anything, yet a file marked
                // read-only is one its owner asked to keep.
                let writable =
                    permissions & 0o222 != 0
                    && FolderDescriptor.withCString(name, { (try? Posix.faccessat(directory, $0, W_OK, flags: AT_EACCESS)) != nil })
                if policy.refusesReadOnly && !writable {
                    throw FolderAccessError(
                        .readOnly,
                        "\(display) is read-only (mode \(String(permissions, radix: 8))); it was not replaced — make it writable or save under another name",
                        errno: EACCES)
                }
                keptMode = permissions & 0o777
            }
        }
        let (descriptor, temporary) = try createTemporary(in: directory, beside: name, display: display)
        var failure: FolderAccessError?
        let contiguous = Array(bytes)
        var action = "write"
        do throws(SystemCallError) {
            try contiguous.withUnsafeBufferPointer { (elements) throws(SystemCallError) in
                try Posix.writeAll(descriptor, UnsafeRawBufferPointer(elements))
            }
            if let keptMode {
                action = "keep the mode of"
                try Posix.fchmod(descriptor, keptMode)
            }
            action = "flush"
            try Posix.fsync(descriptor)
        } catch {
            failure = .system(error.errno, action: action, display: display)
        }
        do throws(SystemCallError) {
            try Posix.close(descriptor)
        } catch {
            if failure == nil { failure = .system(error.errno, action: "write", display: display) }
        }
        if failure == nil { failure = rename(temporary, to: name, in: directory, replacing: policy.replacesExisting, display: display) }
        if let failure {
            FolderDescriptor.withCString(temporary) { try? Posix.unlinkat(directory, $0) }
            throw failure
        }
    }

    /// Creates `.name.XXXXXXXX` (random letters) in `directory`, exclusively, not through a link.
    private static func createTemporary(
        in directory: Int32, beside name: [UInt8], display: String
    ) throws(FolderAccessError) -> (Int32, [UInt8]) {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            // NAME_MAX is 255: a long name is shortened in the temporary's name (bytes; the temporary is never shown).
            let temporary = [0x2E] + name.prefix(200) + [0x2E] + (0..<8).map { _ in letters.randomElement(using: &generator)! }
            let created = FolderDescriptor.withCString(temporary) { name in
                Result { () throws(SystemCallError) in
                    try Posix.openat(directory, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode: 0o666)
                }
            }
            switch created {
            case .success(let descriptor): return (descriptor, temporary)
            case .failure(let error) where error.errno == EEXIST: continue
            case .failure(let error): throw .system(error.errno, action: "create a temporary file beside", display: display)
            }
        }
        throw .system(EEXIST, action: "create a temporary file beside", display: display)
    }

    /// Moves `temporary` over `name`; without `replacing`, the kernel refuses an existing `name` at that moment.
    private static func rename(_ temporary: [UInt8], to name: [UInt8], in directory: Int32, replacing: Bool, display: String)
        -> FolderAccessError?
    {
        let result = FolderDescriptor.withCString(temporary) { old in
            FolderDescriptor.withCString(name) { new in
                Result { () throws(SystemCallError) in
                    if !replacing {
                        do throws(SystemCallError) {
                            return try Posix.renameat2NoReplace(directory, old, directory, new)
                        } catch  where error.errno == EINVAL || error.errno == ENOSYS {
                            // No RENAME_NOREPLACE on this file system (or system): the check above stands.
                        }
                    }
                    try Posix.renameat(directory, old, directory, new)
                }
            }
        }
        guard case .failure(let error) = result else { return nil }
        if error.errno == EEXIST { return FolderAccessError(.exists, "\(display) already exists", errno: EEXIST) }
        return .system(error.errno, action: "replace", display: display)
    }

}

extension FolderAccessError {
    /// A system call's failure while writing `display`: "cannot write 'x.ahap': No space left on device (errno 28)".
    fileprivate static func system(_ code: Int32, action: String, display: String) -> FolderAccessError {
        var error = FolderAccessError(
            .system, "cannot \(action) \(display): \(Posix.describe(errno: code)) (errno \(code))", errno: code)
        error.action = action
        return error
    }
}

/// A file could not be written.
package struct FileWriteError: Error, CustomStringConvertible, Sendable {
    /// The file that was being written.
    package var path: String
    /// The system's error number (`ENOSPC`, `EACCES`, …).
    package var errno: Int32
    /// What was being done ("write", "replace", …).
    package var action: String

    /// Creates the error.
    package init(path: String, errno: Int32, action: String) {
        self.path = path
        self.errno = errno
        self.action = action
    }

    /// "cannot write out.wav: No space left on device (errno 28)".
    package var description: String {
        "cannot \(action) \(path): \(Posix.describe(errno: errno)) (errno \(errno))"
    }
}
