/// Word-at-a-time scans over text: eight bytes per step where the reader would otherwise look at one.
///
/// Reading AHAP spends most of its time stepping over bytes that need nothing done — the spaces of indentation, the
/// characters of a key. These scans load eight bytes as one `UInt64` (unaligned), mark the bytes they look for with a
/// few integer operations (``zeroBytes(_:)``: one high bit per matching byte, exactly), and read the first one's place
/// off the mask's trailing zero bits, stepping one byte at a time only near the end of the text. Each returns the same
/// position the byte-by-byte loop would.
enum ByteScan {
    private static var ones: UInt64 { 0x0101_0101_0101_0101 }
    private static var highs: UInt64 { 0x8080_8080_8080_8080 }

    @inline(__always)
    private static func word(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + position).loadUnaligned(as: UInt64.self))
    }

    /// The first position from `position` that is not a space (0x20), or a position less than eight bytes before the
    /// end, from where the caller goes on one byte at a time. The space count of the word holding the first other
    /// byte is read off its bits, so the indentation before a key costs a word or two, not a step per space.
    static func spaces(in bytes: UnsafeBufferPointer<UInt8>, from position: Int) -> Int {
        var position = position
        while position &+ 8 <= bytes.count {
            let others = word(bytes, at: position) ^ (ones &* 0x20)  // zero bytes are spaces
            if others != 0 { return position &+ others.trailingZeroBitCount &>> 3 }
            position &+= 8
        }
        return position
    }

    /// The high bit set in each byte of `word` that is zero, and in no other (exact: the classic `(x - 0x01…01) & ~x &
    /// 0x80…80` can also mark a byte above a zero one, through its borrow): adding 0x7F to a byte's low seven bits carries into its high
    /// bit exactly when they are not all zero, and never into the next byte.
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        ~(((word & ~highs) &+ ~highs) | word) & highs
    }

    /// The first position from `position` of a byte that a JSON string's scan must look at — a quote, a
    /// backslash, a control character (below 0x20) or a byte of a multi-byte UTF-8 sequence (0x80 and above) — or
    /// a position at most seven bytes before the end, from where the caller goes on one byte at a time.
    static func plainStringBytes(in bytes: UnsafeBufferPointer<UInt8>, from position: Int) -> Int {
        var position = position
        while position &+ 8 <= bytes.count {
            let x = word(bytes, at: position)
            // Bytes below 0x20: adding 0x60 to the low seven bits carries into the high bit exactly from 0x20 up.
            let control = ~(((x & ~highs) &+ ones &* 0x60) | x) & highs
            let special =
                (x & highs) | control | zeroBytes(x ^ (ones &* UInt64(UInt8(ascii: "\""))))
                | zeroBytes(x ^ (ones &* UInt64(UInt8(ascii: "\\"))))
            if special != 0 { return position &+ special.trailingZeroBitCount &>> 3 }
            position &+= 8
        }
        return position
    }

    /// The position after the last line feed in `start..<end`, or `start` when there is none.
    static func lineStart(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var position = end
        while position > start, bytes[position &- 1] != 0x0A { position &-= 1 }
        return position
    }
}
