import HapticDevices
import HapticRender

// The service's transitions: the mixer's notifications collected, runs ended, finished handlers answered, refused
// commands sent again, device faults and the idle timeout noticed; and a silence request entered.
extension EngineStateMachine {
    /// One service pass for the session `link` (nothing when another session, or none, runs now: a timer or a wake
    /// of a session that ended or was never entered): collects the mixer's notifications, answers the finished
    /// handlers when nothing plays, sends again what a full queue refused, asks for the silence requests and the
    /// diagnostics to be looked at (outside the lock), and stops the engine on a device fault or the idle timeout.
    mutating func service(of link: EngineSession, into actions: inout EngineActions) {
        guard session?.link === link else { return }
        drain(firingFinishedHandlers: true, into: &actions)
        // Handlers registered before the engine started, when no player started with it: nothing is playing, so
        // every player has finished. (A player started right after the engine is in `runs` before the first pass.)
        if session!.runs.isEmpty && !finishedHandlers.isEmpty && !finishedHandlersWaitForARun { fireFinishedHandlers(into: &actions) }
        resendRefused(into: &actions)
        let now = self.now
        actions.append(.collectSilence(link, now: now))
        pace(into: &actions)
        if now - session!.lastDiagnosticsTime >= 1 {
            // Looked at once a second (outside the lock; it logs only what changed).
            session!.lastDiagnosticsTime = now
            actions.append(.reportDiagnostics(link, diagnosticsCounts()))
        }
        switch link.context.fault.load(ordering: .acquiring) {
        case .removed:
            externalStop(.gameControllerDisconnect, into: &actions)
            return
        case .failed:
            externalStop(.systemError, into: &actions)
            return
        case .none:
            break
        }
        if isAutoShutdownEnabled && session!.runs.isEmpty && now - idleSince >= idleTimeout { externalStop(.idleTimeout, into: &actions) }
    }

    /// Collects the mixer's notifications: the session's mixer control takes back the programs and curves; finished
    /// runs end (a player the app let go of is forgotten first, so its run ends with the completion it started with)
    /// and their slots are freed. When the last run ends, the finished handlers are answered (`firingFinishedHandlers`)
    /// — unless that run was abandoned paused: they then wait for a run that finishes.
    mutating func drain(firingFinishedHandlers: Bool, into actions: inout EngineActions) {
        guard let control = session?.control else { return }
        purgeReleasedPlayers(into: &actions)
        control.collect { note in
            switch note {
            case .programReleased, .curveReleased:
                break  // taken back by the control
            case .voicesDropped(_, let count):
                session!.droppedVoiceEvents += count
            case .playerFinished(let handle, let frame, _):
                runFinished(handle, atFrame: frame, control, firingFinishedHandlers: firingFinishedHandlers, into: &actions)
            }
        }
    }

    private mutating func runFinished(
        _ handle: PlayerHandle, atFrame frame: Int, _ control: MixerControl, firingFinishedHandlers: Bool, into actions: inout EngineActions
    ) {
        guard let run = session!.runs.removeValue(forKey: handle) else { return }
        if run.isStolen { session!.stolenRunsFading -= 1 }
        if !session!.settingsToResend.isEmpty { session!.settingsToResend.remove(handle) }
        if !session!.cancelsToResend.isEmpty { session!.cancelsToResend.remove(handle) }
        control.freePlayer(handle)
        if let replacedAt = run.replacedAtFrame {
            // A restart replaced this run. It is a run of its own that ended (one completion) only if it ended before
            // the restart's stop could end it: the restart then found a finished player whose end the service had not
            // collected yet, which is a fresh start, not a restart.
            if frame < replacedAt, let completion = run.completion(in: players) { actions.append(.complete(completion, nil)) }
        } else {
            endRun(run, handle: handle, error: nil, into: &actions)
        }
        guard session!.runs.isEmpty else { return }
        idleSince = now
        if run.isDiscarded {
            holdFinishedHandlersForARun()
        } else if firingFinishedHandlers {
            fireFinishedHandlers(into: &actions)
        }
    }

    /// A run ended: its player (if it is still the run's player, not replaced by a restart) no longer plays, and the
    /// run's completion is called with `error`.
    mutating func endRun(_ run: PlayerRun, handle: PlayerHandle, error: EngineError?, into actions: inout EngineActions) {
        if let player = players[run.player] {
            guard player.run == handle else { return }  // replaced by a restart: not the player's end
            players[run.player]?.run = nil
            players[run.player]?.isPaused = false
        }
        if let completion = run.completion(in: players) { actions.append(.complete(completion, error)) }
    }

    /// Sends again what a full command queue refused: settings (``send(settingsOf:into:)``), replaced runs' stops and
    /// released paused runs' cancels.
    mutating func resendRefused(into actions: inout EngineActions) {
        for run in session!.settingsToResend { send(settingsOf: run, into: &actions) }
        for (run, frame) in session!.stopsToResend where session!.runs[run] != nil {
            guard enqueue(.stop(run, atFrame: Swift.max(frame, session!.mixer.currentFrame)), into: &actions) else { return }
            session!.runs[run]?.replacedAtFrame = frame
            session!.stopsToResend[run] = nil
        }
        if !session!.stopsToResend.isEmpty { session!.stopsToResend = session!.stopsToResend.filter { session!.runs[$0.key] != nil } }
        for run in session!.cancelsToResend {
            guard session!.runs[run] != nil else {
                session!.cancelsToResend.remove(run)
                continue
            }
            guard enqueue(.cancel(run), into: &actions) else { return }
            session!.cancelsToResend.remove(run)
        }
    }

    /// ``EngineRuntime/notifyWhenOutputSilent(timeout:_:)``: answered `true` at once when the engine is not running (or,
    /// on a manual clock, its mixer is idle with nothing queued); else registered — under the lock, so a stop either
    /// finds it (and answers it) or came first — and the render thread is woken (an idle one may be pausing) so the
    /// silence is confirmed within a block. The shell then collects the answers that are due (a zero timeout) and
    /// schedules the service for the deadline.
    mutating func requestSilenceNotice(timeout: Double, _ handler: @escaping @Sendable (Bool) -> Void, into actions: inout EngineActions) {
        guard let link = session?.link else {
            actions.append(.answerSilence(handler, true))
            return
        }
        // A manual clock renders only inside `advance`: between two calls, an idle mixer with nothing queued is silent
        // now. (The output's render lock, taken here, is never held by anyone who takes the engine's lock.)
        if clockMode == .manual, link.output.isIdleNow(link.context) {
            actions.append(.answerSilence(handler, true))
            return
        }
        let now = self.now
        link.context.silence.add(deadline: now + timeout, handler: handler)
        pace(into: &actions)
        actions.wake = link.output
        actions.append(.collectSilence(link, now: now))
    }
}
