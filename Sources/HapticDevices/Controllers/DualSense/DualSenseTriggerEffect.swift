/// One adaptive trigger's effect as a DualSense takes it: 11 bytes, a mode byte and 10 parameters, placed in the
/// output report at the trigger's offset.
///
/// The trigger's travel is cut into 10 zones (0 at rest, 9 fully pulled). The encodings, as the open projects that
/// document the pad describe them (Linux's hid-playstation for the report, dualsensectl, pydualsense and
/// DualSense-Windows for the effects):
///
/// | Mode | Byte 0 | Bytes 1–2 | Bytes 3–6 | Byte 9 |
/// |---|---|---|---|---|
/// | off | `0x05` | 0 | 0 | 0 |
/// | feedback | `0x21` | zones with a force (bit per zone, little-endian) | force − 1 per zone, 3 bits each (zone *i* at bit 3*i*), little-endian | 0 |
/// | weapon | `0x25` | the start and end zones' bits | byte 3: strength − 1 | 0 |
/// | vibration | `0x26` | zones that vibrate | amplitude − 1 per zone, 3 bits each | frequency, Hz |
///
/// Forces and amplitudes are levels 1 … 8 (0 in a positional list means no effect in that zone). Every constructor
/// range-checks its arguments and throws ``DeviceError/Code/unsupported`` naming the one that is out of range.
///
///     let bow = try DualSenseTriggerEffect.slopeFeedback(startZone: 1, endZone: 8, startStrength: 1, endStrength: 8)
public struct DualSenseTriggerEffect: Sendable, Hashable, CustomStringConvertible {
    /// The 11 bytes: the mode byte, then the 10 parameters.
    public let bytes: [UInt8]

    /// The number of zones of the trigger's travel.
    public static let zoneCount = 10
    /// The size of an effect in the report.
    public static let byteCount = 11

    /// The mode bytes.
    public enum ModeByte {
        /// No effect.
        public static let off: UInt8 = 0x05
        /// Resistance per zone.
        public static let feedback: UInt8 = 0x21
        /// Resistance between two zones that gives way ("a trigger that breaks").
        public static let weapon: UInt8 = 0x25
        /// Vibration per zone at one frequency.
        public static let vibration: UInt8 = 0x26
    }

    /// An effect from its 11 bytes (a decoded report).
    ///
    /// - Throws: ``DeviceError/Code/unsupported`` when `bytes` is not 11 long.
    public init(bytes: some Collection<UInt8>) throws(DeviceError) {
        guard bytes.count == Self.byteCount else {
            throw DeviceError(.unsupported, "a DualSense trigger effect is \(Self.byteCount) bytes, not \(bytes.count)")
        }
        self.bytes = Array(bytes)
    }

    private init(mode: UInt8, _ parameters: [Int: UInt8]) {
        var bytes = [UInt8](repeating: 0, count: Self.byteCount)
        bytes[0] = mode
        for (index, value) in parameters { bytes[index] = value }
        self.bytes = bytes
    }

    /// No effect: the trigger moves freely.
    public static let off = DualSenseTriggerEffect(mode: ModeByte.off, [:])

    /// The mode byte.
    public var mode: UInt8 { bytes[0] }

    /// Resistance of `strength` (1 … 8) from zone `startZone` (0 … 9) to the end of the travel.
    public static func feedback(startZone: Int, strength: Int) throws(DeviceError) -> DualSenseTriggerEffect {
        try check("startZone", startZone, 0...9)
        try check("strength", strength, 1...8)
        return try positionalFeedback(strengths: (0..<zoneCount).map { $0 >= startZone ? strength : 0 })
    }

    /// Resistance of `strength` (1 … 8) from zone `startZone` (2 … 7) that gives way at `endZone` (`startZone` + 1 … 8).
    public static func weapon(startZone: Int, endZone: Int, strength: Int) throws(DeviceError) -> DualSenseTriggerEffect {
        try check("startZone", startZone, 2...7)
        try check("endZone", endZone, (startZone + 1)...8)
        try check("strength", strength, 1...8)
        let zones = UInt16(1) << startZone | UInt16(1) << endZone
        return DualSenseTriggerEffect(
            mode: ModeByte.weapon, [1: UInt8(zones & 0xFF), 2: UInt8(zones >> 8), 3: UInt8(strength - 1)])
    }

