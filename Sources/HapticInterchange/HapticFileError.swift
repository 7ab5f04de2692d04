import HapticPattern

/// A `.haptic` file that cannot be read: what is wrong, where (a JSON path such as
/// `signals.continuous.envelopes.amplitude[3].time`, and the line and column in the text), and Apple's error code
/// for the same kind of problem in an AHAP file.
///
/// The description reads like a compiler diagnostic, as the AHAP reader's errors do:
/// `gear.haptic:12:21: error: signals.continuous.envelopes.amplitude[3].time: … (invalidPatternData, -4812)`.
package struct HapticFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON path of the offending value; empty for the whole document.
    package var path: String
    /// What is wrong.
    package var message: String
    /// The file name, when known.
    package var file: String?
    /// The Core Haptics error code of the same problem in AHAP: `invalidPatternDictionary` for JSON that is not
    /// a `.haptic` document (wrong types, missing fields), `invalidPatternData` for values the format or the
    /// limits do not allow.
    package var code: HapticErrorCode
    /// Line and column of the offending value in the text, when it came from text.
    package var location: SourceLocation?

    /// Creates an error.
    package init(
        path: String, message: String, file: String? = nil, code: HapticErrorCode = .invalidPatternData,
        location: SourceLocation? = nil
    ) {
        self.path = path
        self.message = message
        self.file = file
        self.code = code
        self.location = location
    }

    /// `file:line:col: error: path: message (code, raw value)`.
    package var description: String {
        var head = file ?? ""
        if let location { head += (head.isEmpty ? "" : ":") + "\(location.line):\(location.column)" }
        return (head.isEmpty ? "" : head + ": ") + "error: " + (path.isEmpty ? "" : path + ": ") + message
            + " (\(code), \(code.rawValue))"
    }
}
