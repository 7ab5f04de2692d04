import Dispatch
import HapticDevices

// "Tell me when the output is silent": a command-line tool, the studio or a test that must close the device only
// after what it played has been heard asks the engine, instead of sleeping a guessed settle time.
extension EngineRuntime {
    /// Calls `handler` once everything sent to this engine so far has been played and heard, and its part of the
    /// output is silent; or once `timeout` seconds have passed first.
    ///
    /// "Heard" means: the mixer has rendered its last sounding frame (every player started before this call has
    /// finished or faded out, nothing is scheduled, no motor burst is held), the device has taken a silent block after
    /// it, and the device's own latency (`HapticDevice.reportedLatency`, e.g. an ALSA buffer) has
    /// passed since. The render thread publishes that through atomics and wakes the engine's service when a request
    /// can be answered; nothing polls.
    ///
    ///     try player.start(atTime: 0)
    ///     engine.notifyWhenOutputSilent(timeout: 5) { heard in … }   // then stop the engine, close the device
    ///
    /// The handler runs where the engine delivers callbacks (the callback queue in real time; the thread that calls
    /// ``advance(frames:)`` on a manual clock). It gets `true` when the output is silent — at once (within a block)
    /// on an idle engine, and also when the engine is not running or stops meanwhile (nothing of it sounds then) —
    /// and `false` when the timeout came first. On a manual clock the timeout is engine time: it passes only as the
    /// clock is advanced; a silence there is heard when it is rendered.
    ///
    /// Only this engine's part is watched: other engines sharing the device (`DeviceOutput`) may still sound.
    ///
    /// - Parameters:
    ///   - timeout: seconds, ≥ 0 (`.infinity`: no limit).
    ///   - handler: called once.
    /// - Thread safety: any thread. Real-time safety: none (it locks); never call it from the render thread.
    public func notifyWhenOutputSilent(timeout: Double, _ handler: @escaping @Sendable (Bool) -> Void) {
        precondition(timeout >= 0, "EngineRuntime.notifyWhenOutputSilent: the timeout must be ≥ 0 seconds (got \(timeout))")
        // Registered under the engine's lock, so a stop either finds the request (and answers it) or comes first; the
        // render thread is woken and the answers due (a zero timeout) are collected after the lock is released.
        apply { machine, actions in machine.requestSilenceNotice(timeout: timeout, handler, into: &actions) }
    }

    /// ``notifyWhenOutputSilent(timeout:_:)`` as an `async` function: returns `true` when the output is silent,
    /// `false` when `timeout` seconds passed first.
    public func outputSilence(timeout: Double) async -> Bool {
        await withCheckedContinuation { continuation in
            notifyWhenOutputSilent(timeout: timeout) { continuation.resume(returning: $0) }
        }
    }
}
