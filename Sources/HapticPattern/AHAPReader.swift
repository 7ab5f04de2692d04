/// A pattern read from AHAP, with the warnings found on the way.
public struct AHAPDocument: Sendable, Hashable {
    /// The pattern.
    public var pattern: Pattern
    /// Things Core Haptics accepts but that deserve a look (trailing commas, unknown keys, clamped values, …).
    public var warnings: [PatternWarning]
    /// The file name used in messages.
    public var file: String?
    /// Where each of ``Pattern/entries`` starts in the source text (empty when the pattern did not come from text).
    public var entryLocations: [SourceLocation]
    /// For each of ``Pattern/entries``, its index in the source's `Pattern` array, when they differ (entries that
    /// failed to read were left out by ``AHAPReader/check(_:file:limits:waveformPaths:)``); empty when they are the same.
    public var sourceIndices: [Int]

    /// Creates a document.
    public init(
        pattern: Pattern, warnings: [PatternWarning] = [], file: String? = nil, entryLocations: [SourceLocation] = [],
        sourceIndices: [Int] = []
    ) {
        self.pattern = pattern
        self.warnings = warnings
        self.file = file
        self.entryLocations = entryLocations
        self.sourceIndices = sourceIndices
    }

    /// An error about entry `index` (such as one from ``PatternValidator``), pointed at its place in the source.
    public func locate(_ error: PatternError, entry index: Int) -> PatternError {
        var located = error
        if located.location == nil, entryLocations.indices.contains(index) { located.location = entryLocations[index] }
        // Paths name the entry as the source numbers it.
        let prefix = "Pattern[\(index)]"
        if sourceIndices.indices.contains(index), sourceIndices[index] != index, located.path.hasPrefix(prefix) {
            located.path = "Pattern[\(sourceIndices[index])]" + located.path.dropFirst(prefix.count)
        }
        if located.file == nil { located.file = file }
        return located
    }
}

/// What ``AHAPReader/check(_:file:limits:waveformPaths:)`` found: every error, the warnings, and what could be read.
public struct AHAPCheck: Sendable, Hashable {
    /// The entries that read cleanly, with their warnings and locations; `nil` when reading stopped early.
    public var document: AHAPDocument?
    /// Every error found, in source order (empty when the text is a valid pattern).
    public var errors: [PatternError]
    /// Every warning.
    public var warnings: [PatternWarning]

    /// Creates a result.
    public init(document: AHAPDocument?, errors: [PatternError], warnings: [PatternWarning]) {
        self.document = document
        self.errors = errors
        self.warnings = warnings
    }
}

/// Reads AHAP (Apple Haptic and Audio Pattern) text, or the same structure as a dictionary tree, into a ``Pattern``.
///
/// The reader follows Apple's loader: keys are case-sensitive, unknown keys are ignored, entries may come in any
/// order, `Version` may be an integer, `EventTime`/`ParameterTime` are accepted for `Time`, and out-of-range
/// values are kept (they are clamped when played). It is more forgiving than Apple's `NSJSONSerialization` only
/// in syntax (trailing commas, comments), and says so in ``AHAPDocument/warnings``. Every error carries Apple's
/// code, the JSON path and, for text, the line and column:
///
///     do {
///         let document = try AHAPReader.read(bytes, file: "Boing.ahap")
///         print(document.pattern.duration)
///     } catch {
///         print(error)   // Boing.ahap:7:22: error: Pattern[1].Event: … (invalidEventTime, -4822)
///     }
public enum AHAPReader {
    /// How `EventWaveformPath` values are checked.
    public enum WaveformPathPolicy: Sendable, Hashable {
        /// Relative paths that stay inside the pattern file's folder only (no absolute paths, no `..` escape).
        case confinedToFolder
        /// Any path (for patterns built by the app itself).
        case unrestricted
    }

