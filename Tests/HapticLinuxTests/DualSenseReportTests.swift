import HapticDevices
import HapticLinux
import Testing

/// The adaptive-trigger effect bytes and the USB and Bluetooth output reports, against the documented layout
/// (expected bytes are written out by hand from the layout, the CRC vectors computed independently with zlib).
@Suite struct DualSenseReportTests {
    private func hex(_ text: String) -> [UInt8] { text.split(separator: " ").map { UInt8($0, radix: 16)! } }

    @Test func offIsModeFiveWithNoParameters() {
        #expect(DualSenseTriggerEffect.off.bytes == hex("05 00 00 00 00 00 00 00 00 00 00"))
    }

    @Test func feedbackMarksZonesFromTheStartWithForceMinusOne() throws {
        // Zones 3…9 (mask 0x03f8), force 5 → 4 in each 3-bit slot from zone 3 on.
        let effect = try DualSenseTriggerEffect.feedback(startZone: 3, strength: 5)
        #expect(effect.bytes == hex("21 f8 03 00 48 92 24 00 00 00 00"))
    }

    @Test func weaponMarksStartAndEndZonesAndStrength() throws {
        let effect = try DualSenseTriggerEffect.weapon(startZone: 2, endZone: 5, strength: 8)
        #expect(effect.bytes == hex("25 24 00 07 00 00 00 00 00 00 00"))
    }

    @Test func vibrationCarriesAmplitudePerZoneAndFrequency() throws {
        let effect = try DualSenseTriggerEffect.vibration(startZone: 0, amplitude: 8, frequency: 200)
        #expect(effect.bytes == hex("26 ff 03 ff ff ff 3f 00 00 c8 00"))
    }

    @Test func slopeFeedbackRampsThenHoldsTheEndStrength() throws {
        // Levels per zone: 0 1 2 3 4 5 6 7 8 8.
        let effect = try DualSenseTriggerEffect.slopeFeedback(startZone: 1, endZone: 8, startStrength: 1, endStrength: 8)
        #expect(effect.bytes == hex("21 fe 03 40 34 d6 3f 00 00 00 00"))
    }

    @Test func positionalStrengthsAndAmplitudes() throws {
        let strengths = try DualSenseTriggerEffect.positionalFeedback(strengths: [0, 0, 8, 0, 0, 0, 0, 0, 0, 1])
        #expect(strengths.bytes == hex("21 04 02 c0 01 00 00 00 00 00 00"))
        let amplitudes = try DualSenseTriggerEffect.positionalVibration(amplitudes: [0, 0, 0, 4, 4, 4, 4, 0, 0, 0], frequency: 30)
        #expect(amplitudes.bytes == hex("26 78 00 00 b6 0d 00 00 00 1e 00"))
        #expect(try DualSenseTriggerEffect.positionalFeedback(strengths: Array(repeating: 0, count: 10)) == .off)
    }

    @Test func outOfRangeArgumentsAreRefusedByName() {
        #expect(throws: DeviceError.self) { try DualSenseTriggerEffect.feedback(startZone: 10, strength: 1) }
        #expect(throws: DeviceError.self) { try DualSenseTriggerEffect.weapon(startZone: 4, endZone: 4, strength: 1) }
        #expect(throws: DeviceError.self) { try DualSenseTriggerEffect.vibration(startZone: 0, amplitude: 1, frequency: 0) }
        #expect(throws: DeviceError.self) { try DualSenseTriggerEffect.positionalFeedback(strengths: [1, 2, 3]) }
        do {
            _ = try DualSenseTriggerEffect.positionalFeedback(strengths: [0, 0, 9, 0, 0, 0, 0, 0, 0, 0])
            Issue.record("a level of 9 was accepted")
        } catch {
            #expect(error.message.contains("strengths[2] 9 is out of range 0 … 8"))
        }
    }

