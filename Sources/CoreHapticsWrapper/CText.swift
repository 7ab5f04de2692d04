import Foundation
import HapticPattern
import HapticSystem

/// Reading the C strings callers pass: never past a bound, never from NULL.
enum CText {
    /// The bytes of a NUL-terminated string, reading at most one byte more than the pattern reader accepts (so an
    /// oversized or unterminated buffer is refused by the reader's size check, not read to its end).
    static func bytes(_ text: UnsafePointer<CChar>?) -> Data? {
        guard let text else { return nil }
        let limit = PatternLimits.default.maxFileSize + 1
        let count = strnlen(text, limit)
        return Data(bytes: text, count: count)
    }

    /// A NUL-terminated string as text, reading at most `limit` + 1 bytes (a longer one is cut there; the caller's check
    /// of its length refuses it). Bytes that are not UTF-8 become U+FFFD.
    static func string(_ text: UnsafePointer<CChar>, limit: Int) -> String {
        let count = strnlen(text, limit + 1)
        return String(decoding: UnsafeRawBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// A file path from C: its bytes as given (a path need not be UTF-8), or `nil` for NULL or an empty path.
    static func fileURL(_ path: UnsafePointer<CChar>?) -> URL? {
        guard let path, path.pointee != 0 else { return nil }
        let count = strnlen(path, Int(PATH_MAX) + 1)
        guard count <= Int(PATH_MAX) else { return nil }
        return URL(fileURLWithFileSystemRepresentation: path, isDirectory: false, relativeTo: nil)
    }
}
