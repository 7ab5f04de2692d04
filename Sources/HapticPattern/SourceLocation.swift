/// Where in a source text something is: 1-based line and column (columns count Unicode scalars).
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int

    /// Creates a location.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }

    /// The location of byte `offset` in UTF-8 `bytes`.
    public init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var line = 1
        var column = 1
        var index = 0
        let end = Swift.min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {  // count scalars, not continuation bytes
                column += 1
            }
            index += 1
        }
        self.init(line: line, column: column)
    }
}
