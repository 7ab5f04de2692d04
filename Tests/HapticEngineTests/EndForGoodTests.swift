import HapticDevices
import HapticPattern
import HapticRender
import Testing

@testable import HapticEngine

/// An engine whose device is gone for good (an unplugged game controller) stops once and never starts again, so an
/// app that restarts engines when they stop cannot reach a device that later takes the same node.
@Suite struct EndForGoodTests {
    static func runtime(_ device: RecordingDevice) -> EngineRuntime {
        EngineRuntime(device: device, configuration: EngineConfiguration(sampleRate: 8_000, blockFrames: 64), clock: .manual)
    }

    @Test func aRunningEngineStopsOnceAndEveryLaterStartThrows() throws {
        let device = RecordingDevice(capacityFrames: 48_000)
        let runtime = Self.runtime(device)
        let stopped = StopLog()
        runtime.stoppedHandler = { reason in stopped.record(reason) }
        try runtime.start()
        let player = runtime.makePlayer(program: RuntimeLifetimeTests.program)
        try player.start(atTime: 0)
        runtime.advance(bySeconds: 0.1)
        runtime.endForGood(.gameControllerDisconnect, because: "the pad was unplugged")
        runtime.endForGood(.gameControllerDisconnect, because: "the pad was unplugged")
        #expect(stopped.reasons == [.gameControllerDisconnect], "the stopped handler heard it once")
        #expect(!runtime.isRunning)
        let restart = #expect(throws: EngineError.self) { try runtime.start() }
        #expect(restart?.code == .deviceUnavailable)
        // A player's automatic start (auto-shutdown engines start on demand) is refused too.
        runtime.isAutoShutdownEnabled = true
        let autoStart = #expect(throws: EngineError.self) { try runtime.makePlayer(program: RuntimeLifetimeTests.program).start(atTime: 0) }
        #expect(autoStart?.code == .deviceUnavailable)
        #expect(!runtime.isRunning)
        #expect(stopped.reasons.count == 1)
    }

    @Test func aStoppedEngineHearsNothingAndStaysStopped() throws {
        let runtime = Self.runtime(RecordingDevice(capacityFrames: 48_000))
        let stopped = StopLog()
        runtime.stoppedHandler = { reason in stopped.record(reason) }
        try runtime.start()
        runtime.stop()
        runtime.endForGood(.gameControllerDisconnect, because: "the pad was unplugged")
        #expect(stopped.reasons.isEmpty, "stop() by the app is not an external stop, and a stopped engine hears nothing")
        #expect(throws: EngineError.self) { try runtime.start() }
    }
}
