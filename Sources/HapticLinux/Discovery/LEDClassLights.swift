#if os(Linux)
import HapticDevices
import HapticSystem

/// A pad's light and player LEDs through the kernel's LED class: the LED devices its driver registers under the pad's
/// HID device (`<hid>/leds/<name>`). hid-playstation's light bar is a multicolour LED `inputN:rgb:indicator`
/// (`multi_intensity` "r g b", then `brightness`), its player LEDs `inputN:white:player-1` … `player-5`; hid-sony's
/// DualShock 4 has `<hid>:red`, `:green` and `:blue`; hid-nintendo's `…:green:player-1` … `player-4`. Writing these
/// goes through the driver, which sends the pad its output report itself (no hidraw write fights it).
///
/// The calls are `realpath` on `<sysfs>/class/input/eventN/device`, `opendir` on the HID device's `leds` folder, and
/// `open`/`write` of the LEDs' attributes (root's by default: a udev rule gives the user write access).
package struct LEDClassLights: PadLightOutput {
    /// How the light's colour is set.
    private enum ColorLED: Sendable {
        /// One multicolour LED: `multi_intensity` then `brightness`.
        case multicolor(String)
        /// Three LEDs, one per channel: their `brightness`, scaled to each one's `max_brightness`.
        case channels(red: String, green: String, blue: String)
    }

    private let color: ColorLED?
    /// The player LEDs' directories, player-1 first.
    private let players: [String]

    /// Whether the pad has a light bar.
    package var hasColor: Bool { color != nil }
    /// How many player LEDs the pad has.
    package var playerLEDCount: Int { players.count }

    /// The LEDs of the pad whose evdev node is `path`, or `nil` when its HID device has none.
    package init?(ofEventNode path: String, sysfsRoot: String = "/sys") {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let node = path[path.index(after: slash)...]
        guard var current = try? Posix.realpath("\(sysfsRoot)/class/input/\(node)/device") else { return nil }
        var folder: String?
        for _ in 0..<4 {
            if let entries = try? Posix.directoryEntries(AT_FDCWD, "\(current)/leds"), !entries.isEmpty {
                folder = "\(current)/leds"
                break
            }
            guard let up = current.lastIndex(of: "/"), up != current.startIndex else { break }
            current = String(current[..<up])
            if current.hasSuffix("/devices/virtual") || current.hasSuffix("/devices") { break }
        }
        guard let folder, let entries = try? Posix.directoryEntries(AT_FDCWD, folder) else { return nil }
        let names = entries.map { String(decoding: $0, as: UTF8.self) }.filter { $0 != "." && $0 != ".." }
        var players: [(Int, String)] = []
        var multicolor: String?
        var channels: [String: String] = [:]
        for name in names {
            if let last = name.split(separator: ":").last, last.hasPrefix("player-"), let number = Int(last.dropFirst(7)) {
                players.append((number, "\(folder)/\(name)"))
            } else if name.hasSuffix(":rgb:indicator") {
                multicolor = "\(folder)/\(name)"
            } else if let channel = ["red", "green", "blue"].first(where: { name.hasSuffix(":" + $0) }) {
                channels[channel] = "\(folder)/\(name)"
            }
        }
        if let multicolor {
            color = .multicolor(multicolor)
        } else if let red = channels["red"], let green = channels["green"], let blue = channels["blue"] {
            color = .channels(red: red, green: green, blue: blue)
        } else {
            color = nil
        }
        self.players = players.sorted { $0.0 < $1.0 }.map(\.1)
        guard color != nil || !self.players.isEmpty else { return nil }
    }

    package var currentColor: (red: Float, green: Float, blue: Float)? {
        func fraction(_ led: String) -> Float? {
            guard let level = SysfsTopology.attribute("\(led)/brightness").flatMap({ Int($0) }) else { return nil }
            return Float(level) / Float(Swift.max(Self.maximum(of: led), 1))
        }
        switch color {
        case .multicolor(let led):
            guard let text = SysfsTopology.attribute("\(led)/multi_intensity"), let scale = fraction(led) else { return nil }
            let levels = text.split(separator: " ").compactMap { Float($0) }
            guard levels.count == 3 else { return nil }
            return (levels[0] / 255 * scale, levels[1] / 255 * scale, levels[2] / 255 * scale)
        case .channels(let r, let g, let b):
            guard let red = fraction(r), let green = fraction(g), let blue = fraction(b) else { return nil }
            return (red, green, blue)
        case nil:
            return nil
        }
    }

    package func setColor(red: Float, green: Float, blue: Float) throws(DeviceError) {
        switch color {
        case .multicolor(let led):
            let levels = [red, green, blue].map { String(Self.level($0, of: 255)) }
            try Self.write("\(led)/multi_intensity", levels.joined(separator: " "))
            try Self.write("\(led)/brightness", String(Self.maximum(of: led)))
        case .channels(let r, let g, let b):
            for (led, value) in [(r, red), (g, green), (b, blue)] {
                try Self.write("\(led)/brightness", String(Self.level(value, of: Self.maximum(of: led))))
            }
        case nil:
            throw DeviceError(.unsupported, "this pad has no light bar among its LEDs")
        }
    }

    package func setPlayerLEDs(_ lit: [Bool]) throws(DeviceError) {
        for (index, led) in players.enumerated() {
            let on = index < lit.count && lit[index]
            try Self.write("\(led)/brightness", on ? String(Self.maximum(of: led)) : "0")
        }
    }

    /// `value` (0 … 1) on a 0 … `maximum` scale.
    private static func level(_ value: Float, of maximum: Int) -> Int {
        let clamped = value.isFinite ? Swift.min(Swift.max(value, 0), 1) : 0
        return Int((clamped * Float(maximum)).rounded())
    }

    /// An LED's `max_brightness` (255 when it does not say).
    private static func maximum(of led: String) -> Int {
        SysfsTopology.attribute("\(led)/max_brightness").flatMap { Int($0) } ?? 255
    }

    /// Writes `text` to the sysfs attribute `path`.
    private static func write(_ path: String, _ text: String) throws(DeviceError) {
        let fd: Int32
        do throws(SystemCallError) {
            fd = try Posix.open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)  // O_TRUNC as a shell's `echo >` (sysfs ignores it)
        } catch {
            let denied = error.errno == EACCES || error.errno == EPERM
            let hint = denied ? " (LED class attributes are root's: a udev rule must give the user write access)" : ""
            throw DeviceError(
                denied ? .permissionDenied : error.errno == ENOENT ? .removed : .ioError,
                "\(path): open for writing: \(Posix.describe(errno: error.errno))\(hint)")
        }
        defer { try? Posix.close(fd) }
        let failure = Array(text.utf8).withUnsafeBytes { bytes -> SystemCallError? in
            do throws(SystemCallError) {
                try Posix.writeAll(fd, bytes)
                return nil
            } catch {
                return error
            }
        }
        if let failure {
            throw DeviceError(.ioError, "\(path): write '\(text)': \(Posix.describe(errno: failure.errno))")
        }
    }
}
#endif
