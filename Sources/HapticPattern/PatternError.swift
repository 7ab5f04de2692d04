/// An error found while reading, validating or compiling a pattern: an Apple error code plus where it happened.
///
/// The description reads like a compiler diagnostic:
///
///     Boing.ahap:12:9: error: Pattern[3].Event.EventParameters[0]: unknown parameter ID "HapticLoudness" (invalidParameterType, -4820)
public struct PatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The Core Haptics error code.
    public var code: HapticErrorCode
    /// What is wrong, in words.
    public var message: String
    /// The path inside the pattern, e.g. `Pattern[3].Event.EventParameters[0]`; empty for the whole document.
    public var path: String
    /// Line and column in the source text, when the pattern came from text.
    public var location: SourceLocation?
    /// The file name or URL the pattern came from, when known.
    public var file: String?

    /// Creates an error.
    public init(
        _ code: HapticErrorCode, _ message: String, path: String = "", location: SourceLocation? = nil,
        file: String? = nil
    ) {
        self.code = code
        self.message = message
        self.path = path
        self.location = location
        self.file = file
    }

    /// `file:line:col: error: path: message (code, raw)`, leaving out the parts that are unknown.
    public var description: String {
        var prefix = ""
        if let file { prefix += file + ":" }
        if let location { prefix += "\(location.line):\(location.column):" }
        if !prefix.isEmpty { prefix += " " }
        let where_ = path.isEmpty ? "" : path + ": "
        return "\(prefix)error: \(where_)\(message) (\(code), \(code.rawValue))"
    }
}

/// A non-fatal finding: something Core Haptics accepts but that is probably not what the author meant, or that
/// Apple's own loader would reject (for example a trailing comma).
public struct PatternWarning: Sendable, Hashable, CustomStringConvertible {
    /// What was noticed.
    public var message: String
    /// The path inside the pattern.
    public var path: String
    /// Line and column in the source text, when known.
    public var location: SourceLocation?
    /// The file, when known.
    public var file: String?

    /// Creates a warning.
    public init(_ message: String, path: String = "", location: SourceLocation? = nil, file: String? = nil) {
        self.message = message
        self.path = path
        self.location = location
        self.file = file
    }

    /// `file:line:col: warning: path: message`.
    public var description: String {
        var prefix = ""
        if let file { prefix += file + ":" }
        if let location { prefix += "\(location.line):\(location.column):" }
        if !prefix.isEmpty { prefix += " " }
        let where_ = path.isEmpty ? "" : path + ": "
        return "\(prefix)warning: \(where_)\(message)"
    }
}
