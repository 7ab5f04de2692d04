/// A small, independent inflate (RFC 1951) and zlib-stream (RFC 1950) decoder for tests, so PNG files written
/// through the system's zlib are checked by code that shares nothing with the writer.
public enum Inflate {
    /// What is wrong with a stream.
    public struct Failure: Error, CustomStringConvertible {
        /// The problem.
        public var description: String
    }

    /// Decodes a zlib stream: checks the header and the Adler-32 of the result.
    public static func zlib(_ bytes: [UInt8]) throws -> [UInt8] {
        guard bytes.count >= 6 else { throw Failure(description: "zlib stream too short") }
        guard bytes[0] & 0x0F == 8, (Int(bytes[0]) << 8 | Int(bytes[1])) % 31 == 0 else { throw Failure(description: "bad zlib header") }
        guard bytes[1] & 0x20 == 0 else { throw Failure(description: "preset dictionaries are not supported") }
        var reader = BitReader(bytes: bytes, offset: 2)
        let out = try inflate(&reader)
        let end = reader.byteAlignedOffset
        guard end + 4 <= bytes.count else { throw Failure(description: "missing Adler-32") }
        let stored = UInt32(bytes[end]) << 24 | UInt32(bytes[end + 1]) << 16 | UInt32(bytes[end + 2]) << 8 | UInt32(bytes[end + 3])
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in out {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        guard stored == b << 16 | a else { throw Failure(description: "Adler-32 mismatch") }
        return out
    }

    /// Decodes raw deflate data.
    static func inflate(_ reader: inout BitReader) throws -> [UInt8] {
        var out: [UInt8] = []
        while true {
            let final = try reader.bits(1)
            switch try reader.bits(2) {
            case 0:
                reader.alignToByte()
                let length = try reader.bits(16)
                let complement = try reader.bits(16)
                guard length == ~complement & 0xFFFF else { throw Failure(description: "bad stored block length") }
                for _ in 0..<length { out.append(UInt8(try reader.bits(8))) }
            case 1:
                try decodeBlock(&reader, &out, literals: fixedLiterals, distances: fixedDistances)
            case 2:
                let (literals, distances) = try dynamicTables(&reader)
                try decodeBlock(&reader, &out, literals: literals, distances: distances)
            default:
                throw Failure(description: "reserved block type")
            }
            if final == 1 { return out }
        }
    }

    /// A canonical Huffman code: counts per length and symbols in code order.
    struct Huffman {
        var counts: [Int]
        var symbols: [Int]

        init(lengths: [Int]) throws {
            counts = [Int](repeating: 0, count: 16)
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<16 { offsets[length] = offsets[length - 1] + counts[length - 1] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length > 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }

        func decode(_ reader: inout BitReader) throws -> Int {
            var code = 0
            var first = 0
            var index = 0
            for length in 1..<16 {
                code |= try reader.bits(1)
                let count = counts[length]
                if code - first < count { return symbols[index + code - first] }
                index += count
                first = (first + count) << 1
                code <<= 1
            }
            throw Failure(description: "invalid Huffman code")
        }
    }

    static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289,
        16385, 24577,
    ]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    static let fixedLiterals = try! Huffman(lengths: (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })
    static let fixedDistances = try! Huffman(lengths: [Int](repeating: 5, count: 30))

    static func dynamicTables(_ reader: inout BitReader) throws -> (Huffman, Huffman) {
        let literalCount = try reader.bits(5) + 257
        let distanceCount = try reader.bits(5) + 1
        let codeCount = try reader.bits(4) + 4
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = [Int](repeating: 0, count: 19)
        for i in 0..<codeCount { codeLengths[order[i]] = try reader.bits(3) }
        let codeCode = try Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try codeCode.decode(&reader)
            switch symbol {
            case 0..<16: lengths.append(symbol)
            case 16:
                guard let last = lengths.last else { throw Failure(description: "repeat with no previous length") }
                lengths += [Int](repeating: last, count: 3 + (try reader.bits(2)))
            case 17: lengths += [Int](repeating: 0, count: 3 + (try reader.bits(3)))
            default: lengths += [Int](repeating: 0, count: 11 + (try reader.bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw Failure(description: "code lengths overrun") }
        return (try Huffman(lengths: Array(lengths[..<literalCount])), try Huffman(lengths: Array(lengths[literalCount...])))
    }

    static func decodeBlock(_ reader: inout BitReader, _ out: inout [UInt8], literals: Huffman, distances: Huffman) throws {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                out.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < lengthBase.count else { throw Failure(description: "bad length symbol") }
                let length = lengthBase[index] + (try reader.bits(lengthExtra[index]))
                let distanceSymbol = try distances.decode(&reader)
                guard distanceSymbol < distanceBase.count else { throw Failure(description: "bad distance symbol") }
                let distance = distanceBase[distanceSymbol] + (try reader.bits(distanceExtra[distanceSymbol]))
                guard distance <= out.count else { throw Failure(description: "distance reaches before the start") }
                for _ in 0..<length { out.append(out[out.count - distance]) }
            }
        }
    }

    /// Reads bits least-significant first, as deflate packs them.
    struct BitReader {
        let bytes: [UInt8]
        var offset: Int
        var bitBuffer = 0
        var bitCount = 0

        init(bytes: [UInt8], offset: Int) {
            self.bytes = bytes
            self.offset = offset
        }

        mutating func bits(_ count: Int) throws -> Int {
            while bitCount < count {
                guard offset < bytes.count else { throw Failure(description: "unexpected end of data") }
                bitBuffer |= Int(bytes[offset]) << bitCount
                offset += 1
                bitCount += 8
            }
            let value = bitBuffer & ((1 << count) - 1)
            bitBuffer >>= count
            bitCount -= count
            return value
        }

        mutating func alignToByte() {
            bitBuffer = 0
            bitCount = 0
        }

        /// The offset of the first whole byte not yet consumed.
        var byteAlignedOffset: Int { offset - bitCount / 8 }
    }
}
