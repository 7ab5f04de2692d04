import HapticSystem

#if os(Linux)
import CHapticSupport
import HapticDevices

/// What an evdev node's force-feedback interface offers, as read from the kernel.
///
/// The corresponding ioctls are `EVIOCGNAME`, `EVIOCGBIT(0)`, `EVIOCGBIT(EV_FF)` and `EVIOCGEFFECTS`.
public struct EvdevCapabilities: Sendable, Hashable {
    /// The node, `/dev/input/eventN`.
    public var path: String
    /// The kernel's device name (`EVIOCGNAME`).
    public var name: String
    /// `FF_RUMBLE`: two motor magnitudes (strong, weak).
    public var supportsRumble: Bool
    /// `FF_PERIODIC` with the `FF_SINE` waveform.
    public var supportsPeriodicSine: Bool
    /// `FF_GAIN`: a device-wide gain.
    public var supportsGain: Bool
    /// Effect slots the device holds (`EVIOCGEFFECTS`); we use one.
    public var effectSlots: Int
    /// Whether the node has gamepad buttons (`EV_KEY` with `BTN_GAMEPAD`/`BTN_SOUTH`): a game controller, as opposed
    /// to a vibrator.
    public var hasGamepadButtons: Bool
    /// The USB (or Bluetooth) vendor ID (`EVIOCGID`), 0 when unknown.
    public var vendorID: UInt16
    /// The product ID (`EVIOCGID`), 0 when unknown.
    public var productID: UInt16
    /// The bus (`BUS_USB` = 3, `BUS_BLUETOOTH` = 5, `BUS_VIRTUAL` = 6, …), 0 when unknown.
    public var busType: UInt16
    /// Which of HapticDevices' `ControllerInfo.paddleButtons` and `ControllerInfo.shareButton` the node reports.
    public var extraButtons: Set<UInt16>
    /// The device's version (`EVIOCGID`), 0 when unknown.
    public var version: UInt16
    /// Every key and button code the node reports (`EVIOCGBIT(EV_KEY)`), ascending; empty when it reports none.
    public var keyCodes: [UInt16]

    /// Creates a description.
    public init(
        path: String, name: String, supportsRumble: Bool, supportsPeriodicSine: Bool, supportsGain: Bool, effectSlots: Int,
        hasGamepadButtons: Bool = false, vendorID: UInt16 = 0, productID: UInt16 = 0, busType: UInt16 = 0,
        extraButtons: Set<UInt16> = [], version: UInt16 = 0, keyCodes: [UInt16] = []
    ) {
        self.path = path
        self.name = name
        self.supportsRumble = supportsRumble
        self.supportsPeriodicSine = supportsPeriodicSine
        self.supportsGain = supportsGain
        self.effectSlots = effectSlots
        self.hasGamepadButtons = hasGamepadButtons
        self.vendorID = vendorID
        self.productID = productID
        self.busType = busType
        self.extraButtons = extraButtons
        self.version = version
        self.keyCodes = keyCodes
    }

    /// Whether the node can play haptics through this back-end (rumble or periodic sine, and at least one slot).
    public var isUsable: Bool { (supportsRumble || supportsPeriodicSine) && effectSlots > 0 }

    /// Whether the node is a game controller: force feedback it can play and gamepad buttons.
    public var isGameController: Bool { isUsable && hasGamepadButtons }

    /// Whether the node is a game controller given SDL's `mappings`: one by ``isGameController``, or a joystick with
    /// force feedback it can play, buttons of the joystick range (`BTN_TRIGGER` … `BTN_DEAD`, as DirectInput pads and
    /// arcade sticks under hid-generic or hid-dr report them) and a mapping line for its GUID.
    package func isGameController(mappings: PadMappingDatabase) -> Bool {
        if isGameController { return true }
        guard isUsable, keyCodes.contains(where: { (0x120..<0x130).contains($0) }) else { return false }
        let guid = PadMappingGUID(bus: busType, vendor: vendorID, product: productID, version: version, name: name)
        return mappings.mapping(for: guid) != nil
    }

