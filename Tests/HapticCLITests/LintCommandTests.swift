import Foundation
import HapticTestSupport
import Testing

@Suite(.offTheConcurrencyPool) struct LintCommandTests {
    @Test func libraryIsClean() throws {
        let result = try CommandRunner.haptic(["lint", "--library"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("0 findings (0 errors, 0 warnings, 0 notes) in 36 files"), "\(result.stdout)")
    }

    @Test func patternFindingsPointAtTheEntry() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("fused.ahap")
        try """
        {
          "Pattern": [
            { "Event": { "Time": 0, "EventType": "HapticTransient" } },
            { "Event": { "Time": 0.01, "EventType": "HapticTransient" } },
            { "Event": { "Time": 0.5, "EventType": "HapticContinuous", "EventDuration": 5 } }
          ]
        }
        """.write(to: file, atomically: false, encoding: .utf8)
        let result = try CommandRunner.haptic(["lint", file.path])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "\(file.path):4:5: warning: [transient-fusion] Pattern[1]: this transient starts 10 ms after Pattern[0]"),
            "\(result.stdout)")
        #expect(result.stdout.contains("Petrosino & Fucci"))
        #expect(result.stdout.contains("\(file.path):5:5: warning: [continuous-too-long] Pattern[2]"), "\(result.stdout)")
        // Two default-intensity taps overlap for only 10 ms: the accent is lost, a note rather than a warning.
        #expect(result.stdout.contains("\(file.path):4:5: note: [clipping] Pattern[1]"), "\(result.stdout)")
        #expect(result.stdout.contains("note: [long-feedback]"))
        #expect(result.stdout.contains("4 findings (0 errors, 2 warnings, 2 notes) in 1 file"), "\(result.stdout)")

        let relaxed = try CommandRunner.haptic(["lint", "--long-continuous", "10", file.path])
        #expect(!relaxed.stdout.contains("continuous-too-long"))

        // Rules can be switched off, and notes hidden.
        let quiet = try CommandRunner.haptic([
            "lint", "--disable", "transient-fusion,clipping", "--disable", "continuous-too-long", "--min-severity", "warning", file.path,
        ])
        #expect(quiet.status == 0, "\(quiet.stdout)")
        #expect(quiet.stdout.contains("0 findings (0 errors, 0 warnings, 0 notes) in 1 file"), "\(quiet.stdout)")
        let unknown = try CommandRunner.haptic(["lint", "--disable", "no-such-rule", file.path])
        #expect(unknown.status == 64 && unknown.stderr.contains("no rule named no-such-rule"))
    }

    /// Apple's own samples use compound taps, textures and transients on continuous events on purpose: they lint
    /// without warnings (was 111 warnings), with notes that say what a designer should know.
    @Test(.needsCorpus) func applesSamplesLintWithoutWarnings() throws {
        let result = try CommandRunner.haptic(["lint"] + (try Fixtures.corpusFiles()).map(\.path))
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("(0 errors, 0 warnings,"), "\(result.stdout.suffix(300))")
    }

    @Test func triggerLogFindingsNameTheLineAndGuideline() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("triggers.jsonl")
        try """
        {"time": 0.0, "feedback": "success", "outcome": "saved"}
        {"time": 4.0, "feedback": "success", "outcome": "save failed"}
        {"time": 9.0, "feedback": "levelChange"}

        """.write(to: log, atomically: false, encoding: .utf8)
        let result = try CommandRunner.haptic(["lint", log.path])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains("\(log.path):2: warning: [opposite-outcomes] line 2: \"success\" is played for \"save failed\""),
            "\(result.stdout)")
        #expect(result.stdout.contains("HIG › Playing haptics › Use haptics consistently"))
        #expect(result.stdout.contains("[meaning-mismatch]"))

        let calm = folder.appendingPathComponent("calm.log")
        try #"{"time": 1, "feedback": "selection"}"#.write(to: calm, atomically: false, encoding: .utf8)
        let ok = try CommandRunner.haptic(["lint", calm.path])
        #expect(ok.status == 0, "\(ok.stdout)")

        let broken = folder.appendingPathComponent("broken.jsonl")
        try "{\"time\": 1, \"feedback\": \"selection\"}\nnot json\n".write(to: broken, atomically: false, encoding: .utf8)
        let bad = try CommandRunner.haptic(["lint", broken.path])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("broken.jsonl:2: error: expected a JSON object"), "\(bad.stderr)")
    }

    @Test func nothingToLintIsAUsageError() throws {
        let result = try CommandRunner.haptic(["lint"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--library"))
    }
}
