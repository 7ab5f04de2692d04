#if os(Linux)
import HapticDevices
import HapticSystem

/// A pad's battery in sysfs: the `power_supply` device its driver registers under the pad's HID device
/// (hid-playstation's `ps-controller-battery-<MAC>`, hid-sony's `sony_controller_battery_<MAC>`, xpad's
/// `xpad_battery` under the USB interface), with its `capacity` (percent) or `capacity_level`, and `status`.
///
/// The calls are `realpath` on `<sysfs>/class/input/eventN/device`, `opendir` on each ancestor's `power_supply`
/// folder, and `read` of the attributes. The sysfs root is injectable (`HAPTIC_SYSFS_ROOT`) for tests.
package enum PowerSupply {
    /// The `power_supply` directory of the battery of the pad whose evdev node is `path`, or `nil` when its driver
    /// registers none (uinput pads, a wired pad without a battery).
    package static func batteryDirectory(ofEventNode path: String, sysfsRoot: String = "/sys") -> String? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let node = path[path.index(after: slash)...]
        guard var current = try? Posix.realpath("\(sysfsRoot)/class/input/\(node)/device") else { return nil }
        // Up to the pad's own device and no further: its HID device (input5 → input → 0003:054C:0CE6.0001) or its USB
        // device (the directory with `idVendor`, xpad's). A uinput pad has neither, and stops at `devices/virtual`,
        // whose `power_supply` holds the machine's virtual supplies, not a pad's.
        for _ in 0..<5 {
            if let entries = try? Posix.directoryEntries(AT_FDCWD, "\(current)/power_supply") {
                let names = entries.map { String(decoding: $0, as: UTF8.self) }.filter { $0 != "." && $0 != ".." }.sorted()
                for name in names where SysfsTopology.attribute("\(current)/power_supply/\(name)/type") == "Battery" {
                    return "\(current)/power_supply/\(name)"
                }
            }
            guard let up = current.lastIndex(of: "/"), up != current.startIndex else { return nil }
            let name = current[current.index(after: up)...]
            if isHIDDevice(name) || Posix.exists("\(current)/idVendor") { return nil }
            current = String(current[..<up])
            if current.hasSuffix("/devices/virtual") || current.hasSuffix("/devices") { return nil }
        }
        return nil
    }

    /// Whether a sysfs directory name is a HID device's: bus:vendor:product.instance, `0003:054C:0CE6.0001`.
    private static func isHIDDevice(_ name: Substring) -> Bool {
        let parts = name.split(separator: ":")
        return parts.count == 3 && parts[2].contains(".") && parts[0].count == 4 && parts[1].count == 4
    }

    /// The battery in the `power_supply` directory `directory`, or `nil` when it says neither its capacity nor its
    /// capacity level (or is gone: the pad unplugged).
    package static func battery(directory: String) -> PadBattery? {
        let level: Float
        if let capacity = SysfsTopology.attribute("\(directory)/capacity").flatMap({ Int($0) }) {
            level = Float(capacity) / 100
        } else if let named = SysfsTopology.attribute("\(directory)/capacity_level").flatMap(levels) {
            level = named
        } else {
            return nil
        }
        return PadBattery(level: level, state: state(SysfsTopology.attribute("\(directory)/status")))
    }

    /// The charge a `capacity_level` stands for (the kernel's names; the figures are ours, halfway in each band).
    private static func levels(_ name: String) -> Float? {
        switch name {
        case "Full": 1
        case "High": 0.8
        case "Normal": 0.5
        case "Low": 0.2
        case "Critical": 0.05
        default: nil
        }
    }

    /// The state a `status` names: "Charging", "Discharging", "Not charging" (plugged in but held), "Full", else
    /// unknown.
    package static func state(_ status: String?) -> PadBattery.State {
        switch status {
        case "Charging": .charging
        case "Discharging", "Not charging": .discharging
        case "Full": .full
        default: .unknown
        }
    }
}
#endif
