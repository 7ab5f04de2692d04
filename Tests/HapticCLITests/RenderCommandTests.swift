import Foundation
import HapticTestSupport
import Testing

@Suite(.offTheConcurrencyPool) struct RenderCommandTests {
    @Test func rendersChannelsOnTheirExactFrames() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("tour.wav")
        let result = try CommandRunner.haptic([
            "render", "Tests/Fixtures/ahap/Tour.ahap", "-o", output.path, "--channels", "amplitude,audio",
            "--sample-rate", "8000",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let wav = try WAVFile(contentsOf: output)
        #expect(wav.sampleRate == 8_000)
        #expect(wav.channels.count == 3, "amplitude + stereo audio")
        // Tour.ahap lasts 1.44 s; rendering runs to the last sound plus 0.1 s.
        #expect(abs(Double(wav.frameCount) / 8_000 - 1.54) < 0.05, "\(wav.frameCount) frames")
        let amplitude = wav.channels[0]
        #expect(amplitude[0] > 0, "the first transient sounds on frame 0")
        #expect(amplitude[400..<720].allSatisfy { $0 == 0 }, "silence between the first transients (50–90 ms)")
        #expect(amplitude[800] > 0, "the second transient starts at 0.1 s = frame 800")
        let left = wav.channels[1]
        let right = wav.channels[2]
        #expect(left[..<Int(0.25 * 8_000)].allSatisfy { $0 == 0 }, "no audio before the tone at 0.25 s")
        let toneRMS = { (x: ArraySlice<Float>) in (x.reduce(0) { $0 + $1 * $1 } / Float(x.count)).squareRoot() }
        let window = Int(0.4 * 8_000)..<Int(0.6 * 8_000)
        #expect(toneRMS(right[window]) > toneRMS(left[window]), "AudioPan 0.5 puts more of the tone on the right")
    }

    @Test func badInputFailsWithALocationAndBadOptionsAreUsageErrors() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.ahap")
        try #"{"Pattern":[{"Event":{"Time":0,"EventType":"HapticContinuous"}}]}"#.write(to: bad, atomically: false, encoding: .utf8)
        let failed = try CommandRunner.haptic(["render", bad.path, "-o", folder.appendingPathComponent("x.wav").path])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("bad.ahap:1:13: error: Pattern[0].Event:"), "\(failed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.wav").path), "no partial output")
        let profile = try CommandRunner.haptic([
            "render", "Tests/Fixtures/ahap/Tour.ahap", "-o", "/tmp/y.wav", "--profile", "no-such-profile",
        ])
        #expect(profile.status == 64, "\(profile.stderr)")
    }
}
