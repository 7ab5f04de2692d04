/// SDL2's numbers for an evdev pad's buttons, axes and hats — the `bN`, `aN` and `hN.M` of a mapping line — from
/// the key codes and absolute axes its node reports.
///
/// As SDL2's Linux joystick driver numbers them (`src/joystick/linux/SDL_sysjoystick.c`, `ConfigJoystick`):
/// - **Buttons**: every key code the node has from `BTN_JOYSTICK` (0x120) up to `KEY_MAX`, ascending, then every one
///   below `BTN_JOYSTICK`, ascending. A pad with `BTN_TRIGGER` … `BTN_BASE6` and `BTN_SOUTH` … has those as b0, b1, ….
/// - **Hats**: each `ABS_HAT0X`/`ABS_HAT0Y` … `ABS_HAT3X`/`ABS_HAT3Y` pair of which the node has at least one axis,
///   when the pair looks digital: both axes (of those present) range −1 … 1, or both lack fuzz, flat and
///   resolution. Hats are numbered in that order, from 0.
/// - **Axes**: every absolute axis below `ABS_MAX`, ascending, except the axes of a digital hat.
///
/// - Thread safety: a value type.
package struct JoystickNumbering: Sendable, Hashable {
    /// The button number of each key code.
    package private(set) var buttons: [UInt16: Int] = [:]
    /// The axis number of each absolute axis that is not a hat's.
    package private(set) var axes: [UInt16: Int] = [:]
    /// The hat number of each of the four hat pairs that is a hat (by pair: 0 for `ABS_HAT0X`/`ABS_HAT0Y`).
    package private(set) var hats: [Int: Int] = [:]

    /// `BTN_JOYSTICK`.
    package static let joystickButtons: UInt16 = 0x120
    /// `KEY_MAX`.
    package static let keyMax: UInt16 = 0x2FF
    /// `ABS_HAT0X`: the first hat axis; the hats' eight axes follow it.
    package static let firstHatAxis: UInt16 = 0x10
    /// `ABS_MAX`.
    package static let absMax: UInt16 = 0x3F

    /// The numbers of a node with `keyCodes` and the absolute axes `axes`.
    package init(keyCodes: [UInt16], axes ranges: [UInt16: PadAxisRange]) {
        let keys = keyCodes.filter { $0 < Self.keyMax }.sorted()
        for code in keys where code >= Self.joystickButtons { buttons[code] = buttons.count }
        for code in keys where code < Self.joystickButtons { buttons[code] = buttons.count }
        for pair in 0..<4 {
            let x = ranges[Self.firstHatAxis + UInt16(pair * 2)]
            let y = ranges[Self.firstHatAxis + UInt16(pair * 2 + 1)]
            if Self.looksDigital(x, y) { hats[pair] = hats.count }
        }
        for code in 0..<Self.absMax where ranges[code] != nil {
            if code >= Self.firstHatAxis, code < Self.firstHatAxis + 8, hats[Int(code - Self.firstHatAxis) / 2] != nil { continue }
            axes[code] = axes.count
        }
    }

    /// Whether a hat pair's axes (`nil`: absent) look like a digital hat rather than two analog axes.
    private static func looksDigital(_ x: PadAxisRange?, _ y: PadAxisRange?) -> Bool {
        if x == nil, y == nil { return false }
        let present = [x, y].compactMap { $0 }
        if present.allSatisfy({ $0.minimum == -1 && $0.maximum == 1 }) { return true }
        return present.allSatisfy { $0.fuzz == 0 && $0.flat == 0 && $0.resolution == 0 }
    }
}
