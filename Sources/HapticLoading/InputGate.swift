import HapticPattern
import HapticSystem

/// The one way untrusted files come in: every command and library reader reads patterns, audio, profiles and logs
/// through it.
///
///     let bytes = try InputGate.read("Boing.ahap", kind: .pattern())
///
/// - **Regular files only.** A FIFO or a device (`/dev/zero`) may never end, and opening a FIFO waits for a writer:
///   the file is opened without waiting (`O_NONBLOCK`) and refused unless it is a regular file.
/// - **Bounded while reading.** The size a file reports is not trusted (`/proc/self/pagemap` says 0 and is
///   endless; a file may grow): reading stops one byte past the kind's cap and refuses the file, so no input makes
///   the process read or allocate more than the cap.
/// - **Errors say what and where**, with Apple's code: `fileNotFound` (-4851) for a missing, unreadable or
///   non-regular file (saying which), the kind's code for a file too large (`invalidPatternData`,
///   `invalidAudioResource`), and the file's name.
///
/// The corresponding C calls are `open`, `fstat`, `read` and `close`.
package enum InputGate {
    /// Reads the whole file at `path`.
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - kind: what it is (its cap and error code).
    ///   - displayName: the name used in errors (default: `path`).
    /// - Returns: the file's bytes (at most `kind.byteLimit`).
    /// - Throws: ``PatternError`` as described above.
    package static func read(_ path: String, kind: InputKind, displayName: String? = nil) throws(PatternError) -> [UInt8] {
        try readAll(open(path, kind: kind, displayName: displayName))
    }

    /// Every byte of `file`, within its kind's cap.
    private static func readAll(_ file: GatedFile) throws(PatternError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Swift.min(Swift.max(file.size, 0), file.kind.byteLimit) + 1)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let count = try file.read(into: chunk)
            if count == 0 { break }
            bytes += UnsafeRawBufferPointer(rebasing: chunk[0..<count])
        }
        return bytes
    }

    /// Opens the file at `path` for reading in pieces (audio too long to hold in memory), with the same checks as
    /// ``read(_:kind:displayName:)``: a regular file, no larger than the kind's cap, and reads that stop at the cap.
    ///
    ///     let file = try InputGate.open("long.wav", kind: .analysisAudio())
    ///     let count = try buffer.withUnsafeMutableBytes { try file.read(into: $0) }
    ///
    /// - Throws: ``PatternError`` as ``read(_:kind:displayName:)`` does.
    package static func open(_ path: String, kind: InputKind, displayName: String? = nil) throws(PatternError) -> GatedFile {
        let name = displayName ?? path
        if path.isEmpty { throw PatternError(.fileNotFound, "no file name given", file: name) }
        let descriptor: Int32
        do throws(SystemCallError) {
            descriptor = try Posix.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        } catch {
            throw openError(error.errno, kind: kind, file: name)
        }
        return try admit(descriptor, kind: kind, name: name)
    }

    /// Reads the whole file `path` beneath `folder`, opened by the kernel beneath the folder's descriptor (no link
    /// followed, no way out: ``FolderDescriptor``), with the checks of ``read(_:kind:displayName:)``.
    ///
    /// - Throws: ``PatternError`` — `fileNotFound` with the folder's reason (a link on the path, missing), or as
    ///   ``read(_:kind:displayName:)``.
    package static func read(
        beneath folder: FolderDescriptor, _ path: RelativePath, kind: InputKind, displayName: String? = nil
    ) throws(PatternError) -> [UInt8] {
        try readAll(open(beneath: folder, path, kind: kind, displayName: displayName))
    }

    /// Opens the file `path` beneath `folder` for reading in pieces, as ``open(_:kind:displayName:)`` does by path.
    ///
    /// - Throws: ``PatternError`` as ``read(beneath:_:kind:displayName:)``.
    package static func open(
        beneath folder: FolderDescriptor, _ path: RelativePath, kind: InputKind, displayName: String? = nil
    ) throws(PatternError) -> GatedFile {
        let name = displayName ?? path.description
        let descriptor: Int32
        do {
            descriptor = try folder.open(path, flags: O_RDONLY | O_NONBLOCK)
        } catch {
            throw PatternError(.fileNotFound, error.message, file: name)
        }
        return try admit(descriptor, kind: kind, name: name)
    }

    /// The checks on an opened descriptor: a regular file within the kind's cap (closed otherwise).
    private static func admit(_ descriptor: Int32, kind: InputKind, name: String) throws(PatternError) -> GatedFile {
        let status: stat
        do throws(SystemCallError) {
            status = try Posix.fstat(descriptor)
        } catch {
            try? Posix.close(descriptor)
            throw openError(error.errno, kind: kind, file: name)
        }
        let problem: String?
        switch status.st_mode & S_IFMT {
        case S_IFREG: problem = nil
        case S_IFDIR: problem = "is a directory, not \(kind.nounWithArticle)"
        case S_IFIFO: problem = "is a named pipe (FIFO), not a regular file; only regular files are read"
        case S_IFCHR, S_IFBLK: problem = "is a device, not a regular file; only regular files are read"
        case S_IFSOCK: problem = "is a socket, not a regular file; only regular files are read"
        default: problem = "is not a regular file"
        }
        if let problem {
            try? Posix.close(descriptor)
            throw PatternError(.fileNotFound, problem, file: name)
        }
        // Regular files never block, but keep reads plain.
        if let flags = try? Posix.fcntl(descriptor, F_GETFL) { _ = try? Posix.fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        let reported = Int(status.st_size)
        if reported > kind.byteLimit {
            try? Posix.close(descriptor)
            throw tooLarge(reported, kind: kind, file: name)
        }
        return GatedFile(descriptor: descriptor, size: reported, kind: kind, name: name)
    }

    private static func openError(_ code: Int32, kind: InputKind, file: String) -> PatternError {
        switch code {
        case ENOENT: return PatternError(.fileNotFound, "no such file", file: file)
        case ENOTDIR: return PatternError(.fileNotFound, "no such file (a folder on the path is a file)", file: file)
        case EACCES, EPERM: return PatternError(.fileNotFound, "permission denied: the \(kind.noun) cannot be read", file: file)
        case ELOOP: return PatternError(.fileNotFound, "too many symbolic links", file: file)
        case ENAMETOOLONG: return PatternError(.fileNotFound, "the file name is too long", file: file)
        default: return PatternError(.fileNotFound, "cannot open the \(kind.noun): \(Posix.describe(errno: code))", file: file)
        }
    }

    static func tooLarge(_ size: Int?, kind: InputKind, file: String) -> PatternError {
        let what = size.map { "is \($0) bytes" } ?? "is larger than \(kind.byteLimit) bytes"
        return PatternError(kind.tooLargeCode, "the \(kind.noun) \(what); the limit is \(kind.byteLimit) (\(kind.limitName))", file: file)
    }
}
