import HapticDevices
import HapticEngine
import HapticPattern
import HapticRender
import Testing

/// A full command queue never leaves the mixer behind a player's state: what a setter could not send is sent
/// again by the service.
@Suite struct FullQueueTests {
    @Test func aSettingRefusedByAFullQueueIsAppliedOnTheNextService() throws {
        let recorder = RecordingDevice(capacityFrames: 4_000)
        let engine = EngineRuntime(
            device: recorder, configuration: EngineConfiguration(sampleRate: 1_000, blockFrames: 4, commandCapacity: 8),
            clock: .manual)
        try engine.start()
        let player = engine.makePlayer(
            program: try PatternProgram(
                pattern: Pattern(events: [
                    Event(type: .hapticContinuous, time: 0, duration: 2, parameters: [EventParameter(.hapticIntensity, 1)])
                ])))
        try player.start(atTime: 0)
        engine.advance(bySeconds: 0.1)
        #expect(recorder.recording.amplitude.last ?? 0 > 0.5)
        // Fill the queue with parameters for later.
        var filled = 0
        while (try? player.sendParameters(
            [DynamicParameter(id: .hapticIntensityControl, value: 1, time: 0)], atTime: engine.currentTime + 0.05)) != nil, filled < 100
        { filled += 1 }
        #expect(filled < 100, "the queue filled")
        player.isMuted = true  // refused by the full queue: remembered, not lost
        engine.advance(bySeconds: 0.3)  // the queue drains as blocks render; the service sends the mute again
        let amplitude = recorder.recording.amplitude
        #expect(amplitude.suffix(50).allSatisfy { $0 < 0.01 }, "the mute reached the mixer")
        #expect(player.isMuted)
        engine.stop()
    }
}
