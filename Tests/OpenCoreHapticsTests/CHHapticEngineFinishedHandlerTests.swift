// notifyWhenPlayersFinished keeps its promise: every handler is answered exactly once, also when the engine is not
// running when it is registered, starts with nothing to play, stops, or is released.
#if !OPENCOREHAPTICS_COMPATIBILITY_TEST
import Dispatch
import Foundation
import HapticDevices
import HapticEngine
import OpenCoreHaptics
import Testing

@Suite struct CHHapticEngineFinishedHandlerTests {
    /// Records each answer and signals a semaphore, so a test waits for answers without sleeping.
    final class Answers: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [String] = []
        private let arrived = DispatchSemaphore(value: 0)

        func record(_ value: String) {
            lock.withLock { storage.append(value) }
            arrived.signal()
        }

        var values: [String] { lock.withLock { storage } }

        /// Waits for `count` answers in all, for at most `seconds`; returns whether they came.
        func wait(for count: Int, seconds: Double) -> Bool {
            let deadline = DispatchTime.now() + seconds
            for _ in 0..<count where arrived.wait(timeout: deadline) == .timedOut { return false }
            return true
        }
    }

    static func describe(_ error: Error?) -> String {
        guard let error else { return "nil" }
        return "\((error as? CHHapticError)?.code.rawValue ?? 0)"
    }

    @Test func aHandlerOnANeverStartedEngineIsAnsweredWhenTheEngineIsReleased() throws {
        let answers = Answers()
        do {
            let rig = EngineTestRig()
            rig.engine.notifyWhenPlayersFinished { error in
                answers.record(Self.describe(error))
                return .stopEngine
            }
        }  // the engine is released here, never started
        #expect(answers.wait(for: 1, seconds: 10))
        #expect(answers.values == ["nil"])
    }

    @Test func aHandlerRegisteredBeforeAStartThatNothingFollowsIsAnswered() throws {
        let rig = EngineTestRig()
        let answers = Answers()
        rig.engine.notifyWhenPlayersFinished { error in
            answers.record(Self.describe(error))
            return .leaveEngineRunning
        }
        try rig.engine.start()
        rig.advance(to: 0.05)
        #expect(answers.values == ["nil"])
        // Once only, and the engine kept running as asked.
        let player = try rig.engine.makePlayer(with: try EngineTestRig.transients(at: [0]))
        try player.start(atTime: 0)
        rig.advance(to: 0.5)
        #expect(answers.values == ["nil"])
    }

    @Test func aHandlerOnAStoppedEngineIsAnsweredByStop() throws {
        let rig = EngineTestRig()
        let answers = Answers()
        try rig.engine.start()
        rig.engine.stop()
        rig.engine.notifyWhenPlayersFinished { error in
            answers.record(Self.describe(error))
            return .stopEngine
        }
        rig.engine.stop(completionHandler: nil)
        #expect(answers.values == ["nil"])
        try rig.engine.start()  // a later start does not answer it again
        rig.advance(to: 0.2)
        #expect(answers.values == ["nil"])
    }

    @Test func aHandlerStillWaitsForThePlayersStartedAfterTheEngine() throws {
        // Apple's single-tap order: register, start the engine, start the player: answered when the player ends.
        let rig = EngineTestRig()
        let answers = Answers()
        let player = try rig.engine.makePlayer(with: try EngineTestRig.transients(at: [0.3]))
        rig.engine.notifyWhenPlayersFinished { error in
            answers.record(Self.describe(error))
            return .leaveEngineRunning
        }
        try rig.engine.start()
        try player.start(atTime: 0)
        rig.advance(to: 0.2)
        #expect(answers.values.isEmpty)
        rig.advance(to: 0.6)
        #expect(answers.values == ["nil"])
    }

    /// Eight threads start and stop a real-time engine, start players and ask to be told when they have finished,
    /// in every order; the engine is then released. Every request is answered exactly once, within a bound.
    @Test func underEightThreadsEveryRequestIsAnsweredExactlyOnce() throws {
        let answers = Answers()
        let requests = Counter()
        nonisolated(unsafe) let pattern = try CHHapticPattern(
            events: [CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0)], parameters: [])
        do {
            let engine = CHHapticEngine(device: NullDevice())
            let threads = 8
            let perThread = 120
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                var seed = UInt64(thread + 1) &* 0x9E37_79B9_7F4A_7C15
                for i in 0..<perThread {
                    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    switch (seed >> 33) % 8 {
                    case 0, 1, 2:
                        let id = "\(thread)-\(i)"
                        requests.record(id)
                        let action: CHHapticEngine.FinishedAction = (seed >> 40) % 4 == 0 ? .stopEngine : .leaveEngineRunning
                        engine.notifyWhenPlayersFinished { _ in
                            answers.record(id)
                            return action
                        }
                    case 3:
                        try? engine.start()
                    case 4:
                        engine.stop(completionHandler: nil)
                    default:
                        try? engine.makePlayer(with: pattern).start(atTime: 0)
                    }
                }
                // The threads end as apps do, some stopping the engine while others still ask: a request can land
                // after the last stop, on an engine that never plays again.
                if thread % 2 == 0 {
                    engine.stop(completionHandler: nil)
                } else {
                    let id = "\(thread)-last"
                    requests.record(id)
                    engine.notifyWhenPlayersFinished { _ in
                        answers.record(id)
                        return .leaveEngineRunning
                    }
                }
            }
        }  // released: nothing can play any more
        let requested = requests.values
        #expect(requested.count > 100)
        #expect(answers.wait(for: requested.count, seconds: 30), "\(answers.values.count) of \(requested.count) answered")
        #expect(answers.values.sorted() == requested.sorted())
    }

    /// Apple's Unity suite, in its order: Test_AdvancedPlayer_PauseImmediate_Succeeds registers while its only player
    /// is paused and its TearDown destroys that player (the C ABI discards it); Test_AdvancedPlayer_PauseFuture_Succeeds
    /// then expects no answer for 3 s. The discarded paused run's end used to answer the handler, and the answer
    /// reached the next test on a busy machine. It waits instead for a run that finishes.
    @Test func aPausedPlayerThatIsDiscardedDoesNotAnswerTheHandlersWaitingForIt() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let answers = Answers()
        let pattern = try EngineTestRig.transients(at: [0, 1])
        let paused = try rig.engine.makeAdvancedPlayer(with: pattern)
        try paused.start(atTime: 0)
        rig.advance(to: 0.2)
        try paused.pause(atTime: 0)
        rig.engine.notifyWhenPlayersFinished { error in
            answers.record(Self.describe(error))
            return .leaveEngineRunning
        }
        rig.advance(to: 0.5)
        #expect(answers.values.isEmpty, "a paused player has not finished")
        discardPlayback(of: paused)  // CoreHaptics_CHHapticAdvancedPatternPlayer_Destroy
        // The next test's player plays and pauses; the engine's service runs many times meanwhile.
        let next = try rig.engine.makeAdvancedPlayer(with: pattern)
        rig.advance(to: 0.6)
        try next.start(atTime: 0)
        rig.advance(to: 0.8)
        try next.pause(atTime: 0)
        rig.advance(to: 3.8)
        #expect(answers.values.isEmpty, "answered by a discarded paused player: \(answers.values)")
        // A player that finishes answers it, once.
        try next.resume(atTime: 0)
        rig.advance(to: 5)
        #expect(answers.values == ["nil"])
        rig.advance(to: 6)
        #expect(answers.values == ["nil"])
    }

    /// A discarded paused player leaves nothing waiting: with no other run, the engine registers the next handler as
    /// answered at once (every player has finished), the earlier one with it, and idles as an engine without players.
    @Test func afterADiscardedPausedPlayerANewHandlerIsAnsweredAtOnceWithTheWaitingOne() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let answers = Answers()
        let paused = try rig.engine.makeAdvancedPlayer(with: try EngineTestRig.transients(at: [0, 1]))
        try paused.start(atTime: 0)
        rig.advance(to: 0.2)
        try paused.pause(atTime: 0)
        rig.engine.notifyWhenPlayersFinished { _ in
            answers.record("first")
            return .leaveEngineRunning
        }
        discardPlayback(of: paused)
        rig.advance(to: 0.5)
        #expect(answers.values.isEmpty)
        rig.engine.notifyWhenPlayersFinished { _ in
            answers.record("second")
            return .leaveEngineRunning
        }
        #expect(answers.values == ["first", "second"])
    }

    /// An advanced player the app lets go of while it is paused can never be resumed: its run ends as a discarded one
    /// does (it used to stay paused for good, so `notifyWhenPlayersFinished` never answered and an auto-shutdown engine
    /// never idled out).
    @Test func aPausedAdvancedPlayerLetGoOfNoLongerHoldsTheEngine() throws {
        let rig = EngineTestRig(idleTimeout: 1)
        rig.engine.isAutoShutdownEnabled = true
        let stopped = Answers()
        rig.engine.stoppedHandler = { reason in stopped.record("\(reason.rawValue)") }
        try rig.engine.start()
        do {
            let paused = try rig.engine.makeAdvancedPlayer(with: try EngineTestRig.transients(at: [0, 1]))
            try paused.start(atTime: 0)
            rig.advance(to: 0.2)
            try paused.pause(atTime: 0)
            rig.advance(to: 0.3)
        }  // the app's last reference goes
        rig.advance(to: 0.5)
        let answers = Answers()
        rig.engine.notifyWhenPlayersFinished { error in
            answers.record(Self.describe(error))
            return .leaveEngineRunning
        }
        #expect(answers.values == ["nil"], "nothing plays any more")
        rig.advance(to: 2)
        #expect(stopped.values == ["\(CHHapticEngine.StoppedReason.idleTimeout.rawValue)"], "and the engine idles out")
    }
}
#endif
