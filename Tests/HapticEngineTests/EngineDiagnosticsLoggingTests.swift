import HapticDevices
import HapticEngine
import HapticPattern
import HapticRender
import InMemoryLogging
import Logging
import Testing

/// The engine reports what its render thread counted through swift-log, from the service path.
@Suite struct EngineDiagnosticsLoggingTests {
    static let rate = 8_000.0

    @Test func droppedVoicesStolenRunsAndPoolPressureAreLogged() throws {
        let handler = InMemoryLogHandler()
        let engine = EngineRuntime(
            device: RecordingDevice(capacityFrames: Int(4 * Self.rate)),
            configuration: EngineConfiguration(sampleRate: Self.rate, blockFrames: 64, playerCapacity: 4, voiceCapacity: 3),
            clock: .manual, logger: Logger(label: EngineRuntime.logLabel) { _ in handler })
        try engine.start()
        // Two continuous events per run and 6 runs: 4 slots, so 2 runs are stolen; 3 voices, so events are dropped.
        let program = try PatternProgram(
            pattern: Pattern(events: [
                Event(type: .hapticContinuous, time: 0, duration: 0.5), Event(type: .hapticContinuous, time: 0, duration: 0.5),
            ]))
        for _ in 0..<6 { try engine.makePlayer(program: program).start(atTime: 0) }
        engine.advance(bySeconds: 0.05)
        let messages = handler.entries.map { "\($0.level) \($0.message)" }
        #expect(messages.contains { $0.hasPrefix("warning") && $0.contains("found no free voice") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("notice 2 playing run(s) stolen") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("notice run slots nearly full: 4 of 4") }, "\(messages)")
        #expect(handler.entries.allSatisfy { $0.metadata["device"] == "recorder" })
        // Reports come at most once a second, and each carries only what changed since the one before.
        handler.clear()
        for _ in 0..<3 { try engine.makePlayer(program: program).start(atTime: 0) }
        engine.advance(bySeconds: 0.1)
        #expect(handler.entries.isEmpty)
        engine.advance(bySeconds: 1.0)
        #expect(handler.entries.contains { "\($0.message)".hasPrefix("3 playing run(s) stolen") }, "\(handler.entries)")
        engine.stop()
    }

    @Test func aRemovedOutputIsAWarning() throws {
        let handler = InMemoryLogHandler()
        let device = RecordingDevice(capacityFrames: 8_000)
        let engine = EngineRuntime(
            device: device, configuration: EngineConfiguration(sampleRate: Self.rate, blockFrames: 64), clock: .manual,
            logger: Logger(label: EngineRuntime.logLabel) { _ in handler })
        try engine.start()
        device.injectFault(removed: true)
        engine.advance(bySeconds: 0.02)
        #expect(handler.entries.contains { $0.level == .warning && "\($0.message)".contains("the output was removed") })
        #expect(!engine.isRunning)
    }
}
