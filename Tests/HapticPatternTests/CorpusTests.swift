import Foundation
import HapticPattern
import HapticTestSupport
import Testing

@Suite struct CorpusTests {
    @Test func everyCorpusFileLoadsAndRoundTrips() throws {
        let files = try Fixtures.corpusFiles()
        #expect(files.count >= 21)
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

    @Test func rechargeTrailingCommaIsToleratedWithAWarning() throws {
        let file = Fixtures.corpusDirectory.appendingPathComponent("apple-effects/Recharge.ahap")
        let document = try AHAPReader.read(Array(try Data(contentsOf: file)), file: "Recharge.ahap")
        let trailing = document.warnings.filter { $0.message.contains("trailing comma") }
        #expect(!trailing.isEmpty)
        #expect(trailing.allSatisfy { $0.location != nil })
    }
}
