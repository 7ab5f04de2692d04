// Many threads making, starting, stopping, cancelling and dropping players on one real-time engine at once.
// Run under ThreadSanitizer: swift test --sanitize=thread --scratch-path .build-tsan --filter CHHapticEngineConcurrencyTests
#if !OPENCOREHAPTICS_COMPATIBILITY_TEST
import Dispatch
import Foundation
import HapticDevices
import HapticEngine
import OpenCoreHaptics
import Synchronization
import Testing

@Suite struct CHHapticEngineConcurrencyTests {
    @Test func manyThreadsUsePlayersAtOnceAndEveryCompletionArrivesOnce() throws {
        let engine = CHHapticEngine(device: NullDevice(), configuration: EngineConfiguration(playerCapacity: 512))
        try engine.start()
        // Patterns are immutable but, as in Core Haptics, not Sendable: share one on purpose (its program cache is
        // thread-safe).
        nonisolated(unsafe) let pattern = try CHHapticPattern(
            events: [
                CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0),
                CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0.01),
            ], parameters: [])
        let completions = Counter()
        let started = Counter()
        let unexpected = Counter()
        let threads = 8
        let perThread = 40
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for i in 0..<perThread {
                let id = "\(thread)-\(i)"
                do {
                    let player = try engine.makeAdvancedPlayer(with: pattern)
                    player.completionHandler = { _ in completions.record(id) }
                    // The restart case must restart a run that is still playing: a run that plays out before
                    // the second start (this thread descheduled for a few milliseconds) makes that start a new
                    // run with a completion of its own, two in all, as Core Haptics does. A looping first run
                    // cannot end on its own; the restarted run stops looping and plays out once.
                    if i % 5 == 3 { player.loopEnabled = true }
                    do {
                        try player.start(atTime: i % 3 == 0 ? 0 : engine.currentTime + 0.005)
                    } catch let error as CHHapticError where error.code == .resourceNotAvailable {
                        continue  // every slot busy at this instant: allowed, and then no completion is due
                    }
                    started.record(id)
                    switch i % 5 {
                    case 0: try player.stop(atTime: 0)
                    case 1: try player.cancel()
                    case 2:
                        player.isMuted = true
                        try player.sendParameters(
                            [CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.5, relativeTime: 0)],
                            atTime: 0)
                    case 3:
                        try player.start(atTime: 0)  // restart: still one completion
                        player.loopEnabled = false
                        player.playbackRate = 2
                    default: break  // dropped while playing
                    }
                } catch {
                    unexpected.record("\(id): \(error)")
                }
            }
        }
        let deadline = Date().addingTimeInterval(20)
        while completions.count < started.count && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        Thread.sleep(forTimeInterval: 0.05)  // would a second completion arrive?
        #expect(unexpected.values.isEmpty)
        #expect(started.count > threads * perThread / 2)
        #expect(completions.values.sorted() == started.values.sorted())
        engine.stop()
    }

    /// Game code fires a player on every collision and never expects `start` to fail: a burst of 1 600
    /// fire-and-forget starts from 8 threads at once, on an engine with the default 256 run slots.
    @Test func aBurstBeyondCapacityNeverThrowsAndEveryCompletionArrivesOnce() throws {
        let engine = CHHapticEngine(device: NullDevice())
        try engine.start()
        // Runs last longer than the burst takes even under sanitizers or a CPU hog (a slow burst must not let runs
        // end on their own, or fewer steals would be needed than the count below expects: under a hog the burst took
        // over 4 s, the runs' length before, and 1 192 of the 1 344 were stolen or coalesced); the last 256 end with
        // the stop.
        nonisolated(unsafe) let pattern = try CHHapticPattern(
            events: [
                CHHapticEvent(eventType: .hapticContinuous, parameters: [], relativeTime: 0, duration: 600)
            ], parameters: [])
        let completions = Counter()
        let failures = Counter()
        let threads = 8
        let perThread = 200
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for i in 0..<perThread {
                let id = "\(thread)-\(i)"
                do {
                    let player = try engine.makeAdvancedPlayer(with: pattern)
                    player.completionHandler = { _ in completions.record(id) }
                    try player.start(atTime: CHHapticTimeImmediate)
                } catch {
                    failures.record("\(id): \(error)")
                }
            }
        }
        // Beyond 256 playing runs the oldest were stolen; the counters say what happened to the burst.
        print("burst: \(engine.runtime.stolenRunCount) runs stolen, \(engine.runtime.coalescedStartCount) starts coalesced")
        #expect(engine.runtime.stolenRunCount > 0)
        #expect(engine.runtime.stolenRunCount + engine.runtime.coalescedStartCount >= threads * perThread - 256)
        // The stop ends the 256 still playing; their completions follow it.
        engine.stop()
        let deadline = Date().addingTimeInterval(120)
        while completions.count < threads * perThread && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        Thread.sleep(forTimeInterval: 0.05)  // would a second completion arrive?
        #expect(failures.values.isEmpty, "\(failures.values.prefix(3))")
        #expect(completions.count == threads * perThread)
        #expect(Set(completions.values).count == threads * perThread, "each completion once")
    }
}
#endif
