/// Reads SDL2 game controller mapping lines (the `gamecontrollerdb.txt` format) into ``PadMapping``s, and says
/// exactly where and why a line could not be used.
///
///     let result = PadMappingParser.parse(text, source: "SDL_GAMECONTROLLERCONFIG", requiresPlatform: false)
///     for problem in result.problems { print(problem) }        // SDL_GAMECONTROLLERCONFIG:2:40: …; line skipped
///
/// A line is `GUID,name,output:input,…` with optional `platform:`, `crc:`, `hint:`, `type:`, `sdk>=:`, `sdk<=:` and
/// `face:` fields (the last four are read past: they do not apply on Linux or to OpenGameController). Rules, as SDL2
/// reads them (`src/joystick/SDL_gamecontroller.c`):
/// - A line for another platform (`platform:Windows`, `platform:Mac OS X`, …) is skipped, not an error. A file's
///   line without `platform:` is skipped too (SDL reads only lines with one from a file); an environment variable's
///   is used.
/// - Blank lines and lines starting with `#` are skipped.
/// - Outputs: SDL2's button names (`a` … `touchpad`, ``PadMapping/Button``) and axis names (`leftx` …
///   `righttrigger`, ``PadMapping/Axis``), case-insensitive; a stick's axis may take a `+` or `-` (half of it).
/// - Inputs: `bN` (0 … 767), `aN` (0 … 63) with an optional `+`/`-` before and `~` after, `hN.M` (hat 0 … 3,
///   mask 1 … 15). Every number has at most four digits and is range-checked before it is converted.
/// - `crc:` is 1 to 4 hexadecimal digits: the CRC-16 of the name of the only pad the line is for
///   (``PadMapping/crc``; a CRC in the GUID's bytes 2 … 3 takes its place, as in SDL). The first `crc:` field counts.
/// - `hint:NAME`, `hint:NAME:=D`, `hint:!NAME` or `hint:!NAME:=D` makes the whole line conditional on SDL's hint
///   `NAME`, read as SDL reads a hint from the environment variable of that name: unset or empty is the default `D`
///   (`0` or `1`; `0` without `:=`), a value starting with `0` or equal to `false` (any case) is false, anything else
///   true. The line is used when that is true, or with `!` when it is false; otherwise it is skipped, not an error
///   (counted in ``Result/hintDisabled``). `NAME` is 1 to 127 letters, digits and `_`. The first `hint:` field counts,
///   as in SDL; every one is checked.
///
/// A line with any error is skipped whole (its first error reported); the others still load. Nothing traps.
package enum PadMappingParser {
    /// What a text held.
    package struct Result: Sendable {
        /// The lines that parsed, in order.
        package var mappings: [PadMapping] = []
        /// The lines that did not, each with its first error.
        package var problems: [PadMappingProblem] = []
        /// How many lines were for other platforms.
        package var otherPlatforms = 0
        /// How many lines their `hint:` field turned off.
        package var hintDisabled = 0
    }

    /// The largest joystick button, axis and hat numbers a Linux evdev pad can have in SDL's numbering
    /// (`KEY_CNT`, `ABS_CNT` and the four `ABS_HAT*` pairs), and the largest hat mask.
    package static let buttonLimit = 767
    /// See ``buttonLimit``.
    package static let axisLimit = 63
    /// See ``buttonLimit``.
    package static let hatLimit = 3
    /// See ``buttonLimit``.
    package static let hatMaskLimit = 15
    /// The longest hint name a `hint:` field takes (SDL2 reads at most 127 bytes of it).
    package static let hintNameLimit = 127

    /// Parses `text`, whose lines come from `source` (for messages).
    ///
    /// - Parameters:
    ///   - text: the lines.
    ///   - source: where they come from, for messages (`SDL_GAMECONTROLLERCONFIG`).
    ///   - requiresPlatform: whether a line without `platform:` is skipped (a file's, as SDL).
    ///   - environment: the process environment, where `hint:` fields read SDL's hints (empty: every hint unset).
    /// - Returns: the mappings, the problems, and how many lines were for other platforms or turned off by a hint.
    package static func parse(_ text: String, source: String, requiresPlatform: Bool, environment: [String: String] = [:]) -> Result {
        var result = Result()
        var lineNumber = 0
        let bytes = Array(text.utf8)
        var start = 0
        while start <= bytes.count {
            lineNumber += 1
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            var lineEnd = end
            if lineEnd > start, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            let line = bytes[start..<lineEnd]
            let origin = "\(source):\(lineNumber)"
            switch parseLine(line, lineStart: start, requiresPlatform: requiresPlatform, environment: environment, origin: origin) {
            case .mapping(let mapping): result.mappings.append(mapping)
            case .skipped: break
            case .otherPlatform: result.otherPlatforms += 1
            case .hintDisabled: result.hintDisabled += 1
            case .problem(let column, let message):
                result.problems.append(PadMappingProblem(source: source, line: lineNumber, column: column, message: message))
            }
            start = end + 1
        }
        return result
    }

    private enum LineResult {
        case mapping(PadMapping)
        case skipped
        case otherPlatform
        case hintDisabled
        case problem(column: Int, message: String)
    }

    /// A field of a line: its bytes, trimmed of blanks, and its column.
    private struct Field {
        var bytes: ArraySlice<UInt8>
        var column: Int
    }

    private static func parseLine(
        _ line: ArraySlice<UInt8>, lineStart: Int, requiresPlatform: Bool, environment: [String: String], origin: String
    ) -> LineResult {
        let trimmed = trim(line)
        if trimmed.isEmpty || trimmed.first == UInt8(ascii: "#") { return .skipped }
        var fields: [Field] = []
        var fieldStart = line.startIndex
        for index in line.indices where line[index] == UInt8(ascii: ",") {
            fields.append(field(line[fieldStart..<index], lineStart: lineStart))
            fieldStart = index + 1
        }
        fields.append(field(line[fieldStart..<line.endIndex], lineStart: lineStart))
        // The platform first: a line for another platform is skipped whatever else it holds.
        var platform: Field?
        for field in fields.dropFirst(2) where startsWith(field.bytes, "platform:") {
            platform = Field(bytes: trim(field.bytes.dropFirst(9)), column: field.column + 9)
        }
        if let platform {
            guard lowercased(platform.bytes) == "linux" else { return .otherPlatform }
        } else if requiresPlatform {
            return .problem(
                column: 0, message: "no platform: field (SDL reads only lines with one from a file; add platform:Linux,); line skipped")
        }
        guard fields.count >= 3 else {
            return .problem(column: 1, message: "expected GUID,name,mappings (\(fields.count - 1) comma(s) found); line skipped")
        }
        guard let guid = PadMappingGUID(hex: Substring(decoding: fields[0].bytes, as: UTF8.self)) else {
            return .problem(
                column: fields[0].column,
                message: "the GUID '\(excerpt(fields[0].bytes))' is not 32 hexadecimal digits; line skipped")
        }
        // The hint before the bindings: SDL reads no further in a line its hint turns off.
        var hint: HintCondition?
        var crc: UInt16?
        for field in fields.dropFirst(2) {
            guard let (key, value) = keyAndValue(field) else { continue }
            switch key {
            case "hint":
                switch hintCondition(value) {
                case .success(let condition): hint = hint ?? condition
                case .failure(let problem): return .problem(column: problem.column, message: problem.message + "; line skipped")
                }
            case "crc":
                switch crcValue(value) {
                case .success(let value): crc = crc ?? value
                case .failure(let problem): return .problem(column: problem.column, message: problem.message + "; line skipped")
                }
            default: continue
            }
        }
        if let hint, !hint.holds(in: environment) { return .hintDisabled }
        let name = String(decoding: fields[1].bytes, as: UTF8.self)
        var bindings: [PadMapping.Binding] = []
        for field in fields.dropFirst(2) where !field.bytes.isEmpty {
            switch binding(field) {
            case .success(let binding?): bindings.append(binding)
            case .success(nil): continue
            case .failure(let problem): return .problem(column: problem.column, message: problem.message + "; line skipped")
            }
        }
        // A CRC in the GUID wins over the crc: field, as SDL2 rewrites the field from it.
        return .mapping(PadMapping(guid: guid, name: name, bindings: bindings, origin: origin, crc: guid.crc != 0 ? guid.crc : crc))
    }

    /// A `hint:` field's condition: the hint's name, its default when unset, and whether it is negated (`!`).
    private struct HintCondition {
        var name: String
        var negated: Bool
        var defaultValue: Bool

        /// Whether the line applies: the hint's value in `environment`, read as SDL2's `SDL_GetStringBoolean`.
        func holds(in environment: [String: String]) -> Bool {
            var value = defaultValue
            if let text = environment[name], let first = text.utf8.first {
                value = !(first == UInt8(ascii: "0") || text.lowercased() == "false")
            }
            return value != negated
        }
    }

    /// The key (lower case) and the value of an `output:input`-shaped field, or `nil` for one without a colon.
    private static func keyAndValue(_ field: Field) -> (key: String, value: Field)? {
        guard let colon = field.bytes.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let valueStart = field.column + (colon + 1 - field.bytes.startIndex)
        let rawValue = field.bytes[(colon + 1)...]
        let leading = rawValue.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
        return (lowercased(trim(field.bytes[field.bytes.startIndex..<colon])), Field(bytes: trim(rawValue), column: valueStart + leading))
    }

    /// A `crc:` field's value: 1 to 4 hexadecimal digits.
    private static func crcValue(_ value: Field) -> Swift.Result<UInt16, FieldError> {
        guard (1...4).contains(value.bytes.count), value.bytes.allSatisfy(isHexDigit) else {
            return .failure(
                FieldError(
                    column: value.column,
                    message: "crc '\(excerpt(value.bytes))' is not 1 to 4 hexadecimal digits (the CRC-16 of the pad's name, as crc:1a2b)"))
        }
        return .success(value.bytes.reduce(0) { $0 << 4 | UInt16(nibble($1)) })
    }

    /// A `hint:` field's value: `[!]NAME[:=D]`.
    private static func hintCondition(_ value: Field) -> Swift.Result<HintCondition, FieldError> {
        var bytes = value.bytes
        var column = value.column
        let negated = bytes.first == UInt8(ascii: "!")
        if negated {
            bytes = bytes.dropFirst()
            column += 1
        }
        let name = bytes.prefix { isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_") }
        guard !name.isEmpty else {
            return .failure(
                FieldError(
                    column: column,
                    message: "expected a hint's name after 'hint:\(negated ? "!" : "")' (letters, digits and _, as "
                        + "hint:SDL_GAMECONTROLLER_USE_BUTTON_LABELS:=1)"))
        }
        guard name.count <= hintNameLimit else {
            return .failure(FieldError(column: column, message: "the hint's name is \(name.count) bytes long (at most \(hintNameLimit))"))
        }
        bytes = bytes.dropFirst(name.count)
        var defaultValue = false
        if !bytes.isEmpty {
            let restColumn = column + name.count
            guard bytes.starts(with: ":=".utf8) else {
                return .failure(
                    FieldError(
                        column: restColumn, message: "unexpected '\(excerpt(bytes))' after the hint's name (expected :=0, :=1 or nothing)"))
            }
            bytes = bytes.dropFirst(2)
            switch number(&bytes, column: restColumn + 2, limit: 1, what: "hint default", form: ":=") {
            case .failure(let error): return .failure(error)
            case .success(let parsed): defaultValue = parsed == 1
            }
            guard bytes.isEmpty else {
                return .failure(
                    FieldError(
                        column: restColumn + 3, message: "unexpected '\(excerpt(bytes))' after the hint's default (expected :=0 or :=1)"))
            }
        }
        return .success(HintCondition(name: String(decoding: name, as: UTF8.self), negated: negated, defaultValue: defaultValue))
    }

    private struct FieldError: Error {
        var column: Int
        var message: String
    }

    /// One `output:input` field: a binding, `nil` for a field that is not one (`platform:`, `crc:`, …), or the error.
    private static func binding(_ field: Field) -> Swift.Result<PadMapping.Binding?, FieldError> {
        guard let (keyText, value) = keyAndValue(field) else {
            return .failure(FieldError(column: field.column, message: "'\(excerpt(field.bytes))' is not output:input"))
        }
        switch keyText {
        case "platform", "hint", "crc", "type", "sdk>=", "sdk<=", "face":
            return .success(nil)  // conditions, read before the bindings; or fields that do not apply here
        default:
            break
        }
        let output: PadMapping.Output
        switch parseOutput(keyText) {
        case .success(let parsed): output = parsed
        case .failure(let message): return .failure(FieldError(column: field.column, message: message.text))
        }
        return parseInput(value).map { .init(output: output, input: $0) }
    }

    private static func parseOutput(_ key: String) -> Swift.Result<PadMapping.Output, FieldErrorMessage> {
        var name = Substring(key)
        var half = PadMapping.Half.full
        if let sign = name.first, sign == "+" || sign == "-" {
            half = sign == "+" ? .positive : .negative
            name = name.dropFirst()
        }
        if let axis = PadMapping.Axis(rawValue: String(name)) {
            return .success(.axis(axis, axis.isTrigger ? .full : half))  // SDL ignores a trigger's sign
        }
        if let button = PadMapping.Button(rawValue: String(name)) {
            guard half == .full else {
                return .failure(FieldErrorMessage("'\(key)': a + or - takes half of an axis, and \(name) is a button"))
            }
            return .success(.button(button))
        }
        let names = (PadMapping.Button.allCases.map(\.rawValue) + PadMapping.Axis.allCases.map(\.rawValue)).joined(separator: ", ")
        return .failure(FieldErrorMessage("unknown element '\(excerpt(Array(key.utf8)[...]))' (SDL2's names: \(names))"))
    }

    private struct FieldErrorMessage: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }

    private static func parseInput(_ value: Field) -> Swift.Result<PadMapping.Input, FieldError> {
        var bytes = value.bytes
        var column = value.column
        func fail(_ message: String) -> Swift.Result<PadMapping.Input, FieldError> {
            .failure(FieldError(column: column, message: message))
        }
        guard !bytes.isEmpty else { return fail("no input after ':' (expected bN, aN or hN.M)") }
        var half = PadMapping.Half.full
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            half = sign == UInt8(ascii: "+") ? .positive : .negative
            bytes = bytes.dropFirst()
            column += 1
        }
        var inverted = false
        if bytes.last == UInt8(ascii: "~") {
            inverted = true
            bytes = bytes.dropLast()
        }
        guard let kind = bytes.first else { return fail("no input after the sign (expected aN)") }
        bytes = bytes.dropFirst()
        switch kind {
        case UInt8(ascii: "a"):
            switch number(&bytes, column: column + 1, limit: axisLimit, what: "axis number", form: "a") {
            case .failure(let error): return .failure(error)
            case .success(let index):
                guard bytes.isEmpty else { return fail("unexpected '\(excerpt(bytes))' after a\(index)") }
                return .success(.axis(index: index, half: half, inverted: inverted))
            }
        case UInt8(ascii: "b"), UInt8(ascii: "h"):
            if half != .full { return fail("a + or - takes half of an axis (aN), not of a button or hat") }
            if inverted { return fail("~ inverts an axis (aN), not a button or hat") }
            if kind == UInt8(ascii: "b") {
                switch number(&bytes, column: column + 1, limit: buttonLimit, what: "button number", form: "b") {
                case .failure(let error): return .failure(error)
                case .success(let index):
                    guard bytes.isEmpty else { return fail("unexpected '\(excerpt(bytes))' after b\(index)") }
                    return .success(.button(index: index))
                }
            }
            let hat: Int
            switch number(&bytes, column: column + 1, limit: hatLimit, what: "hat number", form: "h") {
            case .failure(let error): return .failure(error)
            case .success(let parsed): hat = parsed
            }
            guard bytes.first == UInt8(ascii: ".") else { return fail("a hat is hN.M (h0.1: hat 0, up)") }
            bytes = bytes.dropFirst()
            let maskColumn = column + (bytes.startIndex - value.bytes.startIndex)
            switch number(&bytes, column: maskColumn, limit: hatMaskLimit, what: "hat mask", form: "h\(hat).", minimum: 1) {
            case .failure(let error): return .failure(error)
            case .success(let mask):
                guard bytes.isEmpty else { return fail("unexpected '\(excerpt(bytes))' after h\(hat).\(mask)") }
                return .success(.hat(index: hat, mask: mask))
            }
        default:
            return fail("'\(excerpt(value.bytes))' is not an input (expected bN, aN, +aN, -aN, aN~ or hN.M)")
        }
    }

    /// The decimal number at the start of `bytes` (consumed), checked against `minimum … limit` before conversion.
    private static func number(
        _ bytes: inout ArraySlice<UInt8>, column: Int, limit: Int, what: String, form: String, minimum: Int = 0
    ) -> Swift.Result<Int, FieldError> {
        let digits = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard !digits.isEmpty else {
            return .failure(FieldError(column: column, message: "expected a \(what) after '\(form)'"))
        }
        guard digits.count <= 4 else {
            return .failure(
                FieldError(column: column, message: "\(what) '\(excerpt(digits))' is too long (\(form)\(minimum) … \(form)\(limit))"))
        }
        var value = 0
        for digit in digits { value = value * 10 + Int(digit - UInt8(ascii: "0")) }
        guard value >= minimum, value <= limit else {
            return .failure(FieldError(column: column, message: "\(what) \(value) is out of range (\(form)\(minimum) … \(form)\(limit))"))
        }
        bytes = bytes.dropFirst(digits.count)
        return .success(value)
    }

    // MARK: Bytes

    private static func field(_ bytes: ArraySlice<UInt8>, lineStart: Int) -> Field {
        let leading = bytes.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
        return Field(bytes: trim(bytes), column: bytes.startIndex - lineStart + leading + 1)
    }

    private static func trim(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { slice = slice.dropFirst() }
        while let last = slice.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { slice = slice.dropLast() }
        return slice
    }

    private static func startsWith(_ bytes: ArraySlice<UInt8>, _ prefix: String) -> Bool { bytes.starts(with: prefix.utf8) }

    private static func lowercased(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }, as: UTF8.self)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// The value of a hexadecimal digit (one `isHexDigit` accepts).
    private static func nibble(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: byte - UInt8(ascii: "A") + 10
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// At most 40 bytes of `bytes`, for a message (control characters shown as `?`).
    private static func excerpt(_ bytes: ArraySlice<UInt8>) -> String {
        let shown = bytes.prefix(40).map { $0 < 0x20 || $0 == 0x7F ? UInt8(ascii: "?") : $0 }
        return String(decoding: shown, as: UTF8.self) + (bytes.count > 40 ? "…" : "")
    }
}
