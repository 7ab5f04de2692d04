/// The secret of one studio run: every HTTP request and WebSocket upgrade must carry it (`?token=`), so other users
/// of the machine and web pages in the browser cannot drive the studio or read the folder.
///
/// 192 random bits from `SystemRandomNumberGenerator` (the kernel's `getrandom`), written as 48 hexadecimal digits.
package struct StudioToken: Sendable, CustomStringConvertible {
    /// The token as it appears in URLs.
    package let value: String

    /// A fresh random token.
    package init() {
        var generator = SystemRandomNumberGenerator()
        var text = ""
        for _ in 0..<3 {
            let word = generator.next() as UInt64
            let hex = String(word, radix: 16)
            text += String(repeating: "0", count: 16 - hex.count) + hex
        }
        value = text
    }

    /// A known token (tests).
    package init(value: String) {
        self.value = value
    }

    /// Whether `candidate` is this token, compared in time independent of where the first difference is.
    package func matches(_ candidate: some StringProtocol) -> Bool {
        let expected = Array(value.utf8)
        let given = Array(candidate.utf8)
        guard expected.count == given.count else { return false }
        var difference: UInt8 = 0
        for index in expected.indices { difference |= expected[index] ^ given[index] }
        return difference == 0
    }

    /// The token (it is printed once, in the studio's URL).
    package var description: String { value }
}
