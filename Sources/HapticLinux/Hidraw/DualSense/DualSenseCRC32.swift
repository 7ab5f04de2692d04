import HapticDevices

/// The CRC-32 a DualSense checks on its Bluetooth reports: the common reflected CRC-32 (polynomial `0xEDB88320`,
/// initial value and final XOR `0xFFFFFFFF`, as zlib's `crc32`) computed over one seed byte followed by the report.
/// The seed is `0xA2` for output reports (the HID transaction header of a host-to-device data frame), `0xA1` for
/// input reports.
///
/// Written here rather than taken from zlib (which `HapticPlot` loads with `dlopen` for PNG files) because every
/// report encoder calls it, on the render thread too, and an encoder must not be able to fail: a table lookup has
/// no library to miss (the coil stream computes one checksum when it is made, so the table is built off that thread).
/// The tests check it against values computed with zlib.
///
///     DualSenseCRC32.checksum(Array("123456789".utf8))   // 0xCBF43926, the standard check value
public enum DualSenseCRC32 {
    /// The seed byte of output reports.
    public static let outputSeed: UInt8 = 0xA2
    /// The seed byte of input reports.
    public static let inputSeed: UInt8 = 0xA1

    /// The CRC-32 of `seed` (when given) followed by `bytes`.
    public static func checksum(_ bytes: some Sequence<UInt8>, seed: UInt8? = nil) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        if let seed { crc = step(crc, seed) }
        for byte in bytes { crc = step(crc, byte) }
        return ~crc
    }

    private static func step(_ crc: UInt32, _ byte: UInt8) -> UInt32 {
        table[Int(UInt8(truncatingIfNeeded: crc) ^ byte)] ^ (crc >> 8)
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1 }
        return value
    }
}
