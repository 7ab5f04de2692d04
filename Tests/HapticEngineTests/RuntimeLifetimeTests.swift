import HapticDevices
import HapticPattern
import HapticRender
import HapticSystem
import Testing

@testable import HapticEngine

/// A runtime the app lets go of is freed, even with a looping player: runs name their players by handle, so
/// runtime → session → run → player → runtime is not a cycle.
@Suite struct RuntimeLifetimeTests {
    static let program = try! PatternProgram(
        pattern: Pattern(events: [
            Event(type: .hapticContinuous, time: 0, duration: 0.5, parameters: [EventParameter(.hapticIntensity, 1)])
        ]))

    @Test func aDroppedRuntimeWithALoopingPlayerIsFreedAndLeavesTheDeviceSilent() throws {
        let device = RecordingDevice(capacityFrames: 48_000)
        weak var weakRuntime: EngineRuntime?
        weak var weakPlayer: EnginePlayer?
        let stopped = StopLog()
        do {
            let runtime = EngineRuntime(
                device: device, configuration: EngineConfiguration(sampleRate: 8_000, blockFrames: 64), clock: .manual)
            runtime.stoppedHandler = { reason in stopped.record(reason) }
            try runtime.start()
            let player = runtime.makePlayer(program: Self.program)
            player.loopEnabled = true
            try player.start(atTime: 0)
            runtime.advance(bySeconds: 1.2)  // a looping run: it never ends on its own
            #expect(player.isPlaying)
            weakRuntime = runtime
            weakPlayer = player
        }
        #expect(weakRuntime == nil, "the runtime was freed")
        #expect(weakPlayer == nil, "the player was freed")
        // The stopped handler runs on the callback queue (the runtime is being destroyed, so not on this thread).
        let deadline = MonotonicClock.now() + 2
        while stopped.reasons.isEmpty && MonotonicClock.now() < deadline { MonotonicClock.sleep(until: MonotonicClock.now() + 0.001) }
        #expect(stopped.reasons == [.engineDestroyed])
        #expect(DeviceOutput.current(for: device) == nil, "the device's output was stopped and forgotten")
    }

    @Test func aFireAndForgetPlayerStillGetsItsCompletion() throws {
        let runtime = EngineRuntime(
            device: RecordingDevice(capacityFrames: 48_000), configuration: EngineConfiguration(sampleRate: 8_000, blockFrames: 64),
            clock: .manual)
        try runtime.start()
        let done = StopLog()
        weak var weakPlayer: EnginePlayer?
        do {
            let player = runtime.makePlayer(program: Self.program)
            player.completion = { _ in done.record(.notifyWhenFinished) }
            try player.start(atTime: 0)
            weakPlayer = player
        }
        #expect(weakPlayer == nil, "the app let go of the player")
        runtime.advance(bySeconds: 0.7)
        #expect(done.reasons.count == 1, "its run played out and called the handler it had at the start")
        runtime.stop()
    }
}

/// A thread-safe list of reasons (handlers run on the calling thread on a manual clock).
final class StopLog: @unchecked Sendable {
    private let lock = LockedState<[EngineStopReason]>([])
    func record(_ reason: EngineStopReason) { lock.withLock { $0.append(reason) } }
    var reasons: [EngineStopReason] { lock.withLock { $0 } }
}
