import HapticSystem

#if os(Linux)
import CHapticSupport
import HapticDevices

/// Reads the absolute axes of an open evdev node: which it has (`EVIOCGBIT(EV_ABS)`) and each one's range, flat
/// band, noise filter, resolution and present value (`EVIOCGABS`).
package enum EvdevAxisRanges {
    /// The axes of the node open as `fd`, by code; empty when the node has none or will not say (not an input
    /// device).
    ///
    /// The corresponding ioctls are `EVIOCGBIT(EV_ABS)` and `EVIOCGABS(code)` for each axis present.
    package static func read(fd: Int32) -> [UInt16: PadAxisRange] {
        var bits = [UInt8](repeating: 0, count: (Int(ABS_MAX) + 8) / 8)
        let request = Posix.evdevBitsRequest(eventType: UInt32(EV_ABS), byteCount: bits.count)
        let found = bits.withUnsafeMutableBytes { buffer in
            try? Posix.ioctl(fd, request, buffer.baseAddress!, name: "EVIOCGBIT(EV_ABS)")
        }
        guard found != nil else { return [:] }
        var ranges: [UInt16: PadAxisRange] = [:]
        for code in 0...Int(ABS_MAX) where bits[code / 8] & (1 << UInt8(code % 8)) != 0 {
            var info = input_absinfo()
            guard (try? Posix.ioctl(fd, Posix.evdevAxisRequest(code: UInt16(code)), &info, name: "EVIOCGABS")) != nil else { continue }
            ranges[UInt16(code)] = PadAxisRange(
                minimum: info.minimum, maximum: info.maximum, flat: info.flat, value: info.value, fuzz: info.fuzz,
                resolution: info.resolution)
        }
        return ranges
    }

    /// The axes of the evdev node `path`, opened read-only for the question and closed; `nil` when it cannot be
    /// opened (permissions, gone).
    package static func read(path: String) -> [UInt16: PadAxisRange]? {
        guard let fd = try? Posix.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) else { return nil }
        defer { try? Posix.close(fd) }
        return read(fd: fd)
    }
}
#endif
