#if os(Linux)
import HapticSystem
import HapticDevices

/// Where devices sit on the USB tree, read from sysfs: a DualSense plugged in by USB shows up as an evdev node
/// (through `hid-playstation`) and as a USB audio card, and both belong to the same USB device.
///
/// The corresponding calls are `realpath` on `/sys/class/input/eventN/device` and `/sys/class/sound/cardN/device`,
/// `opendir` on `/sys/class/sound`, and `access` to find the USB device directory (the ancestor with `idVendor`).
/// The root is injectable (`HAPTIC_SYSFS_ROOT` for tests).
package enum SysfsTopology {
    /// The USB device directory (the resolved sysfs path of the ancestor holding `idVendor`) an evdev node belongs
    /// to, or `nil` for a node that is not on USB (Bluetooth, uinput, uhid).
    package static func usbDevice(ofEventNode path: String, sysfsRoot: String = "/sys") -> String? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let name = path[path.index(after: slash)...]
        return usbAncestor(of: "\(sysfsRoot)/class/input/\(name)/device")
    }

    /// The ALSA card numbers whose device is on the USB device `usbDevice`.
    package static func soundCards(onUSBDevice usbDevice: String, sysfsRoot: String = "/sys") -> [Int] {
        guard let entries = try? Posix.directoryEntries(AT_FDCWD, "\(sysfsRoot)/class/sound") else { return [] }
        var cards: [Int] = []
        for name in entries.map({ String(decoding: $0, as: UTF8.self) }) {
            guard name.hasPrefix("card"), let number = Int(name.dropFirst(4)) else { continue }
            if usbAncestor(of: "\(sysfsRoot)/class/sound/\(name)/device") == usbDevice { cards.append(number) }
        }
        return cards.sorted()
    }

    /// Resolves `path` and walks up to the first directory with an `idVendor` file.
    private static func usbAncestor(of path: String) -> String? {
        guard var current = try? Posix.realpath(path) else { return nil }
        while current.count > 1 {
            if Posix.exists("\(current)/idVendor") { return current }
            guard let slash = current.lastIndex(of: "/") else { return nil }
            current = String(current[..<slash])
        }
        return nil
    }
}
#endif
