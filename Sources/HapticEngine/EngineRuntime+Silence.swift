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
        // Registered under the engine's lock, so a stop either finds the request (and answers it) or comes first.
        let waiting = state.withLock { s -> (session: EngineSession, now: Double)? in
            guard let session = s.session else { return nil }
            // A manual clock renders only inside `advance`: between two calls, an idle mixer with nothing queued is
            // silent now.
            if clockMode == .manual, session.output.isIdleNow(session.context) { return nil }
            let now = nowLocked(s)
            session.context.silence.add(deadline: now + timeout, handler: handler)
            paceServiceLocked(session)
            return (session, now)
        }
        guard let (session, now) = waiting else {
            deliver { handler(true) }
            return
        }
        // An idle output's render thread may be pausing: wake it, so the silence is confirmed within a block.
        session.output.wakeForCommand()
        // Schedules the service for the deadline (and answers a zero timeout).
        deliver(serviceSilence(session, now: now))
    }

    /// ``notifyWhenOutputSilent(timeout:_:)`` as an `async` function: returns `true` when the output is silent,
    /// `false` when `timeout` seconds passed first.
    public func outputSilence(timeout: Double) async -> Bool {
        await withCheckedContinuation { continuation in
            notifyWhenOutputSilent(timeout: timeout) { continuation.resume(returning: $0) }
        }
    }

    /// The service's part: answers the silence requests that are due and schedules the next look (real time: one
    /// service run at the earliest heard-at time or deadline). Returns the answers, to run where callbacks run.
    /// Takes the watch's own lock (with or without the engine's).
    func serviceSilence(_ session: EngineSession, now: Double) -> [Callback] {
        let latency = clockMode == .realTime ? session.output.device.reportedLatency ?? 0 : 0
        let (answers, lookAgain) = session.context.silence.collect(
            now: now, latency: latency.isFinite ? Swift.max(latency, 0) : 0, realTime: clockMode == .realTime)
        if let lookAgain, clockMode == .realTime {
            // A time the clock decides, not a poll: the service runs once then (1 ms late, so the time has come).
            let delay = Swift.min(Swift.max(lookAgain - now, 0), 86_400) + 0.001
            serviceQueue.asyncAfter(deadline: .now() + .nanoseconds(Int(delay * 1e9))) { [weak self] in self?.service() }
        }
        guard !answers.isEmpty else { return [] }
        return [{ for answer in answers { answer() } }]
    }
}