    @Test func crcMatchesTheStandardCheckValue() {
        #expect(DualSenseCRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    }

    @Test func usbReportPlacesEffectsAndFlagsOnly() throws {
        var encoder = DualSenseOutputReport.Encoder(transport: .usb)
        let right = try DualSenseTriggerEffect.weapon(startZone: 2, endZone: 5, strength: 8)
        let report = encoder.encode(left: .off, right: right)
        #expect(report.count == 63)
        #expect(report[0] == 0x02)
        #expect(report[1] == 0x0C)
        #expect(Array(report[11..<22]) == right.bytes)
        #expect(Array(report[22..<33]) == DualSenseTriggerEffect.off.bytes)
        // Nothing else is set: rumble, audio, lightbar and LEDs stay the kernel's.
        let others = report.indices.filter { !(0...1).contains($0) && !(11..<33).contains($0) && report[$0] != 0 }
        #expect(others.isEmpty)
        let leftOnly = encoder.encode(left: right, right: nil)
        #expect(leftOnly[1] == 0x08 && leftOnly[11] == 0 && Array(leftOnly[22..<33]) == right.bytes)
    }

    @Test func bluetoothReportHasSequenceTagAndCRC() throws {
        var encoder = DualSenseOutputReport.Encoder(transport: .bluetooth)
        let right = try DualSenseTriggerEffect.weapon(startZone: 2, endZone: 5, strength: 8)
        let report = encoder.encode(left: .off, right: right)
        #expect(report.count == 78)
        #expect(Array(report[0..<4]) == [0x31, 0x00, 0x10, 0x0C])
        #expect(Array(report[13..<24]) == right.bytes)
        #expect(Array(report[24..<35]) == DualSenseTriggerEffect.off.bytes)
        // zlib.crc32(b'\xa2' + report[:74]) == 0x0f1bb83f, stored little-endian.
        #expect(Array(report[74..<78]) == [0x3F, 0xB8, 0x1B, 0x0F])
        for expected in 1..<20 {
            let next = encoder.encode(left: nil, right: .off)
            #expect(next[1] == UInt8(expected % 16) << 4)
        }
    }

    @Test func decodingRoundTripsAndChecksTheCRC() throws {
        for transport in DualSenseTransport.allCases {
            var encoder = DualSenseOutputReport.Encoder(transport: transport)
            let left = try DualSenseTriggerEffect.vibration(startZone: 4, amplitude: 3, frequency: 40)
            let decoded = try DualSenseOutputReport(decoding: encoder.encode(left: left, right: nil))
            #expect(decoded.transport == transport && decoded.left == left && decoded.right == nil)
        }
        var encoder = DualSenseOutputReport.Encoder(transport: .bluetooth)
        var report = encoder.encode(left: .off, right: .off)
        report[20] ^= 1
        #expect(throws: DeviceError.self) { try DualSenseOutputReport(decoding: report) }
        #expect(throws: DeviceError.self) { try DualSenseOutputReport(decoding: [0x01, 0, 0]) }
    }

    @Test func inputReportsCarryEachTriggersStopLocationStatusAndEffect() throws {
        var usb = [UInt8](repeating: 0, count: 64)
        usb[0] = 0x01
        usb[1 + 41] = 0x25  // right: stop 5, status 2
        usb[1 + 42] = 0x13  // left: stop 3, status 1
        usb[1 + 47] = 0x12  // right effect 2 (weapon), left effect 1 (feedback)
        let decoded = try DualSenseInputReport(decoding: usb)
        #expect(decoded.transport == .usb)
        #expect(decoded.right == .init(stopLocation: 5, status: 2, effect: 2))
        #expect(decoded.left == .init(stopLocation: 3, status: 1, effect: 1))
        #expect(decoded.encoded() == usb)
        let bluetooth = DualSenseInputReport(transport: .bluetooth, left: decoded.left, right: decoded.right).encoded()
        #expect(bluetooth.count == 78 && bluetooth[0] == 0x31 && bluetooth[2 + 41] == 0x25 && bluetooth[2 + 47] == 0x12)
        #expect(try DualSenseInputReport(decoding: bluetooth).right == decoded.right)
        var damaged = bluetooth
        damaged[2 + 41] ^= 0x01
        #expect(throws: DeviceError.self) { try DualSenseInputReport(decoding: damaged) }
        #expect(throws: DeviceError.self) { try DualSenseInputReport(decoding: [0x01] + [UInt8](repeating: 0, count: 9)) }
    }
}
