/// SDL2's joystick GUID: the 16 bytes (32 hexadecimal digits) that open a mapping line and name the pad it is for.
///
///     03000000 5e04 0000 8e02 0000 1401 0000      bus 0x0003, vendor 0x045e, product 0x028e, version 0x0114
///
/// For a pad with a vendor ID, SDL lays out little-endian 16-bit fields: the bus, a CRC-16 of the device's name, the
/// vendor, 0, the product, 0, the version, and a driver byte pair (0 for Linux evdev). For a pad without one, the
/// name's first 11 bytes follow the bus and CRC instead. The CRC is kept apart (``crc``): equality and hashing compare
/// the other bytes, as SDL's matching clears the CRC from both sides. A line whose GUID or `crc:` field carries a CRC
/// applies only to a pad whose name has that CRC (``PadMappingDatabase/mapping(for:)``). Facts from SDL2's
/// `SDL_CreateJoystickGUID` (`src/joystick/SDL_joystick.c`) and `SDL_crc16` (`src/stdlib/SDL_crc16.c`).
///
/// SDL treats bytes 2 … 3 as a CRC only in GUIDs whose bus is below 0x20 (or its virtual bus 0xFF); we always do.
/// No Linux pad's bus is 0x20 or above.
package struct PadMappingGUID: Sendable, Hashable, CustomStringConvertible {
    /// The 16 bytes, CRC cleared.
    package private(set) var bytes: [UInt8]
    /// The CRC-16 of the pad's name that bytes 2 … 3 held (0: none). Not part of equality or hashing.
    package private(set) var crc: UInt16

    /// A GUID of 16 bytes (anything else is padded with zeros or cut); bytes 2 … 3 become ``crc`` and are cleared.
    package init(bytes: [UInt8]) {
        var bytes = Array(bytes.prefix(16))
        bytes += [UInt8](repeating: 0, count: 16 - bytes.count)
        crc = UInt16(bytes[2]) | UInt16(bytes[3]) << 8
        bytes[2] = 0
        bytes[3] = 0
        self.bytes = bytes
    }

    /// Whether `left` and `right` name the same pad, CRC aside (as SDL matches them).
    package static func == (left: PadMappingGUID, right: PadMappingGUID) -> Bool { left.bytes == right.bytes }

    /// Hashes the bytes, CRC aside (as ``==(_:_:)`` compares them).
    package func hash(into hasher: inout Hasher) { hasher.combine(bytes) }

    /// The longest name SDL2 hashes: it reads an evdev node's name into 128 bytes (`EVIOCGNAME`), so 127 and the NUL.
    package static let hashedNameLimit = 127

    /// SDL2's CRC-16 of a pad's name, as it puts it in the pad's GUID: CRC-16/ARC (the reflected polynomial 0xA001,
    /// initial value 0, no final XOR) of the name's first ``hashedNameLimit`` UTF-8 bytes. 0 for an empty name.
    package static func nameCRC(_ name: String) -> UInt16 {
        var crc: UInt16 = 0
        for byte in name.utf8.prefix(hashedNameLimit) {
            crc ^= UInt16(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? crc >> 1 ^ 0xA001 : crc >> 1 }
        }
        return crc
    }

    /// The GUID SDL2 gives an evdev device with this bus, vendor, product, version and name, its ``crc`` the name's
    /// (``nameCRC(_:)``).
    package init(bus: UInt16, vendor: UInt16, product: UInt16, version: UInt16, name: String) {
        var bytes = [UInt8](repeating: 0, count: 16)
        func put(_ value: UInt16, at offset: Int) {
            bytes[offset] = UInt8(truncatingIfNeeded: value)
            bytes[offset + 1] = UInt8(truncatingIfNeeded: value >> 8)
        }
        put(bus, at: 0)
        put(Self.nameCRC(name), at: 2)
        if vendor != 0 {
            put(vendor, at: 4)
            put(product, at: 8)
            put(version, at: 12)
        } else {
            for (offset, byte) in name.utf8.prefix(11).enumerated() { bytes[4 + offset] = byte }
        }
        self.init(bytes: bytes)
    }

    /// The GUID of `controller` (its bus, vendor, product, version and name).
    package init(_ controller: ControllerInfo) {
        self.init(
            bus: controller.busType, vendor: controller.vendorID, product: controller.productID, version: controller.version,
            name: controller.name)
    }

    /// The GUID written as 32 hexadecimal digits, or `nil` when `text` is not that.
    package init?(hex text: Substring) {
        let digits = Array(text.utf8)
        guard digits.count == 32 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        for index in stride(from: 0, to: 32, by: 2) {
            guard let high = Self.nibble(digits[index]), let low = Self.nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        self.init(bytes: bytes)
    }

    /// The vendor ID (0 for a name-based GUID).
    package var vendor: UInt16 { UInt16(bytes[4]) | UInt16(bytes[5]) << 8 }
    /// The product ID.
    package var product: UInt16 { UInt16(bytes[8]) | UInt16(bytes[9]) << 8 }

    /// This GUID with its version cleared (SDL's second try for a pad with a vendor and a product).
    package var withoutVersion: PadMappingGUID {
        var copy = self
        copy.bytes[12] = 0
        copy.bytes[13] = 0
        return copy
    }

    /// The 32 hexadecimal digits, lower case, CRC cleared (as SDL writes a mapping's GUID; the CRC goes in `crc:`).
    package var description: String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
