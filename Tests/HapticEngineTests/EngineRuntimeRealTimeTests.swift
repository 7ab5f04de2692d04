import Dispatch
import HapticDevices
import HapticEngine
import HapticPattern
import HapticRender
import HapticSystem
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
        // The service's timer does not run during the test, so only the render thread's wake can stop the engine:
        // with the usual 50 ms pace, the timer found the fault first on a loaded machine (where the wake reached the
        // service queue late) and the engine stopped with no wake counted.
        var configuration = EngineConfiguration(serviceInterval: 3_600)
        configuration.idleServiceInterval = 3_600
        let engine = EngineRuntime(device: recorder, configuration: configuration)
        let flag = Flag()
        engine.stoppedHandler = { [flag] stopReason in flag.count.store(stopReason.rawValue, ordering: .relaxed) }
        try engine.start()
        recorder.injectFault(removed: false)
        #expect(Self.wait(seconds: 5) { flag.count.load(ordering: .relaxed) == EngineStopReason.systemError.rawValue })
        #expect(!engine.isRunning)
        #expect(engine.serviceWakeCount >= 1, "the render thread woke the service for the fault")
    }

    /// A playing engine is not polled: its service runs when the render thread has something for it (the run's
    /// end) and otherwise at the slow pace. Before, a 4 ms timer ran while anything played, ~100 times in 0.4 s,
    /// competing with the app for the CPU and the engine's lock.
    @Test func aPlayingEngineIsServicedWhenARunEndsNotPolled() throws {
        let engine = EngineRuntime(device: NullDevice())
        try engine.start()
        defer { engine.stop() }
        let program = try PatternProgram(pattern: Pattern(events: [Event(type: .hapticContinuous, time: 0, duration: 0.4)]))
        let player = engine.makePlayer(program: program)
        let done = Flag()
        player.completion = { _ in done.count.add(1, ordering: .relaxed) }
        let runsBefore = engine.serviceRunCount
        let wakesBefore = engine.serviceWakeCount
        try player.start(atTime: 0)
        #expect(Self.wait(seconds: 5) { done.count.load(ordering: .relaxed) == 1 })
        let runs = engine.serviceRunCount - runsBefore
        #expect(engine.serviceWakeCount - wakesBefore >= 1, "the run's end woke the service")
        // 0.4 s at the 50 ms pace is 8 runs, plus the wakes; a generous bound that a 4 ms poll (100) cannot meet.
        #expect(runs <= 30, "the service ran \(runs) times while one pattern played for 0.4 s")
    }
}
