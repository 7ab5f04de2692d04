import Foundation
import HapticTestSupport
import Testing

/// `haptic library` end to end.
@Suite(.offTheConcurrencyPool) struct LibraryCommandTests {
    /// The library's names, from its source folder (independent of the code that lists them).
    static func libraryNames() throws -> [String] {
        let folder = Fixtures.packageRoot.appendingPathComponent("Sources/OpenHapticFeedback/Library")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".ahap") }.map { String($0.dropLast(5)) }.sorted()
    }

    @Test func listsEveryPattern() throws {
        let names = try Self.libraryNames()
        #expect(names.count >= 10)
        let text = try CommandRunner.haptic(["library", "list"])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == names.count)
        for name in names {
            let line = lines.first { $0.hasPrefix(name + " ") }
            #expect(line != nil, "\(name) is not listed")
            #expect(line?.contains(" ms") == true || line?.contains(" s ") == true, "no duration: \(line ?? "")")
        }
        // `library` alone lists too.
        #expect(try CommandRunner.haptic(["library"]).stdout == text.stdout)

        let json = try CommandRunner.haptic(["library", "list", "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(entries.compactMap { $0["name"] as? String } == names)
        for entry in entries {
            #expect((entry["description"] as? String)?.isEmpty == false, "\(entry)")
            #expect(((entry["duration"] as? Double) ?? -1) >= 0)
            #expect(((entry["events"] as? Int) ?? 0) >= 1)
        }
        let warning = try #require(entries.first { $0["name"] as? String == "warning" })
        #expect(abs((warning["duration"] as? Double ?? 0) - 0.12) < 0.001, "warning's taps are 120 ms apart")
    }

    @Test func playsOnePattern() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let wav = folder.appendingPathComponent("warning.wav")
        let result = try CommandRunner.haptic(["library", "play", "warning", "--device", "wav:\(wav.path)"])
        #expect(result.status == 0, "\(result.stderr)")
        let recorded = try RecordedWAV(contentsOf: wav)
        // Two taps 120 ms apart.
        let first = try #require(RecordedWAV.firstActive(recorded.drive), "no haptic output")
        #expect(RecordedWAV.peak(recorded.drive, (first + recorded.frame(0.119))..<(first + recorded.frame(0.14))) > 0.2)

        let unknown = try CommandRunner.haptic(["library", "play", "nope"])
        #expect(unknown.status == 1 && unknown.stderr.contains("no pattern file or library pattern named 'nope'"), "\(unknown.stderr)")
    }
}
