import Dispatch
import HapticDevices
import HapticPattern
import HapticRender
import HapticSystem
import Testing

@testable import HapticEngine

/// Player state lives in the runtime, keyed by the handle the player object keeps: a state leaves the table when its
/// object goes, and an object can go at any time — also while the engine holds its lock.
@Suite struct PlayerTableTests {
    static let program = try! PatternProgram(
        pattern: Pattern(events: [
            Event(type: .hapticContinuous, time: 0, duration: 0.5, parameters: [EventParameter(.hapticIntensity, 1)])
        ]))

    static func runtime() -> EngineRuntime {
        EngineRuntime(
            device: RecordingDevice(capacityFrames: 48_000), configuration: EngineConfiguration(sampleRate: 8_000, blockFrames: 64),
            clock: .manual)
    }

    @Test func aReleasedPlayersStateLeavesTheTable() throws {
        let runtime = Self.runtime()
        try runtime.start()
        for _ in 0..<20 {
            let player = runtime.makePlayer(program: Self.program)
            player.isMuted = true
            try player.start(atTime: 0)
        }
        let kept = runtime.makePlayer(program: Self.program)
        #expect(runtime.playerStateCount == 1, "only the player still held has a state")
        runtime.advance(bySeconds: 0.7)  // the released players' runs play out with nothing left to update
        #expect(runtime.activeRunCount == 0)
        #expect(runtime.playerStateCount == 1)
        #expect(!kept.isPlaying)
        runtime.stop()
    }

    @Test func aPlayerLetGoOfUnderTheEnginesLockDoesNotDeadlock() throws {
        let runtime = Self.runtime()
        try runtime.start()
        let holder = runtime.makePlayer(program: Self.program)
        weak var weakHeld: EnginePlayer?
        do {
            // The only reference to `held` is in `holder`'s completion handler, which the runtime keeps.
            let held = runtime.makePlayer(program: Self.program)
            weakHeld = held
            holder.completion = { _ in _ = held.isPlaying }
        }
        #expect(weakHeld != nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            // Replacing the handler drops the last reference to `held` inside the runtime's lock.
            holder.completion = nil
            done.signal()
        }
        guard done.wait(timeout: .now() + 10) == .success else {
            Issue.record("the player's release waited for the engine's lock, which its own thread held: a deadlock")
            _ = Unmanaged.passRetained(holder)  // keeps the runtime, whose lock is held for good, from its deinit
            return
        }
        #expect(weakHeld == nil)
        _ = runtime.makePlayer(program: Self.program)
        #expect(runtime.playerStateCount == 2, "the released player's state left the table at the next pass")
        runtime.stop()
    }

    @Test func aPlayerMadeBeforeAResetKeepsItsSettingsButIsInvalid() throws {
        let runtime = Self.runtime()
        try runtime.start()
        let player = runtime.makePlayer(program: Self.program)
        player.loopEnabled = true
        runtime.reset()
        player.loopEnabled = false  // ignored: the player is from before the reset
        #expect(player.loopEnabled)
        try runtime.start()
        #expect(throws: EngineError.self) { try player.start(atTime: 0) }
        runtime.stop()
    }

    @Test func aHandleWhosePlayerLeftDoesNotReachThePlayerInItsSlotNow() {
        var table = PlayerTable()
        let gone = table.insert(PlayerState(program: Self.program, epoch: 0, openingOnset: nil))
        table[gone] = nil
        let next = table.insert(PlayerState(program: Self.program, epoch: 1, openingOnset: nil))
        #expect(next.slot == gone.slot, "the freed slot serves the next player")
        #expect(table[gone] == nil, "the old handle finds nothing")
        table[gone] = PlayerState(program: Self.program, epoch: 2, openingOnset: nil)  // ignored
        #expect(table[next]?.epoch == 1)
        #expect(table.count == 1)
    }

    @Test func playersBeyondTheFirst64SlotsLeaveTheTableToo() throws {
        let runtime = Self.runtime()
        try runtime.start()
        var players = (0..<100).map { _ in runtime.makePlayer(program: Self.program) }
        players[70].loopEnabled = true
        #expect(runtime.playerStateCount == 100)
        players.removeAll()
        let kept = runtime.makePlayer(program: Self.program)
        #expect(runtime.playerStateCount == 1, "released players in every slot left the table")
        #expect(!kept.loopEnabled, "a reused slot starts from a fresh state")
        runtime.stop()
    }

    @Test func aReleasedPausedPlayersRunIsDiscardedSoTheEngineCanFinishAndIdleOut() throws {
        // The app lets go of a paused player. Nobody can resume it; its run used to stay paused for good, so
        // notifyWhenPlayersFinished never answered and an auto-shutdown engine never idled out.
        let runtime = Self.runtime()
        runtime.isAutoShutdownEnabled = true
        runtime.idleTimeout = 0.5
        let stopped = StopLog()
        runtime.stoppedHandler = { stopped.record($0) }
        try runtime.start()
        do {
            let player = runtime.makePlayer(program: Self.program)
            try player.start(atTime: 0)
            runtime.advance(bySeconds: 0.1)
            try player.pause(atTime: 0)
        }  // released while paused
        runtime.advance(bySeconds: 0.1)
        #expect(runtime.activeRunCount == 0, "the released paused run was discarded")
        let answered = Answered()
        runtime.notifyWhenPlayersFinished { _ in
            answered.mark()
            return false
        }
        #expect(answered.value, "nothing plays any more")
        runtime.advance(bySeconds: 0.6)
        #expect(stopped.reasons == [.idleTimeout])
    }
}

/// Whether a handler was called.
final class Answered: Sendable {
    private let flag = LockedState(false)
    func mark() { flag.withLock { $0 = true } }
    var value: Bool { flag.withLock { $0 } }
}
