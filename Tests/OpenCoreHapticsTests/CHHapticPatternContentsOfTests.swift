import Foundation
import HapticTestSupport
import Testing

#if OPENCOREHAPTICS_COMPATIBILITY_TEST
import CoreHaptics
#else
import OpenCoreHaptics
#endif

/// `CHHapticPattern(contentsOf:)` on the project's own pattern files, Apple's sample files (when present) and broken ones.
@Suite struct CHHapticPatternContentsOfTests {
    @Test func everyPatternFileLoads() throws {
        let files = Fixtures.patternFiles()
        #expect(files.count >= (Fixtures.hasCorpus ? 20 : 0) + 5)
        for file in files {
            let pattern = try CHHapticPattern(contentsOf: file)
            // Hit.ahap and the Ricochet collisions are single taps at time 0, so 0 is a valid length.
            #expect(pattern.duration.isFinite && pattern.duration >= 0, "\(file.lastPathComponent)")
            // Exported and read back, the pattern has the same length, custom audio included (its relative paths
            // resolve against the file's folder, wherever the working directory is).
            let copy = try CHHapticPattern(dictionary: try pattern.exportDictionary())
            #expect(copy.duration == pattern.duration, "\(file.lastPathComponent)")
        }
    }

    @Test func exportedAndReadBackAPatternKeepsItsAudiosLength() throws {
        // Haptrix's Drums shape: 4.4 s of sound and haptics that end at 2.6 s (the copy was 2.6 s long: the
        // dictionary's relative path resolved against the working directory, where the sound is not).
        let folder = try Fixtures.temporaryDirectory()
        try AudioFixtures.writeWAV([Float](repeating: 0.1, count: 48_000 * 44 / 10), to: folder.appendingPathComponent("drums.wav"))
        let file = folder.appendingPathComponent("Drums.ahap")
        let sound = #"{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "drums.wav"}}"#
        let tap = #"{"Event": {"Time": 2.6, "EventType": "HapticTransient"}}"#
        try #"{"Version": 1.0, "Metadata": {"Project": "Drums"}, "Pattern": [\#(sound), \#(tap)]}"#
            .write(to: file, atomically: false, encoding: .utf8)
        let pattern = try CHHapticPattern(contentsOf: file)
        #expect(abs(pattern.duration - 4.4) < 1e-9)
        let exported = try pattern.exportDictionary()
        let copy = try CHHapticPattern(dictionary: exported)
        #expect(copy.duration == pattern.duration)
        // The path is kept as written, so the dictionary saved beside the file reads as the file does.
        let entries = try #require(exported[.pattern] as? [[String: Any]])
        #expect((entries[0]["Event"] as? [String: Any])?["EventWaveformPath"] as? String == "drums.wav")
        let saved = folder.appendingPathComponent("Saved.ahap")
        var json: [String: Any] = [:]
        for (key, value) in exported { json[key.rawValue] = value }
        try JSONSerialization.data(withJSONObject: json).write(to: saved)
        #expect(try CHHapticPattern(contentsOf: saved).duration == pattern.duration)
        // And again: a copy exports the same folder.
        #expect(try CHHapticPattern(dictionary: try copy.exportDictionary()).duration == pattern.duration)
    }

    @Test func springHasTheLengthOfItsContinuousEvent() throws {
        // A continuous event starts at 0.05 s and lasts 1.2 s; its curves end with it.
        #expect(abs(try CHHapticPattern(contentsOf: Fixtures.ownPattern("Spring.ahap")).duration - 1.25) < 1e-9)
    }

    @Test func knockFindsItsWaveformsBesideTheFile() throws {
        let knock = Fixtures.ownPattern("Knock.ahap")
        let pattern = try CHHapticPattern(contentsOf: knock)
        let entries = try #require(try pattern.exportDictionary()[.pattern] as? [[String: Any]])
        let paths = entries.compactMap { ($0["Event"] as? [String: Any])?["EventWaveformPath"] as? String }
        #expect(paths == ["Sounds/Knock.wav", "Sounds/Sweep.wav"])
        for path in paths {
            #expect(FileManager.default.fileExists(atPath: try pattern.waveformURL(for: path).path))
        }
    }

    @Test(.needsCorpus) func boingHasTheLengthOfItsCurves() throws {
        let boing = try #require(try Fixtures.corpusFiles().first { $0.lastPathComponent == "Boing.ahap" })
        // A continuous event and two curves start at 0.015 s and last 0.25 s.
        #expect(abs(try CHHapticPattern(contentsOf: boing).duration - 0.265) < 1e-9)
    }

