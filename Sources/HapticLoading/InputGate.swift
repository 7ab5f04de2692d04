import HapticPattern

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
public enum InputGate {
    /// Reads the whole file at `path`.
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - kind: what it is (its cap and error code).
    ///   - displayName: the name used in errors (default: `path`).
    /// - Returns: the file's bytes (at most `kind.byteLimit`).
    /// - Throws: ``PatternError`` as described above.
    public static func read(_ path: String, kind: InputKind, displayName: String? = nil) throws(PatternError) -> [UInt8] {
        let name = displayName ?? path
        if path.isEmpty { throw PatternError(.fileNotFound, "no file name given", file: name) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw openError(errno, kind: kind, file: name) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw openError(errno, kind: kind, file: name) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw PatternError(.fileNotFound, "is a directory, not a \(kind.noun)", file: name)
        case S_IFIFO:
            throw PatternError(.fileNotFound, "is a named pipe (FIFO), not a regular file; only regular files are read", file: name)
        case S_IFCHR, S_IFBLK: throw PatternError(.fileNotFound, "is a device, not a regular file; only regular files are read", file: name)
        case S_IFSOCK: throw PatternError(.fileNotFound, "is a socket, not a regular file; only regular files are read", file: name)
        default: throw PatternError(.fileNotFound, "is not a regular file", file: name)
        }
        // Regular files never block, but keep reads plain.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        let reported = Int(status.st_size)
        if reported > kind.byteLimit { throw tooLarge(reported, kind: kind, file: name) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Swift.min(Swift.max(reported, 0), kind.byteLimit) + 1)
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let wanted = Swift.min(chunk.count, kind.byteLimit + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw PatternError(.fileNotFound, "cannot read the \(kind.noun): \(String(cString: strerror(errno)))", file: name)
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
            if bytes.count > kind.byteLimit { throw tooLarge(nil, kind: kind, file: name) }
        }
        return bytes
    }

    private static func openError(_ code: Int32, kind: InputKind, file: String) -> PatternError {
        switch code {
        case ENOENT: return PatternError(.fileNotFound, "no such file", file: file)
        case ENOTDIR: return PatternError(.fileNotFound, "no such file (a folder on the path is a file)", file: file)
        case EACCES, EPERM: return PatternError(.fileNotFound, "permission denied: the \(kind.noun) cannot be read", file: file)
        case ELOOP: return PatternError(.fileNotFound, "too many symbolic links", file: file)
        case ENAMETOOLONG: return PatternError(.fileNotFound, "the file name is too long", file: file)
        default: return PatternError(.fileNotFound, "cannot open the \(kind.noun): \(String(cString: strerror(code)))", file: file)
        }
    }

    private static func tooLarge(_ size: Int?, kind: InputKind, file: String) -> PatternError {
        let what = size.map { "is \($0) bytes" } ?? "is larger than \(kind.byteLimit) bytes"
        return PatternError(kind.tooLargeCode, "the \(kind.noun) \(what); the limit is \(kind.byteLimit) (\(kind.limitName))", file: file)
    }
}

/// `read(2)`, named apart from ``InputGate/read(_:kind:displayName:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
    Musl.read(descriptor, buffer, count)
    #else
    Darwin.read(descriptor, buffer, count)
    #endif
}
