import HapticPattern

extension HapticFile {
    /// Decodes and validates `.haptic` JSON, under the same limits as AHAP input.
    ///
    /// The text is parsed by the AHAP reader's JSON parser (so trailing commas and comments are tolerated, and every
    /// error has a line and column), every number is checked before anything is sized by it (times within
    /// ``PatternLimits/maxPatternDuration``, at most ``PatternLimits/maxEntries`` breakpoints per envelope), and the
    /// result must pass ``validate()``.
    ///
    /// - Parameters:
    ///   - bytes: the file's bytes.
    ///   - file: the name used in error messages.
    ///   - limits: the caps for untrusted input.
    /// - Throws: ``HapticFileError`` with a code, the JSON path and line:column: `invalidPatternDictionary` for text
    ///   that is not JSON or not a `.haptic` document (a wrong type, a missing field), `invalidPatternData` for
    ///   values the format or the limits do not allow.
    package static func decode(_ bytes: [UInt8], file: String? = nil, limits: PatternLimits = .default) throws(HapticFileError)
        -> HapticFile
    {
        guard bytes.count <= limits.maxFileSize else {
            throw HapticFileError(
                path: "", message: "the file is \(bytes.count) bytes; the limit is \(limits.maxFileSize) (PatternLimits.maxFileSize)",
                file: file)
        }
        switch AHAPJSONParser.parse(bytes, maxDepth: limits.maxNestingDepth, maxNodes: limits.maxValues) {
        case .failure(let syntax):
            let location = bytes.withUnsafeBufferPointer { SourceLocation(offset: syntax.offset, in: $0) }
            throw HapticFileError(
                path: "", message: syntax.isLimit ? syntax.message : "not valid JSON: \(syntax.message)", file: file,
                code: syntax.isLimit ? .invalidPatternData : .invalidPatternDictionary, location: location)
        case .success(let (tape, _)):
            let reader = HapticFileReader(tape: tape, file: file, limits: limits)
            let result = try reader.document()
            if let problem = result.validate().first {
                throw HapticFileError(
                    path: problem.path, message: problem.message, file: file, code: problem.code,
                    location: reader.location(of: problem.path))
            }
            return result
        }
    }
}

/// Walks a parsed `.haptic` document. Each value is checked for its type and range where it is read, so an error
/// names its path and place, and no number sizes anything before it is checked.
private struct HapticFileReader {
    let tape: AHAPTape
    let file: String?
    let limits: PatternLimits

    func location(of path: String) -> SourceLocation? {
        var trimmed = path
        // validate() paths may end in a field of the breakpoint; fall back to the breakpoint, then the envelope.
        while !trimmed.isEmpty {
            if let node = find(trimmed) { return tape.location(node) }
            if let dot = trimmed.lastIndex(of: ".") ?? trimmed.lastIndex(of: "[") {
                trimmed = String(trimmed[..<dot])
            } else {
                break
            }
        }
        return tape.location(0)
    }

    /// The node at a path like `signals.continuous.envelopes.amplitude[3].time`.
    private func find(_ path: String) -> Int? {
        var node = 0
        for part in path.split(separator: ".") {
            var name = Substring(part)
            var index: Int?
            if let open = part.firstIndex(of: "["), part.hasSuffix("]") {
                name = part[..<open]
                index = Int(part[part.index(after: open)..<part.index(before: part.endIndex)])
            }
            guard let member = self.member(node, String(name)) else { return nil }
            node = member
            if let index {
                guard tape.kind(node) == .array, let element = tape.elements(node).dropFirst(index).first(where: { _ in true }) else {
                    return nil
                }
                node = element
            }
        }
        return node
    }

    private func member(_ object: Int, _ name: String) -> Int? {
        guard tape.kind(object) == .object else { return nil }
        var found: Int?
        for (key, value) in tape.members(object) where tape.string(key, equals: name) { found = value }
        return found
    }

    private func fail(_ path: String, _ message: String, at node: Int, _ code: HapticErrorCode = .invalidPatternDictionary)
        -> HapticFileError
    {
        HapticFileError(path: path, message: message, file: file, code: code, location: tape.location(node))
    }