    @Test(.needsCorpus) func ricochetFilesFindTheirWaveforms() throws {
        let files = try Fixtures.corpusFiles().filter { $0.path.contains("ricochet") }
        var withAudio = 0
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            guard text.contains("EventWaveformPath") else { continue }
            withAudio += 1
            let pattern = try CHHapticPattern(contentsOf: file)
            let exported = try pattern.exportDictionary()
            let entries = try #require(exported[.pattern] as? [[String: Any]])
            let paths = entries.compactMap { ($0["Event"] as? [String: Any])?["EventWaveformPath"] as? String }
            #expect(paths.count == 1, "\(file.lastPathComponent)")
            for path in paths {
                #expect(path.hasPrefix("CoreHaptics/Ricochet/"))
                #expect(FileManager.default.fileExists(atPath: file.deletingLastPathComponent().appendingPathComponent(path).path))
            }
        }
        #expect(withAudio == 7)
    }

    @Test func nonFileURLIsFileNotFound() {
        let url = URL(string: "https://example.com/Boing.ahap")!
        #expect(code { _ = try CHHapticPattern(contentsOf: url) } == -4851)
    }

    @Test func missingFileIsFileNotFound() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var matched = false
        do {
            _ = try CHHapticPattern(contentsOf: folder.appendingPathComponent("Missing.ahap"))
        } catch CHHapticError.fileNotFound {
            matched = true
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(matched)
    }

    @Test func otherExtensionsAreNotSupported() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = Fixtures.ownPattern("Spring.ahap")
        for name in ["Boing.txt", "Boing.plist", "Boing"] {
            let copy = folder.appendingPathComponent(name)
            try FileManager.default.copyItem(at: source, to: copy)
            #expect(code { _ = try CHHapticPattern(contentsOf: copy) } == -4809, "\(name)")
        }
        let json = folder.appendingPathComponent("Boing.json")
        try FileManager.default.copyItem(at: source, to: json)
        #expect(try CHHapticPattern(contentsOf: json).duration > 0)
    }

    @Test func brokenFilesGiveCodes() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(String, Int)] = [
            ("not json at all", -4814),
            (#"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0.0, "EventType": "HapticTransient"}"#, -4814),
            (#"{"Version": 1.0}"#, -4814),
            (#"{"Pattern": [{"Event": {"Time": -0.5, "EventType": "HapticTransient"}}]}"#, -4822),
            (#"{"Pattern": [{"Event": {"Time": 0, "EventType": "Rumble"}}]}"#, -4821),
            (#"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": -2}}]}"#, -4823),
            (#"{"Version": 3, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#, -4809),
        ]
        for (index, (text, expected)) in cases.enumerated() {
            let url = folder.appendingPathComponent("case\(index).ahap")
            try Data(text.utf8).write(to: url)
            #expect(code { _ = try CHHapticPattern(contentsOf: url) } == expected, "\(text)")
        }
    }

    @Test func waveformPathMayNotEscapeThroughASymlink() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let outside = root.appendingPathComponent("outside")
        let patternFolder = root.appendingPathComponent("patterns")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: patternFolder, withIntermediateDirectories: true)
        try Data("RIFF".utf8).write(to: outside.appendingPathComponent("secret.wav"))
        try Data("RIFF".utf8).write(to: patternFolder.appendingPathComponent("inside.wav"))
        try FileManager.default.createSymbolicLink(
            at: patternFolder.appendingPathComponent("link"), withDestinationURL: outside)

        func write(_ path: String) throws -> URL {
            let url = patternFolder.appendingPathComponent("p\(abs(path.hashValue)).ahap")
            let text = #"{"Pattern": [{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "\#(path)"}}]}"#
            try Data(text.utf8).write(to: url)
            return url
        }
        #expect(try CHHapticPattern(contentsOf: write("inside.wav")).duration == 0)
        #expect(code { _ = try CHHapticPattern(contentsOf: try write("link/secret.wav")) } == -4830)
        #expect(code { _ = try CHHapticPattern(contentsOf: try write("../outside/secret.wav")) } == -4830)
        #expect(code { _ = try CHHapticPattern(contentsOf: try write(outside.appendingPathComponent("secret.wav").path)) } == -4830)
        #expect(code { _ = try CHHapticPattern(contentsOf: try write("missing.wav")) } == -4830)
    }

    #if !OPENCOREHAPTICS_COMPATIBILITY_TEST
    @Test func fileErrorsCarryLineAndColumn() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Late.ahap")
        let text = """
            {
              "Pattern": [
                { "Event": { "Time": 0, "EventType": "HapticTransient" } },
                { "Event": { "Time": -1, "EventType": "HapticTransient" } }
              ]
            }
            """
        try Data(text.utf8).write(to: url)
        do {
            _ = try CHHapticPattern(contentsOf: url)
            Issue.record("expected an error")
        } catch let error as CHHapticError {
            #expect(error.code == .invalidEventTime)
            let pattern = try #require(error.underlyingPatternError)
            #expect(pattern.path == "Pattern[1].Event")
            #expect(pattern.location?.line == 4)
            #expect(pattern.location?.column == 26)
            let message = try #require(error.errorUserInfo[NSLocalizedDescriptionKey] as? String)
            #expect(message.hasPrefix(url.path + ":4:26: error: Pattern[1].Event"))
        }
    }

    @Test func waveformErrorsPointAtTheEvent() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Audio.ahap")
        let text =
            "{\n\"Pattern\": [\n  {\"Event\": {\"Time\": 0, \"EventType\": \"AudioCustom\", \"EventWaveformPath\": \"gone.wav\"}}\n]}"
        try Data(text.utf8).write(to: url)
        do {
            _ = try CHHapticPattern(contentsOf: url)
            Issue.record("expected an error")
        } catch let error as CHHapticError {
            #expect(error.code == .badEventEntry)
            #expect(error.underlyingPatternError?.path == "Pattern[0].Event.EventWaveformPath")
            #expect(error.underlyingPatternError?.location?.line == 3)
        }
    }
    #endif

    private func code(_ body: () throws -> Void) -> Int? {
        do {
            try body()
            return nil
        } catch {
            #expect(error is CHHapticError)
            return (error as NSError).code
        }
    }
}
