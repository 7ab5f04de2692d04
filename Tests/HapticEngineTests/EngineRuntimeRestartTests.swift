import HapticDevices
import HapticEngine
import HapticPattern
import HapticRender
import Synchronization
import Testing

/// Completions around a restart (`start` on a player that has a run), on the manual clock. The real-time engine
/// collects finished runs on a service timer, so a run can be over in the mixer while the control side still
/// thinks it plays; `_renderWithoutServicing` opens exactly that window, deterministically.
@Suite struct EngineRuntimeRestartTests {
    final class Calls: Sendable {
        let count = Atomic<Int>(0)
        var value: Int { count.load(ordering: .relaxed) }
    }

    static let rate = 8_000.0
    static let block = 64

    func makeEngine() throws -> EngineRuntime {
        let engine = EngineRuntime(
            device: RecordingDevice(capacityFrames: Int(4 * Self.rate)),
            configuration: EngineConfiguration(sampleRate: Self.rate, blockFrames: Self.block), clock: .manual)
        try engine.start()
        return engine
    }

    func player(_ engine: EngineRuntime, _ events: [Event], calls: Calls) throws -> EnginePlayer {
        let player = engine.makePlayer(program: try PatternProgram(pattern: Pattern(events: events)))
        player.completion = { _ in calls.count.add(1, ordering: .relaxed) }
        return player
    }

    /// 0.1 s worth of blocks.
    static let tenthOfASecond = Int(0.1 * rate) / block

    @Test func startAfterTheRunEndedUncollectedIsANewRunWithItsOwnCompletion() throws {
        // The race seen in CHHapticEngineConcurrencyTests ("2-33"): the first run plays out, the player is started
        // again before the service collects that end. Two runs ended, so two completions — the same count as when
        // the service happened to collect the end first (next test), whatever the timer's phase.
        let engine = try makeEngine()
        let calls = Calls()
        let player = try player(engine, [Event(type: .hapticTransient, time: 0)], calls: calls)
        try player.start(atTime: 0)
        engine._renderWithoutServicing(blocks: Self.tenthOfASecond)  // over in the mixer, not yet collected
        #expect(player.isPlaying)
        try player.start(atTime: 0)
        engine.advance(bySeconds: 0.5)
        #expect(calls.value == 2)
        #expect(!player.isPlaying)
        #expect(engine.activeRunCount == 0)
        engine.advance(bySeconds: 0.5)
        #expect(calls.value == 2)
    }

    @Test func startAfterTheRunEndedAndWasCollectedIsANewRunWithItsOwnCompletion() throws {
        let engine = try makeEngine()
        let calls = Calls()
        let player = try player(engine, [Event(type: .hapticTransient, time: 0)], calls: calls)
        try player.start(atTime: 0)
        engine.advance(bySeconds: 0.1)
        #expect(calls.value == 1)
        try player.start(atTime: 0)
        engine.advance(bySeconds: 0.5)
        #expect(calls.value == 2)
    }

    @Test func restartOfAPlayingRunIsOneCompletionWhenTheEndIsCollectedLate() throws {
        // The replaced run's end (caused by the restart's stop) reaches the control side after the restart: not
        // reported, however late it is collected.
        let engine = try makeEngine()
        let calls = Calls()
        let player = try player(engine, [Event(type: .hapticContinuous, time: 0, duration: 0.3)], calls: calls)
        try player.start(atTime: 0)
        engine._renderWithoutServicing(blocks: Self.tenthOfASecond)
        try player.start(atTime: 0)
        engine._renderWithoutServicing(blocks: Self.tenthOfASecond)  // the old run has faded out, uncollected
        #expect(engine.activeRunCount == 2)
        engine.advance(bySeconds: 0.1)
        #expect(calls.value == 0)
        #expect(player.isPlaying)
        engine.advance(bySeconds: 0.5)
        #expect(calls.value == 1)
        #expect(!player.isPlaying)
    }

    @Test func restartAtAFutureTimeAfterTheRunEndsOnItsOwnReportsThatEnd() throws {
        // The old run ends before the restart's time: it was not replaced, it ended; then the new run plays.
        let engine = try makeEngine()
        let calls = Calls()
        let player = try player(engine, [Event(type: .hapticTransient, time: 0)], calls: calls)
        try player.start(atTime: 0)
        try player.start(atTime: engine.currentTime + 0.3)
        engine.advance(bySeconds: 0.2)
        #expect(calls.value == 1)
        #expect(player.isPlaying)  // the new run, waiting for its start
        engine.advance(bySeconds: 0.5)
        #expect(calls.value == 2)
    }

    @Test func restartAtAFutureTimeOfARunStillPlayingThenIsOneCompletion() throws {
        let engine = try makeEngine()
        let calls = Calls()
        let player = try player(engine, [Event(type: .hapticContinuous, time: 0, duration: 1)], calls: calls)
        try player.start(atTime: 0)
        try player.start(atTime: engine.currentTime + 0.3)
        engine.advance(bySeconds: 0.5)
        #expect(calls.value == 0)
        engine.advance(bySeconds: 1.5)
        #expect(calls.value == 1)
    }

    @Test func stoppedRunThenStartedAgainBeforeTheEndIsCollectedIsTwoCompletions() throws {
        let engine = try makeEngine()
        let calls = Calls()
        let player = try player(engine, [Event(type: .hapticContinuous, time: 0, duration: 1)], calls: calls)
        try player.start(atTime: 0)
        try player.stop(atTime: 0)
        engine._renderWithoutServicing(blocks: Self.tenthOfASecond)  // stopped and faded out, uncollected
        try player.start(atTime: 0)
        engine.advance(bySeconds: 1.5)
        #expect(calls.value == 2)
    }
}
