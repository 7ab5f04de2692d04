/// Word-at-a-time scans over text: eight bytes per step where the reader would otherwise look at one.
///
/// Reading AHAP spends most of its time stepping over bytes that need nothing done — the spaces of indentation, the
/// characters of a key, the text between two entries when working out their line numbers. These scans load eight
/// bytes as one `UInt64` (unaligned) and test all of them with a few integer operations (the "has a zero byte"
/// trick: `(x - 0x01…01) & ~x & 0x80…80` is non-zero exactly when some byte of `x` is zero), stepping one byte at a
/// time only near the end of the text and at the byte they stop on. Each returns the same position the byte-by-byte
/// loop would.
enum ByteScan {
    private static var ones: UInt64 { 0x0101_0101_0101_0101 }
    private static var highs: UInt64 { 0x8080_8080_8080_8080 }

    /// Whether some byte of `word` is zero.
    @inline(__always)
    private static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- ones) & ~word & highs != 0
    }

    /// Whether some byte of `word` equals `byte`.
    @inline(__always)
    private static func has(_ byte: UInt8, in word: UInt64) -> Bool {
        hasZeroByte(word ^ (ones &* UInt64(byte)))
    }

    /// Whether some byte of `word` is below `limit` (at most 128; bytes of 0x80 and above are never counted).
    @inline(__always)
    private static func hasByte(below limit: UInt8, in word: UInt64) -> Bool {
        (word &- ones &* UInt64(limit)) & ~word & highs != 0
    }

    @inline(__always)
    private static func word(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + position).loadUnaligned(as: UInt64.self))
    }

    /// The first position in `position..<end` of a line feed, or `end`.
    static func lineFeed(in bytes: UnsafeBufferPointer<UInt8>, from position: Int, to end: Int) -> Int {
        var position = position
        while position &+ 8 <= end, !has(0x0A, in: word(bytes, at: position)) { position &+= 8 }
        while position < end, bytes[position] != 0x0A { position &+= 1 }
        return position
    }

    /// The first position from `position` that is not a space (0x20) in a run of eight or more; the caller steps
    /// over the rest one byte at a time.
    static func spaces(in bytes: UnsafeBufferPointer<UInt8>, from position: Int) -> Int {
        var position = position
        while position &+ 8 <= bytes.count, word(bytes, at: position) == ones &* 0x20 { position &+= 8 }
        return position
    }

    /// The first position from `position` of a byte that a JSON string's scan must look at — a quote, a
    /// backslash, a control character (below 0x20) or a byte of a multi-byte UTF-8 sequence (0x80 and above) — or
    /// a position at most seven bytes before the end, from where the caller goes on one byte at a time.
    static func plainStringBytes(in bytes: UnsafeBufferPointer<UInt8>, from position: Int) -> Int {
        var position = position
        while position &+ 8 <= bytes.count {
            let x = word(bytes, at: position)
            if x & highs != 0 || hasByte(below: 0x20, in: x) || has(UInt8(ascii: "\""), in: x) || has(UInt8(ascii: "\\"), in: x) {
                break
            }
            position &+= 8
        }
        return position
    }
}