    /// Reads the capabilities of the node open as `fd`.
    ///
    /// The corresponding ioctls are `EVIOCGNAME`, `EVIOCGBIT`, `EVIOCGEFFECTS` and `EVIOCGID`.
    ///
    /// - Returns: the capabilities, or `nil` when the node has no `EV_FF` at all.
    package static func read(fd: Int32, path: String, system: any EvdevSystemCalls) -> Result<EvdevCapabilities?, SystemCallError> {
        Result { () throws(SystemCallError) in try read(fd: fd, path: path, system: system) }
    }

    private static func read(fd: Int32, path: String, system: any EvdevSystemCalls) throws(SystemCallError) -> EvdevCapabilities? {
        var nameBytes = [UInt8](repeating: 0, count: 256)
        do throws(SystemCallError) {
            _ = try nameBytes.withUnsafeMutableBufferPointer { (elements) throws(SystemCallError) in
                let buffer = UnsafeMutableRawBufferPointer(elements)
                return try Posix.syscall("EVIOCGNAME") { system.name(fd, into: buffer) }
            }
        } catch  where error.errno == ENOTTY {
            return nil  // not an input device
        }
        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
        // Event types: is EV_FF there at all?
        var types = [UInt8](repeating: 0, count: (Int(EV_MAX) + 8) / 8)
        _ = try types.withUnsafeMutableBufferPointer { (elements) throws(SystemCallError) in
            let buffer = UnsafeMutableRawBufferPointer(elements)
            return try Posix.syscall("EVIOCGBIT(0)") { system.featureBits(fd, type: 0, into: buffer) }
        }
        guard bit(Int(EV_FF), in: types) else { return nil }
        var ff = [UInt8](repeating: 0, count: (Int(FF_MAX) + 8) / 8)
        _ = try ff.withUnsafeMutableBufferPointer { (elements) throws(SystemCallError) in
            let buffer = UnsafeMutableRawBufferPointer(elements)
            return try Posix.syscall("EVIOCGBIT(EV_FF)") { system.featureBits(fd, type: UInt32(EV_FF), into: buffer) }
        }
        var slots: Int32 = 0
        _ = try Posix.syscall("EVIOCGEFFECTS") { system.effectCount(fd, &slots) }
        // Gamepad buttons and identity tell a controller from a vibrator; a node that will not say counts as none.
        var hasGamepadButtons = false
        var extraButtons: Set<UInt16> = []
        var keyCodes: [UInt16] = []
        if bit(Int(EV_KEY), in: types) {
            var keys = [UInt8](repeating: 0, count: (Int(KEY_MAX) + 8) / 8)
            let read = keys.withUnsafeMutableBytes { buffer in
                try? Posix.syscall("EVIOCGBIT(EV_KEY)") { system.featureBits(fd, type: UInt32(EV_KEY), into: buffer) }
            }
            if read != nil {
                hasGamepadButtons = bit(Int(BTN_GAMEPAD), in: keys)
                extraButtons = Set((ControllerInfo.paddleButtons + [ControllerInfo.shareButton]).filter { bit(Int($0), in: keys) })
                keyCodes = (0...Int(KEY_MAX)).filter { bit($0, in: keys) }.map { UInt16($0) }
            }
        }
        var id = input_id()
        if (try? Posix.syscall("EVIOCGID") { system.inputID(fd, &id) }) == nil { id = input_id() }
        return EvdevCapabilities(
            path: path, name: name, supportsRumble: bit(Int(FF_RUMBLE), in: ff),
            supportsPeriodicSine: bit(Int(FF_PERIODIC), in: ff) && bit(Int(FF_SINE), in: ff),
            supportsGain: bit(Int(FF_GAIN), in: ff), effectSlots: Int(slots), hasGamepadButtons: hasGamepadButtons,
            vendorID: id.vendor, productID: id.product, busType: id.bustype, extraButtons: extraButtons,
            version: id.version, keyCodes: keyCodes)
    }

    private static func bit(_ index: Int, in bytes: [UInt8]) -> Bool {
        index / 8 < bytes.count && bytes[index / 8] & (1 << UInt8(index % 8)) != 0
    }
}
#endif
