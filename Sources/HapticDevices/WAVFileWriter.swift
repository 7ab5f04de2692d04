import HapticRender
import HapticSystem

/// A WAV file written as it grows, readable at every moment: after each append the header's sizes describe exactly
/// the samples written so far, so a process killed mid-recording (even with SIGKILL) leaves a valid file up to its
/// last block.
///
///     let file = try WAVFileWriter(path: "out.wav", channelCount: 2, sampleRate: 48_000, format: .float32)
///     bytes.withUnsafeBytes { _ = file.append($0) }
///     file.close()
///
/// Used by ``WAVDevice`` (real-time recording) and by `haptic render` (long offline renders stream to disk in
/// bounded memory).
///
/// The corresponding C calls are `open`, `write` (the samples), `pwrite` (the two size fields) and `close`.
///
/// - Thread safety: one thread at a time (the owner: a device's render thread between start and stop).
/// - Real-time safety: ``append(_:)`` allocates nothing and takes no lock; it makes one `write` and two 4-byte
///   `pwrite` calls.
public final class WAVFileWriter {
    /// The file.
    public let path: String
    /// Bytes of sample data written so far.
    public private(set) var dataBytes = 0
    private var descriptor: Int32
    private let dataSizeOffset: Int

    /// Creates (truncates) the file and writes a header describing no samples yet.
    ///
    /// The file must be a regular file or a new one: the header is rewritten in place after every block, which a
    /// pipe or a device does not allow, and opening or writing a named pipe (FIFO) waits for a reader that may never
    /// come. The file is opened without waiting (`O_NONBLOCK`) and refused unless `fstat` says it is a regular file.
    ///
    /// - Throws: ``DeviceError`` when the file cannot be created or written (its message names the system's
    ///   reason: "No space left on device", "Permission denied", …), ``DeviceError/Code/unsupported`` naming what
    ///   the path is when it is not a regular file.
    public init(path: String, channelCount: Int, sampleRate: Int, format: WAVEncoder.SampleFormat) throws(DeviceError) {
        self.path = path
        let header = WAVEncoder(format: format).header(channelCount: channelCount, sampleRate: sampleRate, dataBytes: 0)
        dataSizeOffset = WAVEncoder.dataSizeOffset(headerCount: header.count)
        do throws(SystemCallError) {
            descriptor = try Posix.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK, mode: 0o644)
        } catch {
            // A FIFO nobody reads: the non-blocking open fails with ENXIO instead of waiting.
            if let status = try? Posix.stat(path), let problem = Self.problem(withFileMode: status.st_mode) {
                throw Self.refusal(path, problem)
            }
            throw DeviceError(error, device: "wav:\(path)")
        }
        let problem: String?
        do throws(SystemCallError) {
            problem = Self.problem(withFileMode: try Posix.fstat(descriptor).st_mode)
        } catch {
            close()
            throw DeviceError(error, device: "wav:\(path)")
        }
        if let problem {
            close()
            throw Self.refusal(path, problem)
        }
        do throws(SystemCallError) {
            // A regular file never waits; keep its writes plain.
            try Posix.fcntl(descriptor, F_SETFL, try Posix.fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            try header.withUnsafeBufferPointer { (elements) throws(SystemCallError) in
                try Posix.writeAll(descriptor, UnsafeRawBufferPointer(elements))
            }
        } catch {
            close()
            throw DeviceError(error, device: "wav:\(path)")
        }
    }

    deinit { close() }

    /// What a file of `mode` (`st_mode` from `stat`) is when it cannot hold a recording, or `nil` for a regular file.
    ///
    ///     WAVFileWriter.problem(withFileMode: S_IFIFO)   // "is a named pipe (FIFO)"
    package static func problem(withFileMode mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "is a folder"
        case S_IFIFO: "is a named pipe (FIFO)"
        case S_IFCHR, S_IFBLK: "is a device"
        case S_IFSOCK: "is a socket"
        default: "is not a regular file"
        }
    }

    /// The error for a path that is not a regular file.
    package static func refusal(_ path: String, _ problem: String) -> DeviceError {
        DeviceError(
            .unsupported,
            "wav:\(path): cannot record: it \(problem), not a regular file; a recording is written to a regular file or a new one")
    }

    /// Appends interleaved sample bytes and updates the header's sizes.
    ///
    /// - Returns: `nil`, or the `errno` of the failed call (`ENOSPC` on a full disk, `EFBIG` past the 4 GiB a WAV
    ///   file can describe). After a failure the file still describes the samples written before it.
    public func append(_ bytes: UnsafeRawBufferPointer) -> Int32? {
        guard descriptor >= 0 else { return EBADF }
        guard dataBytes + bytes.count <= WAVEncoder.maxDataBytes else { return EFBIG }
        if let errno = writeAll(bytes) { return errno }
        dataBytes += bytes.count
        if let errno = writeSize(dataBytes + dataSizeOffset - 4, at: WAVEncoder.riffSizeOffset) { return errno }
        return writeSize(dataBytes, at: dataSizeOffset)
    }

    /// Closes the file (its header is already complete). Safe to call twice.
    public func close() {
        guard descriptor >= 0 else { return }
        try? Posix.close(descriptor)
        descriptor = -1
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) -> Int32? {
        do throws(SystemCallError) {
            try Posix.writeAll(descriptor, bytes)
            return nil
        } catch {
            return error.errno
        }
    }

    private func writeSize(_ value: Int, at offset: Int) -> Int32? {
        var field = UInt32(truncatingIfNeeded: value).littleEndian
        do throws(SystemCallError) {
            _ = try withUnsafeBytes(of: &field) { (raw) throws(SystemCallError) in try Posix.pwrite(descriptor, raw, at: offset) }
            return nil
        } catch {
            return error.errno
        }
    }
}
