import Foundation
import HapticTestSupport
import Testing

@Suite(.offTheConcurrencyPool) struct ValidateCommandTests {
    @Test func validFilesExitZero() throws {
        let files = Fixtures.patternFiles().map(\.path)
        let result = try CommandRunner.haptic(["validate"] + files)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Tour.ahap: ok (8 entries"))
        // Files with trailing commas pass, with a warning that points at the comma.
        #expect(result.stderr.contains("Sloppy.ahap:10:72: warning: trailing comma"), "\(result.stderr)")
        if Fixtures.hasCorpus {
            #expect(result.stderr.contains("Recharge.ahap:46:63: warning: trailing comma"))
        }
    }

    @Test func problemsArePrintedLikeACompilerAndExitOne() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.ahap")
        try """
        {
          "Pattern": [
            { "Event": { "Time": 0, "EventType": "HapticTransient" } },
            { "Event": { "Time": -1, "EventType": "HapticTransient" } }
          ]
        }
        """.write(to: bad, atomically: false, encoding: .utf8)
        let unplayable = folder.appendingPathComponent("unplayable.ahap")
        try #"{"Pattern":[{"Event":{"Time":0,"EventType":"HapticContinuous"}}]}"#.write(to: unplayable, atomically: false, encoding: .utf8)
        let good = folder.appendingPathComponent("good.ahap")
        try #"{"Pattern":[{"Event":{"Time":0,"EventType":"HapticTransient"}}]}"#.write(to: good, atomically: false, encoding: .utf8)

        let result = try CommandRunner.haptic(["validate", bad.path, unplayable.path, good.path])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "\(bad.path):4:26: error: Pattern[1].Event: \"Time\" is negative (-1.0 s); times must be ≥ 0 (invalidEventTime, -4822)"),
            "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "\(unplayable.path):1:13: error: Pattern[0].Event: a sustained HapticContinuous event needs an EventDuration greater than 0"
            ), "\(result.stderr)")
        #expect(result.stderr.contains("2 of 3 files failed validation"))
        #expect(result.stdout.contains("good.ahap: ok"))
    }

    /// Issue 21: a file whose reading stops at an error (the second `Pattern` is not an array) printed the error but
    /// not the duplicate-key warning found before it.
    @Test func warningsBeforeAnErrorThatStopsReadingArePrinted() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("dup.ahap")
        try """
        {"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}],
         "Pattern": 5}
        """.write(to: file, atomically: false, encoding: .utf8)
        let result = try CommandRunner.haptic(["validate", file.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(file.path):2:2: warning: duplicate key \"Pattern\""), "\(result.stderr)")
        #expect(result.stderr.contains("error: Pattern: \"Pattern\" must be an array"), "\(result.stderr)")
    }

    @Test func missingFileAndMissingWaveformAreErrors() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let audio = folder.appendingPathComponent("audio.ahap")
        try #"{"Pattern":[{"Event":{"Time":0,"EventType":"AudioCustom","EventWaveformPath":"missing.wav"}}]}"#.write(
            to: audio, atomically: false, encoding: .utf8)
        let result = try CommandRunner.haptic(["validate", folder.appendingPathComponent("nope.ahap").path, audio.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("nope.ahap: error: no such file (fileNotFound, -4851)"), "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "audio.ahap:1:13: error: Pattern[0].Event.EventWaveformPath: EventWaveformPath \"missing.wav\" does not exist"),
            "\(result.stderr)")
    }

    @Test func strictTurnsWarningsIntoFailures() throws {
        let recharge = Fixtures.ownPattern("Sloppy.ahap").path
        #expect(try CommandRunner.haptic(["validate", recharge]).status == 0)
        #expect(try CommandRunner.haptic(["validate", "--strict", recharge]).status == 1)
    }

    @Test func propertyListPatternsAreRead() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plist = folder.appendingPathComponent("tap.plist")
        let dictionary: [String: Any] = ["Pattern": [["Event": ["Time": 0.0, "EventType": "HapticTransient"]]]]
        try PropertyListSerialization.data(fromPropertyList: dictionary, format: .xml, options: 0).write(to: plist)
        let result = try CommandRunner.haptic(["validate", plist.path])
        #expect(result.status == 0, "\(result.stderr)")
        let broken = folder.appendingPathComponent("broken.plist")
        try Data("<plist><dict>".utf8).write(to: broken)
        let failed = try CommandRunner.haptic(["validate", broken.path])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("invalidPatternDictionary, -4814"))
    }

    @Test func infoSummarizesAPattern() throws {
        let text = try CommandRunner.haptic(["info", "Tests/Fixtures/ahap/Tour.ahap"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("events: 2 HapticTransient, 2 HapticContinuous, 1 AudioContinuous"))
        #expect(text.stdout.contains("HapticIntensityControl at 250 ms: 3 points, ends at 850 ms"))
        let json = try CommandRunner.haptic(["info", "--json", Fixtures.ownPattern("Knock.ahap").path])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["audioResources"] as? [String]) == ["Sounds/Knock.wav", "Sounds/Sweep.wav"])
        #expect((object?["eventCounts"] as? [String: Int])?["AudioCustom"] == 2)
    }

    @Test func durationCountsCustomAudioLength() throws {
        // Three AudioCustom events and nothing else: Knock.wav (300 ms) at 0.1 s, Sweep.wav (500 ms) at 0.25 s, and
        // Knock.wav cut to its EventDuration of 100 ms at 0.5 s. The sounds end at 750 ms; without their lengths
        // only the EventDuration would count (600 ms).
        let file = Fixtures.ownPattern("AudioOnly.json").path
        let info = try CommandRunner.haptic(["info", file])
        #expect(info.status == 0 && info.stdout.contains("duration: 750 ms"), "\(info.stdout)")
        #expect(info.stdout.contains("Sounds/Knock.wav (300 ms), Sounds/Sweep.wav (500 ms)"))
        let json = try CommandRunner.haptic(["info", "--json", file])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["duration"] as? Double).map { abs($0 - 0.75) < 1e-9 } == true)
        #expect((object?["audioResourceDurations"] as? [String: Double])?["Sounds/Sweep.wav"] == 0.5)
        let validate = try CommandRunner.haptic(["validate", file])
        #expect(validate.stdout.contains("ok (3 entries, 750 ms)"), "\(validate.stdout)")
        // Knock.ahap: its last sound (Sweep.wav at 350 ms, 500 ms long) ends with the continuous event.
        let knock = try CommandRunner.haptic(["info", Fixtures.ownPattern("Knock.ahap").path])
        #expect(knock.stdout.contains("duration: 850 ms"))
    }

    @Test func usageErrorsExitNonZero() throws {
        let result = try CommandRunner.haptic(["validate"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Missing expected argument"))
    }
}
