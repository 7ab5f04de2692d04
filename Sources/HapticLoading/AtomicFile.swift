import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that readers see either the old contents or the new, never a torn mix, and so that a failed
/// write leaves the old file in place.
///
///     try AtomicFile.write(Array(text.utf8), to: URL(fileURLWithPath: "out.ahap"))
///
/// The bytes go to a temporary file in the destination's own folder (so the final `rename(2)` stays on one file
/// system), are flushed with `fsync`, and then replace the destination. Foundation's `.atomic` writes stage in
/// the system temporary folder on Linux and leave a `TemporaryDirectory.*` folder behind on every call; this
/// leaves nothing behind, also when it fails.
public enum AtomicFile {
    /// Replaces the file at `url` with `bytes`.
    ///
    /// - Throws: ``FileWriteError`` naming the path and the system's reason (for example "No space left on
    ///   device").
    public static func write(_ bytes: some Collection<UInt8>, to url: URL) throws(FileWriteError) {
        let destination = url.path
        let folder = url.deletingLastPathComponent().path
        var template = Array((folder.isEmpty ? "." : folder).utf8CString.dropLast())
        template += Array("/.\(url.lastPathComponent).XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw FileWriteError(path: destination, errno: errno, action: "create a temporary file beside") }
        // The name mkstemp filled in, without its terminating NUL.
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: FileWriteError?
        let contiguous = Array(bytes)
        contiguous.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = FileWriteError(path: destination, errno: errno, action: "write")
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = FileWriteError(path: destination, errno: errno, action: "flush") }
        // New files get the usual permissions (mkstemp makes them 0600), less the process's umask.
        let mask = umask(0)
        umask(mask)
        if failure == nil { fchmod(descriptor, 0o666 & ~mask) }
        close(descriptor)
        if failure == nil, rename(temporary, destination) != 0 {
            failure = FileWriteError(path: destination, errno: errno, action: "replace")
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    /// Replaces the file at `url` with `text`, encoded as UTF-8.
    public static func write(_ text: String, to url: URL) throws(FileWriteError) {
        try write(Array(text.utf8), to: url)
    }
}

/// `write(2)`, named apart from the `write` functions of `AtomicFile`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #elseif canImport(Musl)
    Musl.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}

/// A file could not be written.
public struct FileWriteError: Error, CustomStringConvertible, Sendable {
    /// The file that was being written.
    public var path: String
    /// The system's error number (`ENOSPC`, `EACCES`, …).
    public var errno: Int32
    /// What was being done ("write", "replace", …).
    public var action: String

    /// Creates the error.
    public init(path: String, errno: Int32, action: String) {
        self.path = path
        self.errno = errno
        self.action = action
    }

    /// "cannot write out.wav: No space left on device (errno 28)".
    public var description: String {
        "cannot \(action) \(path): \(String(cString: strerror(errno))) (errno \(errno))"
    }
}
