import Dispatch
import HapticDevices
import HapticEngine
import HapticPattern
import HapticRender
import Synchronization
import Testing

/// A few tests on the real render thread, with generous bounds (timing belongs in the benchmarks).
@Suite struct EngineRuntimeRealTimeTests {
    final class Flag: Sendable {
        let count = Atomic<Int>(0)
    }

    static func wait(seconds: Double, until done: () -> Bool) -> Bool {
        let deadline = MonotonicClock.now() + seconds
        while MonotonicClock.now() < deadline {
            if done() { return true }
            MonotonicClock.sleep(until: MonotonicClock.now() + 0.002)
        }
        return done()
    }

    @Test func playsToASimulatedDeviceAndReportsCompletionOffTheRenderThread() throws {
        let device = SimulatedDevice()
        let engine = EngineRuntime(device: device)
        try engine.start()
        #expect(engine.isRunning)
        let program = try PatternProgram(pattern: Pattern(events: [Event(type: .hapticContinuous, time: 0, duration: 0.05)]))
        let player = engine.makePlayer(program: program)
        let done = Flag()
        player.completion = { error in
            #expect(error == nil)
            done.count.add(1, ordering: .relaxed)
        }
        let t0 = engine.currentTime
        try player.start(atTime: 0)
        #expect(Self.wait(seconds: 5) { done.count.load(ordering: .relaxed) == 1 })
        #expect(engine.currentTime - t0 >= 0.04)
        #expect(device.playedFrameCount > 2_000)
        engine.stop()
        #expect(!engine.isRunning)
        #expect(done.count.load(ordering: .relaxed) == 1)
    }

    @Test func aFutureStartWaitsForItsTime() throws {
        let engine = EngineRuntime(device: NullDevice())
        try engine.start()
        defer { engine.stop() }
        let program = try PatternProgram(pattern: Pattern(events: [Event(type: .hapticTransient, time: 0)]))
        let player = engine.makePlayer(program: program)
        let doneAt = Flag()
        let start = engine.currentTime
        player.completion = { [engine] _ in doneAt.count.store(Int(bitPattern: UInt(engine.currentTime.bitPattern)), ordering: .relaxed) }
        try player.start(atTime: start + 0.1)
        #expect(Self.wait(seconds: 5) { doneAt.count.load(ordering: .relaxed) != 0 })
        let elapsed = Double(bitPattern: UInt64(UInt(bitPattern: doneAt.count.load(ordering: .relaxed)))) - start
        #expect(elapsed >= 0.1, "\(elapsed)")
    }

    @Test func aFailingDeviceStopsTheEngineWithSystemError() throws {
        let recorder = RecordingDevice(capacityFrames: 48_000)
        let engine = EngineRuntime(device: recorder)
        let flag = Flag()
        engine.stoppedHandler = { [flag] stopReason in flag.count.store(stopReason.rawValue, ordering: .relaxed) }
        try engine.start()
        recorder.injectFault(removed: false)
        #expect(Self.wait(seconds: 5) { flag.count.load(ordering: .relaxed) == EngineStopReason.systemError.rawValue })
        #expect(!engine.isRunning)
    }
}
