import HapticDevices

/// A DualSense's Bluetooth voice-coil report: output report `0x32`, carrying 32 stereo frames of 8-bit PCM at
/// 3000 Hz (10.67 ms of the coils' signal), encoded and decoded back (the simulated pad and the QEMU gate's emulator
/// read what was written).
///
/// The layout and the rate are SAxense's (`pcisarace/SAxense`, SAxense.c, by Sdore, https://apps.sdore.me/SAxense),
/// the public research that found how the pad takes haptics over Bluetooth; this encoder is our own code. 142 bytes:
///
/// | Bytes | Content |
/// |---|---|
/// | 0 | report ID `0x32` |
/// | 1 | sequence number (0 … 15) in the high nibble, tag 0 in the low nibble |
/// | 2, 3 | sub-packet `0x11` (`0x91`: ID `0x11` with the "sized" bit 7), length 7 |
/// | 4 … 10 | `FE 00 00 00 00 FF` and a report counter (0 … 255) |
/// | 11, 12 | sub-packet `0x12` (`0x92`), length 64 |
/// | 13 … 76 | 32 frames of signed 8-bit PCM, interleaved left, right |
/// | 77 … 137 | zero |
/// | 138 … 141 | CRC-32 (little-endian) of the seed `0xA2` and bytes 0 … 137, as the `0x31` report's |
///
/// SAxense leaves the sequence nibble 0 and counts in byte 10; we count in both (the pad checks neither as far as is
/// known, and hid-playstation counts the nibble of its `0x31` reports the same way).
///
///     var encoder = DualSenseCoilReport.Encoder()
///     let report = encoder.encode(left: leftFrames, right: rightFrames)   // 32 Int8 each
public struct DualSenseCoilReport: Sendable, Hashable {
    /// The left coil's 32 samples.
    public var left: [Int8]
    /// The right coil's 32 samples.
    public var right: [Int8]
    /// The sequence nibble (0 … 15).
    public var sequence: UInt8
    /// The report counter in byte 10 (0 … 255).
    public var counter: UInt8

    /// The report ID.
    public static let reportID: UInt8 = 0x32
    /// The report's size, report ID and CRC included.
    public static let size = 142
    /// Stereo frames per report.
    public static let framesPerReport = 32
    /// The pad's sample rate, frames per second.
    public static let sampleRate = 3_000.0
    /// Seconds of signal per report (32 / 3000 s, 10.67 ms): the pad takes one report per period.
    public static let period = Double(framesPerReport) / sampleRate
    /// Where the PCM starts.
    public static let pcmOffset = 13
    /// Where the report counter is.
    public static let counterOffset = 10

    /// The 8-bit sample of a coil level: clipped to −1 … 1, then scaled by 127 and rounded.
    public static func sample(_ level: Float) -> Int8 {
        let clipped = Swift.min(Swift.max(level.isNaN ? 0 : level, -1), 1)
        return Int8((clipped * 127).rounded())
    }

    /// Encodes reports for one pad, counting the sequence and the report counter.
    public struct Encoder: Sendable {
        /// The sequence number of the next report.
        public private(set) var nextSequence: UInt8 = 0
        /// The counter of the next report.
        public private(set) var nextCounter: UInt8 = 0

        /// An encoder starting at sequence 0, counter 0.
        public init() {}

        /// Writes the report for 32 frames of `left` and `right` into `report` (at least ``size`` bytes), without
        /// allocating: the render thread's path.
        public mutating func encode(
            left: UnsafeBufferPointer<Int8>, right: UnsafeBufferPointer<Int8>, into report: UnsafeMutableRawBufferPointer
        ) {
            precondition(
                report.count >= size && left.count >= framesPerReport && right.count >= framesPerReport, "DualSenseCoilReport: short buffer"
            )
            for i in 0..<size { report[i] = 0 }
            report[0] = reportID
            report[1] = nextSequence << 4
            report[2] = 0x91
            report[3] = 0x07
            report[4] = 0xFE
            report[9] = 0xFF
            report[counterOffset] = nextCounter
            report[11] = 0x92
            report[12] = 64
            for i in 0..<framesPerReport {
                report[pcmOffset + 2 * i] = UInt8(bitPattern: left[i])
                report[pcmOffset + 2 * i + 1] = UInt8(bitPattern: right[i])
            }
            let crc = DualSenseCRC32.checksum(UnsafeRawBufferPointer(rebasing: report[0..<(size - 4)]), seed: DualSenseCRC32.outputSeed)
            for i in 0..<4 { report[size - 4 + i] = UInt8(truncatingIfNeeded: crc >> (8 * i)) }
            nextSequence = (nextSequence + 1) & 0x0F
            nextCounter &+= 1
        }

        /// The report for 32 frames of `left` and `right` (each exactly ``framesPerReport`` samples).
        public mutating func encode(left: [Int8], right: [Int8]) -> [UInt8] {
            precondition(left.count == framesPerReport && right.count == framesPerReport, "DualSenseCoilReport: 32 frames per side")
            var report = [UInt8](repeating: 0, count: size)
            left.withUnsafeBufferPointer { l in
                right.withUnsafeBufferPointer { r in report.withUnsafeMutableBytes { encode(left: l, right: r, into: $0) } }
            }
            return report
        }
    }

    /// Decodes a report written to the pad, its layout and CRC checked.
    ///
    /// - Throws: `DeviceError.Code.unsupported` naming what is wrong: the report ID, the size, a sub-packet's tag or
    ///   length, the CRC.
    public init(decoding report: [UInt8]) throws(DeviceError) {
        guard report.count == Self.size else {
            throw DeviceError(.unsupported, "DualSense coil report: \(report.count) bytes, expected \(Self.size)")
        }
        guard report[0] == Self.reportID else {
            throw DeviceError(.unsupported, "DualSense coil report: ID 0x\(String(report[0], radix: 16)), expected 0x32")
        }
        guard report[1] & 0x0F == 0, report[2] == 0x91, report[3] == 7, report[11] == 0x92, report[12] == 64 else {
            throw DeviceError(
                .unsupported,
                "DualSense coil report: header \(report[1...3].map { String($0, radix: 16) }) / \(report[11...12].map { String($0, radix: 16) }),"
                    + " expected tag 0, sub-packets 91 07 and 92 40")
        }
        let stored = (0..<4).reduce(UInt32(0)) { $0 | UInt32(report[Self.size - 4 + $1]) << (8 * $1) }
        let computed = DualSenseCRC32.checksum(report[0..<(Self.size - 4)], seed: DualSenseCRC32.outputSeed)
        guard stored == computed else {
            throw DeviceError(
                .unsupported, "DualSense coil report: CRC 0x\(String(stored, radix: 16)), expected 0x\(String(computed, radix: 16))")
        }
        sequence = report[1] >> 4
        counter = report[Self.counterOffset]
        left = (0..<Self.framesPerReport).map { Int8(bitPattern: report[Self.pcmOffset + 2 * $0]) }
        right = (0..<Self.framesPerReport).map { Int8(bitPattern: report[Self.pcmOffset + 2 * $0 + 1]) }
    }
}
