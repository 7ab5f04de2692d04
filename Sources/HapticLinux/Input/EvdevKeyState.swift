import HapticSystem

#if os(Linux)
import CHapticSupport
import HapticDevices

/// Reads which keys and buttons of an open evdev node are held now (`EVIOCGKEY`): the state a reader that opens a
/// node later than the press would otherwise never see, since evdev sends only changes.
package enum EvdevKeyState {
    /// The codes of the keys and buttons held on the node open as `fd`, in ascending order; empty when none is held
    /// or the node will not say (not an input device).
    ///
    /// The corresponding ioctl is `EVIOCGKEY(len)`.
    package static func read(fd: Int32) -> [UInt16] {
        var bits = [UInt8](repeating: 0, count: (Int(KEY_MAX) + 8) / 8)
        let request = Posix.evdevKeyStateRequest(byteCount: bits.count)
        let read = bits.withUnsafeMutableBytes { buffer in
            try? Posix.ioctl(fd, request, buffer.baseAddress!, name: "EVIOCGKEY")
        }
        guard read != nil else { return [] }
        var held: [UInt16] = []
        for code in 0...Int(KEY_MAX) where bits[code / 8] & (1 << UInt8(code % 8)) != 0 { held.append(UInt16(code)) }
        return held
    }
}
#endif
