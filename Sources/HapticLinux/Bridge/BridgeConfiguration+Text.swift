extension BridgeConfiguration {
    /// One whitespace-separated word of a statement: pieces of bare and quoted text (`to="My pad",1` is the bare
    /// `to=`, the quoted `My pad` and the bare `,1`).
    struct Word: Sendable, Hashable {
        /// The pieces, in order: their text and whether it was quoted.
        var pieces: [(text: String, quoted: Bool)]

        static func == (a: Word, b: Word) -> Bool {
            a.pieces.count == b.pieces.count && zip(a.pieces, b.pieces).allSatisfy { $0.text == $1.text && $0.quoted == $1.quoted }
        }

        func hash(into hasher: inout Hasher) {
            for piece in pieces {
                hasher.combine(piece.text)
                hasher.combine(piece.quoted)
            }
        }

        /// The word's text, quotes removed.
        var text: String { pieces.map(\.text).joined() }

        /// The text when nothing was quoted, else `nil`.
        var bare: String? { pieces.contains { $0.quoted } ? nil : text }

        /// `key=value` when the word starts with a bare `key=` (a lower-case key).
        var keyValue: (key: String, value: Word)? {
            // Scalars, not Characters: "=" followed by a combining mark is one Character but still the separator.
            guard let first = pieces.first, !first.quoted else { return nil }
            let scalars = Array(first.text.unicodeScalars)
            guard let equals = scalars.firstIndex(of: "=") else { return nil }
            var key = ""
            key.unicodeScalars.append(contentsOf: scalars[..<equals])
            guard !key.isEmpty, key.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) else { return nil }
            var rest = pieces
            var value = ""
            value.unicodeScalars.append(contentsOf: scalars[(equals + 1)...])
            rest[0].text = value
            if rest[0].text.isEmpty && rest.count > 1 { rest.removeFirst() }
            return (key, Word(pieces: rest))
        }

        /// The word split at its bare commas.
        func items() -> [Word] {
            var items: [Word] = []
            var current = Word(pieces: [])
            for piece in pieces {
                guard !piece.quoted else {
                    current.pieces.append(piece)
                    continue
                }
                let parts = Array(piece.text.unicodeScalars).split(separator: ",", omittingEmptySubsequences: false)
                for (index, part) in parts.enumerated() {
                    if index > 0 {
                        items.append(current)
                        current = Word(pieces: [])
                    }
                    var text = ""
                    text.unicodeScalars.append(contentsOf: part)
                    if !part.isEmpty { current.pieces.append((text, false)) }
                }
            }
            items.append(current)
            return items.filter { !$0.pieces.isEmpty }
        }
    }

    /// Splits a statement into words: spaces and tabs separate them, `"…"` quotes (with `\"` and `\\`), `#` outside
    /// quotes starts a comment.
    static func words(of statement: String, location: String) throws(BridgeConfigurationError) -> [Word] {
        var words: [Word] = []
        var current = Word(pieces: [])
        var bare = ""
        var scalars = statement.unicodeScalars.makeIterator()
        func endBare() {
            if !bare.isEmpty { current.pieces.append((bare, false)) }
            bare = ""
        }
        func endWord() {
            endBare()
            if !current.pieces.isEmpty { words.append(current) }
            current = Word(pieces: [])
        }
        while let scalar = scalars.next() {
            switch scalar {
            case " ", "\t", "\r":
                endWord()
            case "#":
                endWord()
                return words
            case "\"":
                endBare()
                var quoted = ""
                var closed = false
                while let next = scalars.next() {
                    if next == "\"" {
                        closed = true
                        break
                    }
                    if next == "\\" {
                        guard let escaped = scalars.next(), escaped == "\"" || escaped == "\\" else {
                            throw BridgeConfigurationError(location: location, message: "in a quoted name only \\\" and \\\\ are escapes")
                        }
                        quoted.unicodeScalars.append(escaped)
                    } else {
                        quoted.unicodeScalars.append(next)
                    }
                }
                guard closed else { throw BridgeConfigurationError(location: location, message: "a quoted name is not closed") }
                current.pieces.append((quoted, true))
            default:
                guard scalar.value >= 0x20, scalar.value != 0x7F else {
                    throw BridgeConfigurationError(
                        location: location,
                        message: "control character U+\(String(scalar.value, radix: 16, uppercase: true)) in the statement")
                }
                bare.unicodeScalars.append(scalar)
            }
        }
        endWord()
        return words
    }

    /// The configuration as text ``parse(_:source:)`` reads back to an equal configuration: one statement per line,
    /// only what differs from the defaults.
    package var text: String {
        var lines: [String] = []
        if quantum != 256 { lines.append("bridge quantum=\(quantum)") }
        if sinks != SinkSettings() {
            var line = "sink"
            if !sinks.bluetooth { line += " bluetooth=off" }
            if sinks.virtual { line += " virtual=on" }
            if !sinks.pads.isEmpty { line += " to=" + sinks.pads.map(\.description).joined(separator: ",") }
            lines.append(line + Self.text(of: sinks.shape))
        }
        for capture in captures {
            var line: String
            switch capture.source {
            case .application(let name): line = "app " + Self.quoted(name)
            case .node(let name): line = "node " + Self.quoted(name)
            case .monitor: line = "monitor"
            }
            let settings = capture.settings
            line += Self.text(of: settings.shape)
            if settings.sensitivity != 0.5 { line += " sensitivity=\(settings.sensitivity)" }
            if settings.coils != .coilSynth { line += " coils=sound" }
            if settings.split != .sharpness { line += " split=\(settings.split.rawValue)" }
            if settings.triggers { line += " triggers=on" }
            if settings.pads != [.all] { line += " to=" + settings.pads.map(\.description).joined(separator: ",") }
            lines.append(line)
        }
        for rule in devices { lines.append("device \(rule.pads)" + Self.text(of: rule.shape)) }
        return lines.joined(separator: "\n")
    }

    private static func text(of shape: LevelShape) -> String {
        var text = ""
        if shape.gain != 1 { text += " gain=\(shape.gain)" }
        if shape.curve != 1 { text += " curve=\(shape.curve)" }
        if shape.floor != 0 { text += " floor=\(shape.floor)" }
        return text
    }
}
