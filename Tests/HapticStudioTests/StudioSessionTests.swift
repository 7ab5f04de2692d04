import Foundation
import HapticPattern
import HapticTestSupport
import Testing

/// What a page does through the WebSocket, against the real server: open, save (strict AHAP, round trip, the old
/// file kept when a save fails), export with notes, play on a wav: output, and a page that goes away mid-loop.
@Suite(.serialized) struct StudioSessionTests {
    static let pattern = """
        {"Version": 1.0, "Pattern": [
          {"Event": {"Time": 0.25, "EventType": "HapticTransient",
                     "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.9}]}},
          {"Event": {"Time": 0.4, "EventType": "HapticContinuous", "EventDuration": 0.2}},]}
        """

    @Test func openSaveAndExport() async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.pattern.write(to: folder.appendingPathComponent("tap.ahap"), atomically: true, encoding: .utf8)
        let studio = try await RunningStudio(folder: folder)
        let socket = try await studio.webSocket()
        let opened = try #require(try await socket.request(["id": 1, "type": "open", "path": "tap.ahap"])["result"] as? [String: Any])
        let text = try #require(opened["ahap"] as? String)
        let original = try AHAPReader.read(Self.pattern).pattern
        #expect(try AHAPReader.read(text).pattern == original)

        let saved = try await socket.request(["id": 2, "type": "save", "path": "copy.ahap", "ahap": text])
        #expect(saved["ok"] as? Bool == true, "\(saved)")
        let written = try String(contentsOf: folder.appendingPathComponent("copy.ahap"), encoding: .utf8)
        #expect(written == (try AHAPWriter.string(from: original)))
        #expect(try AHAPReader.read(written).pattern == original)

        // A save that fails leaves the previous file as it was.
        let broken = try await socket.request(["id": 3, "type": "save", "path": "copy.ahap", "ahap": "{\"Pattern\": [{\"Event\": 1}]}"])
        #expect(broken["ok"] as? Bool == false)
        #expect(try String(contentsOf: folder.appendingPathComponent("copy.ahap"), encoding: .utf8) == written)
        let wrongKind = try await socket.request(["id": 4, "type": "save", "path": "copy.haptic", "ahap": text])
        #expect((wrongKind["error"] as? String)?.contains("Export") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["copy.ahap", "tap.ahap"])

