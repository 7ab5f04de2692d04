import Foundation
import HapticTestSupport
import Testing

/// `haptic play` end to end: the built binary plays in real time into a `wav:` device (or `null`), and the tests
/// read back what reached the device.
@Suite(.offTheConcurrencyPool) struct PlayCommandTests {
    /// A pattern with known times: a full-strength tap at 0, then 0.2 s of continuous haptics and audio at 0.3 s.
    static let timedPattern = """
        {
          "Version": 1,
          "Pattern": [
            {"Event": {"Time": 0.0, "EventType": "HapticTransient",
                       "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1.0}]}},
            {"Event": {"Time": 0.3, "EventType": "HapticContinuous", "EventDuration": 0.2,
                       "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.8}]}},
            {"Event": {"Time": 0.3, "EventType": "AudioContinuous", "EventDuration": 0.2,
                       "EventParameters": [{"ParameterID": "AudioVolume", "ParameterValue": 0.8}]}}
          ]
        }
        """

    /// The pattern's duration as `haptic info --json` reports it.
    static func duration(of path: String) throws -> Double {
        let info = try CommandRunner.haptic(["info", path, "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        return try #require(json["duration"] as? Double)
    }

    @Test func playsAPatternFileInRealTime() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let boing = Fixtures.ownPattern("Spring.ahap").path
        let duration = try Self.duration(of: boing)
        let wav = folder.appendingPathComponent("boing.wav")
        let started = Date()
        let result = try CommandRunner.haptic(["play", boing, "--device", "wav:\(wav.path)"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Playing \(boing)"), "\(result.stdout)")
        // Real time: the run cannot be shorter than the pattern (the wav: device is paced in `play`).
        #expect(elapsed >= duration * 0.9, "played \(duration) s of pattern in \(elapsed) s")

        let recorded = try RecordedWAV(contentsOf: wav)
        #expect(recorded.headerComplete)
        #expect(recorded.sampleRate == 48_000 && recorded.channels.count == 3)
        let first = try #require(RecordedWAV.firstActive(recorded.drive), "no haptic output")
        let last = try #require(RecordedWAV.lastActive(recorded.drive))
        let span = Double(last - first) / Double(recorded.sampleRate)
        // The drive signal lasts about as long as the pattern (plus the actuator's short decay).
        #expect(span >= duration * 0.8 && span <= duration + 0.15, "haptic output spans \(span) s for a \(duration) s pattern")
        // It ends silent: at least the silent block the engine waited for (one 1 ms block at 48 kHz) before `play`
        // closed the device.
        #expect(RecordedWAV.peak(recorded.drive, (recorded.frameCount - 48)..<recorded.frameCount) < 1e-4)
    }

    /// After the pattern, `play` closes the device as soon as the engine says the output is silent: a silent block
    /// follows the sound, but not a fixed settle time (it slept 50 ms before).
    @Test func playEndsPromptlyOnceTheOutputIsSilent() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pattern = folder.appendingPathComponent("short.ahap")
        try """
        {"Pattern": [
          {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 0.2,
                     "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1.0}]}}
        ]}
        """.write(to: pattern, atomically: false, encoding: .utf8)
        let wav = folder.appendingPathComponent("short.wav")
        let result = try CommandRunner.haptic(["play", pattern.path, "--device", "wav:\(wav.path)"])
        #expect(result.status == 0, "\(result.stderr)")
        let recorded = try RecordedWAV(contentsOf: wav)
        #expect(recorded.headerComplete)
        let last = try #require(RecordedWAV.lastActive(recorded.drive), "no haptic output")
        let trailing = Double(recorded.frameCount - 1 - last) / Double(recorded.sampleRate)
        #expect(trailing > 0, "the output was closed before it fell silent")
        // Under a sanitizer every block costs several times as much and the machine is shared: the bound only has
        // to tell the engine's answer from a fixed settle sleep there, not measure it. The device is paced to the
        // wall clock, so the silence grows by however long a busy machine kept the process's threads from a CPU
        // between the sound's end and the close (at most all the time they queued): 49 ms under a CPU hog.
        let bound = (CommandRunner.sanitizerBuild ? 0.25 : 0.04) + result.queuedSeconds
        #expect(
            trailing < bound,
            "the device stayed open \(trailing * 1e3) ms after the sound ended (\(result.queuedSeconds * 1e3) ms queued for a CPU)")
    }

    @Test func customAudioResolvesBesideTheFile() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Knock.ahap plays WAVs named relative to its folder (Sounds/Knock.wav).
        let collision = Fixtures.ownPattern("Knock.ahap")
        let text = try String(contentsOf: collision, encoding: .utf8)
        #expect(text.contains("EventWaveformPath"))
        let wav = folder.appendingPathComponent("collision.wav")
        // Run from another directory: the waveform must resolve against the pattern's folder, not the working one.
        let result = try CommandRunner.haptic(["play", collision.path, "--device", "wav:\(wav.path)"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let recorded = try RecordedWAV(contentsOf: wav)
        #expect(RecordedWAV.firstActive(recorded.audioLeft) != nil, "no audio output")
        #expect(RecordedWAV.firstActive(recorded.drive) != nil, "no haptic output")
    }

    @Test func eventsReachTheDeviceAtTheirTimes() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pattern = folder.appendingPathComponent("timed.ahap")
        try Self.timedPattern.write(to: pattern, atomically: false, encoding: .utf8)
        let wav = folder.appendingPathComponent("timed.wav")
        let result = try CommandRunner.haptic(["play", pattern.path, "--device", "wav:\(wav.path)"])
        #expect(result.status == 0, "\(result.stderr)")
        let recorded = try RecordedWAV(contentsOf: wav)
        // Times are relative to the tap: the device's file starts when the engine starts, a little before.
        let tap = try #require(RecordedWAV.firstActive(recorded.drive), "no haptic output")
        let at = { (seconds: Double) in tap + recorded.frame(seconds) }
        #expect(RecordedWAV.peak(recorded.drive, at(0)..<at(0.02)) > 0.3, "the tap")
        #expect(RecordedWAV.peak(recorded.drive, at(0.08)..<at(0.295)) < 1e-4, "silence between the tap and 0.3 s")
        #expect(RecordedWAV.peak(recorded.drive, at(0.31)..<at(0.49)) > 0.2, "the continuous event")
        #expect(RecordedWAV.peak(recorded.audioLeft, at(0)..<at(0.295)) < 1e-4, "no audio before 0.3 s")
        let audio = try #require(RecordedWAV.firstActive(recorded.audioLeft), "no audio output")
        #expect(abs(audio - at(0.3)) <= recorded.frame(0.002), "audio starts at 0.3 s: \(Double(audio - tap) / 48_000) s")
        // Silent after the pattern (0.5 s and its release), up to the end: `play` closes the device once the engine
        // says the output is silent, which may be before 0.53 s; then the last block, the silent one it waited for.
        let after = Swift.min(at(0.53), recorded.frameCount - 48)
        #expect(RecordedWAV.peak(recorded.drive, after..<recorded.frameCount) < 1e-4, "silent after the pattern")
        #expect(RecordedWAV.peak(recorded.audioLeft, after..<recorded.frameCount) < 1e-4, "silent after the pattern")

        // --intensity-scale 0.5 halves the tap; --rate 2 plays the continuous event at 0.15 s.
        let scaledWAV = folder.appendingPathComponent("scaled.wav")
        let scaled = try CommandRunner.haptic(
            ["play", pattern.path, "--device", "wav:\(scaledWAV.path)", "--intensity-scale", "0.5", "--rate", "2"])
        #expect(scaled.status == 0, "\(scaled.stderr)")
        let half = try RecordedWAV(contentsOf: scaledWAV)
        let halfTap = try #require(RecordedWAV.firstActive(half.drive))
        let ratio = RecordedWAV.peak(half.drive, halfTap..<(halfTap + 960)) / RecordedWAV.peak(recorded.drive, at(0)..<at(0.02))
        #expect(ratio > 0.35 && ratio < 0.65, "tap at intensity scale 0.5 is \(ratio) of full")
        let halfAudio = try #require(RecordedWAV.firstActive(half.audioLeft))
        #expect(abs(halfAudio - (halfTap + half.frame(0.15))) <= half.frame(0.002), "at rate 2 the audio starts at 0.15 s")
    }

    @Test func playsLibraryPatternsByName() throws {
        let null = try CommandRunner.haptic(["play", "success"], environment: ["HAPTIC_DEVICE": "null"])
        #expect(null.status == 0, "\(null.stderr)")
        #expect(null.stdout.contains("Playing success") && null.stdout.contains("on null"), "\(null.stdout)")

        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let wav = folder.appendingPathComponent("heavy.wav")
        // HAPTIC_DEVICE picks the device when --device is absent; Apple's spelling "heavy" names impact-heavy.
        let heavy = try CommandRunner.haptic(["play", "heavy"], environment: ["HAPTIC_DEVICE": "wav:\(wav.path)"])
        #expect(heavy.status == 0, "\(heavy.stderr)")
        #expect(heavy.stdout.contains("Playing impact-heavy"), "\(heavy.stdout)")
        let recorded = try RecordedWAV(contentsOf: wav)
        let tap = try #require(RecordedWAV.firstActive(recorded.drive), "no haptic output")
        #expect(RecordedWAV.peak(recorded.drive, tap..<(tap + 960)) > 0.3)
    }

    @Test func badInputFailsWithALocation() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.ahap")
        try """
        {
          "Pattern": [
            {"Event": {"Time": 0, "EventType": "HapticTransient",
              "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": "loud"}]}}
          ]
        }
        """.write(to: bad, atomically: false, encoding: .utf8)
        let result = try CommandRunner.haptic(["play", bad.path], environment: ["HAPTIC_DEVICE": "null"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(bad.path):4:"), "\(result.stderr)")
        #expect(result.stderr.contains(": error: "), "\(result.stderr)")
        #expect(!result.stdout.contains("Playing"))

        let missing = try CommandRunner.haptic(["play", folder.appendingPathComponent("none.ahap").path])
        #expect(missing.status == 1 && missing.stderr.contains("none.ahap: error: no such file"), "\(missing.stderr)")

        let unknown = try CommandRunner.haptic(["play", "no-such-feedback"])
        #expect(unknown.status == 1 && unknown.stderr.contains("library patterns: alignment"), "\(unknown.stderr)")

        // A device string that cannot be one is a usage error, found before anything runs.
        let device = try CommandRunner.haptic(["play", "success", "--device", "bogus:1"])
        #expect(device.status == 64 && device.stderr.contains("--device: unknown device 'bogus:1'"), "\(device.stderr)")
        let unwritable = try CommandRunner.haptic(["play", "success", "--device", "wav:/nonexistent-dir/x.wav"])
        #expect(
            unwritable.status == 1 && unwritable.stderr.contains("cannot use device 'wav:/nonexistent-dir/x.wav'")
                && unwritable.stderr.contains("the folder '/nonexistent-dir' does not exist"), "\(unwritable.stderr)")

        let rate = try CommandRunner.haptic(["play", "success", "--rate", "0"])
        #expect(rate.status == 64 && rate.stderr.contains("--rate"), "\(rate.stderr)")
    }

    @Test func ctrlCStopsALoopAndLeavesTheOutputSilent() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Always sounding: one second of continuous haptics and audio, looped, so Ctrl-C lands mid-vibration.
        let pattern = folder.appendingPathComponent("drone.ahap")
        try """
        {"Pattern": [
          {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 1.0,
                     "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1.0}]}},
          {"Event": {"Time": 0, "EventType": "AudioContinuous", "EventDuration": 1.0,
                     "EventParameters": [{"ParameterID": "AudioVolume", "ParameterValue": 0.5}]}}
        ]}
        """.write(to: pattern, atomically: false, encoding: .utf8)
        let wav = folder.appendingPathComponent("drone.wav")
        let process = Process()
        process.executableURL = try CommandRunner.hapticURL
        process.arguments = ["play", pattern.path, "--loop", "--device", "wav:\(wav.path)"]
        let log = folder.appendingPathComponent("stderr.txt")
        #expect(FileManager.default.createFile(atPath: log.path, contents: nil))
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // Wait until more than one loop (1.3 s of 48 kHz × 3 floats) reached the file.
        let wanted = 44 + Int(1.3 * 48_000) * 12
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline {
            let size = (try? FileManager.default.attributesOfItem(atPath: wav.path)[.size] as? Int) ?? 0
            if size >= wanted { break }
            usleep(20_000)
        }
        #expect(process.isRunning, "play --loop ended by itself")
        process.interrupt()
        let interrupted = Date()
        while process.isRunning && Date().timeIntervalSince(interrupted) < 15 { usleep(10_000) }
        #expect(!process.isRunning, "still running 15 s after SIGINT")
        process.waitUntilExit()
        #expect(Date().timeIntervalSince(interrupted) < 5, "took \(Date().timeIntervalSince(interrupted)) s to stop")
        #expect(process.terminationReason == .exit && process.terminationStatus == 130)
        #expect(try String(contentsOf: log, encoding: .utf8).contains("interrupted"))

        let recorded = try RecordedWAV(contentsOf: wav)
        #expect(recorded.headerComplete, "the device was not stopped cleanly")
        #expect(Double(recorded.frameCount) >= 1.3 * 48_000)
        let end = recorded.frameCount
        #expect(RecordedWAV.peak(recorded.drive, (end - 96_000)..<(end - 4_800)) > 0.2, "it was vibrating before the stop")
        // The motor and the speaker end silent: the last block of every channel (1 ms, the silence the engine
        // waited for after the fade) is zero.
        for (index, channel) in recorded.channels.enumerated() {
            #expect(RecordedWAV.peak(channel, (end - 48)..<end) < 1e-4, "channel \(index) does not end silent")
        }
    }
}