    private func describe(_ node: Int) -> String {
        switch tape.kind(node) {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    private func object(_ parent: Int, _ name: String, path: String, required: Bool = true) throws(HapticFileError) -> Int? {
        guard let node = member(parent, name) else {
            if required { throw fail(path, "missing required field \"\(name)\"", at: parent) }
            return nil
        }
        let full = path.isEmpty ? name : "\(path).\(name)"
        guard tape.kind(node) == .object else { throw fail(full, "expected an object, found \(describe(node))", at: node) }
        return node
    }

    private func number(_ parent: Int, _ name: String, path: String) throws(HapticFileError) -> Double {
        guard let node = member(parent, name) else { throw fail(path, "missing required field \"\(name)\"", at: parent) }
        let full = "\(path).\(name)"
        guard tape.kind(node) == .number else { throw fail(full, "expected a number, found \(describe(node))", at: node) }
        let value = tape.nodes[node].number
        guard value.isFinite else { throw fail(full, "\(value) is not a finite number", at: node, .invalidPatternData) }
        return value
    }

    private func time(_ parent: Int, path: String) throws(HapticFileError) -> Double {
        let value = try number(parent, "time", path: path)
        guard value >= 0, value <= limits.maxPatternDuration else {
            throw fail(
                "\(path).time", "time \(value) s is outside 0 … \(limits.maxPatternDuration) s (PatternLimits.maxPatternDuration)",
                at: member(parent, "time") ?? parent, .invalidPatternData)
        }
        return value
    }

    private func integer(_ parent: Int, _ name: String, path: String) throws(HapticFileError) -> Int {
        let value = try number(parent, name, path: path)
        guard value == value.rounded(), abs(value) <= 1_000_000 else {
            throw fail("\(path).\(name)", "expected an integer, found \(value)", at: member(parent, name) ?? parent)
        }
        return Int(value)
    }

    private func string(_ parent: Int, _ name: String, path: String) throws(HapticFileError) -> String? {
        guard let node = member(parent, name) else { return nil }
        switch tape.kind(node) {
        case .null: return nil
        case .string: return tape.string(node)
        default: throw fail("\(path).\(name)", "expected a string, found \(describe(node))", at: node)
        }
    }

    private func array(_ parent: Int, _ name: String, path: String, required: Bool) throws(HapticFileError) -> Int? {
        guard let node = member(parent, name), tape.kind(node) != .null || required else {
            if required { throw fail(path, "missing required field \"\(name)\"", at: parent) }
            return nil
        }
        let full = "\(path).\(name)"
        guard tape.kind(node) == .array else { throw fail(full, "expected an array, found \(describe(node))", at: node) }
        let count = Int(tape.nodes[node].count)
        guard count <= limits.maxEntries else {
            throw fail(
                full, "\(count) breakpoints; the limit is \(limits.maxEntries) (PatternLimits.maxEntries)", at: node, .invalidPatternData)
        }
        return node
    }

    func document() throws(HapticFileError) -> HapticFile {
        guard tape.kind(0) == .object else { throw fail("", "the top level must be an object, not \(describe(0))", at: 0) }
        let versionNode = try object(0, "version", path: "")!
        let version = HapticFile.Version(
            major: try integer(versionNode, "major", path: "version"), minor: try integer(versionNode, "minor", path: "version"),
            patch: try integer(versionNode, "patch", path: "version"))
        var metadata = HapticFile.Metadata()
        if let node = try object(0, "metadata", path: "", required: false) {
            metadata.editor = try string(node, "editor", path: "metadata")
            metadata.author = try string(node, "author", path: "metadata")
            metadata.source = try string(node, "source", path: "metadata")
            metadata.project = try string(node, "project", path: "metadata")
            metadata.description = try string(node, "description", path: "metadata")
            if let tags = try array(node, "tags", path: "metadata", required: false) {
                var list: [String] = []
                for (i, tag) in tape.elements(tags).enumerated() {
                    guard tape.kind(tag) == .string else {
                        throw fail("metadata.tags[\(i)]", "expected a string, found \(describe(tag))", at: tag)
                    }
                    list.append(tape.string(tag))
                }
                metadata.tags = list
            }
        }
        let signals = try object(0, "signals", path: "")!
        let continuous = try object(signals, "continuous", path: "signals")!
        let envelopesPath = "signals.continuous.envelopes"
        let envelopes = try object(continuous, "envelopes", path: "signals.continuous")!
        let amplitudeNode = try array(envelopes, "amplitude", path: envelopesPath, required: true)!
        var amplitude: [HapticFile.AmplitudeBreakpoint] = []
        amplitude.reserveCapacity(Int(tape.nodes[amplitudeNode].count))
        for (i, point) in tape.elements(amplitudeNode).enumerated() {
            let path = "\(envelopesPath).amplitude[\(i)]"
            guard tape.kind(point) == .object else { throw fail(path, "expected an object, found \(describe(point))", at: point) }
            var breakpoint = HapticFile.AmplitudeBreakpoint(
                time: try time(point, path: path), amplitude: try number(point, "amplitude", path: path))
            if let emphasis = member(point, "emphasis"), tape.kind(emphasis) != .null {
                guard tape.kind(emphasis) == .object else {
                    throw fail("\(path).emphasis", "expected an object, found \(describe(emphasis))", at: emphasis)
                }
                breakpoint.emphasis = HapticFile.Emphasis(
                    amplitude: try number(emphasis, "amplitude", path: "\(path).emphasis"),
                    frequency: try number(emphasis, "frequency", path: "\(path).emphasis"))
            }
            amplitude.append(breakpoint)
        }
        var frequency: [HapticFile.FrequencyBreakpoint] = []
        if let frequencyNode = try array(envelopes, "frequency", path: envelopesPath, required: false) {
            frequency.reserveCapacity(Int(tape.nodes[frequencyNode].count))
            for (i, point) in tape.elements(frequencyNode).enumerated() {
                let path = "\(envelopesPath).frequency[\(i)]"
                guard tape.kind(point) == .object else { throw fail(path, "expected an object, found \(describe(point))", at: point) }
                frequency.append(
                    HapticFile.FrequencyBreakpoint(time: try time(point, path: path), frequency: try number(point, "frequency", path: path))
                )
            }
        }
        return HapticFile(version: version, metadata: metadata, amplitude: amplitude, frequency: frequency)
    }
}
