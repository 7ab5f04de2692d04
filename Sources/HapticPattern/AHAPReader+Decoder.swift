extension AHAPReader {
    /// Walks a tape and builds the pattern. Paths are only turned into strings when something is reported.
    struct Decoder {
        static let eventTypes = AHAPTape.NameTable(EventType.allCases)
        static let eventParameterIDs = AHAPTape.NameTable(EventParameterID.allCases)
        static let dynamicParameterIDs = AHAPTape.NameTable(DynamicParameterID.allCases)

        let tape: AHAPTape
        let file: String?
        let limits: PatternLimits
        let waveformPaths: WaveformPathPolicy
        var warnings: [PatternWarning] = []
        /// Whether an entry's error is collected (and the next entry read) instead of thrown: ``AHAPReader/check(_:file:limits:waveformPaths:)``.
        var collectsErrors = false
        /// The entries' errors, when ``collectsErrors``.
        var errors: [PatternError] = []
        /// Where each decoded entry starts in the source: byte offset and line (meaningful only when the tape has
        /// locations).
        var entryStarts: [(offset: Int, line: Int)] = []
        /// The source `Pattern` index of each decoded entry.
        var sourceIndices: [Int] = []

        init(tape: AHAPTape, file: String?, limits: PatternLimits, waveformPaths: WaveformPathPolicy) {
            self.tape = tape
            self.file = file
            self.limits = limits
            self.waveformPaths = waveformPaths
        }

        func fail(_ code: HapticErrorCode, _ message: String, _ path: @autoclosure () -> String, at node: Int) -> PatternError {
            PatternError(code, message, path: path(), location: tape.location(node), file: file)
        }

        mutating func warn(_ message: String, _ path: @autoclosure () -> String, at node: Int) {
            warnings.append(PatternWarning(message, path: path(), location: tape.location(node), file: file))
        }

        /// The node of an entry's time: `Time` wins over its private alias (`EventTime`, `ParameterTime`) whatever
        /// their order, so a file and the same entries as a dictionary (whose keys have no order) read alike.
        mutating func documentedTime(_ time: Int?, alias: (key: Int, value: Int)?, _ path: @autoclosure () -> String) -> Int? {
            guard let alias else { return time }
            guard let time else { return alias.value }
            warn("\"\(tape.string(alias.key))\" is ignored: \"Time\" is given too", path(), at: alias.key)
            return time
        }

        /// Warns about each key that appears more than once in the object `node`: Apple's JSON loader keeps only one
        /// of them, so the other is silently lost.
        ///
        /// The usual object (an event, a parameter: a handful of keys) is checked pair by pair on the key bytes, with
        /// no `String` and no set: this check runs on every object of every file, and the `Set<String>` per object it
        /// first used (6f97bc9) made reading a large file about 1.4 times slower (issue 26). Keys compare as `String`s
        /// (as before) whenever their bytes alone cannot decide; objects with many keys use a set.
        mutating func warnDuplicateKeys(_ node: Int, _ path: @autoclosure () -> String) {
            let count = Int(tape.nodes[node].count)
            guard count > 1 else { return }
            guard count <= Self.pairwiseKeyLimit else {
                var seen = Set<String>()
                for (key, _) in tape.members(node) {
                    let name = tape.string(key)
                    if !seen.insert(name).inserted { warnDuplicate(name, path(), at: key) }
                }
                return
            }
            // Keys by index: a key's value follows it, and the next key follows the value's subtree.
            var key = node + 1
            for index in 0..<count {
                var earlier = node + 1
                for _ in 0..<index {
                    if tape.key(earlier, equals: key) {
                        warnDuplicate(tape.string(key), path(), at: key)
                        break
                    }
                    earlier = Int(tape.nodes[Int(tape.nodes[earlier].next)].next)
                }
                key = Int(tape.nodes[Int(tape.nodes[key].next)].next)
            }
        }

        /// Objects up to this many keys are checked for duplicates pair by pair (see ``warnDuplicateKeys(_:_:)``).
        static var pairwiseKeyLimit: Int { 16 }

        private mutating func warnDuplicate(_ name: String, _ path: String, at key: Int) {
            warn("duplicate key \"\(name)\": only the last one is read (Apple's JSON loader keeps one of them)", path, at: key)
        }

        func describeKind(_ node: Int) -> String {
            switch tape.kind(node) {
            case .null: return "null"
            case .bool: return "a boolean"
            case .number: return "a number"
            case .string: return "a string"
            case .array: return "an array"
            case .object: return "an object"
            }
        }

        // MARK: Document

        mutating func decodeDocument() throws(PatternError) -> Pattern {
            let root = 0
            guard tape.kind(root) == .object else {
                throw fail(
                    .invalidPatternDictionary, "the top level must be an object with a \"Pattern\" array, not \(describeKind(root))", "",
                    at: root)
            }
            warnDuplicateKeys(root, "")
            var pattern = Pattern()
            var patternNode: Int?
            for (key, value) in tape.members(root) {
                if tape.string(key, is: "Pattern") {
                    patternNode = value
                } else if tape.string(key, is: "Version") {
                    if tape.kind(value) == .number {
                        let version = tape.nodes[value].number
                        // Apple accepts 1.0 … 1.1 and reports anything else as not supported.
                        guard version >= 1.0 && version <= 1.1 + 1e-9 else {
                            throw fail(
                                .notSupported, "AHAP version \(version) is not supported (Core Haptics reads 1.0 … 1.1)", "Version",
                                at: value)
                        }
                        pattern.version = version
                    } else {
                        // Apple treats a malformed Version as 1.0.
                        warn("Version should be a number, not \(describeKind(value)); reading as 1.0", "Version", at: value)
                    }
                } else if tape.string(key, is: "Metadata") {
                    // Property lists and dictionaries can hold NaN and infinity, which JSON cannot: they become null.
                    let end = Int(tape.nodes[value].next)
                    if let bad = (value..<end).first(where: { tape.kind($0) == .number && !tape.nodes[$0].number.isFinite }) {
                        warn("Metadata holds \(tape.nodes[bad].number), which AHAP cannot store; it is kept as null", "Metadata", at: bad)
                    }
                    pattern.metadata = tape.value(value)
                } else {
                    warn("unknown key \"\(tape.string(key))\" is ignored", "", at: key)
                }
            }
            guard let patternNode else {
                throw fail(.invalidPatternDictionary, "missing the \"Pattern\" array", "", at: root)
            }
            guard tape.kind(patternNode) == .array else {
                throw fail(
                    .invalidPatternDictionary, "\"Pattern\" must be an array, not \(describeKind(patternNode))", "Pattern", at: patternNode)
            }
            let count = Int(tape.nodes[patternNode].count)
            guard count <= limits.maxEntries else {
                throw fail(
                    .invalidPatternData, "the pattern has \(count) entries; the limit is \(limits.maxEntries) (PatternLimits.maxEntries)",
                    "Pattern", at: patternNode)
            }
            guard count > 0 else {
                throw fail(.invalidPatternDictionary, "the pattern has no events, parameters or curves", "Pattern", at: patternNode)
            }
            pattern.entries.reserveCapacity(count)
            if tape.hasLocations { entryStarts.reserveCapacity(count) }
            for (index, entry) in tape.elements(patternNode).enumerated() {
                let before = pattern.entries.count
                do {
                    try decodeEntry(entry, index: index, into: &pattern.entries)
                } catch {
                    guard collectsErrors else { throw error }
                    errors.append(error)
                    pattern.entries.removeSubrange(before...)
                    continue
                }
                if tape.hasLocations {
                    let start = (offset: Int(tape.nodes[entry].offset), line: Int(tape.nodes[entry].line))
                    for _ in before..<pattern.entries.count { entryStarts.append(start) }
                }
                if collectsErrors {
                    for _ in before..<pattern.entries.count { sourceIndices.append(index) }
                }
            }
            // Entries without a known key are skipped with a warning; if nothing is left the pattern is as empty as
            // `"Pattern": []` and must fail the same way (else the written pattern would not read back).
            guard !pattern.entries.isEmpty || !errors.isEmpty else {
                throw fail(
                    .invalidPatternDictionary, "the pattern has no events, parameters or curves (every entry was ignored)", "Pattern",
                    at: patternNode)
            }
            return pattern
        }

        mutating func decodeEntry(_ node: Int, index: Int, into entries: inout [Pattern.Entry]) throws(PatternError) {
            guard tape.kind(node) == .object else {
                throw fail(
                    .invalidPatternDictionary,
                    "each entry must be an object holding \"Event\", \"Parameter\" or \"ParameterCurve\", not \(describeKind(node))",
                    "Pattern[\(index)]", at: node)
            }
            var found = 0
            for (key, value) in tape.members(node) {
                if tape.string(key, is: "Event") {
                    entries.append(.event(try decodeEvent(value, path: "Pattern[\(index)].Event")))
                } else if tape.string(key, is: "Parameter") {
                    entries.append(.parameter(try decodeParameter(value, path: "Pattern[\(index)].Parameter")))
                } else if tape.string(key, is: "ParameterCurve") {
                    entries.append(.curve(try decodeCurve(value, path: "Pattern[\(index)].ParameterCurve")))
                } else {
                    warn("unknown key \"\(tape.string(key))\" is ignored", "Pattern[\(index)]", at: key)
                    continue
                }
                found += 1
            }
            if found == 0 {
                warn("entry has no \"Event\", \"Parameter\" or \"ParameterCurve\"; it is ignored", "Pattern[\(index)]", at: node)
            } else if found > 1 {
                warn("entry holds \(found) items; each is read as its own entry", "Pattern[\(index)]", at: node)
            }
        }

        // MARK: Numbers and times

        /// A finite number, or nil when the node is not a number.
        @inline(__always)
        func number(_ node: Int) -> Double? {
            guard tape.kind(node) == .number else { return nil }
            let value = tape.nodes[node].number
            return value.isFinite ? value : nil
        }

        @inline(__always)
        func time(_ node: Int?, owner: Int, code: HapticErrorCode, what: String, path: @autoclosure () -> String) throws(PatternError)
            -> Double
        {
            guard let node else { throw fail(code, "missing \"Time\" (\(what))", path(), at: owner) }
            guard let value = number(node) else {
                throw fail(code, "\"Time\" must be a number of seconds, not \(describeKind(node))", path(), at: node)
            }
            guard value >= 0 else { throw fail(code, "\"Time\" is negative (\(value) s); times must be ≥ 0", path(), at: node) }
            guard value <= limits.maxPatternDuration else {
                throw fail(
                    .invalidPatternData, "\"Time\" \(value) s is beyond \(limits.maxPatternDuration) s (PatternLimits.maxPatternDuration)",
                    path(), at: node)
            }
            return value
        }

        @inline(__always)
        func value(_ node: Int?, owner: Int, path: @autoclosure () -> String) throws(PatternError) -> Float {
            guard let node else { throw fail(.badParameterEntry, "missing \"ParameterValue\"", path(), at: owner) }
            guard let value = number(node) else {
                throw fail(.badParameterEntry, "\"ParameterValue\" must be a number, not \(describeKind(node))", path(), at: node)
            }
            // A finite Double beyond Float's range would become ±infinity, which writes as 0 and breaks the round
            // trip; every value is clamped to its (much smaller) range when played, so keep the largest Float.
            let float = Float(value)
            return float.isFinite ? float : (value < 0 ? -Float.greatestFiniteMagnitude : .greatestFiniteMagnitude)
        }

        @inline(__always)
        func bool(_ node: Int, path: @autoclosure () -> String) throws(PatternError) -> Bool {
            switch tape.kind(node) {
            case .bool: return tape.nodes[node].flag
            case .number: return tape.nodes[node].number != 0
            default: throw fail(.badEventEntry, "expected true or false, not \(describeKind(node))", path(), at: node)
            }
        }

        // MARK: Event

        mutating func decodeEvent(_ node: Int, path: @autoclosure () -> String) throws(PatternError) -> Event {
            guard tape.kind(node) == .object else {
                throw fail(.badEventEntry, "\"Event\" must be an object, not \(describeKind(node))", path(), at: node)
            }
            warnDuplicateKeys(node, path())
            var timeNode: Int?
            var aliasTime: (key: Int, value: Int)?
            var typeNode: Int?
            var durationNode: Int?
            var parametersNode: Int?
            var waveformNode: Int?
            var envelopeNode: Int?
            var loopNode: Int?
            for (key, value) in tape.members(node) {
                if tape.string(key, is: "Time") {
                    timeNode = value
                } else if tape.string(key, is: "EventTime") {
                    aliasTime = (key, value)
                } else if tape.string(key, is: "EventType") {
                    typeNode = value
                } else if tape.string(key, is: "EventDuration") {
                    durationNode = value
                } else if tape.string(key, is: "EventParameters") {
                    parametersNode = value
                } else if tape.string(key, is: "EventWaveformPath") {
                    waveformNode = value
                } else if tape.string(key, is: "EventWaveformUseVolumeEnvelope") {
                    envelopeNode = value
                } else if tape.string(key, is: "EventWaveformLoopEnabled") {
                    loopNode = value
                } else if tape.string(key, is: "Duration") || tape.string(key, is: "Value") {
                    warn(
                        "\"\(tape.string(key))\" is not an AHAP key (Apple's article misnames it; use \"Event\(tape.string(key))\" or \"Parameter\(tape.string(key))\"); it is ignored",
                        path(), at: key)
                } else {
                    warn("unknown key \"\(tape.string(key))\" is ignored", path(), at: key)
                }
            }
            guard let typeNode else { throw fail(.badEventEntry, "missing \"EventType\"", path(), at: node) }
            guard tape.kind(typeNode) == .string else {
                throw fail(.badEventEntry, "\"EventType\" must be a string, not \(describeKind(typeNode))", path(), at: typeNode)
            }
            guard let type = tape.match(typeNode, in: Decoder.eventTypes) else {
                throw fail(
                    .invalidEventType,
                    "unknown event type \"\(tape.string(typeNode))\" (expected HapticTransient, HapticContinuous, AudioContinuous or AudioCustom)",
                    path(), at: typeNode)
            }
            var event = Event(
                type: type,
                time: try time(
                    documentedTime(timeNode, alias: aliasTime, path()), owner: node, code: .invalidEventTime,
                    what: "every event needs a start time", path: path()))
            if let durationNode {
                guard let duration = number(durationNode) else {
                    throw fail(
                        .invalidEventDuration, "\"EventDuration\" must be a number of seconds, not \(describeKind(durationNode))", path(),
                        at: durationNode)
                }
                guard duration >= 0 else {
                    throw fail(.invalidEventDuration, "\"EventDuration\" is negative (\(duration) s)", path(), at: durationNode)
                }
                // A continuous event's authored length past the 30 s cap is cut (and may be GCHapticDurationInfinite
                // for a game controller's engine), so the limit applies to what an engine plays.
                let played = type.isContinuous ? Swift.min(duration, PatternLimits.continuousEventMaximumDuration) : duration
                guard duration.isFinite, event.time + played <= limits.maxPatternDuration else {
                    throw fail(
                        .invalidPatternData,
                        "the event ends at \(event.time + duration) s, beyond \(limits.maxPatternDuration) s (PatternLimits.maxPatternDuration)",
                        path(), at: durationNode)
                }
                if type.isContinuous && duration > PatternLimits.continuousEventMaximumDuration {
                    warn("continuous events last at most 30 s; \(duration) s is cut to 30 s", path(), at: durationNode)
                }
                event.duration = duration
            }
            if let parametersNode {
                guard tape.kind(parametersNode) == .array else {
                    throw fail(
                        .badEventEntry, "\"EventParameters\" must be an array, not \(describeKind(parametersNode))", path(),
                        at: parametersNode)
                }
                let count = Int(tape.nodes[parametersNode].count)
                guard count <= limits.maxParametersPerEvent else {
                    throw fail(
                        .invalidPatternData,
                        "the event has \(count) parameters; the limit is \(limits.maxParametersPerEvent) (PatternLimits.maxParametersPerEvent)",
                        path(), at: parametersNode)
                }
                event.parameters.reserveCapacity(count)
                for (index, parameter) in tape.elements(parametersNode).enumerated() {
                    event.parameters.append(try decodeEventParameter(parameter, type: type, path: path() + ".EventParameters[\(index)]"))
                }
            }
            if type == .audioCustom {
                guard let waveformNode else {
                    throw fail(.badEventEntry, "an AudioCustom event needs \"EventWaveformPath\"", path(), at: node)
                }
                guard tape.kind(waveformNode) == .string else {
                    throw fail(
                        .badEventEntry, "\"EventWaveformPath\" must be a string, not \(describeKind(waveformNode))", path(),
                        at: waveformNode)
                }
                let waveformPath = tape.string(waveformNode)
                if let problem = AHAPReader.problem(withWaveformPath: waveformPath, policy: waveformPaths) {
                    throw fail(.badEventEntry, problem, path() + ".EventWaveformPath", at: waveformNode)
                }
                event.waveform = .path(waveformPath)
                if let envelopeNode {
                    event.waveformUsesVolumeEnvelope = try bool(envelopeNode, path: path() + ".EventWaveformUseVolumeEnvelope")
                }
                if let loopNode { event.waveformLoopEnabled = try bool(loopNode, path: path() + ".EventWaveformLoopEnabled") }
            } else if waveformNode != nil || envelopeNode != nil || loopNode != nil {
                warn(
                    "waveform keys only apply to AudioCustom events; they are ignored on \(type.rawValue)", path(),
                    at: waveformNode ?? envelopeNode ?? loopNode!)
            }
            return event
        }

        mutating func decodeEventParameter(_ node: Int, type: EventType, path: @autoclosure () -> String) throws(PatternError)
            -> EventParameter
        {
            guard tape.kind(node) == .object else {
                throw fail(.badParameterEntry, "an event parameter must be an object, not \(describeKind(node))", path(), at: node)
            }
            warnDuplicateKeys(node, path())
            var idNode: Int?
            var valueNode: Int?
            for (key, value) in tape.members(node) {
                if tape.string(key, is: "ParameterID") {
                    idNode = value
                } else if tape.string(key, is: "ParameterValue") {
                    valueNode = value
                } else {
                    warn("unknown key \"\(tape.string(key))\" is ignored", path(), at: key)
                }
            }
            guard let idNode else { throw fail(.badParameterEntry, "missing \"ParameterID\"", path(), at: node) }
            guard tape.kind(idNode) == .string else {
                throw fail(.badParameterEntry, "\"ParameterID\" must be a string, not \(describeKind(idNode))", path(), at: idNode)
            }
            guard let id = tape.match(idNode, in: Decoder.eventParameterIDs) else {
                let name = tape.string(idNode)
                let hint =
                    DynamicParameterID(rawValue: name) != nil ? " (\(name) is a dynamic parameter: put it in a \"Parameter\" entry)" : ""
                throw fail(.invalidParameterType, "unknown event parameter \"\(name)\"\(hint)", path(), at: idNode)
            }
            guard type.accepts(id) else {
                throw fail(.invalidParameterType, "\(id.rawValue) does not apply to \(type.rawValue) events", path(), at: idNode)
            }
            let value = try value(valueNode, owner: node, path: path())
            let range = id.range(for: type)
            if !range.contains(value) {
                warn(
                    "\(id.rawValue) \(value) is outside \(range.minValue) … \(range.maxValue); it plays as \(range.clamp(value))", path(),
                    at: valueNode ?? node)
            }
            return EventParameter(id, value)
        }
    }
}