    /// Vibration of `amplitude` (1 … 8) at `frequency` Hz (1 … 255) from zone `startZone` (0 … 9) on.
    public static func vibration(startZone: Int, amplitude: Int, frequency: Int) throws(DeviceError) -> DualSenseTriggerEffect {
        try check("startZone", startZone, 0...9)
        try check("amplitude", amplitude, 1...8)
        return try positionalVibration(amplitudes: (0..<zoneCount).map { $0 >= startZone ? amplitude : 0 }, frequency: frequency)
    }

    /// Resistance rising (or falling) linearly from `startStrength` at `startZone` (0 … 8) to `endStrength` at
    /// `endZone` (`startZone` + 1 … 9), held at `endStrength` after it; strengths 1 … 8.
    public static func slopeFeedback(
        startZone: Int, endZone: Int, startStrength: Int, endStrength: Int
    ) throws(DeviceError) -> DualSenseTriggerEffect {
        try check("startZone", startZone, 0...8)
        try check("endZone", endZone, (startZone + 1)...9)
        try check("startStrength", startStrength, 1...8)
        try check("endStrength", endStrength, 1...8)
        let strengths = (0..<zoneCount).map { zone -> Int in
            guard zone >= startZone else { return 0 }
            guard zone < endZone else { return endStrength }
            let fraction = Double(zone - startZone) / Double(endZone - startZone)
            return Int((Double(startStrength) + Double(endStrength - startStrength) * fraction).rounded())
        }
        return try positionalFeedback(strengths: strengths)
    }

    /// Resistance per zone: `strengths` holds 10 levels, 0 (none) … 8. All zero is ``off``.
    public static func positionalFeedback(strengths: [Int]) throws(DeviceError) -> DualSenseTriggerEffect {
        try zoned(mode: ModeByte.feedback, levels: strengths, name: "strengths", frequency: nil)
    }

    /// Vibration per zone at `frequency` Hz (1 … 255): `amplitudes` holds 10 levels, 0 (none) … 8. All zero is ``off``.
    public static func positionalVibration(amplitudes: [Int], frequency: Int) throws(DeviceError) -> DualSenseTriggerEffect {
        try check("frequency", frequency, 1...255)
        return try zoned(mode: ModeByte.vibration, levels: amplitudes, name: "amplitudes", frequency: UInt8(frequency))
    }

    private static func zoned(mode: UInt8, levels: [Int], name: String, frequency: UInt8?) throws(DeviceError) -> DualSenseTriggerEffect {
        guard levels.count == zoneCount else {
            throw DeviceError(.unsupported, "DualSense trigger effect: \(name) needs \(zoneCount) values, not \(levels.count)")
        }
        var zones: UInt16 = 0
        var packed: UInt32 = 0
        for (zone, level) in levels.enumerated() {
            try check("\(name)[\(zone)]", level, 0...8)
            guard level > 0 else { continue }
            zones |= 1 << zone
            packed |= UInt32(level - 1) << (3 * zone)
        }
        guard zones != 0 else { return .off }
        var parameters: [Int: UInt8] = [1: UInt8(zones & 0xFF), 2: UInt8(zones >> 8)]
        for i in 0..<4 { parameters[3 + i] = UInt8(truncatingIfNeeded: packed >> (8 * i)) }
        if let frequency { parameters[9] = frequency }
        return DualSenseTriggerEffect(mode: mode, parameters)
    }

    private static func check(_ name: String, _ value: Int, _ range: ClosedRange<Int>) throws(DeviceError) {
        guard range.contains(value) else {
            throw DeviceError(
                .unsupported, "DualSense trigger effect: \(name) \(value) is out of range \(range.lowerBound) … \(range.upperBound)")
        }
    }

    /// The bytes in hex, `21 ff 03 …`.
    public var description: String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined(separator: " ")
    }
}
