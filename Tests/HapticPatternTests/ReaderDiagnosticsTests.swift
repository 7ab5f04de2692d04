import HapticPattern
import Testing

/// What the reader says about text that Apple's loader would read differently or reject: duplicate keys, broken
/// text, and more than one error in a file.
@Suite struct ReaderDiagnosticsTests {
    @Test func aDuplicatePatternKeyIsAWarningAtTheSecondKey() throws {
        let text = """
            {"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}],
             "Pattern": [{"Event": {"Time": 1, "EventType": "HapticTransient"}}]}
            """
        let document = try AHAPReader.read(text, file: "dup.ahap")
        #expect(document.pattern.events.map(\.time) == [1], "the last one is read, as the warning says")
        let warning = try #require(document.warnings.first { $0.message.contains("duplicate key \"Pattern\"") })
        #expect(warning.location?.line == 2 && warning.location?.column == 2)
        // Inside an event too.
        let event = try AHAPReader.read(#"{"Pattern": [{"Event": {"Time": 0, "Time": 0.5, "EventType": "HapticTransient"}}]}"#)
        #expect(event.warnings.contains { $0.message.contains("duplicate key \"Time\"") && $0.path == "Pattern[0].Event" })
    }

    @Test func invalidUTF8AndLoneSurrogatesAreWarnings() throws {
        var bytes = Array(#"{"Metadata": {"Project": "caf"#.utf8)
        bytes += [0xC3, 0x28]  // a lead byte followed by ASCII: not UTF-8
        bytes += Array(#""}, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#.utf8)
        let document = try AHAPReader.read(bytes, file: "bad.ahap")
        let utf8 = try #require(document.warnings.first { $0.message.contains("invalid UTF-8") })
        #expect(utf8.location?.line == 1 && utf8.location?.column == 26)
        let surrogate = try AHAPReader.read(
            #"{"Metadata": {"Name": "x\uD83Dy"}, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#)
        #expect(surrogate.warnings.contains { $0.message.contains("lone surrogate \\uD83D") })
        // A proper pair is not warned about.
        let pair = try AHAPReader.read(
            #"{"Metadata": {"Name": "\uD83D\uDE00"}, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#)
        #expect(!pair.warnings.contains { $0.message.contains("surrogate") })
        let valid = try AHAPReader.read(
            #"{"Metadata": {"Name": "Ünïcødé ✓"}, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#)
        #expect(valid.warnings.isEmpty)
    }

    @Test func checkReportsEveryBrokenEntryWithItsLocation() {
        let text = """
            {"Pattern": [
              {"Event": {"Time": -1, "EventType": "HapticTransient"}},
              {"Event": {"Time": 0.1, "EventType": "HapticTransient"}},
              {"Event": {"Time": 0.2, "EventType": "Buzz"}},
              {"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0.3}}
            ]}
            """
        let check = AHAPReader.check(Array(text.utf8), file: "three.ahap")
        #expect(check.errors.count == 3)
        #expect(check.errors.map(\.location?.line) == [2, 4, 5])
        #expect(check.errors.map(\.code) == [.invalidEventTime, .invalidEventType, .badParameterEntry])
        #expect(check.document?.pattern.entries.count == 1, "the good entry is still read")
        // A syntax error stops reading: it is the only error.
        let syntax = AHAPReader.check(Array(#"{"Pattern": [}"#.utf8))
        #expect(syntax.errors.count == 1 && syntax.document == nil)
        // read(_:) still throws the first error.
        #expect(throws: PatternError.self) { try AHAPReader.read(text) }
    }

    /// Issue 21: an error that stops reading (here the second `Pattern`, which is not an array) kept its duplicate-key
    /// warning to itself — `check` returned the error alone.
    @Test func warningsFoundBeforeAnErrorThatStopsReadingAreReported() {
        let text = """
            {"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}],
             "Pattern": 5}
            """
        let check = AHAPReader.check(Array(text.utf8), file: "dup.ahap")
        #expect(check.document == nil)
        #expect(check.errors.map(\.code) == [.invalidPatternDictionary])
        #expect(check.errors.first?.message.contains("\"Pattern\" must be an array") == true)
        let duplicate = check.warnings.first { $0.message.contains("duplicate key \"Pattern\"") }
        #expect(duplicate?.location?.line == 2 && duplicate?.location?.column == 2, "\(check.warnings)")
        // A syntax error keeps the syntax warnings found before it (a trailing comma, a comment).
        let syntax = AHAPReader.check(Array(#"{"Metadata": {"a": 1,}, /* note */ "Pattern": [}"#.utf8))
        #expect(syntax.errors.count == 1 && syntax.document == nil)
        #expect(syntax.warnings.map(\.message).contains { $0.hasPrefix("trailing comma") }, "\(syntax.warnings)")
        #expect(syntax.warnings.map(\.message).contains { $0.hasPrefix("comment") }, "\(syntax.warnings)")
    }

    /// Duplicate keys are found by comparing key bytes (no `String` per key); the answer must stay what comparing
    /// `String`s gives: escaped spellings of the same key, and canonically equivalent non-ASCII keys, are the same
    /// key; different keys of the same length are not.
    @Test func duplicateKeysAreFoundWhateverTheirSpelling() throws {
        let escaped = try AHAPReader.read(
            #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "\u0054ime": 1}}]}"#)
        #expect(escaped.warnings.contains { $0.message.contains("duplicate key \"Time\"") })
        let composed = try AHAPReader.read(
            "{\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransient\", \"caf\u{E9}\": 1, \"cafe\u{301}\": 2}}]}")
        #expect(composed.warnings.contains { $0.message.contains("duplicate key") }, "Swift's String equality, as before")
        let distinct = try AHAPReader.read(
            #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "Tima": 1}}]}"#)
        #expect(!distinct.warnings.contains { $0.message.contains("duplicate key") })
        // Objects past the pairwise limit (an event with many unknown keys) are checked too.
        let keys = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let many = try AHAPReader.read(
            #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "# + keys + #", "k7": 0}}]}"#)
        #expect(many.warnings.filter { $0.message.contains("duplicate key \"k7\"") }.count == 1)
    }

    /// Keys and names are matched on their bytes when they have no escapes (issue 26), and as text when they do: an
    /// escaped spelling of a known key, event type or parameter is read as it (as Apple's JSON loader reads it), and a
    /// name one byte longer or shorter is not.
    @Test func escapedKeysAndNamesAreReadAsTheirText() throws {
        let document = try AHAPReader.read(
            #"{"Pattern": [{"\u0045vent": {"\u0054ime": 0.5, "EventType": "Haptic\u0054ransient", "EventParameters": "#
                + #"[{"Parameter\u0049D": "Haptic\u0049ntensity", "ParameterValue": 0.3}]}}, "#
                + #"{"Parameter": {"ParameterID": "HapticIntensity\u0043ontrol", "Time": 0.1, "ParameterValue": 0.5}}]}"#)
        let event = try #require(document.pattern.events.first)
        #expect(event.type == .hapticTransient && event.time == 0.5)
        #expect(event.parameters == [EventParameter(.hapticIntensity, 0.3)])
        #expect(document.pattern.parameters.map(\.id) == [.hapticIntensityControl])
        #expect(document.warnings.isEmpty, "\(document.warnings)")
        #expect(throws: PatternError.self) {
            try AHAPReader.read(#"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransients"}}]}"#)
        }
        let shortKey = try AHAPReader.read(#"{"Pattern": [{"Event": {"Tim": 0, "Time": 0, "EventType": "HapticTransient"}}]}"#)
        #expect(shortKey.warnings.contains { $0.message.contains("unknown key \"Tim\"") })
    }
}
