#if os(Linux)
import HapticDevices
import HapticEngine
import HapticPattern
import HapticRender
import HapticSystem
import Testing

/// Control threads that wait for the render thread (a stop's grace for a start at "now", a detach's block boundary)
/// sleep until the render thread signals the block they need, instead of looking every few milliseconds.
@Suite struct RenderProgressTests {
    /// How often the calling thread has given up the CPU of its own accord (slept or waited) so far.
    static func voluntarySwitches() -> Int {
        var usage = rusage()
        _ = getrusage(__rusage_who_t(1), &usage)  // RUSAGE_THREAD
        return usage.ru_nvcsw
    }

    /// `stop()` right after a start at "now" lets 25 ms of it sound (``EngineRuntime/stopGraceDuration``), rendered
    /// in 1 ms blocks: it blocks once or twice for the render thread's signal (a 2 ms poll slept a dozen times).
    @Test func aStopsGraceIsAwaitedBySignal() throws {
        let engine = EngineRuntime(device: SimulatedDevice())
        try engine.start()
        let program = try PatternProgram(pattern: Pattern(events: [Event(type: .hapticContinuous, time: 0, duration: 1)]))
        let player = engine.makePlayer(program: program)
        // From the start: a caller that lost the CPU between its start and its stop (a CPU hog) finds the grace
        // already rendered, and its stop rightly returns at once (0.97 ms measured from the stop).
        let t0 = MonotonicClock.now()
        try player.start(atTime: 0)
        let before = Self.voluntarySwitches()
        engine.stop()
        let elapsed = MonotonicClock.now() - t0
        let waits = Self.voluntarySwitches() - before
        #expect(elapsed >= 0.015, "stopped \(elapsed) s after the start: the grace was not awaited")
        #expect(waits <= 6, "the stop blocked \(waits) times in \(elapsed * 1e3) ms")
    }

    /// `stop()` on an engine whose players have all finished has nothing to let sound: it waits neither for the grace
    /// (frames the mixer does not render while the output pauses: it waited for its 100 ms deadline) nor for the render
    /// thread's idle pause (25 ms) to end. It took 140-180 ms: the deadline, then a pause for the detach's block
    /// boundary and one for the join.
    @Test func anEngineWithNothingPlayingStopsWithinAFewBlocks() throws {
        var quickest = Double.infinity
        // The quickest of three: one stop can be late when the machine starves the render thread.
        for _ in 0..<3 {
            let engine = EngineRuntime(device: SimulatedDevice(profile: .twoMotorPad, meter: .off))
            try engine.start()
            let player = engine.makePlayer(program: try PatternProgram(pattern: Pattern(events: [Event(type: .hapticTransient, time: 0)])))
            try player.start(atTime: 0)
            #expect(EngineRuntimeRealTimeTests.wait(seconds: 5) { !player.isPlaying })
            // pacing: the motor's burst (up to 100 ms) ends and the render thread goes into its idle pause
            MonotonicClock.sleep(until: MonotonicClock.now() + 0.15)
            let t0 = MonotonicClock.now()
            engine.stop()
            quickest = Swift.min(quickest, MonotonicClock.now() - t0)
        }
        #expect(quickest < 0.012, "the quickest stop of an engine with nothing playing took \(quickest * 1e3) ms")
    }
}
#endif
