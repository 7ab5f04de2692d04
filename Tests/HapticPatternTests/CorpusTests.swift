import Foundation
import HapticPattern
import HapticTestSupport
import Testing

@Suite struct CorpusTests {
    @Test func everyPatternFileLoadsAndRoundTrips() throws {
        let files = Fixtures.patternFiles()
        #expect(files.count >= (Fixtures.hasCorpus ? 21 : 0) + 5)
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            let document = try AHAPReader.read(bytes, file: file.lastPathComponent)
            #expect(!document.pattern.entries.isEmpty, "\(file.lastPathComponent)")
            // A lone transient without EventDuration has duration 0, as in Core Haptics ("plus that event's
            // duration if present"); every corpus file has at least one event.
            #expect(!document.pattern.events.isEmpty, "\(file.lastPathComponent)")
            let written = try AHAPWriter.string(from: document.pattern)
            let again = try AHAPReader.read(written, file: "rewritten " + file.lastPathComponent)
            #expect(again.pattern == document.pattern, "round trip changed \(file.lastPathComponent)")
            #expect(try AHAPWriter.string(from: again.pattern) == written, "writer is not canonical for \(file.lastPathComponent)")
        }
    }

    @Test func sloppyFileIsToleratedWithLocatedWarnings() throws {
        let file = Fixtures.ownPattern("Sloppy.ahap")
        let document = try AHAPReader.read(Array(try Data(contentsOf: file)), file: "Sloppy.ahap")
        let messages = document.warnings.map(\.message)
        #expect(messages.filter { $0.contains("trailing comma") }.count == 5)
        #expect(messages.filter { $0.contains("comment") }.count == 2)
        #expect(messages.contains { $0.contains("unknown key \"Editor\"") })
        #expect(document.warnings.allSatisfy { $0.location != nil })
        // Entries out of time order are kept as written (the compiler sorts them for playback).
        #expect(document.pattern.events.map(\.time) == [0.3, 0.0])
        #expect(document.pattern.curves.count == 1)
    }

    @Test(.needsCorpus) func rechargeTrailingCommaIsToleratedWithAWarning() throws {
        let file = Fixtures.corpusDirectory.appendingPathComponent("apple-effects/Recharge.ahap")
        let document = try AHAPReader.read(Array(try Data(contentsOf: file)), file: "Recharge.ahap")
        let trailing = document.warnings.filter { $0.message.contains("trailing comma") }
        #expect(!trailing.isEmpty)
        #expect(trailing.allSatisfy { $0.location != nil })
    }
}
