import Dispatch
import HapticDevices
import HapticSystem
import Logging

// The shell around the state machine: lock, apply a transition, unlock, perform what it returned.
extension EngineRuntime {
    /// Applies `transition` to the state machine under the engine's lock, then — the lock released — performs the
    /// actions it appended, also when it threw (a hint issued before the throw is delivered, in its order).
    func apply<Result, Failure: Error>(
        _ transition: (inout EngineStateMachine, inout EngineActions) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var actions = EngineActions()
        defer { perform(&actions) }
        return try state.withLock { (machine: inout EngineStateMachine) throws(Failure) -> Result in try transition(&machine, &actions) }
    }

    /// Performs a transition's actions, outside the engine's lock, in the order ``EngineActions`` describes: the device
    /// hints, the render thread's wake, the other effects (a session's detach among them), then the app's handlers —
    /// on the calling thread on a manual clock, on the callback queue in real time (or always there:
    /// `callbacksOnQueue`, for a `deinit`).
    ///
    /// An empty list (most player calls: one wake, no handler) costs a test and returns; nothing here allocates unless
    /// a handler is to be called in real time (one block for the callback queue).
    func perform(_ actions: inout EngineActions, callbacksOnQueue: Bool = false) {
        guard !actions.isEmpty else { return }
        for action in actions {
            if case .hint(let hints, let hint, let sequence) = action { hints.deliver(hint, sequence: sequence) }
        }
        actions.wake?.wakeForCommand()
        var answers: [SilenceWatch.Answer] = []
        for action in actions {
            switch action {
            case .paceService(let session, let fast, let sequence):
                session.pace(
                    fast: fast, sequence: sequence, interval: fast ? configuration.serviceInterval : configuration.idleServiceInterval)
            case .endService(let session):
                session.endService()
            case .detach(let session):
                session.output.detach(session.context)
            case .collectSilence(let session, let now):
                answers += collectSilence(session, now: now)
            case .reportDiagnostics(let session, let counts):
                session.reportDiagnostics(counts, configuration: configuration, logger: logger)
            case .log(let event):
                log(event)
            case .cancelReturnWatch(let watch):
                watch.cancel()
            case .hint, .complete, .answerFinished, .notifyStopped, .notifyReset, .answerSilence, .watchForDeviceReturn:
                break
            }
        }
        guard actions.hasCallbacks || !answers.isEmpty else { return }
        if clockMode == .manual && !callbacksOnQueue {
            for action in actions where action.isCallback { Self.call(action, on: self) }
            for answer in answers { answer.handler(answer.silent) }
            return
        }
        var list: [EngineAction] = []
        list.reserveCapacity(actions.count + answers.count)
        for action in actions where action.isCallback { list.append(action) }
        for answer in answers { list.append(.answerSilence(answer.handler, answer.silent)) }
        let callbacks = list
        guard !callbacksOnQueue else {
            // A destroy (maybe in deinit, where no weak reference to the runtime can be formed): its handlers need none.
            callbackQueue.async { for callback in callbacks { Self.call(callback, on: nil) } }
            return
        }
        callbackQueue.async { [weak self] in
            for callback in callbacks { Self.call(callback, on: self) }
        }
    }

    /// Calls one of the app's handlers (or starts the watch for a removed device, in order with them).
    private static func call(_ action: EngineAction, on runtime: EngineRuntime?) {
        switch action {
        case .complete(let completion, let error):
            completion(error)
        case .answerFinished(let handler, let error, let mayStopEngine):
            if handler(error) && mayStopEngine { runtime?.simulateExternalStop(.notifyWhenFinished) }
        case .notifyStopped(let handler, let reason):
            handler(reason)
        case .notifyReset(let handler):
            handler()
        case .answerSilence(let handler, let silent):
            handler(silent)
        case .watchForDeviceReturn:
            runtime?.watchForDeviceReturn()
        case .hint, .paceService, .endService, .detach, .collectSilence, .reportDiagnostics, .log, .cancelReturnWatch:
            break
        }
    }

    /// Runs `callbacks` where this engine delivers them: on the calling thread on a manual clock, on the callback
    /// queue in real time.
    func deliver(_ callbacks: [Callback]) {
        guard !callbacks.isEmpty else { return }
        switch clockMode {
        case .manual:
            for callback in callbacks { callback() }
        case .realTime:
            callbackQueue.async { for callback in callbacks { callback() } }
        }
    }

    /// One service pass for `session` (see ``EngineStateMachine/service(of:into:)``).
    func service(_ session: EngineSession) {
        serviceRuns.add(1, ordering: .relaxed)
        apply { machine, actions in machine.service(of: session, into: &actions) }
    }

    /// Returns once the work already queued on the service queue, then on the callback queue, has run (and released
    /// what its closures held): for a teardown that counts live objects afterwards. Never call it from either queue.
    package func waitForQueuedWork() {
        serviceQueue.sync {}
        callbackQueue.sync {}
    }

    /// The silence requests of `session` answered at `now` (the engine's clock when the transition ran), after reading
    /// the device's reported latency; schedules the service for the next heard-at time or deadline (real time: one
    /// service run then, a time the clock decides, not a poll).
    private func collectSilence(_ session: EngineSession, now: Double) -> [SilenceWatch.Answer] {
        let latency = clockMode == .realTime ? session.output.device.reportedLatency ?? 0 : 0
        let (answers, lookAgain) = session.context.silence.collect(
            now: now, latency: latency.isFinite ? Swift.max(latency, 0) : 0, realTime: clockMode == .realTime)
        if let lookAgain, clockMode == .realTime {
            // 1 ms late, so the time has come.
            let delay = Swift.min(Swift.max(lookAgain - now, 0), 86_400) + 0.001
            serviceQueue.asyncAfter(deadline: .now() + .nanoseconds(Int(delay * 1e9))) { [weak self, weak session] in
                if let self, let session { self.service(session) }
            }
        }
        return answers
    }

    /// Words and logs `event` (the message is built only when its level is logged).
    private func log(_ event: EngineLogEvent) {
        switch event {
        case .started(let device):
            logger.debug(
                "engine started: \(device.name), \(Int(configuration.sampleRate)) Hz in \(configuration.blockFrames)-frame blocks, \(clockMode == .realTime ? "real time" : "manual clock")",
                metadata: ["device": "\(device.id)"])
        case .stopped(let reason, let device, let idleTimeout, let code):
            switch reason {
            case .gameControllerDisconnect:
                logger.warning("the output was removed; the engine stopped", metadata: ["device": "\(device.id)"])
            case .systemError:
                // The write's errno says why (EIO: the device went; EINVAL: an effect it refused; ENOSPC: no slot).
                let why = code == 0 ? "" : " (\(Posix.describe(errno: code)), errno \(code))"
                logger.error("the output failed\(why); the engine stopped", metadata: ["device": "\(device.id)"])
            case .idleTimeout: logger.debug("the engine stopped after \(idleTimeout) s without players")
            default: logger.debug("the engine stopped (\(reason))")
            }
        case .reset(let device):
            logger.notice("the engine was reset; output: \(device.name)", metadata: ["device": "\(device.id)"])
        }
    }
}
