/// Binary property lists (`bplist00`) whose object table refers to one object from many places: legal (Apple's own
/// writer shares every repeated string and number this way), and, nested, a few hundred bytes that expand to
/// billions of values when each reference is followed (issue 32).
///
///     let bytes = SharedReferencePropertyList.bytes(fanouts: [55, 55, 55, 54])   // 291 bytes, 9 153 705 values
///
/// The layout: object 0 is the dictionary `{"Pattern": object 2}`, object 1 the key, objects 2 … are arrays, each
/// holding `fanouts[i]` references to the next, and the last object is `leaf` (the integer 1 unless told).
public enum SharedReferencePropertyList {
    /// The 291-byte input of issue 32: `haptic validate` took 4.3 s and 196 MB on it.
    public static let crafted291 = bytes(fanouts: [55, 55, 55, 54])
    /// The 505-byte input of issue 32: `haptic validate` was killed at 60 s and 5 GB.
    public static let crafted505 = bytes(fanouts: [85, 84, 84, 84, 84])

    /// The property list for `fanouts`, arrays nested `fanouts.count` deep under `Pattern`.
    public static func bytes(fanouts: [Int], leaf: [UInt8] = [0x10, 0x01]) -> [UInt8] {
        precondition(fanouts.allSatisfy { (1..<256).contains($0) } && fanouts.count < 250, "one-byte references and counts")
        var objects: [[UInt8]] = [[0xD1, 1, 2], [0x57] + Array("Pattern".utf8)]
        for (index, fanout) in fanouts.enumerated() {
            let head: [UInt8] = fanout < 15 ? [0xA0 | UInt8(fanout)] : [0xAF, 0x10, UInt8(fanout)]
            objects.append(head + [UInt8](repeating: UInt8(3 + index), count: fanout))
        }
        objects.append(leaf)
        return assemble(objects)
    }

    /// A binary property list of `objects` (already encoded, references one byte wide), object 0 at the top.
    public static func assemble(_ objects: [[UInt8]]) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        let offsetSize = table < 256 ? 1 : 2
        for offset in offsets {
            bytes += offsetSize == 1 ? [UInt8(offset)] : [UInt8(offset >> 8), UInt8(offset & 0xFF)]
        }
        bytes += [UInt8](repeating: 0, count: 6) + [UInt8(offsetSize), 1]
        for field in [objects.count, 0, table] {
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: field >> ($0 * 8)) }
        }
        return bytes
    }

    /// How many values ``bytes(fanouts:leaf:)`` stands for once every reference is followed: the dictionary, the
    /// outer array, and every array and leaf below it, each copy counted (keys are not values).
    public static func expandedValueCount(fanouts: [Int]) -> Int {
        var total = 2
        var level = 1
        for fanout in fanouts {
            level *= fanout
            total += level
        }
        return total
    }
}
