/// A parsed JSON-like document laid out flat: one node per value, children right after their parent.
///
/// Strings are byte ranges into ``storage`` (the source text itself for JSON, so reading allocates no strings),
/// which is what makes the AHAP reader several times faster than building Foundation objects.
package struct AHAPTape: Sendable {
    package enum Kind: UInt8, Sendable {
        case null, bool, number, string, array, object
    }

    package struct Node: Sendable {
        package var kind: Kind
        /// For `.string`: the text has backslash escapes. For `.bool`: the value.
        package var flag: Bool
        /// For `.string`: every byte of the raw text is ASCII (set by the JSON parser, which looks at every byte;
        /// `false` means "not known"). Two such texts are equal exactly when their bytes are.
        package var isASCII: Bool = false
        /// Children: elements of an array, key/value pairs of an object.
        package var count: Int32
        /// Byte offset of the value in the source (for strings: the first byte after the quote).
        package var offset: Int32
        /// For `.string`: byte length of the raw text between the quotes.
        package var length: Int32
        /// Index of the node after this value's subtree.
        package var next: Int32
        /// For `.object` and `.array` read from JSON text: the line (1-based) the value starts on, counted by the
        /// parser as it steps over line feeds, so that entry locations need no second pass over the text; 0 otherwise.
        /// (It fills what was padding before ``number``: the node stays 32 bytes.)
        package var line: Int32 = 0
        /// For `.number`: the value.
        package var number: Double
    }

    package var nodes: [Node] = []
    var storage: [UInt8] = []
    /// Whether ``Node/offset`` points into a source text (JSON) that can be turned into line:column.
    package var hasLocations = false

    // MARK: Reading

    package func kind(_ index: Int) -> Kind { nodes[index].kind }

    /// The children of an array node, as node indices.
    package func elements(_ index: Int) -> ChildIterator {
        ChildIterator(nodes: nodes, cursor: index + 1, remaining: Int(nodes[index].count))
    }

    /// The members of an object node, as (key index, value index) pairs.
    package func members(_ index: Int) -> MemberIterator {
        MemberIterator(nodes: nodes, cursor: index + 1, remaining: Int(nodes[index].count))
    }

    package struct ChildIterator: Sequence, IteratorProtocol {
        let nodes: [Node]
        var cursor: Int
        var remaining: Int
        package mutating func next() -> Int? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            let current = cursor
            cursor = Int(nodes[current].next)
            return current
        }
    }

    package struct MemberIterator: Sequence, IteratorProtocol {
        let nodes: [Node]
        var cursor: Int
        var remaining: Int
        package mutating func next() -> (key: Int, value: Int)? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            let key = cursor
            let value = Int(nodes[key].next)
            cursor = Int(nodes[value].next)
            return (key, value)
        }
    }

    /// Whether string node `index` equals `literal` (compared byte for byte, unescaping if needed).
    package func string(_ index: Int, equals literal: String) -> Bool {
        let node = nodes[index]
        if node.flag { return string(index) == literal }
        // The lengths first (a literal knows its UTF-8 count): most keys are told apart without reading a byte.
        let length = Int(node.length)
        guard literal.utf8.count == length else { return false }
        let start = Int(node.offset)
        return storage.withUnsafeBufferPointer { bytes in
            let compared = literal.utf8.withContiguousStorageIfAvailable { expected in
                for i in 0..<length where bytes[start &+ i] != expected[i] { return false }
                return true
            }
            return compared ?? literal.utf8.elementsEqual(UnsafeBufferPointer(rebasing: bytes[start..<start + length]))
        }
    }

    /// Whether string node `index` equals the key name `literal` — the decoder's form: a literal's length and bytes
    /// are constants, so a key of another length is told apart by one comparison, with no `String` in between (the
    /// `String` form above spent about a tenth of a large file's reading time calling into the string's storage).
    @inline(__always)
    func string(_ index: Int, is literal: StaticString) -> Bool {
        let node = nodes[index]
        let length = literal.utf8CodeUnitCount
        if node.flag { return string(index) == literal.description }
        guard Int(node.length) == length else { return false }
        let start = Int(node.offset)
        return storage.withUnsafeBufferPointer { bytes in
            let expected = literal.utf8Start
            for i in 0..<length where bytes[start &+ i] != expected[i] { return false }
            return true
        }
    }

    /// Whether string nodes `a` and `b` hold the same text, as comparing their `String`s would decide — on the bytes
    /// alone, without building a `String`, whenever the bytes can decide (the same bytes; or different bytes, no
    /// escapes and ASCII only, which no Unicode equivalence can make equal).
    package func key(_ a: Int, equals b: Int) -> Bool {
        let x = nodes[a]
        let y = nodes[b]
        if !x.flag && !y.flag {
            // The usual keys (the duplicate check compares every pair of an object's keys): ASCII, no escapes, so
            // the bytes decide, and keys of different lengths differ without a byte being read.
            if x.isASCII && y.isASCII {
                guard x.length == y.length else { return false }
                return storage.withUnsafeBufferPointer { bytes in
                    let first = Int(x.offset)
                    let second = Int(y.offset)
                    for i in 0..<Int(x.length) where bytes[first &+ i] != bytes[second &+ i] { return false }
                    return true
                }
            }
            let decided: Bool? = storage.withUnsafeBufferPointer { bytes in
                let first = UnsafeBufferPointer(rebasing: bytes[Int(x.offset)..<Int(x.offset) + Int(x.length)])
                let second = UnsafeBufferPointer(rebasing: bytes[Int(y.offset)..<Int(y.offset) + Int(y.length)])
                if first.elementsEqual(second) { return true }
                if first.allSatisfy({ $0 < 0x80 }) && second.allSatisfy({ $0 < 0x80 }) { return false }
                return nil
            }
            if let decided { return decided }
        }
        return string(a) == string(b)
    }

    /// The enum case whose raw value equals string node `index`, without building a `String`
    /// (`cases` is a stored table so that matching allocates nothing).
    func match<T: RawRepresentable>(_ index: Int, in cases: [T]) -> T? where T.RawValue == String {
        for candidate in cases where string(index, equals: candidate.rawValue) { return candidate }
        return nil
    }

    /// The enum cases of a ``NameTable`` whose name equals string node `index`: as the form above, with the
    /// names' bytes laid out once instead of asked of each case's `rawValue` on every match.
    func match<T: RawRepresentable & Sendable>(_ index: Int, in table: NameTable<T>) -> T? where T.RawValue == String {
        let node = nodes[index]
        if node.flag { return match(index, in: table.entries.map(\.value)) }
        let length = Int(node.length)
        let start = Int(node.offset)
        return storage.withUnsafeBufferPointer { bytes in
            candidates: for entry in table.entries where entry.name.count == length {
                for i in 0..<length where bytes[start &+ i] != entry.name[i] { continue candidates }
                return entry.value
            }
            return nil
        }
    }

    /// The raw values of an enum's cases as UTF-8 bytes, for matching a string node against every case's name.
    struct NameTable<T: RawRepresentable & Sendable>: Sendable where T.RawValue == String {
        let entries: [(name: [UInt8], value: T)]

        init(_ cases: [T]) {
            entries = cases.map { (Array($0.rawValue.utf8), $0) }
        }
    }

    /// The text of string node `index`, with escapes resolved.
    package func string(_ index: Int) -> String {
        let node = nodes[index]
        let start = Int(node.offset)
        let end = start + Int(node.length)
        if !node.flag { return String(decoding: storage[start..<end], as: UTF8.self) }
        return AHAPTape.unescape(storage[start..<end])
    }

    /// The location of node `index` in the source text, when there is one.
    package func location(_ index: Int) -> SourceLocation? {
        guard hasLocations, index < nodes.count else { return nil }
        var offset = Int(nodes[index].offset)
        if nodes[index].kind == .string { offset -= 1 }  // point at the opening quote
        return storage.withUnsafeBufferPointer { SourceLocation(offset: offset, in: $0) }
    }

    /// Resolves JSON escapes (`\n`, `\"`, `\uXXXX` with surrogate pairs). The parser has already checked syntax.
    static func unescape(_ raw: ArraySlice<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        var bytes: [UInt8] = []
        var i = raw.startIndex
        func flushBytes() {
            if !bytes.isEmpty {
                scalars.append(contentsOf: String(decoding: bytes, as: UTF8.self).unicodeScalars)
                bytes.removeAll(keepingCapacity: true)
            }
        }
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= raw.endIndex else { return nil }
            var value: UInt32 = 0
            for byte in raw[at..<at + 4] {
                guard let digit = hexDigit(byte) else { return nil }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        while i < raw.endIndex {
            let byte = raw[i]
            guard byte == UInt8(ascii: "\\"), i + 1 < raw.endIndex else {
                bytes.append(byte)
                i += 1
                continue
            }
            let escape = raw[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "u"):
                flushBytes()
                var value = hex4(i) ?? 0xFFFD
                i += 4
                if (0xD800..<0xDC00).contains(value), i + 6 <= raw.endIndex, raw[i] == UInt8(ascii: "\\"),
                    raw[i + 1] == UInt8(ascii: "u"), let low = hex4(i + 2), (0xDC00..<0xE000).contains(low)
                {
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            default: bytes.append(escape)  // \" \\ \/
            }
        }
        flushBytes()
        return String(scalars)
    }

    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    // MARK: Building from a value tree (dictionaries, property lists)

    /// Lays out `value` as a tape (strings copied into ``storage``; no locations).
    init(value: AHAPValue) {
        append(value)
    }

    init() {}

    private mutating func append(_ value: AHAPValue) {
        let index = nodes.count
        nodes.append(Node(kind: .null, flag: false, count: 0, offset: 0, length: 0, next: 0, number: 0))
        switch value {
        case .null: break
        case .bool(let b):
            nodes[index].kind = .bool
            nodes[index].flag = b
        case .number(let n):
            nodes[index].kind = .number
            nodes[index].number = n
        case .string(let s):
            nodes[index].kind = .string
            nodes[index].offset = Int32(truncatingIfNeeded: storage.count)
            storage.append(contentsOf: s.utf8)
            nodes[index].length = Int32(truncatingIfNeeded: storage.count) - nodes[index].offset
        case .array(let items):
            nodes[index].kind = .array
            nodes[index].count = Int32(truncatingIfNeeded: items.count)
            for item in items { append(item) }
        case .object(let pairs):
            nodes[index].kind = .object
            nodes[index].count = Int32(truncatingIfNeeded: pairs.count)
            for pair in pairs {
                append(.string(pair.key))
                append(pair.value)
            }
        }
        nodes[index].next = Int32(truncatingIfNeeded: nodes.count)
    }

    /// Rebuilds the value tree of node `index` (used for `Metadata`).
    package func value(_ index: Int) -> AHAPValue {
        let node = nodes[index]
        switch node.kind {
        case .null: return .null
        case .bool: return .bool(node.flag)
        case .number: return node.number.isFinite ? .number(node.number) : .null  // JSON has no NaN or infinity
        case .string: return .string(string(index))
        case .array: return .array(elements(index).map { value($0) })
        case .object: return .object(members(index).map { (key: string($0.key), value: value($0.value)) })
        }
    }
}
