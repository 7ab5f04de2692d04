import HapticPattern
import Testing

/// Where each entry of a pattern read from text starts (``AHAPDocument/entryLocations``, which editors and `haptic
/// check` point at): lines counted across every place a line feed can be — whitespace, `//` and `/* */` comments,
/// CRLF line ends — and columns in scalars, not bytes.
@Suite struct EntryLocationTests {
    @Test func entriesArePlacedByLineAndScalarColumnAcrossCommentsAndCRLF() throws {
        let lines = [
            #"{ "Metadata": { "Note": "é… café" },"#,
            "  /* a comment",
            #"     over two lines */ "Pattern": ["#,
            "\t" + #"{ "Event": { "Time": 0, "EventType": "HapticTransient" } }, "#
                + #"{ "Parameter": { "ParameterID": "HapticIntensityControl", "Time": 0, "ParameterValue": 1 } },"#,
            "  // a line comment",
            #"  /* é */ { "Event": { "Time": 1, "EventType": "HapticTransient" }, "#
                + #""Parameter": { "ParameterID": "HapticIntensityControl", "Time": 1, "ParameterValue": 0 } }"#,
            "]}",
        ]
        let document = try AHAPReader.read(lines.joined(separator: "\r\n"), file: "where.ahap")
        #expect(document.pattern.entries.count == 4)
        // The last source entry holds two items: both are read, both from where that entry starts.
        #expect(
            document.entryLocations == [
                SourceLocation(line: 4, column: 2), SourceLocation(line: 4, column: 62), SourceLocation(line: 6, column: 11),
                SourceLocation(line: 6, column: 11),
            ])
    }

    @Test func entriesOnOneLongLineAreColumnsOnLineOne() throws {
        let entry = #"{ "Event": { "Time": 0, "EventType": "HapticTransient" } }"#
        let text = #"{"Pattern": ["# + Array(repeating: entry, count: 3).joined(separator: ", ") + "]}"
        let document = try AHAPReader.read(text)
        let step = entry.count + 2
        #expect(
            document.entryLocations == [
                SourceLocation(line: 1, column: 14), SourceLocation(line: 1, column: 14 + step),
                SourceLocation(line: 1, column: 14 + 2 * step),
            ])
    }
}
