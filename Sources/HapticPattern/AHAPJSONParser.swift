/// Parses AHAP text (JSON, tolerating what real files get wrong) into an ``AHAPTape``.
///
/// Tolerated, each with a warning because Apple's loader (`NSJSONSerialization`) rejects it: trailing commas,
/// `//` and `/* */` comments, and a UTF-8 byte-order mark. Everything else that is not JSON — `NaN`, `Infinity`,
/// single quotes, bare words, numbers that overflow — is an error with its line and column.
package struct AHAPJSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// The line `position` is on (1-based): whitespace and comments are the only places a line feed can be.
    private var line: Int32 = 1
    private var tape = AHAPTape()
    private let maxDepth: Int
    private let maxNodes: Int
    private(set) var warnings: [(message: String, offset: Int)] = []

    /// A syntax error: message and byte offset.
    package struct SyntaxError: Error {
        package var message: String
        package var offset: Int
        /// The text may be fine, but it exceeds a ``PatternLimits`` value.
        package var isLimit = false
        /// The warnings found before the error (a trailing comma, a comment, …): message and byte offset.
        package var warnings: [(message: String, offset: Int)] = []
    }

    /// Parses `bytes`. The returned tape refers to `storage`, which must hold the same bytes.
    package static func parse(
        _ storage: [UInt8], maxDepth: Int, maxNodes: Int
    ) -> Result<(AHAPTape, [(message: String, offset: Int)]), SyntaxError> {
        storage.withUnsafeBufferPointer { buffer in
            var parser = AHAPJSONParser(bytes: buffer, maxDepth: maxDepth, maxNodes: maxNodes)
            parser.tape.nodes.reserveCapacity(Swift.min(buffer.count / 12 + 4, maxNodes))
            do throws(SyntaxError) {
                try parser.parseDocument()
            } catch {
                var failure = error
                failure.warnings = parser.warnings
                return .failure(failure)
            }
            var tape = parser.tape
            tape.storage = storage
            tape.hasLocations = true
            return .success((tape, parser.warnings))
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, maxNodes: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
    }

    private mutating func parseDocument() throws(SyntaxError) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3
            warnings.append(("the file starts with a UTF-8 byte-order mark", 0))
        }
        try skipWhitespace()
        guard position < bytes.count else { throw SyntaxError(message: "the document is empty", offset: position) }
        try parseValue(depth: 0)
        try skipWhitespace()
        if position < bytes.count {
            throw SyntaxError(message: "unexpected \(describe(position)) after the end of the document", offset: position)
        }
    }

    private mutating func parseValue(depth: Int) throws(SyntaxError) {
        guard position < bytes.count else { throw SyntaxError(message: "unexpected end of file; expected a value", offset: position) }
        switch bytes[position] {
        case UInt8(ascii: "{"): try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): try parseString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
        case UInt8(ascii: "t"): try parseLiteral("true", kind: .bool, flag: true)
        case UInt8(ascii: "f"): try parseLiteral("false", kind: .bool, flag: false)
        case UInt8(ascii: "n"): try parseLiteral("null", kind: .null, flag: false)
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw SyntaxError(message: "\(word(at: position)) is not a JSON number; AHAP values must be finite", offset: position)
        case UInt8(ascii: "'"):
            throw SyntaxError(message: "strings must use double quotes", offset: position)
        default:
            throw SyntaxError(message: "unexpected \(describe(position)); expected a value", offset: position)
        }
    }

    /// Throws when one more node would exceed ``PatternLimits/maxValues``.
    @inline(__always)
    private func checkNodeLimit() throws(SyntaxError) {
        guard tape.nodes.count < maxNodes else {
            throw SyntaxError(
                message: "the document holds more than \(maxNodes) values (PatternLimits.maxValues)", offset: position, isLimit: true)
        }
    }

    /// Appends a value without children (a string, number, literal), filled in: one write to the node array, where
    /// opening a node and setting its fields one by one checked the array's uniqueness at each step.
    @inline(__always)
    private mutating func appendLeaf(_ node: AHAPTape.Node) {
        var node = node
        node.next = Int32(truncatingIfNeeded: tape.nodes.count + 1)
        tape.nodes.append(node)
    }

    private mutating func openNode(_ kind: AHAPTape.Kind) throws(SyntaxError) -> Int {
        try checkNodeLimit()
        tape.nodes.append(
            AHAPTape.Node(
                kind: kind, flag: false, count: 0, offset: Int32(truncatingIfNeeded: position), length: 0, next: 0, line: line,
                number: 0))
        return tape.nodes.count - 1
    }

    private mutating func closeNode(_ index: Int) {
        tape.nodes[index].next = Int32(truncatingIfNeeded: tape.nodes.count)
    }

    private mutating func parseObject(depth: Int) throws(SyntaxError) {
        if depth > maxDepth {
            throw SyntaxError(
                message: "nesting deeper than \(maxDepth) levels (PatternLimits.maxNestingDepth)", offset: position, isLimit: true)
        }
        let index = try openNode(.object)
        position += 1
        var count: Int32 = 0
        var lastComma = 0
        try skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            closeNode(index)
            return
        }
        while true {
            try skipWhitespace()
            guard position < bytes.count else {
                throw SyntaxError(message: "unexpected end of file inside an object; expected a key or \"}\"", offset: position)
            }
            if bytes[position] == UInt8(ascii: "}") {
                // Only reachable after a comma: a trailing comma.
                warnings.append(("trailing comma before \"}\" (Apple's JSON loader rejects this)", lastComma))
                position += 1
                break
            }
            guard bytes[position] == UInt8(ascii: "\"") else {
                throw SyntaxError(message: "unexpected \(describe(position)); expected a key in double quotes", offset: position)
            }
            try parseString()
            try skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw SyntaxError(message: "expected \":\" after the key, found \(describe(position))", offset: position)
            }
            position += 1
            try skipWhitespace()
            try parseValue(depth: depth)
            count += 1
            try skipWhitespace()
            guard position < bytes.count else {
                throw SyntaxError(message: "unexpected end of file inside an object; expected \",\" or \"}\"", offset: position)
            }
            if bytes[position] == UInt8(ascii: ",") {
                lastComma = position
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                break
            }
            throw SyntaxError(message: "expected \",\" or \"}\" in an object, found \(describe(position))", offset: position)
        }
        tape.nodes[index].count = count
        closeNode(index)
    }

    private mutating func parseArray(depth: Int) throws(SyntaxError) {
        if depth > maxDepth {
            throw SyntaxError(
                message: "nesting deeper than \(maxDepth) levels (PatternLimits.maxNestingDepth)", offset: position, isLimit: true)
        }
        let index = try openNode(.array)
        position += 1
        var count: Int32 = 0
        var lastComma = 0
        try skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            closeNode(index)
            return
        }
        while true {
            try skipWhitespace()
            guard position < bytes.count else {
                throw SyntaxError(message: "unexpected end of file inside an array; expected a value or \"]\"", offset: position)
            }
            if bytes[position] == UInt8(ascii: "]") {
                warnings.append(("trailing comma before \"]\" (Apple's JSON loader rejects this)", lastComma))
                position += 1
                break
            }
            try parseValue(depth: depth)
            count += 1
            try skipWhitespace()
            guard position < bytes.count else {
                throw SyntaxError(message: "unexpected end of file inside an array; expected \",\" or \"]\"", offset: position)
            }
            if bytes[position] == UInt8(ascii: ",") {
                lastComma = position
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                break
            }
            throw SyntaxError(message: "expected \",\" or \"]\" in an array, found \(describe(position))", offset: position)
        }
        tape.nodes[index].count = count
        closeNode(index)
    }

    private mutating func parseString() throws(SyntaxError) {
        let quote = position
        position += 1
        try checkNodeLimit()
        let start = position
        var escaped = false
        var nonASCII = false
        position = ByteScan.plainStringBytes(in: bytes, from: position)
        while true {
            guard position < bytes.count else { throw SyntaxError(message: "unterminated string", offset: quote) }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte >= 0x80 { nonASCII = true }
            if byte < 0x20 {
                throw SyntaxError(message: "control character (0x\(String(byte, radix: 16))) inside a string; escape it", offset: position)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                guard position + 1 < bytes.count else { throw SyntaxError(message: "unterminated string", offset: quote) }
                switch bytes[position + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    position += 2
                case UInt8(ascii: "u"):
                    guard position + 6 <= bytes.count,
                        (2..<6).allSatisfy({ AHAPTape.hexDigit(bytes[position + $0]) != nil })
                    else { throw SyntaxError(message: "\\u must be followed by four hex digits", offset: position) }
                    checkSurrogate(at: position)
                    position += 6
                default:
                    throw SyntaxError(message: "invalid escape \\\(Unicode.Scalar(bytes[position + 1])) in a string", offset: position)
                }
                position = ByteScan.plainStringBytes(in: bytes, from: position)
                continue
            }
            position += 1
        }
        if nonASCII, !isValidUTF8(start..<position) {
            warnings.append(("invalid UTF-8 in a string; it reads as U+FFFD (Apple's JSON loader rejects the file)", quote))
        }
        appendLeaf(
            AHAPTape.Node(
                kind: .string, flag: escaped, isASCII: !nonASCII, count: 0, offset: Int32(truncatingIfNeeded: start),
                length: Int32(truncatingIfNeeded: position - start), next: 0, number: 0))
        position += 1
    }

    /// The value of the four hex digits after `\\u` at `escape`.
    private func escapedUnit(at escape: Int) -> UInt16? {
        guard escape + 6 <= bytes.count, bytes[escape] == UInt8(ascii: "\\"), bytes[escape + 1] == UInt8(ascii: "u") else { return nil }
        var value: UInt16 = 0
        for k in 2..<6 {
            guard let digit = AHAPTape.hexDigit(bytes[escape + k]) else { return nil }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// Warns about a `\\u` escape at `escape` that is half of a surrogate pair without its other half (it reads as
    /// U+FFFD).
    private mutating func checkSurrogate(at escape: Int) {
        guard let unit = escapedUnit(at: escape) else { return }
        let lone: Bool
        switch unit {
        case 0xD800...0xDBFF:
            lone = !(escapedUnit(at: escape + 6).map { (0xDC00...0xDFFF).contains($0) } ?? false)
        case 0xDC00...0xDFFF:
            lone = !(escape >= 6 && (escapedUnit(at: escape - 6).map { (0xD800...0xDBFF).contains($0) } ?? false))
        default:
            lone = false
        }
        if lone {
            warnings.append(("lone surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string; it reads as U+FFFD", escape))
        }
    }

    /// Whether `range` of the text is well-formed UTF-8.
    private func isValidUTF8(_ range: Range<Int>) -> Bool {
        var iterator = UnsafeBufferPointer(rebasing: bytes[range]).makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    private mutating func parseLiteral(_ literal: StaticString, kind: AHAPTape.Kind, flag: Bool) throws(SyntaxError) {
        let start = position
        let count = literal.utf8CodeUnitCount
        let matches =
            start + count <= bytes.count
            && (0..<count).allSatisfy { bytes[start + $0] == literal.utf8Start[$0] }
        guard matches, !isWordByte(start + count) else {
            throw SyntaxError(message: "unexpected \(word(at: start)); expected a value", offset: start)
        }
        try checkNodeLimit()
        appendLeaf(
            AHAPTape.Node(kind: kind, flag: flag, count: 0, offset: Int32(truncatingIfNeeded: position), length: 0, next: 0, number: 0))
        position += count
    }

    /// JSON number grammar, parsed exactly: digits are accumulated as an integer mantissa and scaled once
    /// (Clinger's fast path); anything longer falls back to the standard library's correctly rounded parser.
    private mutating func parseNumber() throws(SyntaxError) {
        let start = position
        var negative = false
        if bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        guard position < bytes.count, isDigit(position) else {
            throw SyntaxError(message: "\"-\" must be followed by a digit", offset: start)
        }
        if bytes[position] == UInt8(ascii: "0"), position + 1 < bytes.count, isDigit(position + 1) {
            throw SyntaxError(message: "numbers may not have leading zeros", offset: start)
        }
        // The digit loops keep the position in a local (the parser's own is stored in `self`) and tell a digit by one
        // unsigned comparison.
        var end = position
        while end < bytes.count {
            let digit = bytes[end] &- 48
            guard digit < 10 else { break }
            if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(digit) } else { exponent += 1 }
            if mantissa != 0 { digits += 1 }
            end += 1
        }
        position = end
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(position) else {
                throw SyntaxError(message: "a decimal point must be followed by a digit", offset: position)
            }
            end = position
            while end < bytes.count {
                let digit = bytes[end] &- 48
                guard digit < 10 else { break }
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    exponent -= 1
                    if mantissa != 0 { digits += 1 }
                }
                end += 1
            }
            position = end
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            var exponentNegative = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                exponentNegative = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            guard position < bytes.count, isDigit(position) else {
                throw SyntaxError(message: "an exponent must have digits", offset: position)
            }
            var value = 0
            while position < bytes.count, isDigit(position) {
                value = Swift.min(value * 10 + Int(bytes[position] - 48), 100_000)
                position += 1
            }
            exponent += exponentNegative ? -value : value
        }
        if isWordByte(position) {
            throw SyntaxError(message: "unexpected \(describe(position)) in a number", offset: position)
        }
        var number: Double
        if digits <= 15, mantissa < (1 << 53), exponent >= -22, exponent <= 22 {
            number = Double(mantissa)
            number = exponent < 0 ? number / AHAPJSONParser.powersOfTen[-exponent] : number * AHAPJSONParser.powersOfTen[exponent]
        } else {
            let unsigned = negative ? start + 1 : start
            number = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[unsigned..<position]), as: UTF8.self)) ?? .nan
        }
        if negative { number = -number }
        guard number.isFinite else {
            throw SyntaxError(
                message:
                    "number \(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)) is out of range",
                offset: start)
        }
        try checkNodeLimit()
        appendLeaf(
            AHAPTape.Node(
                kind: .number, flag: false, count: 0, offset: Int32(truncatingIfNeeded: start), length: 0, next: 0, number: number))
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]

    /// Steps over whitespace and comments; inlined for its usual cases, a value or separator right here or after one
    /// space (`": "`, `", "`).
    @inline(__always)
    private mutating func skipWhitespace() throws(SyntaxError) {
        guard position < bytes.count else { return }
        let byte = bytes[position]
        if byte > 0x20 && byte != UInt8(ascii: "/") { return }
        if byte == 0x20, position + 1 < bytes.count {
            let next = bytes[position + 1]
            if next > 0x20 && next != UInt8(ascii: "/") {
                position += 1
                return
            }
        }
        try skipWhitespaceAndComments()
    }

    private mutating func skipWhitespaceAndComments() throws(SyntaxError) {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x20 || byte == 0x0D || byte == 0x09 {
                position = ByteScan.spaces(in: bytes, from: position + 1)
            } else if byte == 0x0A {
                line &+= 1
                position = ByteScan.spaces(in: bytes, from: position + 1)
            } else if byte != UInt8(ascii: "/") {
                return
            } else if try !skipComment() {
                return
            }
        }
    }

    /// Steps over the comment at `position`, with its warning; false when the `/` there starts none.
    @inline(never)
    private mutating func skipComment() throws(SyntaxError) -> Bool {
        guard position + 1 < bytes.count else { return false }
        switch bytes[position + 1] {
        case UInt8(ascii: "/"):
            warnings.append(("comment (JSON has none; Apple's JSON loader rejects this)", position))
            while position < bytes.count, bytes[position] != 0x0A { position += 1 }
        case UInt8(ascii: "*"):
            warnings.append(("comment (JSON has none; Apple's JSON loader rejects this)", position))
            let start = position
            position += 2
            while true {
                guard position + 1 < bytes.count else { throw SyntaxError(message: "unterminated /* comment", offset: start) }
                if bytes[position] == UInt8(ascii: "*"), bytes[position + 1] == UInt8(ascii: "/") {
                    position += 2
                    break
                }
                if bytes[position] == 0x0A { line &+= 1 }
                position += 1
            }
        default: return false
        }
        return true
    }

    private func isDigit(_ at: Int) -> Bool { bytes[at] >= 48 && bytes[at] <= 57 }

    private func isWordByte(_ at: Int) -> Bool {
        guard at < bytes.count else { return false }
        let b = bytes[at]
        return (b >= 48 && b <= 57) || (b | 0x20 >= 97 && b | 0x20 <= 122) || b == UInt8(ascii: "_") || b == UInt8(ascii: ".")
    }

    /// A short quoted description of the byte at `at` (or "end of file").
    private func describe(_ at: Int) -> String {
        guard at < bytes.count else { return "end of file" }
        let b = bytes[at]
        if b >= 0x21 && b < 0x7F { return "\"\(Unicode.Scalar(b))\"" }
        return "byte 0x\(String(b, radix: 16))"
    }

    private func word(at start: Int) -> String {
        var end = start
        while end < bytes.count, end - start < 20, isWordByte(end) || bytes[end] == UInt8(ascii: "-") { end += 1 }
        if end == start { return describe(start) }
        return "\"" + String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) + "\""
    }
}
