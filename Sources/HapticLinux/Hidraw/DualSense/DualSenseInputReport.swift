import HapticDevices

/// What a DualSense's input report says about its adaptive triggers: per trigger, where its arm stopped and the
/// effect's status, and which effect is running.
///
/// Layout (offsets in the common part, which starts after the report ID on USB — report `0x01`, 64 bytes — and after
/// two bytes on Bluetooth — report `0x31`, 78 bytes, CRC-32 seeded `0xA1` in the last 4): byte 41 is the right
/// trigger (stop location 0 … 9 in the low nibble, status in the high nibble), byte 42 the left, byte 47 the running
/// effects (right in the low nibble, left in the high: 0 none, 1 feedback, 2 weapon, 3 vibration). Linux's
/// hid-playstation calls bytes 40 … 51 reserved; the meaning comes from the open DualSense projects.
public struct DualSenseInputReport: Sendable, Hashable {
    /// One trigger's state, as the pad reports it (the device model's type).
    public typealias TriggerFeedback = DualSenseTriggerFeedback.Trigger

    /// The transport the report came over.
    public var transport: DualSenseTransport
    /// The left trigger (L2).
    public var left: TriggerFeedback
    /// The right trigger (R2).
    public var right: TriggerFeedback

    /// The input report ID on USB.
    public static let usbReportID: UInt8 = 0x01
    /// The input report's size on USB.
    public static let usbSize = 64
    /// The full input report ID on Bluetooth.
    public static let bluetoothReportID: UInt8 = 0x31
    /// The input report's size on Bluetooth.
    public static let bluetoothSize = 78

    /// Decodes an input report read from the pad's hidraw node.
    ///
    /// - Throws: `DeviceError.Code.unsupported` for another report (a Bluetooth pad's short report `0x01`, which has
    ///   no trigger state), a wrong size or a wrong CRC.
    public init(decoding report: [UInt8]) throws(DeviceError) {
        let common: Int
        if report.count == Self.usbSize, report.first == Self.usbReportID {
            transport = .usb
            common = 1
        } else if report.count == Self.bluetoothSize, report.first == Self.bluetoothReportID {
            let stored = (0..<4).reduce(UInt32(0)) { $0 | UInt32(report[Self.bluetoothSize - 4 + $1]) << (8 * $1) }
            let computed = DualSenseCRC32.checksum(report[0..<(Self.bluetoothSize - 4)], seed: DualSenseCRC32.inputSeed)
            guard stored == computed else {
                throw DeviceError(.unsupported, "DualSense Bluetooth input report: CRC 0x\(String(stored, radix: 16)) is wrong")
            }
            transport = .bluetooth
            common = 2
        } else {
            throw DeviceError(
                .unsupported, "DualSense input report: \(report.count) bytes with ID \(report.first ?? 0) carry no trigger state")
        }
        let effects = report[common + 47]
        right = TriggerFeedback(stopLocation: report[common + 41] & 0x0F, status: report[common + 41] >> 4, effect: effects & 0x0F)
        left = TriggerFeedback(stopLocation: report[common + 42] & 0x0F, status: report[common + 42] >> 4, effect: effects >> 4)
    }

    /// Encodes a report with this trigger state and nothing else (the QEMU gate's emulator and tests).
    public func encoded() -> [UInt8] {
        var report = [UInt8](repeating: 0, count: transport == .usb ? Self.usbSize : Self.bluetoothSize)
        let common = transport == .usb ? 1 : 2
        report[0] = transport == .usb ? Self.usbReportID : Self.bluetoothReportID
        report[common + 41] = right.stopLocation & 0x0F | right.status << 4
        report[common + 42] = left.stopLocation & 0x0F | left.status << 4
        report[common + 47] = right.effect & 0x0F | left.effect << 4
        if transport == .bluetooth {
            let crc = DualSenseCRC32.checksum(report[0..<(Self.bluetoothSize - 4)], seed: DualSenseCRC32.inputSeed)
            for i in 0..<4 { report[Self.bluetoothSize - 4 + i] = UInt8(truncatingIfNeeded: crc >> (8 * i)) }
        }
        return report
    }

    /// Both triggers' states, as the device model takes them.
    public var triggers: DualSenseTriggerFeedback { DualSenseTriggerFeedback(left: left, right: right) }

    /// A report from its parts.
    public init(transport: DualSenseTransport, left: TriggerFeedback, right: TriggerFeedback) {
        self.transport = transport
        self.left = left
        self.right = right
    }
}
