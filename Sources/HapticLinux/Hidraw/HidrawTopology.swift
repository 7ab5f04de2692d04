#if os(Linux)
import HapticSystem

/// Finds the hidraw node beside an evdev node: both belong to one HID device in sysfs (a directory named like
/// `0005:054C:0CE6.0003`, bus:vendor:product.instance), which holds the input device and a `hidraw/hidrawN` entry.
/// This works the same for USB and Bluetooth pads, since hid-playstation binds both.
///
/// The calls are `realpath` on `<sysfs>/class/input/eventN/device` and `opendir` on each ancestor's `hidraw`
/// folder. The sysfs root and the device folder are injectable (`HAPTIC_SYSFS_ROOT`, `HAPTIC_HIDRAW_DIR`) for tests.
package enum HidrawTopology {
    /// The hidraw node (`<deviceDirectory>/hidrawN`) of the HID device an evdev node belongs to, or `nil` when the
    /// node has no HID parent with a hidraw entry (uinput pads, a kernel without hidraw).
    package static func hidrawNode(ofEventNode path: String, sysfsRoot: String = "/sys", deviceDirectory: String = "/dev") -> String? {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        let name = path[path.utf8.index(after: slash)...]
        guard var current = try? Posix.realpath("\(sysfsRoot)/class/input/\(name)/device") else { return nil }
        // Up to the HID device: input5 → input → 0003:054C:0CE6.0001 in a real tree; a few levels at most.
        for _ in 0..<6 {
            if let node = firstHidraw(in: "\(current)/hidraw") { return "\(deviceDirectory)/\(node)" }
            guard let slash = current.utf8.lastIndex(of: UInt8(ascii: "/")), slash != current.utf8.startIndex else { return nil }
            current = String(current[..<slash])
        }
        return nil
    }

    private static func firstHidraw(in folder: String) -> String? {
        guard let entries = try? Posix.directoryEntries(AT_FDCWD, folder) else { return nil }
        var names: [String] = []
        for name in entries.map({ String(decoding: $0, as: UTF8.self) }) {
            if name.utf8.starts(with: "hidraw".utf8), Int(name.dropFirst(6)) != nil { names.append(name) }
        }
        return names.min { Int($0.dropFirst(6))! < Int($1.dropFirst(6))! }
    }
}
#endif