    /// Reads AHAP text.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 text.
    ///   - file: the name used in messages (and nothing else).
    ///   - limits: caps for untrusted input, checked before allocating.
    ///   - waveformPaths: how `EventWaveformPath` is checked.
    /// - Throws: ``PatternError`` with Apple's code, the JSON path and line:column.
    public static func read(
        _ bytes: [UInt8], file: String? = nil, limits: PatternLimits = .default,
        waveformPaths: WaveformPathPolicy = .confinedToFolder
    ) throws(PatternError) -> AHAPDocument {
        do throws(DecodeFailure) {
            return try decode(bytes, file: file, limits: limits, waveformPaths: waveformPaths, collectingErrors: false).document
        } catch {
            throw error.error
        }
    }

    /// Reads AHAP text and reports every error the reader can find, not only the first: each entry of the
    /// `Pattern` array is read on its own, so an error in one does not hide the errors in the others. Errors that
    /// stop reading altogether (syntax, a missing `Pattern` array, limits) are reported alone.
    ///
    ///     let check = AHAPReader.check(bytes, file: "Boing.ahap")
    ///     for error in check.errors { print(error) }
    ///
    /// - Returns: The errors (in source order), the warnings (when reading stopped, those found before the error
    ///   that stopped it), and the pattern of the entries that read cleanly (`nil` when reading stopped before the
    ///   entries).
    public static func check(
        _ bytes: [UInt8], file: String? = nil, limits: PatternLimits = .default,
        waveformPaths: WaveformPathPolicy = .confinedToFolder
    ) -> AHAPCheck {
        do {
            let result = try decode(bytes, file: file, limits: limits, waveformPaths: waveformPaths, collectingErrors: true)
            return AHAPCheck(document: result.document, errors: result.errors, warnings: result.document.warnings)
        } catch {
            return AHAPCheck(document: nil, errors: [error.error], warnings: error.warnings)
        }
    }

    /// An error that stopped reading, with the warnings found before it.
    private struct DecodeFailure: Error {
        var error: PatternError
        var warnings: [PatternWarning] = []
    }

    private static func decode(
        _ bytes: [UInt8], file: String?, limits: PatternLimits, waveformPaths: WaveformPathPolicy, collectingErrors: Bool
    ) throws(DecodeFailure) -> (document: AHAPDocument, errors: [PatternError]) {
        guard bytes.count <= limits.maxFileSize, bytes.count < Int(Int32.max) else {
            throw DecodeFailure(
                error: PatternError(
                    .invalidPatternData,
                    "the pattern is \(bytes.count) bytes; the limit is \(limits.maxFileSize) (PatternLimits.maxFileSize)",
                    file: file))
        }
        func located(_ warnings: [(message: String, offset: Int)]) -> [PatternWarning] {
            warnings.map { warning in
                PatternWarning(
                    warning.message,
                    location: bytes.withUnsafeBufferPointer { SourceLocation(offset: warning.offset, in: $0) }, file: file)
            }
        }
        switch AHAPJSONParser.parse(bytes, maxDepth: limits.maxNestingDepth, maxNodes: limits.maxValues) {
        case .failure(let syntax):
            let location = bytes.withUnsafeBufferPointer { SourceLocation(offset: syntax.offset, in: $0) }
            let error =
                syntax.isLimit
                ? PatternError(.invalidPatternData, syntax.message, location: location, file: file)
                : PatternError(.invalidPatternDictionary, "not valid AHAP/JSON: \(syntax.message)", location: location, file: file)
            throw DecodeFailure(error: error, warnings: located(syntax.warnings))
        case .success(let (tape, syntaxWarnings)):
            var decoder = Decoder(tape: tape, file: file, limits: limits, waveformPaths: waveformPaths)
            decoder.collectsErrors = collectingErrors
            decoder.warnings = located(syntaxWarnings)
            let pattern: Pattern
            do throws(PatternError) {
                pattern = try decoder.decodeDocument()
            } catch {
                throw DecodeFailure(error: error, warnings: decoder.warnings)
            }
            let locations = AHAPReader.locations(of: decoder.entryStarts, in: bytes)
            let document = AHAPDocument(
                pattern: pattern, warnings: decoder.warnings, file: file, entryLocations: locations,
                sourceIndices: decoder.errors.isEmpty ? [] : decoder.sourceIndices)
            return (document, decoder.errors)
        }
    }

