#if os(Linux)
import HapticSystem

extension SysfsTopology {
    /// The evdev node of the touchpad of the pad whose gamepad node is `path` and whose kernel name is `name`, or `nil`
    /// when it has none.
    ///
    /// hid-playstation (and hid-sony before it) gives a DualSense's or DualShock 4's touchpad an input device of its
    /// own beside the gamepad's, under the same HID device and named after it with " Touchpad"
    /// (`…/0003:054C:0CE6.0001/input/input5` "… Wireless Controller", `…/input/input6` "… Wireless Controller
    /// Touchpad"). The calls are `realpath` on `<sysfs>/class/input/eventN/device`, `opendir` on its parent and on the
    /// sibling input devices, and `read` of each sibling's `name`; the node is `eventK` beside `path`.
    package static func touchpadNode(ofEventNode path: String, name: String, sysfsRoot: String = "/sys") -> String? {
        let wanted = name + " Touchpad"
        return siblingEventNode(ofEventNode: path, sysfsRoot: sysfsRoot) { attribute("\($0)/name") == wanted }
    }

    /// The evdev node of the motion sensors of the pad whose gamepad node is `path`, or `nil` when it has none.
    ///
    /// hid-playstation, hid-sony and hid-nintendo give a pad's accelerometer and gyroscope an input device of its own
    /// under the same HID device as the gamepad's, with the property `INPUT_PROP_ACCELEROMETER` (bit 6 of the input
    /// device's `properties` attribute, a hexadecimal bit mask: Documentation/input/event-codes.rst). The property is
    /// looked for rather than the name, which differs by driver ("… Motion Sensors", "… (IMU)"). The calls are
    /// `realpath` on `<sysfs>/class/input/eventN/device`, `opendir` on its parent and on the sibling input devices,
    /// and `read` of each sibling's `properties`; the node is `eventK` beside `path`.
    package static func motionSensorNode(ofEventNode path: String, sysfsRoot: String = "/sys") -> String? {
        siblingEventNode(ofEventNode: path, sysfsRoot: sysfsRoot) { sibling in
            guard let text = attribute("\(sibling)/properties"), let mask = UInt64(text.split(separator: " ").last ?? "", radix: 16)
            else { return false }
            return mask & (1 << inputPropAccelerometer) != 0
        }
    }

    /// `INPUT_PROP_ACCELEROMETER` (include/uapi/linux/input-event-codes.h).
    private static let inputPropAccelerometer: UInt64 = 0x06

    /// The event node `eventK` (beside `path`) of the first sibling input device, under the same parent in sysfs as
    /// `path`'s own, that `matches` (given the sibling's sysfs directory).
    private static func siblingEventNode(ofEventNode path: String, sysfsRoot: String, matches: (String) -> Bool) -> String? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let folder = path[..<slash]
        let node = path[path.index(after: slash)...]
        guard let device = try? Posix.realpath("\(sysfsRoot)/class/input/\(node)/device"),
            let parentSlash = device.lastIndex(of: "/")
        else { return nil }
        let parent = String(device[..<parentSlash])
        let ownName = String(device[device.index(after: parentSlash)...])
        guard let siblings = try? Posix.directoryEntries(AT_FDCWD, parent) else { return nil }
        for sibling in siblings.map({ String(decoding: $0, as: UTF8.self) }).sorted()
        where sibling.hasPrefix("input") && sibling != ownName {
            guard matches("\(parent)/\(sibling)"), let entries = try? Posix.directoryEntries(AT_FDCWD, "\(parent)/\(sibling)")
            else { continue }
            let events = entries.map { String(decoding: $0, as: UTF8.self) }.filter { $0.hasPrefix("event") && Int($0.dropFirst(5)) != nil }
            if let event = events.min(by: { Int($0.dropFirst(5))! < Int($1.dropFirst(5))! }) { return "\(folder)/\(event)" }
        }
        return nil
    }

    /// The text of a sysfs attribute (at most 4 KiB), its trailing newline removed; `nil` when it cannot be read.
    package static func attribute(_ path: String) -> String? {
        guard let fd = try? Posix.open(path, O_RDONLY | O_CLOEXEC) else { return nil }
        defer { try? Posix.close(fd) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        var count = 0
        while count < bytes.count {
            let read = bytes[count...].withUnsafeMutableBytes { buffer in try? Posix.read(fd, into: buffer) }
            guard let read else { return nil }
            if read == 0 { break }
            count += read
        }
        var text = bytes[..<count]
        while let last = text.last, last == UInt8(ascii: "\n") { text = text.dropLast() }
        return String(decoding: text, as: UTF8.self)
    }
}
#endif
