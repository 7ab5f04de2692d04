import HapticPattern
import HapticTestSupport
import Testing

/// Inputs the fuzzers (Fuzz/, .ci/fuzz.sh) found to break an invariant, kept so the bugs stay fixed.
///
/// Each test names the harness and states the invariant that broke. Saved artefacts in `Tests/Fixtures/fuzz/` are
/// replayed through the same invariants as the harness (read → canonical write → read gives the same pattern).
@Suite struct FuzzRegressionTests {
    /// The invariant FuzzAHAPReader checks: whatever the reader accepts survives a canonical write and read.
    static func expectRoundTrip(_ pattern: Pattern, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        var expected = pattern
        if expected.version == nil { expected.version = 1.0 }
        let text = try AHAPWriter.string(from: pattern)
        let again = try AHAPReader.read(text).pattern
        #expect(again == expected, "write → read changed the pattern:\n\(text)", sourceLocation: sourceLocation)
        #expect(try AHAPWriter.string(from: again) == text, sourceLocation: sourceLocation)
        let tree = try AHAPReader.read(value: try AHAPWriter.value(from: pattern)).pattern
        #expect(tree == expected, "value tree → read changed the pattern", sourceLocation: sourceLocation)
    }

    /// FuzzAHAPReader, crash 1: an entry with no known key (`"Ev\u{9D}\u{91}t"`) is skipped with a warning, which left
    /// a pattern with no entries; the reader accepted it, but its canonical text (`"Pattern": []`) is refused.
    /// Now a pattern whose every entry is ignored fails like an empty one.
    @Test func patternWhoseEveryEntryIsIgnoredIsRejectedLikeAnEmptyOne() {
        let crash: [UInt8] = Array(#"{"Pattern":[{"Ev"#.utf8) + [0x9D, 0x91] + Array(#"t":{"Time":0,"EventType":"HapticBzz"}}]}"#.utf8)
        for input in [crash, Array(#"{"Pattern":[{"Evnt":{}}, {}]}"#.utf8)] {
            #expect {
                try AHAPReader.read(input, file: "ignored.ahap")
            } throws: { error in
                let error = error as? PatternError
                return error?.code == .invalidPatternDictionary && error?.path == "Pattern"
                    && error?.location == HapticPattern.SourceLocation(line: 1, column: 12)
            }
        }
        // The same through a value tree (dictionaries, property lists).
        #expect(throws: PatternError.self) {
            try AHAPReader.read(value: .object([("Pattern", .array([.object([("Nope", .null)])]))]))
        }
    }

    /// FuzzPropertyList, crash 2: a `ParameterValue` that is a finite Double beyond Float's range (1e300) became
    /// `Float.infinity`, which the writer cannot express (it wrote 0), so the pattern did not round-trip. Such values
    /// are now kept as ±`Float.greatestFiniteMagnitude` (they are clamped to 0 … 1 when played either way).
    @Test func parameterValuesBeyondFloatRangeStayFinite() throws {
        let text = """
            {"Pattern":[
              {"Event":{"Time":0,"EventType":"HapticTransient","EventParameters":[{"ParameterID":"HapticIntensity","ParameterValue":1e300}]}},
              {"Parameter":{"ParameterID":"HapticIntensityControl","Time":0,"ParameterValue":-1e39}},
              {"ParameterCurve":{"ParameterID":"HapticSharpnessControl","Time":0,"ParameterCurveControlPoints":[{"Time":0,"ParameterValue":3.5e38}]}}
            ]}
            """
        let document = try AHAPReader.read(text)
        #expect(document.pattern.events[0].parameters[0].value == .greatestFiniteMagnitude)
        #expect(document.pattern.events[0].value(of: .hapticIntensity) == 1, "plays clamped")
        #expect(document.pattern.parameters[0].value == -.greatestFiniteMagnitude)
        #expect(document.pattern.curves[0].controlPoints[0].value == .greatestFiniteMagnitude)
        #expect(document.warnings.count == 3, "each out-of-range value is reported: \(document.warnings)")
        try Self.expectRoundTrip(document.pattern)
    }

    /// FuzzPropertyList: property lists (and dictionaries) can put NaN or infinity in `Metadata`, which JSON cannot
    /// hold; the pattern then differed from itself (NaN ≠ NaN) and its text had 0 instead. Non-finite metadata
    /// numbers are now kept as null, with a warning.
    @Test func nonFiniteMetadataNumbersBecomeNull() throws {
        let tree = AHAPValue.object([
            ("Metadata", .object([("gain", .number(.nan)), ("list", .array([.number(.infinity), .number(2)]))])),
            ("Pattern", .array([.object([("Event", .object([("Time", .number(0)), ("EventType", .string("HapticTransient"))]))])])),
        ])
        let document = try AHAPReader.read(value: tree)
        #expect(document.pattern.metadata == .object([("gain", .null), ("list", .array([.null, .number(2)]))]))
        #expect(document.pattern == document.pattern)
        #expect(document.warnings.contains { $0.path == "Metadata" && $0.message.contains("nan") })
        try Self.expectRoundTrip(document.pattern)
    }

    /// Every saved AHAP artefact under `Tests/Fixtures/fuzz/` either fails with a located error or round-trips.
    @Test func savedAHAPArtefactsKeepTheirInvariants() throws {
        let folder = Fixtures.ownFixtures.appendingPathComponent("fuzz")
        let files = try Fixtures.files(in: folder, withExtension: "ahap")
        for file in files {
            let bytes = try Fixtures.bytes(of: file)
            do {
                try Self.expectRoundTrip(try AHAPReader.read(bytes, file: file.lastPathComponent).pattern)
            } catch let error as PatternError {
                #expect(error.location != nil, "\(file.lastPathComponent): \(error)")
            }
        }
    }
}
