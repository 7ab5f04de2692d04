import Foundation
import HapticDevices

#if canImport(Glibc)
import Glibc
#endif

/// A FIFO standing in for a pad's evdev node: whoever opens the path reads `struct input_event` records (24 bytes
/// on a 64-bit system: time, type, code, value), as from `/dev/input/eventN`. The node holds its own read-write end,
/// so readers never see it hang up until ``hangUp()``.
public final class FakePadNode: @unchecked Sendable {
    // @unchecked: the descriptor is written from one test thread.
    /// The FIFO's path.
    public let path: String
    private var fd: Int32

    /// Makes the FIFO at `path` and opens its writing end.
    public init(path: String) throws {
        self.path = path
        guard mkfifo(path, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    deinit { hangUp() }

    /// Writes `events` as `EV_KEY`/`EV_ABS` records, each followed by a `SYN_REPORT`, in one `write`.
    public func send(_ events: [PadInputEvent]) {
        var bytes: [UInt8] = []
        func record(type: UInt16, code: UInt16, value: Int32) {
            bytes += [UInt8](repeating: 0, count: 16)  // the time: readers here ignore it
            withUnsafeBytes(of: type.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: code.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
        }
        for event in events where event.kind != .report {
            record(type: event.kind == .button ? 1 : 3, code: event.code, value: event.value)
            record(type: 0, code: 0, value: 0)
        }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        precondition(written == bytes.count, "FakePadNode: short write to \(path)")
    }

    /// Closes the writing end: a reader sees the node hang up, as when a pad is unplugged.
    public func hangUp() {
        if fd >= 0 { close(fd) }
        fd = -1
    }
}
