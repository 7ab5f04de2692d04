import HapticDevices

/// A DualSense output report carrying adaptive-trigger effects, encoded for USB or Bluetooth, and decoded back (the
/// simulated pad and the QEMU gate's emulator read what was written).
///
/// Layout (Linux's hid-playstation names the fields): USB is report `0x02`, then the 47-byte common block, then 15
/// zero bytes (63 in all). Bluetooth is report `0x31`, a sequence byte (sequence number 0 … 15 in the high nibble),
/// the tag `0x10`, the common block, 24 zero bytes and the CRC-32 (little-endian) of the seed `0xA2` and the 74
/// bytes before it (78 in all). In the common block, byte 0 holds the valid flags: `0x04` applies the right
/// trigger's effect (bytes 10 … 20) and `0x08` the left's (bytes 21 … 31). Everything else is left zero and
/// unflagged, so the pad keeps the rumble, lightbar and LEDs the kernel driver set.
///
///     var encoder = DualSenseOutputReport.Encoder(transport: .bluetooth)
///     let report = encoder.encode(left: nil, right: try .weapon(startZone: 2, endZone: 5, strength: 8))
public struct DualSenseOutputReport: Sendable, Hashable {
    /// The transport the report was written for.
    public var transport: DualSenseTransport
    /// The left trigger's effect, when the report applies one.
    public var left: DualSenseTriggerEffect?
    /// The right trigger's effect, when the report applies one.
    public var right: DualSenseTriggerEffect?
    /// The Bluetooth sequence number (0 … 15); 0 on USB.
    public var sequence: UInt8

    /// The report ID on USB.
    public static let usbReportID: UInt8 = 0x02
    /// The report ID on Bluetooth.
    public static let bluetoothReportID: UInt8 = 0x31
    /// The report's size on USB, report ID included.
    public static let usbSize = 63
    /// The report's size on Bluetooth, report ID and CRC included.
    public static let bluetoothSize = 78
    /// The valid-flag bit (common byte 0) that applies the right trigger's effect.
    public static let rightTriggerFlag: UInt8 = 0x04
    /// The valid-flag bit (common byte 0) that applies the left trigger's effect.
    public static let leftTriggerFlag: UInt8 = 0x08
    /// Where the common block starts on USB and on Bluetooth.
    public static func commonOffset(_ transport: DualSenseTransport) -> Int { transport == .usb ? 1 : 3 }
    /// The right trigger's effect's offset in the common block.
    public static let rightEffectOffset = 10
    /// The left trigger's effect's offset in the common block.
    public static let leftEffectOffset = 21
    /// The Bluetooth tag byte.
    public static let bluetoothTag: UInt8 = 0x10

    /// Encodes reports for one pad, counting the Bluetooth sequence.
    public struct Encoder: Sendable {
        /// The transport encoded for.
        public let transport: DualSenseTransport
        /// The sequence number of the next Bluetooth report.
        public private(set) var nextSequence: UInt8 = 0

        /// An encoder for `transport`, starting at sequence 0.
        public init(transport: DualSenseTransport) { self.transport = transport }

        /// The report applying `left` and `right` (a `nil` side is not flagged and keeps its effect).
        public mutating func encode(left: DualSenseTriggerEffect?, right: DualSenseTriggerEffect?) -> [UInt8] {
            var report = [UInt8](repeating: 0, count: transport == .usb ? usbSize : bluetoothSize)
            let common = commonOffset(transport)
            if transport == .usb {
                report[0] = usbReportID
            } else {
                report[0] = bluetoothReportID
                report[1] = nextSequence << 4
                report[2] = bluetoothTag
                nextSequence = (nextSequence + 1) & 0x0F
            }
            if let right {
                report[common] |= rightTriggerFlag
                report.replaceSubrange((common + rightEffectOffset)..<(common + rightEffectOffset + 11), with: right.bytes)
            }
            if let left {
                report[common] |= leftTriggerFlag
                report.replaceSubrange((common + leftEffectOffset)..<(common + leftEffectOffset + 11), with: left.bytes)
            }
            if transport == .bluetooth {
                let crc = DualSenseCRC32.checksum(report[0..<(bluetoothSize - 4)], seed: DualSenseCRC32.outputSeed)
                for i in 0..<4 { report[bluetoothSize - 4 + i] = UInt8(truncatingIfNeeded: crc >> (8 * i)) }
            }
            return report
        }
    }

    /// Decodes a report written to the pad: its transport from the report ID and size, the CRC checked on Bluetooth.
    ///
    /// - Throws: `DeviceError.Code.unsupported` naming what is wrong: an unknown report ID, a wrong size, a wrong
    ///   Bluetooth tag or CRC.
    public init(decoding report: [UInt8]) throws(DeviceError) {
        guard let id = report.first else { throw DeviceError(.unsupported, "DualSense output report: empty") }
        switch id {
        case Self.usbReportID:
            guard report.count >= 48 else {
                throw DeviceError(.unsupported, "DualSense USB output report: \(report.count) bytes, expected \(Self.usbSize)")
            }
            transport = .usb
            sequence = 0
        case Self.bluetoothReportID:
            guard report.count == Self.bluetoothSize else {
                throw DeviceError(
                    .unsupported, "DualSense Bluetooth output report: \(report.count) bytes, expected \(Self.bluetoothSize)")
            }
            guard report[2] == Self.bluetoothTag else {
                throw DeviceError(.unsupported, "DualSense Bluetooth output report: tag \(report[2]), expected \(Self.bluetoothTag)")
            }
            let stored = (0..<4).reduce(UInt32(0)) { $0 | UInt32(report[Self.bluetoothSize - 4 + $1]) << (8 * $1) }
            let computed = DualSenseCRC32.checksum(report[0..<(Self.bluetoothSize - 4)], seed: DualSenseCRC32.outputSeed)
            guard stored == computed else {
                throw DeviceError(
                    .unsupported,
                    "DualSense Bluetooth output report: CRC 0x\(String(stored, radix: 16)), expected 0x\(String(computed, radix: 16))")
            }
            transport = .bluetooth
            sequence = report[1] >> 4
        default:
            throw DeviceError(.unsupported, "DualSense output report: ID 0x\(String(id, radix: 16)) is not 0x02 (USB) or 0x31 (Bluetooth)")
        }
        let common = Self.commonOffset(transport)
        let flags = report[common]
        let rightStart = common + Self.rightEffectOffset
        let leftStart = common + Self.leftEffectOffset
        right = flags & Self.rightTriggerFlag == 0 ? nil : try DualSenseTriggerEffect(bytes: report[rightStart..<(rightStart + 11)])
        left = flags & Self.leftTriggerFlag == 0 ? nil : try DualSenseTriggerEffect(bytes: report[leftStart..<(leftStart + 11)])
    }
}
