import HapticPattern
import HapticSystem

/// A regular file opened through the ``InputGate``, read in pieces and never past its kind's cap.
///
///     let file = try InputGate.open("long.wav", kind: .analysisAudio())
///     var buffer = [UInt8](repeating: 0, count: 65_536)
///     while try buffer.withUnsafeMutableBytes({ try file.read(into: $0) }) > 0 { … }
///
/// The file is closed when the value goes away.
///
/// - Thread safety: use from one thread at a time.
package final class GatedFile {
    /// The file's descriptor, for a library that reads it itself (libsndfile); reads through it do not count
    /// against the cap, so such a reader must bound what it decodes by other means.
    package let descriptor: Int32
    /// The size the file reported when it was opened, in bytes (not trusted: reads stop at the cap whatever it
    /// says).
    package let size: Int
    /// What the file is, with its cap.
    package let kind: InputKind
    /// The name used in errors.
    package let name: String
    /// Bytes read so far through ``read(into:)``.
    package private(set) var bytesRead = 0

    init(descriptor: Int32, size: Int, kind: InputKind, name: String) {
        self.descriptor = descriptor
        self.size = size
        self.kind = kind
        self.name = name
    }

    deinit { try? Posix.close(descriptor) }

    /// Reads the next bytes into `buffer`.
    ///
    /// - Returns: the number of bytes read; 0 at the end of the file.
    /// - Throws: ``PatternError`` — the kind's code when the file turns out larger than its cap, `fileNotFound` when
    ///   reading fails.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(PatternError) -> Int {
        guard !buffer.isEmpty else { return 0 }
        // One byte past the cap is enough to know the file is too large.
        let wanted = Swift.min(buffer.count, kind.byteLimit + 1 - bytesRead)
        let count: Int
        do throws(SystemCallError) {
            count = try Posix.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<wanted]))
        } catch {
            throw readError(error)
        }
        bytesRead += count
        if bytesRead > kind.byteLimit { throw InputGate.tooLarge(nil, kind: kind, file: name) }
        return count
    }

    /// Reads from byte `offset` until `buffer` is full or the file ends, without moving the position ``read(into:)``
    /// reads from; the bytes count against the cap as theirs do. The corresponding C call is `pread`.
    ///
    /// - Returns: the number of bytes read (fewer than `buffer.count` only at the end of the file).
    /// - Throws: ``PatternError`` as ``read(into:)`` does.
    package func readFully(into buffer: UnsafeMutableRawBufferPointer, atOffset offset: Int) throws(PatternError) -> Int {
        var total = 0
        while total < buffer.count {
            let wanted = Swift.min(buffer.count - total, kind.byteLimit + 1 - bytesRead)
            let count: Int
            do throws(SystemCallError) {
                count = try Posix.pread(
                    descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[total..<(total + wanted)]), at: offset + total)
            } catch {
                throw readError(error)
            }
            bytesRead += count
            if bytesRead > kind.byteLimit { throw InputGate.tooLarge(nil, kind: kind, file: name) }
            if count == 0 { break }
            total += count
        }
        return total
    }

    /// Reads until `buffer` is full or the file ends.
    ///
    /// - Returns: the number of bytes read (fewer than `buffer.count` only at the end of the file).
    /// - Throws: ``PatternError`` as ``read(into:)`` does.
    package func readFully(into buffer: UnsafeMutableRawBufferPointer) throws(PatternError) -> Int {
        var total = 0
        while total < buffer.count {
            let count = try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[total...]))
            if count == 0 { break }
            total += count
        }
        return total
    }

    /// Moves the position ``read(into:)`` reads from back to the start of the file (`lseek`), for a decoder that reads
    /// the descriptor itself.
    ///
    /// - Throws: ``PatternError`` (`fileNotFound`) with the system's reason.
    package func rewind() throws(PatternError) {
        do throws(SystemCallError) {
            try Posix.lseek(descriptor, 0, SEEK_SET)
        } catch {
            throw PatternError(.fileNotFound, "cannot rewind the audio file: \(Posix.describe(errno: error.errno))", file: name)
        }
    }

    private func readError(_ error: SystemCallError) -> PatternError {
        PatternError(.fileNotFound, "cannot read the \(kind.noun): \(Posix.describe(errno: error.errno))", file: name)
    }
}