    /// Line:column of each start (ascending byte offsets, with the lines the parser counted): columns are counted (in
    /// scalars) only on the line each start is on, from the line's start (found by stepping back from the offset,
    /// never past the previous start) or from where the last count on that line stopped — so even a file written on
    /// one line costs one pass, and a pretty-printed one only its entries' first lines.
    static func locations(of starts: [(offset: Int, line: Int)], in bytes: [UInt8]) -> [SourceLocation] {
        var result: [SourceLocation] = []
        result.reserveCapacity(starts.count)
        var line = 1
        var counted = 0  // on `line`, the scalars before it have been counted
        var column = 1
        bytes.withUnsafeBufferPointer { buffer in
            for start in starts {
                let end = Swift.min(Swift.max(start.offset, 0), buffer.count)
                if start.line != line, end > counted {
                    // A line feed lies between the last count and `end`: the line starts after the last of them.
                    counted = ByteScan.lineStart(in: buffer, from: counted, to: end)
                    column = 1
                    line = start.line
                }
                while counted < end {
                    if buffer[counted] & 0xC0 != 0x80 { column += 1 }
                    counted += 1
                }
                result.append(SourceLocation(line: line, column: column))
            }
        }
        return result
    }

    /// Reads AHAP text from a string.
    public static func read(
        _ text: String, file: String? = nil, limits: PatternLimits = .default,
        waveformPaths: WaveformPathPolicy = .confinedToFolder
    ) throws(PatternError) -> AHAPDocument {
        try read(Array(text.utf8), file: file, limits: limits, waveformPaths: waveformPaths)
    }

    /// Reads the AHAP structure from a value tree (a converted dictionary literal or property list).
    public static func read(
        value: AHAPValue, file: String? = nil, limits: PatternLimits = .default,
        waveformPaths: WaveformPathPolicy = .unrestricted
    ) throws(PatternError) -> AHAPDocument {
        // Trees built in code can nest arbitrarily deep; check before the recursive tape builder runs.
        if let depth = value.depthExceeding(limits.maxNestingDepth) {
            throw PatternError(.invalidPatternData, "nesting deeper than \(depth - 1) levels (PatternLimits.maxNestingDepth)", file: file)
        }
        var decoder = Decoder(tape: AHAPTape(value: value), file: file, limits: limits, waveformPaths: waveformPaths)
        let pattern = try decoder.decodeDocument()
        return AHAPDocument(pattern: pattern, warnings: decoder.warnings, file: file)
    }
}

extension AHAPReader {
    /// Why `path` is not an acceptable `EventWaveformPath` under `policy` (empty, NUL, absolute or escaping), or nil.
    public static func problem(withWaveformPath path: String, policy: WaveformPathPolicy) -> String? {
        if path.isEmpty { return "\"EventWaveformPath\" is empty" }
        if path.utf8.contains(0) { return "\"EventWaveformPath\" contains a NUL byte" }
        guard policy == .confinedToFolder else { return nil }
        // Bytes, as the kernel reads the path: a `/` followed by a combining mark is one Swift Character, so String
        // methods would not see it as a separator (and `..` before it would go unseen).
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        if path.utf8.first == slash || path.utf8.first == UInt8(ascii: "~") {
            return "\"EventWaveformPath\" \"\(path)\" is absolute; it must be relative to the pattern's folder"
        }
        var depth = 0
        for component in path.utf8.split(separator: slash, omittingEmptySubsequences: true) {
            if component.elementsEqual([dot, dot]) {
                depth -= 1
                if depth < 0 { return "\"EventWaveformPath\" \"\(path)\" leaves the pattern's folder" }
            } else if !component.elementsEqual([dot]) {
                depth += 1
            }
        }
        return nil
    }
}
