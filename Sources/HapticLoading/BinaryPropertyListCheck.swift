import HapticPattern

/// A pre-flight check of binary property lists (`bplist00`) before `PropertyListSerialization` sees them.
///
/// - **Types.** swift-corelibs-foundation parses every object type of the binary format, but bridging some of them to
///   Swift crashes the process: a set object (marker `0xC_`) holding strings ends in a segmentation fault inside
///   `Set<AnyHashable>` bridging (found by FuzzPropertyList). AHAP has no use for sets, UIDs or the reserved types, so
///   a property list that holds one is refused before Foundation parses it.
/// - **Expansion.** An array or dictionary holds references to other objects of the table, and one object may be
///   referred to from many places (Apple's writer shares every repeated string and number; legal). Converted to an
///   AHAP value, a shared object is copied every time it is referred to, so arrays of references to arrays, nested a
///   few levels, stand for billions of values in a few hundred bytes (issue 32: 505 bytes, 4.3 billion values).
///   The check counts, from the table alone, how many values the conversion would make — each object's count
///   computed once, so this costs one pass over the references — and refuses a list that stands for more than
///   ``HapticPattern/PatternLimits/maxValues`` before Foundation parses it, naming the path to the object where the
///   count passes the cap. The conversion counts again as it goes (``AHAPValue/converting(propertyList:limits:)``),
///   so the cap holds whatever this check and Foundation disagree on; this check makes the refusal immediate.
package enum BinaryPropertyListCheck {
    /// Why a binary property list must not be converted.
    package struct Problem: Sendable, Equatable {
        /// `invalidPatternDictionary` for a type AHAP has no use for or a malformed table, `invalidPatternData` for
        /// too many values.
        package var code: HapticErrorCode
        /// What is wrong.
        package var message: String
        /// The path of the object where the values pass the cap (`Pattern[0]`), empty otherwise.
        package var path: String
    }

    /// Object types AHAP can use: null/bool/fill (0x0), integer (0x1), real (0x2), date (0x3), data (0x4),
    /// ASCII string (0x5), UTF-16 string (0x6), array (0xA), dictionary (0xD).
    private static let acceptedTypes: Set<UInt8> = [0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0xA, 0xD]

    /// Why `bytes` must not be handed to `PropertyListSerialization`, or nil when it may be (including when it is not
    /// a binary property list at all).
    ///
    /// - Parameter maxValues: the most values the list may stand for once every reference is followed.
    package static func problem(in bytes: UnsafeRawBufferPointer, maxValues: Int) -> Problem? {
        let header = Array("bplist0".utf8)
        guard bytes.count >= header.count, zip(bytes.prefix(header.count), header).allSatisfy({ $0 == $1 }) else { return nil }
        func refused(_ message: String) -> Problem { Problem(code: .invalidPatternDictionary, message: message, path: "") }
        // Trailer: 6 unused bytes, offset size, reference size, object count, top object, offset-table offset.
        guard bytes.count >= 8 + 32 else { return refused("the binary property list is too short for its trailer") }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        let objectCount = bigEndian(bytes, trailer + 8, 8)
        let topObject = bigEndian(bytes, trailer + 16, 8)
        let tableOffset = bigEndian(bytes, trailer + 24, 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), objectCount >= 1,
            tableOffset >= 8, tableOffset < UInt64(trailer),
            objectCount <= (UInt64(trailer) - tableOffset) / UInt64(offsetSize)
        else { return refused("the binary property list's trailer is malformed") }
        let table = Int(tableOffset)
        var offsets: [Int] = []
        offsets.reserveCapacity(Int(objectCount))
        for object in 0..<Int(objectCount) {
            let offset = bigEndian(bytes, table + object * offsetSize, offsetSize)
            guard offset >= 8, offset < tableOffset else { return refused("object \(object) of the binary property list lies outside it") }
            let type = bytes[Int(offset)] >> 4
            guard acceptedTypes.contains(type) else {
                let name = type == 0xC ? "a set" : type == 0x8 ? "a UID" : "an object of reserved type 0x\(String(type, radix: 16))"
                return refused("the binary property list holds \(name), which AHAP has no use for")
            }
            offsets.append(Int(offset))
        }
        // A top object outside the table or a malformed container is Foundation's to refuse.
        guard topObject < objectCount else { return nil }
        let objects = ObjectTable(bytes: bytes, offsets: offsets, referenceSize: referenceSize, end: table)
        return objects.expansionProblem(from: Int(topObject), maxValues: maxValues)
    }

    fileprivate static func bigEndian(_ bytes: UnsafeRawBufferPointer, _ at: Int, _ size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in at..<at + size { value = value << 8 | UInt64(bytes[index]) }
        return value
    }
}

/// The objects of a binary property list, read only as far as counting values needs: containers and their references.
private struct ObjectTable {
    let bytes: UnsafeRawBufferPointer
    let offsets: [Int]
    let referenceSize: Int
    /// Where the objects end (the offset table).
    let end: Int

    /// A container's references: `keys` (dictionaries only) and `values`, or `nil` for a scalar or a malformed object.
    struct Container {
        var isDictionary: Bool
        var keys: [Int]
        var values: [Int]
    }

