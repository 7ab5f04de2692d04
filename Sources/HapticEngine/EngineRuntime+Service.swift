import Dispatch
import HapticDevices
import HapticRender
import HapticSystem

// The runtime's locked internals: session start and stop, run ends, the mixer's notifications and the service that
// collects them, device faults and the idle timeout. Every *Locked function runs inside `state.withLock`.
extension EngineRuntime {
    /// Lets go of stopped sessions (``retire()``), then runs `callbacks` where this engine delivers them. Called
    /// after every locked section, never inside one.
    func deliver(_ callbacks: [Callback]) {
        retire()
        guard !callbacks.isEmpty else { return }
        switch clockMode {
        case .manual:
            for callback in callbacks { callback() }
        case .realTime:
            callbackQueue.async { for callback in callbacks { callback() } }
        }
    }

    func engineFrameLocked(_ s: State) -> Int {
        if let session = s.session { return session.baseFrame + session.mixer.currentFrame }
        return s.manualFrame
    }

    func nowLocked(_ s: State) -> Double {
        switch clockMode {
        case .realTime: return MonotonicClock.now()
        case .manual: return Double(engineFrameLocked(s)) / sampleRate
        }
    }

    func startLocked(_ s: inout State) throws(EngineError) {
        if s.session != nil { return }
        if let explanation = s.endedForGood { throw EngineError(.deviceUnavailable, explanation) }
        let device = s.device
        let mixer = Mixer(configuration: configuration.mixerConfiguration, profile: device.info.profile)
        // Real time: the render thread wakes the service when a block leaves something to collect.
        let signal = clockMode == .realTime ? WakeSignal.available() : nil
        let context = RenderContext(
            mixer: mixer, route: route, blockFrames: configuration.blockFrames, sampleRate: configuration.sampleRate,
            playsHaptics: !s.playsAudioOnly, playsAudio: !s.playsHapticsOnly, serviceSignal: signal)
        context.mutedForHaptics.store(s.isMutedForHaptics, ordering: .relaxed)
        context.mutedForAudio.store(s.isMutedForAudio, ordering: .relaxed)
        switch clockMode {
        case .realTime: context.anchor.store(frame: 0, time: MonotonicClock.now() + context.blockDuration)
        case .manual: context.afterBlock = { [weak self] in self?.service() }
        }
        // The device's output, shared with every other engine on the device: made and started on the first attach.
        let output = try DeviceOutput.attach(
            context, device: device, sampleRate: configuration.sampleRate, blockFrames: configuration.blockFrames,
            clockMode: clockMode)
        let session = EngineSession(control: MixerControl(mixer: mixer), context: context, output: output, baseFrame: s.manualFrame)
        if clockMode == .realTime {
            if let signal {
                session.serviceSource = signal.makeReadSource(queue: serviceQueue) { [weak self] in
                    self?.serviceWakes.add(1, ordering: .relaxed)
                    self?.service()
                }
            }
            let timer = DispatchSource.makeTimerSource(queue: serviceQueue)
            let interval = DispatchTimeInterval.nanoseconds(Int(configuration.serviceInterval * 1e9))
            timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .microseconds(500))
            session.serviceIsFast = true
            timer.setEventHandler { [weak self] in self?.service() }
            timer.resume()
            session.timer = timer
            paceServiceLocked(session)
        }
        s.session = session
        s.idleSince = nowLocked(s)
        logger.debug(
            "engine started: \(device.info.name), \(Int(configuration.sampleRate)) Hz in \(configuration.blockFrames)-frame blocks, \(clockMode == .realTime ? "real time" : "manual clock")",
            metadata: ["device": "\(device.info.id)"])
    }

    /// Ends the session: runs (completions get `error`), pending finished handlers. The session then waits in
    /// ``State/retiring`` until ``retire()``, outside the lock, detaches it from the device's output (which stops
    /// the device when it was the last engine there): its programs stay alive until the render thread has let go.
    func stopSessionLocked(_ s: inout State, error: EngineError?, into out: inout [Callback]) {
        guard let session = s.session else { return }
        session.timer?.cancel()
        session.serviceSource?.cancel()
        drainLocked(session, &s, into: &out, firingFinishedHandlers: false)
        let cutShort = !session.runs.isEmpty
        for (handle, run) in session.runs { endRunLocked(run, handle: handle, error: error, &s, into: &out) }
        session.runs.removeAll()
        s.manualFrame = session.baseFrame + session.mixer.currentFrame
        s.session = nil
        s.retiring.append(session)
        // Nothing of this engine sounds once it is detached (``deliver(_:)`` retires it before any callback runs).
        for handler in session.context.silence.takeAll() { out.append { handler(true) } }
        // Players still playing were cut short: their finished handlers hear so. With none playing, every player
        // has finished, which is what the handlers wait for (registered before a start nothing followed).
        answerFinishedHandlersLocked(
            &s, error: cutShort ? EngineError(.engineNotRunning, "the engine stopped before the players finished") : nil, into: &out)
    }

    /// Answers every pending finished handler at once with `error`; their answers are ignored (nothing plays that a
    /// `.stopEngine` could stop). For an engine that stops, ends or goes away while handlers wait.
    func answerFinishedHandlersLocked(_ s: inout State, error: EngineError?, into out: inout [Callback]) {
        let handlers = s.finishedHandlers
        s.finishedHandlers = []
        s.finishedHandlersWaitForARun = false
        for handler in handlers { out.append { _ = handler(error) } }
    }

    func externalStopLocked(_ reason: EngineStopReason, _ s: inout State, into out: inout [Callback]) {
        if let session = s.session {
            logDiagnosticsLocked(session, now: .infinity)
            let device = "\(s.device.info.id)"
            switch reason {
            case .gameControllerDisconnect: logger.warning("the output was removed; the engine stopped", metadata: ["device": "\(device)"])
            case .systemError: logger.error("the output failed; the engine stopped", metadata: ["device": "\(device)"])
            case .idleTimeout: logger.debug("the engine stopped after \(s.idleTimeout) s without players")
            default: logger.debug("the engine stopped (\(reason))")
            }
        }
        let error: EngineError? =
            switch reason {
            case .gameControllerDisconnect, .systemError: EngineError(.deviceFailed, "the output device stopped working")
            case .notifyWhenFinished, .idleTimeout: nil
            default: EngineError(.engineNotRunning, "the engine was stopped (\(reason))")
            }
        stopSessionLocked(&s, error: error, into: &out)
        if let handler = s.stoppedHandler { out.append { handler(reason) } }
        // Hot-plug: once the app heard of the removal, wait for the same device to come back.
        if reason == .gameControllerDisconnect, s.returnWatcher != nil { out.append { [weak self] in self?.watchForDeviceReturn() } }
    }

    func endRunLocked(_ run: PlayerRun, handle: PlayerHandle, error: EngineError?, _ s: inout State, into out: inout [Callback]) {
        if let player = s.players[run.player] {
            guard player.run == handle else { return }  // replaced by a restart: not the player's end
            s.players[run.player]?.run = nil
            s.players[run.player]?.isPaused = false
        }
        if let completion = run.completion(in: s.players) { out.append { completion(error) } }
    }

    func fireFinishedHandlersLocked(_ s: inout State, into out: inout [Callback]) {
        let handlers = s.finishedHandlers
        s.finishedHandlers = []
        s.finishedHandlersWaitForARun = false
        for handler in handlers {
            out.append { [weak self] in
                if handler(nil) { self?.stopAfterFinishedHandler() }
            }
        }
    }

    private func stopAfterFinishedHandler() {
        var out: [Callback] = []
        state.withLock { s in
            guard s.session != nil else { return }
            externalStopLocked(.notifyWhenFinished, &s, into: &out)
        }
        deliver(out)
    }

    /// Collects the mixer's notifications: the session's mixer control takes back the programs and curves; finished
    /// runs end (a player the app let go of is forgotten first, so its run ends with the completion it started with)
    /// and their slots are freed.
    func drainLocked(_ session: EngineSession, _ s: inout State, into out: inout [Callback], firingFinishedHandlers: Bool) {
        purgeReleasedPlayersLocked(&s)
        var notes: [MixerNotification] = []
        session.control.collect { notes.append($0) }
        for note in notes {
            switch note {
            case .programReleased, .curveReleased:
                break  // taken back by the control
            case .voicesDropped(_, let count):
                session.droppedVoiceEvents += count
            case .playerFinished(let handle, let frame, _):
                guard let run = session.runs.removeValue(forKey: handle) else { continue }
                if run.isStolen { session.stolenRunsFading -= 1 }
                session.control.freePlayer(handle)
                if let replacedAt = run.replacedAtFrame {
                    // A restart replaced this run. It is a run of its own that ended (one completion) only if it
                    // ended before the restart's stop could end it: the restart then found a finished player whose
                    // end the service had not collected yet, which is a fresh start, not a restart.
                    if frame < replacedAt, let completion = run.completion(in: s.players) {
                        out.append { completion(nil) }
                    }
                } else {
                    endRunLocked(run, handle: handle, error: nil, &s, into: &out)
                }
                if session.runs.isEmpty {
                    s.idleSince = nowLocked(s)
                    if run.isDiscarded {
                        // Abandoned, not finished: handlers registered while it waited paused wait for a run that
                        // finishes (an answer now would reach the app after it moved on; Core Haptics gives none).
                        s.finishedHandlersWaitForARun = !s.finishedHandlers.isEmpty
                    } else if firingFinishedHandlers {
                        fireFinishedHandlersLocked(&s, into: &out)
                    }
                }
            }
        }
    }

    func serviceLocked(_ session: EngineSession, _ s: inout State, into out: inout [Callback]) {
        drainLocked(session, &s, into: &out, firingFinishedHandlers: true)
        // Handlers registered before the engine started, when no player started with it: nothing is playing, so
        // every player has finished. (A player started right after the engine is in `runs` before the first pass.)
        if session.runs.isEmpty && !s.finishedHandlers.isEmpty && !s.finishedHandlersWaitForARun {
            fireFinishedHandlersLocked(&s, into: &out)
        }
        resendRefusedLocked(session, s)
        out += serviceSilence(session, now: nowLocked(s))
        paceServiceLocked(session)
        logDiagnosticsLocked(session, now: nowLocked(s))
        switch session.context.fault.load(ordering: .acquiring) {
        case .removed:
            externalStopLocked(.gameControllerDisconnect, &s, into: &out)
            return
        case .failed:
            externalStopLocked(.systemError, &s, into: &out)
            return
        case .none:
            break
        }
        if s.isAutoShutdownEnabled && session.runs.isEmpty && nowLocked(s) - s.idleSince >= s.idleTimeout {
            externalStopLocked(.idleTimeout, &s, into: &out)
        }
    }

    /// Returns once the work already queued on the service queue, then on the callback queue, has run (and released
    /// what its closures held): for a teardown that counts live objects afterwards. Never call it from either queue.
    package func waitForQueuedWork() {
        serviceQueue.sync {}
        callbackQueue.sync {}
    }

    func service() {
        serviceRuns.add(1, ordering: .relaxed)
        var out: [Callback] = []
        state.withLock { s in
            guard let session = s.session else { return }
            serviceLocked(session, &s, into: &out)
        }
        deliver(out)
    }
}