        for (index, (format, path)) in [
            ("haptic", "tap.haptic"), ("android", "tap.android.json"), ("web", "tap.web.js"), ("gamepad", "tap.gamepad.json"),
        ]
        .enumerated() {
            let reply = try await socket.request(["id": 10 + index, "type": "export", "path": path, "format": format, "ahap": text])
            let result = try #require(reply["result"] as? [String: Any], "\(reply)")
            #expect(result["notes"] is [Any])
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path))
        }
        let android = try #require(
            try await socket.request(["id": 20, "type": "export", "path": "a.json", "format": "android", "ahap": text])["result"]
                as? [String: Any])
        #expect(android["lossless"] as? Bool == false)
        #expect(((android["notes"] as? [[String: Any]]) ?? []).contains { ($0["severity"] as? String) == "lossy" })
        let wrongExtension = try await socket.request(["id": 21, "type": "export", "path": "a.txt", "format": "web", "ahap": text])
        #expect(wrongExtension["ok"] as? Bool == false)
    }

    /// Import from audio: a sound of the folder becomes an unsaved pattern with taps at its hits and the sound as an
    /// AudioCustom event; a path out of the folder and a file that is not audio are refused with a message.
    @Test func importFromAudioMakesAPatternOfTheSound() async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let hits = SyntheticAudio.hits(seconds: 3)
        try AudioFixtures.writeWAV(hits.audio.samples, to: folder.appendingPathComponent("hits.wav"))
        try "not audio".write(to: folder.appendingPathComponent("notes.wav"), atomically: true, encoding: .utf8)
        let studio = try await RunningStudio(folder: folder)
        let socket = try await studio.webSocket()
        let hello = try #require(try await socket.request(["id": 1, "type": "hello"])["result"] as? [String: Any])
        #expect(hello["importFromAudio"] as? Bool == true)
        // An analysis may take longer than one read's ten seconds under a sanitizer on a loaded machine.
        try await socket.sendText(#"{"id": 2, "type": "importAudio", "path": "hits.wav"}"#)
        let reply = try await socket.reply(id: 2, within: .seconds(120))
        let result = try #require(reply["result"] as? [String: Any], "\(reply)")
        let pattern = try AHAPReader.read(try #require(result["ahap"] as? String)).pattern
        let sound = try #require(pattern.events.first)
        #expect(sound.type == .audioCustom && sound.time == 0 && sound.waveform == .path("hits.wav"))
        let taps = pattern.events.filter { $0.type == .hapticTransient }.map(\.time)
        let expected = (hits.bursts + hits.thumps).sorted()
        #expect(taps.count == expected.count, "\(taps) vs \(expected)")
        for (tap, hit) in zip(taps, expected) { #expect(abs(tap - hit) <= 0.015) }
        for bad in ["../hits.wav", "notes.wav"] {
            let refused = try await socket.request(["id": 3, "type": "importAudio", "path": bad])
            #expect(refused["ok"] as? Bool == false && (refused["error"] as? String)?.isEmpty == false, "\(bad): \(refused)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["hits.wav", "notes.wav"], "nothing saved")
    }

    @Test func analysisReportsProblemsLintAndLanes() async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let studio = try await RunningStudio(folder: folder)
        let socket = try await studio.webSocket()
        let fused = """
            {"Version": 1.0, "Pattern": [
              {"Event": {"Time": 0.1, "EventType": "HapticTransient"}},
              {"Event": {"Time": 0.11, "EventType": "HapticTransient"}},
              {"Event": {"Time": 0.3, "EventType": "AudioCustom", "EventWaveformPath": "missing.wav"}}]}
            """
        let reply = try await socket.request(["id": 1, "type": "analyze", "ahap": fused, "columns": 200])
        let result = try #require(reply["result"] as? [String: Any], "\(reply)")
        let problems = try #require(result["problems"] as? [[String: Any]])
        #expect(problems.contains { ($0["entry"] as? Int) == 2 && ($0["message"] as? String)?.contains("missing.wav") == true })
        let lint = try #require(result["lint"] as? [[String: Any]])
        #expect(lint.contains { ($0["rule"] as? String) == "transient-fusion" && ($0["entry"] as? Int) != nil && $0["guideline"] != nil })
        let lanes = try #require(result["lanes"] as? [String: Any])
        #expect((lanes["intensity"] as? [Any])?.count == 201)
        #expect((lanes["transients"] as? [Any])?.count == 2)
        #expect(((lanes["accelerationHigh"] as? [Double]) ?? []).contains { $0 > 0.01 })
    }

    @Test func aPageThatGoesAwayMidLoopStopsTheOutput() async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = folder.appendingPathComponent("out").appendingPathComponent("rec.wav")
        try FileManager.default.createDirectory(at: recording.deletingLastPathComponent(), withIntermediateDirectories: true)
        let studio = try await RunningStudio(folder: folder, device: "wav:\(recording.path)")
        let socket = try await studio.webSocket()
        let play = try await socket.request(["id": 1, "type": "play", "ahap": Self.pattern, "loop": true])
        #expect(play["ok"] as? Bool == true, "\(play)")
        try await Task.sleep(for: .milliseconds(1_500))
        #expect(studio.server.playbacks.count == 1)
        let growing = try FileManager.default.attributesOfItem(atPath: recording.path)[.size] as? Int ?? 0
        #expect(growing > 48_000 * 4)
        socket.drop()
        // The session ends, playback shuts down and the output closes: the recording stops growing.
        var waited = 0
        while studio.server.playbacks.count > 0, waited < 50 {
            try await Task.sleep(for: .milliseconds(100))
            waited += 1
        }
        #expect(studio.server.playbacks.count == 0)
        let sizeAtClose = try FileManager.default.attributesOfItem(atPath: recording.path)[.size] as? Int ?? 0
        try await Task.sleep(for: .milliseconds(600))
        #expect(try FileManager.default.attributesOfItem(atPath: recording.path)[.size] as? Int == sizeAtClose)
        #expect(try await studio.stillServes())
    }
}