    /// The references of `object` when it is an array or a dictionary whose references lie within the table.
    func container(_ object: Int) -> Container? {
        var at = offsets[object]
        let marker = bytes[at]
        let type = marker >> 4
        guard type == 0xA || type == 0xD else { return nil }
        at += 1
        var count = Int(marker & 0x0F)
        if count == 0x0F {
            // The count follows as an integer object: 0x1n, then 2^n bytes.
            guard at < end, bytes[at] >> 4 == 0x1 else { return nil }
            let size = 1 << Int(bytes[at] & 0x0F)
            guard size <= 8, at + 1 + size <= end else { return nil }
            let value = BinaryPropertyListCheck.bigEndian(bytes, at + 1, size)
            guard value <= UInt64(end) else { return nil }
            count = Int(value)
            at += 1 + size
        }
        let isDictionary = type == 0xD
        let references = isDictionary ? 2 * count : count
        guard references <= (end - at) / referenceSize else { return nil }
        var all: [Int] = []
        all.reserveCapacity(references)
        for index in 0..<references {
            let reference = BinaryPropertyListCheck.bigEndian(bytes, at + index * referenceSize, referenceSize)
            guard reference < UInt64(offsets.count) else { return nil }
            all.append(Int(reference))
        }
        return isDictionary
            ? Container(isDictionary: true, keys: Array(all[..<count]), values: Array(all[count...]))
            : Container(isDictionary: false, keys: [], values: all)
    }

    /// How many values `AHAPValue.converting(propertyList:limits:)` would make from each object reached from `top`
    /// (itself and every value it holds, shared ones counted each time), capped at `cap`; `nil` for a reference
    /// cycle. Each object is counted once, without recursion.
    func valueCounts(from top: Int, cap: Int) -> [Int]? {
        var counts = [Int](repeating: -1, count: offsets.count)  // -1 unvisited, -2 on the current path
        var stack: [(object: Int, children: [Int], next: Int, total: Int)] = []
        func enter(_ object: Int) {
            counts[object] = -2
            stack.append((object, container(object)?.values ?? [], 0, 1))
        }
        enter(top)
        while var frame = stack.popLast() {
            if frame.next < frame.children.count {
                let child = frame.children[frame.next]
                frame.next += 1
                switch counts[child] {
                case -2: return nil
                case -1:
                    stack.append(frame)
                    enter(child)
                default:
                    frame.total = Swift.min(cap, frame.total + counts[child])
                    stack.append(frame)
                }
                continue
            }
            counts[frame.object] = frame.total
            if let parent = stack.popLast() {
                var updated = parent
                updated.total = Swift.min(cap, parent.total + frame.total)
                stack.append(updated)
            }
        }
        return counts
    }

    /// The problem when the list stands for more than `maxValues` values: the path to the deepest object that alone
    /// stands for more.
    func expansionProblem(from top: Int, maxValues: Int) -> BinaryPropertyListCheck.Problem? {
        let cap = maxValues == .max ? .max : maxValues + 1
        guard let counts = valueCounts(from: top, cap: cap) else {
            return BinaryPropertyListCheck.Problem(
                code: .invalidPatternDictionary, message: "the binary property list holds an object that refers to itself", path: "")
        }
        guard counts[top] > maxValues else { return nil }
        var object = top
        var path = ""
        descending: while let container = container(object) {
            for (index, child) in container.values.enumerated() where counts[child] > maxValues {
                if container.isDictionary {
                    let name = string(container.keys[index]) ?? "(key \(index))"
                    path = path.isEmpty ? name : "\(path).\(name)"
                } else {
                    path += "[\(index)]"
                }
                object = child
                continue descending
            }
            break
        }
        let held =
            container(object).map {
                "\($0.isDictionary ? "a dictionary" : "an array") of \($0.values.count) reference\($0.values.count == 1 ? "" : "s")"
            }
            ?? "a value"
        return BinaryPropertyListCheck.Problem(
            code: .invalidPatternData,
            message:
                "the binary property list stands for more than \(maxValues) values once each shared object is copied wherever it is referred to (PatternLimits.maxValues); object \(object) here, \(held), alone stands for more",
            path: path)
    }

    /// The text of an ASCII (0x5) or UTF-16 (0x6) string object, for paths.
    func string(_ object: Int) -> String? {
        var at = offsets[object]
        let marker = bytes[at]
        var count = Int(marker & 0x0F)
        at += 1
        if count == 0x0F {
            guard at < end, bytes[at] >> 4 == 0x1 else { return nil }
            let size = 1 << Int(bytes[at] & 0x0F)
            guard size <= 8, at + 1 + size <= end else { return nil }
            count = Int(clamping: BinaryPropertyListCheck.bigEndian(bytes, at + 1, size))
            at += 1 + size
        }
        switch marker >> 4 {
        case 0x5:
            guard count <= end - at else { return nil }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[at..<at + count]), as: UTF8.self)
        case 0x6:
            guard count <= (end - at) / 2 else { return nil }
            let units = (0..<count).map { UInt16(bytes[at + 2 * $0]) << 8 | UInt16(bytes[at + 2 * $0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        default: return nil
        }
    }
}
