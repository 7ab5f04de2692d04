/// A pre-flight check of binary property lists (`bplist00`) before `PropertyListSerialization` sees them.
///
/// swift-corelibs-foundation parses every object type of the binary format, but bridging some of them to Swift
/// crashes the process: a set object (marker `0xC_`) holding strings ends in a segmentation fault inside
/// `Set<AnyHashable>` bridging (found by FuzzPropertyList). AHAP has no use for sets, UIDs or the reserved types, so
/// a property list that holds one is refused before Foundation parses it.
package enum BinaryPropertyListCheck {
    /// Object types AHAP can use: null/bool/fill (0x0), integer (0x1), real (0x2), date (0x3), data (0x4),
    /// ASCII string (0x5), UTF-16 string (0x6), array (0xA), dictionary (0xD).
    private static let acceptedTypes: Set<UInt8> = [0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0xA, 0xD]

    /// Why `bytes` must not be handed to `PropertyListSerialization`, or nil when it may be (including when it is not
    /// a binary property list at all).
    package static func problem(in bytes: UnsafeRawBufferPointer) -> String? {
        let header = Array("bplist0".utf8)
        guard bytes.count >= header.count, zip(bytes.prefix(header.count), header).allSatisfy({ $0 == $1 }) else { return nil }
        // Trailer: 6 unused bytes, offset size, reference size, object count, top object, offset-table offset.
        guard bytes.count >= 8 + 32 else { return "the binary property list is too short for its trailer" }
        let trailer = bytes.count - 32
        func bigEndian(_ at: Int, _ size: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in at..<at + size { value = value << 8 | UInt64(bytes[index]) }
            return value
        }
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        let objectCount = bigEndian(trailer + 8, 8)
        let tableOffset = bigEndian(trailer + 24, 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), objectCount >= 1,
            tableOffset >= 8, tableOffset < UInt64(trailer),
            objectCount <= (UInt64(trailer) - tableOffset) / UInt64(offsetSize)
        else { return "the binary property list's trailer is malformed" }
        let table = Int(tableOffset)
        for object in 0..<Int(objectCount) {
            let offset = bigEndian(table + object * offsetSize, offsetSize)
            guard offset >= 8, offset < tableOffset else { return "object \(object) of the binary property list lies outside it" }
            let type = bytes[Int(offset)] >> 4
            guard acceptedTypes.contains(type) else {
                let name = type == 0xC ? "a set" : type == 0x8 ? "a UID" : "an object of reserved type 0x\(String(type, radix: 16))"
                return "the binary property list holds \(name), which AHAP has no use for"
            }
        }
        return nil
    }
}
