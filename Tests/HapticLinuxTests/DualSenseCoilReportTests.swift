import HapticDevices
import HapticLinux
import Testing

/// The Bluetooth voice-coil report `0x32` against SAxense's layout (bytes written out by hand, the CRC vectors computed
/// independently with Python's zlib over the seed 0xA2 and bytes 0 … 137), and its decoding.
@Suite struct DualSenseCoilReportTests {
    private let ramp = (0..<32).map { Int8($0) }
    private let negativeRamp = (0..<32).map { Int8(-$0) }

    @Test func theReportFollowsTheDocumentedLayout() {
        var encoder = DualSenseCoilReport.Encoder()
        let report = encoder.encode(left: ramp, right: negativeRamp)
        #expect(report.count == 142)
        #expect(Array(report[0..<13]) == [0x32, 0x00, 0x91, 0x07, 0xFE, 0x00, 0x00, 0x00, 0x00, 0xFF, 0x00, 0x92, 0x40])
        // Interleaved left, right, signed.
        #expect(Array(report[13..<19]) == [0x00, 0x00, 0x01, 0xFF, 0x02, 0xFE])
        #expect(report[75] == 31 && report[76] == UInt8(bitPattern: -31))
        #expect(report[77..<138].allSatisfy { $0 == 0 })
        // zlib.crc32(b'\xa2' + report[:138]) = 0x8bf0283a, stored little-endian.
        #expect(Array(report[138..<142]) == [0x3A, 0x28, 0xF0, 0x8B])
    }

    @Test func theSequenceNibbleAndTheCounterAdvanceWithEachReport() {
        var encoder = DualSenseCoilReport.Encoder()
        _ = encoder.encode(left: ramp, right: negativeRamp)
        let second = encoder.encode(left: ramp, right: negativeRamp)
        #expect(second[1] == 0x10 && second[10] == 1)
        #expect(Array(second[138..<142]) == [0x66, 0x6C, 0x2D, 0x6D])  // zlib: 0x6d2d6c66
        for _ in 2..<16 { _ = encoder.encode(left: ramp, right: ramp) }
        let wrapped = encoder.encode(left: ramp, right: ramp)
        #expect(wrapped[1] == 0x00 && wrapped[10] == 16)
    }

    @Test func aDecodedReportGivesBackTheSamplesPerSide() throws {
        var encoder = DualSenseCoilReport.Encoder()
        _ = encoder.encode(left: ramp, right: ramp)
        let decoded = try DualSenseCoilReport(decoding: encoder.encode(left: ramp, right: negativeRamp))
        #expect(decoded.left == ramp)
        #expect(decoded.right == negativeRamp)
        #expect(decoded.sequence == 1 && decoded.counter == 1)
    }

    @Test func aCorruptedReportIsRefusedWithTheReason() {
        var encoder = DualSenseCoilReport.Encoder()
        var report = encoder.encode(left: ramp, right: ramp)
        report[20] ^= 1
        #expect {
            try DualSenseCoilReport(decoding: report)
        } throws: { error in
            (error as? DeviceError)?.message.contains("CRC") == true
        }
        #expect(throws: DeviceError.self) { try DualSenseCoilReport(decoding: Array(report.prefix(78))) }
    }

    @Test func levelsAreClippedAndScaledTo127() {
        #expect(DualSenseCoilReport.sample(1) == 127)
        #expect(DualSenseCoilReport.sample(-1) == -127)
        #expect(DualSenseCoilReport.sample(3.5) == 127)
        #expect(DualSenseCoilReport.sample(-7) == -127)
        #expect(DualSenseCoilReport.sample(.nan) == 0)
        #expect(DualSenseCoilReport.sample(0.5) == 64)
    }
}
