import Foundation
import HapticTestSupport
import Testing

@Suite(.offTheConcurrencyPool) struct ConvertCommandTests {
    // The project's own fixtures: a tap and a continuous event under many-point curves, and heartbeats.
    let boing = Fixtures.ownPattern("Spring.ahap").path
    let heartbeats = Fixtures.ownPattern("Pulse.ahap").path

    @Test func ahapToHapticAndBackReportsEveryStep() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let haptic = folder.appendingPathComponent("boing.haptic").path
        let forward = try CommandRunner.haptic(["convert", boing, "-o", haptic])
        #expect(forward.status == 0, "\(forward.stderr)")
        #expect(forward.stdout.contains("(ahap) → \(haptic) (haptic)"))
        #expect(forward.stdout.contains("approximated: continuous intensity reduced to"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: haptic))) as? [String: Any])
        #expect((object["version"] as? [String: Int])?["major"] == 1)

        let back = folder.appendingPathComponent("boing.ahap").path
        let backward = try CommandRunner.haptic(["convert", haptic, "-o", back, "--json"])
        #expect(backward.status == 0, "\(backward.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(backward.stdout.utf8)) as? [String: Any])
        #expect(report["from"] as? String == "haptic" && report["to"] as? String == "ahap")
        #expect(report["lossless"] as? Bool == false)
        let notes = try #require(report["notes"] as? [[String: Any]])
        #expect(notes.contains { $0["code"] as? String == "continuous-interrupted" && $0["severity"] as? String == "lossy" })
        // The AHAP we wrote validates.
        let validate = try CommandRunner.haptic(["validate", back])
        #expect(validate.status == 0, "\(validate.stderr)")
    }

    @Test func androidJSONAndKotlin() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("heartbeats.json").path
        let result = try CommandRunner.haptic(["convert", heartbeats, "-o", json, "--to", "android"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("approximated: sharpness dropped: Android waveforms have no frequency"))
        #expect(result.stdout.contains("approximated: intensity quantized to 8 bits"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let waveform = try #require(object["waveform"] as? [String: Any])
        let timings = try #require(waveform["timings"] as? [Int])
        let amplitudes = try #require(waveform["amplitudes"] as? [Int])
        #expect(timings.count == amplitudes.count && !timings.isEmpty)
        #expect(timings.allSatisfy { $0 >= 25 } && amplitudes.allSatisfy { (0...255).contains($0) })
        #expect((object["composition"] as? [[String: Any]])?.isEmpty == false, "the heartbeats' transients become primitives")

        let kotlin = folder.appendingPathComponent("Heartbeats.kt").path
        #expect(try CommandRunner.haptic(["convert", heartbeats, "-o", kotlin]).status == 0)
        let text = try String(contentsOfFile: kotlin, encoding: .utf8)
        #expect(text.contains("fun hapticEffect(vibrator: Vibrator): VibrationEffect"))
        #expect(text.contains("getPrimitiveDurations"))
    }

    @Test func webAndGamepad() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let web = folder.appendingPathComponent("web.json").path
        let result = try CommandRunner.haptic(["convert", boing, "-o", web, "--to", "web"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: web))) as? [String: Any])
        let pattern = try #require(object["pattern"] as? [Int])
        #expect(pattern.count <= 99 && pattern.allSatisfy { (0...10_000).contains($0) })
        #expect((object["javascript"] as? String)?.hasPrefix("navigator.vibrate([") == true)

        let js = folder.appendingPathComponent("pad.js").path
        let pad = try CommandRunner.haptic(["convert", boing, "-o", js, "--to", "gamepad"])
        #expect(pad.status == 0, "\(pad.stderr)")
        #expect(try String(contentsOfFile: js, encoding: .utf8).contains("playEffect(\"dual-rumble\""))
        #expect(pad.stdout.contains("approximated: sharpness became the strong/weak motor balance"))
    }

    @Test func failuresExitNonZeroWithLocatedMessages() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Unknown output format: a usage error (exit 64) naming the fix.
        let ambiguous = try CommandRunner.haptic(["convert", boing, "-o", folder.appendingPathComponent("x.json").path])
        #expect(ambiguous.status == 64)
        #expect(ambiguous.stderr.contains("cannot tell the output format"), "\(ambiguous.stderr)")
        // A broken AHAP input: compiler-style location, exit 1.
        let bad = folder.appendingPathComponent("bad.ahap")
        try #"{"Pattern":[{"Event":{"Time":-1,"EventType":"HapticTransient"}}]}"#.write(to: bad, atomically: false, encoding: .utf8)
        let broken = try CommandRunner.haptic(["convert", bad.path, "-o", folder.appendingPathComponent("y.haptic").path])
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("bad.ahap:1:"), "\(broken.stderr)")
        // A .haptic that breaks the format's rules: JSON path, exit 1.
        let wrong = folder.appendingPathComponent("wrong.haptic")
        try
            #"{"version":{"major":1,"minor":0,"patch":0},"signals":{"continuous":{"envelopes":{"amplitude":[{"time":0,"amplitude":0.9,"emphasis":{"amplitude":0.1,"frequency":0.5}},{"time":1,"amplitude":0}]}}}}"#
            .write(to: wrong, atomically: false, encoding: .utf8)
        let rejected = try CommandRunner.haptic(["convert", wrong.path, "-o", folder.appendingPathComponent("z.ahap").path])
        #expect(rejected.status == 1)
        #expect(
            rejected.stderr.contains(
                "wrong.haptic:1:145: error: signals.continuous.envelopes.amplitude[0].emphasis.amplitude: emphasis amplitude 0.1 is below"),
            "\(rejected.stderr)")
        #expect(rejected.stderr.contains("(invalidPatternData, -4813)"))
        // A missing input.
        let missing = try CommandRunner.haptic([
            "convert", folder.appendingPathComponent("nope.ahap").path, "-o", folder.appendingPathComponent("n.haptic").path,
        ])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nope.ahap: error: no such file"))
    }
}
