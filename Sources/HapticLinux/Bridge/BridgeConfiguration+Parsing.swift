/// Why a bridge configuration (a file's line or a `--rule`) was refused: where, and what is wrong.
package struct BridgeConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `bridge.conf:3` or `--rule 2`.
    package var location: String
    /// What is wrong, with what would be right.
    package var message: String

    /// Creates an error.
    package init(location: String, message: String) {
        self.location = location
        self.message = message
    }

    /// `location: message`.
    package var description: String { "\(location): \(message)" }
}

extension BridgeConfiguration {
    /// The statement kinds.
    package static let kinds = ["app", "node", "monitor", "device", "sink", "bridge"]

    /// Parses a whole configuration text: one statement per line, `#` starts a comment, blank lines are ignored.
    ///
    /// ```
    /// statement := kind [selector] {key "=" value}
    /// kind      := app | node | monitor | device | sink | bridge
    /// selector  := word | "quoted \"text\""              (app and node: a name; device: pads)
    /// key=value := gain=0…8 | curve=0.25…4 | floor=0…0.5 | sensitivity=0…1 | coils=sound|synth
    ///            | split=sides|sharpness | triggers=on|off | to=pads | virtual=on|off | bluetooth=on|off
    ///            | quantum=64…2048
    /// pads      := pad {"," pad};  pad := all | 1…99 | dualsense | xbox | generic | bluetooth | word | "name"
    /// ```
    ///
    /// - Parameters:
    ///   - text: the configuration.
    ///   - source: how to name it in errors (`bridge.conf`); a line is named `source:line`.
    /// - Throws: ``BridgeConfigurationError`` for the first bad line.
    package static func parse(_ text: String, source: String) throws(BridgeConfigurationError) -> BridgeConfiguration {
        guard text.utf8.count <= maxBytes else {
            throw BridgeConfigurationError(location: source, message: "\(text.utf8.count) bytes; a configuration holds at most \(maxBytes)")
        }
        var configuration = BridgeConfiguration()
        var statements = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let location = "\(source):\(index + 1)"
            guard try configuration.apply(statement: String(line), location: location) else { continue }
            statements += 1
            guard statements <= maxStatements else {
                throw BridgeConfigurationError(location: location, message: "more than \(maxStatements) statements")
            }
        }
        return configuration
    }

    /// Applies one statement (a line of the file, or a `--rule`).
    ///
    /// - Returns: `false` for a blank or comment-only line.
    /// - Throws: ``BridgeConfigurationError`` naming `location`.
    @discardableResult
    package mutating func apply(statement: String, location: String) throws(BridgeConfigurationError) -> Bool {
        func fail(_ message: String) -> BridgeConfigurationError { BridgeConfigurationError(location: location, message: message) }
        guard statement.utf8.count <= Self.maxStatementBytes else {
            throw fail("the statement is \(statement.utf8.count) bytes long; at most \(Self.maxStatementBytes)")
        }
        let words = try Self.words(of: statement, location: location)
        guard let first = words.first else { return false }
        guard let kind = first.bare, Self.kinds.contains(kind) else {
            throw fail("expected a statement (\(Self.kinds.joined(separator: ", "))), found '\(Self.shown(first.text))'")
        }
        var selector: Word?
        var pairs: [(key: String, value: Word)] = []
        for word in words.dropFirst() {
            if let pair = word.keyValue {
                pairs.append(pair)
            } else if selector == nil, pairs.isEmpty {
                selector = word
            } else {
                throw fail("unexpected '\(Self.shown(word.text))' (values are written key=value)")
            }
        }
        switch kind {
        case "app", "node":
            guard let selector, !selector.text.isEmpty else { throw fail("\(kind) needs a name: \(kind) <name> [key=value …]") }
            let name = try Self.checkedName(selector.text, location: location)
            var capture = Capture(source: kind == "app" ? .application(name) : .node(name))
            for pair in pairs { try Self.set(pair, in: &capture.settings, location: location) }
            captures.append(capture)
        case "monitor":
            if let selector { throw fail("monitor takes no name (found '\(Self.shown(selector.text))')") }
            var capture = Capture(source: .monitor)
            for pair in pairs { try Self.set(pair, in: &capture.settings, location: location) }
            captures.append(capture)
        case "device":
            guard let selector else {
                throw fail("device needs pads: device <all|number|dualsense|xbox|generic|bluetooth|name> [key=value …]")
            }
            var rule = DeviceRule(pads: try Self.pad(selector, location: location), shape: LevelShape())
            for pair in pairs {
                guard try Self.set(pair, in: &rule.shape, location: location) else {
                    throw fail("device takes gain, curve and floor, not '\(Self.shown(pair.key))'")
                }
            }
            devices.append(rule)
        case "sink":
            if let selector { throw fail("sink takes no name (found '\(Self.shown(selector.text))')") }
            for pair in pairs {
                if try Self.set(pair, in: &sinks.shape, location: location) { continue }
                switch pair.key {
                case "to": sinks.pads = try Self.pads(pair.value, location: location)
                case "virtual": sinks.virtual = try Self.flag(pair, location: location)
                case "bluetooth": sinks.bluetooth = try Self.flag(pair, location: location)
                default: throw fail("sink takes to, virtual, bluetooth, gain, curve and floor, not '\(Self.shown(pair.key))'")
                }
            }
        default:  // bridge
            if let selector { throw fail("bridge takes no name (found '\(Self.shown(selector.text))')") }
            for pair in pairs {
                guard pair.key == "quantum" else { throw fail("bridge takes quantum, not '\(Self.shown(pair.key))'") }
                guard let value = pair.value.bare.flatMap({ Int($0) }), Self.quantumRange.contains(value) else {
                    throw fail(
                        "quantum must be \(Self.quantumRange.lowerBound) … \(Self.quantumRange.upperBound) frames, not '\(Self.shown(pair.value.text))'"
                    )
                }
                quantum = value
            }
        }
        return true
    }

    // MARK: - Values

    /// Sets a shape key; `false` when the key is not one.
    private static func set(_ pair: (key: String, value: Word), in shape: inout LevelShape, location: String)
        throws(BridgeConfigurationError)
        -> Bool
    {
        switch pair.key {
        case "gain": shape.gain = try number(pair, range: LevelShape.gainRange, location: location)
        case "curve": shape.curve = try number(pair, range: LevelShape.curveRange, location: location)
        case "floor": shape.floor = try number(pair, range: LevelShape.floorRange, location: location)
        default: return false
        }
        return true
    }

    private static func set(_ pair: (key: String, value: Word), in settings: inout Settings, location: String)
        throws(BridgeConfigurationError)
    {
        if try set(pair, in: &settings.shape, location: location) { return }
        let value = pair.value.bare ?? ""
        switch pair.key {
        case "sensitivity": settings.sensitivity = Double(try number(pair, range: 0...1, location: location))
        case "coils":
            switch value {
            case "sound": settings.coils = .coilSound
            case "synth": settings.coils = .coilSynth
            default:
                throw BridgeConfigurationError(location: location, message: "coils must be sound or synth, not '\(shown(pair.value.text))'")
            }
        case "split":
            guard let split = RouteProcessor.Split(rawValue: value) else {
                throw BridgeConfigurationError(
                    location: location, message: "split must be sides or sharpness, not '\(shown(pair.value.text))'")
            }
            settings.split = split
        case "triggers": settings.triggers = try flag(pair, location: location)
        case "to": settings.pads = try pads(pair.value, location: location)
        default:
            throw BridgeConfigurationError(
                location: location,
                message: "unknown key '\(shown(pair.key))' (have: gain, curve, floor, sensitivity, coils, split, triggers, to)")
        }
    }

    private static func number(_ pair: (key: String, value: Word), range: ClosedRange<Float>, location: String)
        throws(BridgeConfigurationError)
        -> Float
    {
        guard let text = pair.value.bare, text.utf8.count <= 32, let value = Float(text), value.isFinite, range.contains(value) else {
            throw BridgeConfigurationError(
                location: location,
                message: "\(pair.key) must be a number \(range.lowerBound) … \(range.upperBound), not '\(shown(pair.value.text))'")
        }
        return value
    }

    private static func flag(_ pair: (key: String, value: Word), location: String) throws(BridgeConfigurationError) -> Bool {
        switch pair.value.bare?.lowercased() {
        case "on", "yes", "true": return true
        case "off", "no", "false": return false
        default:
            throw BridgeConfigurationError(location: location, message: "\(pair.key) must be on or off, not '\(shown(pair.value.text))'")
        }
    }

    private static func pads(_ value: Word, location: String) throws(BridgeConfigurationError) -> [PadSelector] {
        var selected: [PadSelector] = []
        for item in value.items() {
            guard selected.count < 16 else { throw BridgeConfigurationError(location: location, message: "to names at most 16 pads") }
            selected.append(try pad(item, location: location))
        }
        guard !selected.isEmpty else { throw BridgeConfigurationError(location: location, message: "to needs pads: to=all or to=1,xbox") }
        return selected
    }

    private static func pad(_ word: Word, location: String) throws(BridgeConfigurationError) -> PadSelector {
        guard let bare = word.bare else { return .name(try checkedName(word.text, location: location)) }
        let lowered = bare.lowercased()
        if lowered == "all" { return .all }
        if PadSelector.categories.contains(lowered) { return .category(lowered) }
        if let number = Int(bare) {
            guard (1...99).contains(number) else {
                throw BridgeConfigurationError(location: location, message: "pad \(number) is not 1 … 99")
            }
            return .number(number)
        }
        return .name(try checkedName(bare, location: location))
    }

    private static func checkedName(_ name: String, location: String) throws(BridgeConfigurationError) -> String {
        guard !name.isEmpty, name.utf8.count <= maxNameBytes, !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else {
            throw BridgeConfigurationError(
                location: location, message: "a name must be 1 … \(maxNameBytes) bytes without control characters, not '\(shown(name))'")
        }
        return name
    }

    /// Text from outside, shortened and with control characters escaped, for a message.
    static func shown(_ text: String) -> String {
        let escaped = text.unicodeScalars.prefix(40).map {
            $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0)
        }
        return escaped.joined() + (text.unicodeScalars.count > 40 ? "…" : "")
    }
}
