/// Tells the JSON files `haptic convert` and the studio export (Android, Web, gamepad) from patterns by their first
/// bytes, since both end in `.json`: one decision, used by the studio's listing (exports are listed apart, never as
/// patterns) and by the loader (an export opened as a pattern gets an error that says what it is).
///
///     ExportRecognizer.format(ofPrefix: Array(#"{"format": "navigator-vibrate", …"#.utf8))   // .web
///
/// The exports are written with sorted keys (``PatternExport``), so their first key is `composition` (Android),
/// `effects` (gamepad) or `format` (Web; also the others' tag). An AHAP file starts with `Version`, `Metadata` or
/// `Pattern`, a `.haptic` file with `version`: neither is taken for an export. Only the first key (and, for
/// `format`, its value) is read, so ``prefixLength`` bytes are enough.
package enum ExportRecognizer {
    /// How many bytes from the start of a file the recognizer needs.
    package static let prefixLength = 512

    /// The export format of JSON that starts with `prefix`, or `nil` for anything else (a pattern, or JSON the
    /// loader will explain).
    package static func format(ofPrefix prefix: some Collection<UInt8>) -> PatternExport.Format? {
        var scanner = Scanner(Array(prefix.prefix(prefixLength)))
        guard scanner.skip(0x7B), let key = scanner.string() else { return nil }  // {"key"
        switch key {
        case "composition": return .android
        case "effects": return .gamepad
        case "format":
            guard scanner.skip(0x3A), let value = scanner.string() else { return nil }  // : "value"
            switch value {
            case "android-vibration-effect": return .android
            case "navigator-vibrate": return .web
            case "gamepad-dual-rumble": return .gamepad
            default: return nil
            }
        default: return nil
        }
    }

    /// What an export is, for messages ("an Android vibration export").
    package static func describe(_ format: PatternExport.Format) -> String {
        switch format {
        case .android: return "an Android vibration export"
        case .web: return "a Web vibration export"
        case .gamepad: return "a gamepad rumble export"
        case .haptic: return "a .haptic file"
        case .ahap: return "an AHAP pattern"
        }
    }

    /// Just enough of a JSON tokenizer for a first key and a string value.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            // A UTF-8 byte-order mark.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        /// Skips spaces and then `byte`, or returns `false`.
        mutating func skip(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// A string without escapes, of at most 64 bytes.
        mutating func string() -> String? {
            guard skip(0x22) else { return nil }
            let start = index
            while index < bytes.count, bytes[index] != 0x22 {
                if bytes[index] == 0x5C || index - start > 64 { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
    }
}
