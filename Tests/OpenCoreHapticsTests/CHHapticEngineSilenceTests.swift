// The package-level silence notice (not Core Haptics API), as the CLI and the studio use it.
#if !OPENCOREHAPTICS_COMPATIBILITY_TEST
import Foundation
import HapticDevices
import OpenCoreHaptics
import Testing

@Suite struct CHHapticEngineSilenceTests {
    static func tap() throws -> CHHapticPattern {
        try CHHapticPattern(
            events: [
                CHHapticEvent(
                    eventType: .hapticContinuous, parameters: [CHHapticEventParameter(parameterID: .hapticIntensity, value: 1)],
                    relativeTime: 0, duration: 0.05)
            ], parameters: [])
    }

    /// Real time: the wait returns once the pattern has played out and a silent block reached the device.
    @Test func waitUntilOutputSilentReturnsOnceThePatternHasPlayedOut() throws {
        let device = RecordingDevice(capacityFrames: 48_000 * 2)
        let engine = CHHapticEngine(device: device)
        try engine.start()
        defer { engine.stop(completionHandler: nil) }
        let player = try engine.makePlayer(with: try Self.tap())
        let recordedBefore = device.recordedFrameCount
        try player.start(atTime: CHHapticTimeImmediate)
        #expect(engine.waitUntilOutputSilent(timeout: 5))
        let amplitude = device.recording.amplitude
        let last = try #require(amplitude.lastIndex { $0 != 0 }, "nothing sounded")
        #expect(last >= recordedBefore)
        #expect(amplitude.count > last + 1, "no silent frame reached the device after the sound")
    }

    /// Manual clock: the notice comes while the clock is advanced past the end, on the advancing thread.
    @Test func manualClockNoticeComesAsTheClockPassesTheEnd() async throws {
        let rig = EngineTestRig(seconds: 2)
        try await rig.engine.start()
        try rig.engine.makePlayer(with: try Self.tap()).start(atTime: 0)
        let heard = Counter()
        rig.engine.notifyWhenOutputSilent(timeout: 10) { heard.record("\($0)") }
        rig.advance(to: 0.03)
        #expect(heard.values.isEmpty, "silent while the pattern still plays")
        rig.advance(to: 0.1)
        #expect(heard.values == ["true"])
        #expect(await rig.engine.outputSilence(timeout: 1), "idle: at once")
    }
}
#endif
