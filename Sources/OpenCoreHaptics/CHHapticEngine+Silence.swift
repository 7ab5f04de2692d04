import Foundation
import HapticEngine
import Synchronization

// Not Core Haptics API: an app keeps running, so it never needs to know when the last sample was heard; a tool that
// closes the device (the `haptic` CLI, the studio, the device checks) does, and asks instead of sleeping.
extension CHHapticEngine {
    /// Calls `handler` once everything sent to this engine so far has been played and heard and its output is
    /// silent (`true`), or once `timeout` seconds have passed first (`false`).
    ///
    /// The render thread knows when the mixer rendered its last sounding frame and when the device took the silent
    /// block after it; the engine adds the device's own reported latency and answers then, without polling. An idle
    /// or stopped engine answers at once (`true`). See `EngineRuntime.notifyWhenOutputSilent(timeout:_:)`.
    ///
    ///     try player.start(atTime: CHHapticTimeImmediate)
    ///     engine.notifyWhenOutputSilent(timeout: 5) { _ in engine.stop() }
    ///
    /// - Parameters:
    ///   - timeout: seconds, ≥ 0.
    ///   - handler: called once, on the engine's callback queue.
    package func notifyWhenOutputSilent(timeout: TimeInterval, _ handler: @escaping @Sendable (Bool) -> Void) {
        runtime.notifyWhenOutputSilent(timeout: timeout, handler)
    }

    /// Blocks the calling thread until ``notifyWhenOutputSilent(timeout:_:)`` answers; returns its answer. Never call
    /// it from a callback of this engine (they run on the queue that would answer).
    package func waitUntilOutputSilent(timeout: TimeInterval) -> Bool {
        final class Answer: Sendable {
            let heard = Atomic<Bool>(false)
            let given = DispatchSemaphore(value: 0)
        }
        let answer = Answer()
        runtime.notifyWhenOutputSilent(timeout: timeout) { silent in
            answer.heard.store(silent, ordering: .releasing)
            answer.given.signal()
        }
        answer.given.wait()
        return answer.heard.load(ordering: .acquiring)
    }

    /// ``notifyWhenOutputSilent(timeout:_:)`` as an `async` function.
    package func outputSilence(timeout: TimeInterval) async -> Bool {
        await runtime.outputSilence(timeout: timeout)
    }
}
