import HapticDevices
import HapticRender
import HapticSystem

/// The engine's control plane as one value: its device, its session (runs, what to send again, counters), its
/// players, its handlers and settings. Each control call is a *transition*: a mutating method that changes this state,
/// may enqueue mixer commands, and appends to an ``EngineActions`` what must happen next — tell the device a hint,
/// wake the render thread, call a handler, let an output go, pace the service. ``EngineRuntime`` is the shell: it
/// locks, applies a transition, unlocks, then performs the actions (model: swift-nio's `NIOAsyncWriter.StateMachine`).
///
///     var actions = EngineActions()
///     try state.withLock { machine in try machine.startPlayer(key, at: 0, into: &actions) }
///     perform(actions)                     // the onset hint, the wake, any handler — outside the lock
///
/// **What stays under the lock.** Only this value and the mixer's command queue, whose single producer the lock
/// makes of control calls (an enqueue is a store into a ring, not I/O). No device is called (not even for its
/// `info`, cached in ``deviceInfo``), no system call that can wait is made, no app code runs: no handler, no log
/// back-end. Two device-side calls are left: an onset-anticipating device's `prepareScale` (an intensity scale recorded
/// before its command is queued, with no system call: ``DeviceHints/prepare(_:)``), and ``DeviceOutput/isIdleNow(_:)``
/// for a silence request on a manual clock, our own code under the output's render lock, which no one holds while
/// taking this lock.
///
/// **What the lock used to order.** Hints are numbered here (``hintSequence``) and ``DeviceHints`` delivers them by
/// number, so two threads' hints reach the device in the lock's order even when they perform their actions in the
/// other. A start's onset is started before the render thread is woken for that start (the
/// order of ``EngineActions``). The service timer's pace carries a number too, and only the latest is applied.
///
/// **Tests.** Every transition can be replayed without threads: a manual clock, a recording device, the mixer
/// rendered by the test (`EngineStateMachineTests`).
struct EngineStateMachine: Sendable {
    // MARK: Fixed

    /// Rates, block size, pools, timeouts.
    let configuration: EngineConfiguration
    /// Real time or manual.
    let clockMode: EngineClockMode
    /// Which of the device's motor channels this engine drives.
    let route: MotorRoute
    /// Players whose objects are gone, waiting to leave ``players`` (filled without this state's lock).
    let released: ReleasedPlayers
    var sampleRate: Double { configuration.sampleRate }

    // MARK: Device

    /// The output device.
    private(set) var device: any HapticDevice
    /// ``device``'s description, read once when the device was given (outside the lock).
    private(set) var deviceInfo: DeviceInfo
    /// The line to ``device`` when it anticipates onsets (evdev), else `nil`.
    private(set) var hints: DeviceHints?
    /// The number of the latest device hint issued (see ``DeviceHints``).
    private(set) var hintSequence: UInt64 = 0
    /// The number of the latest service pace decided (see ``EngineSession/pace(fast:sequence:interval:)``).
    private(set) var paceSequence: UInt64 = 0

    // MARK: Session

    /// The running session, `nil` while stopped.
    var session: SessionState?
    /// Manual clock: engine frames elapsed while no session ran (and up to the last session's end).
    var manualFrame = 0
    /// The reset epoch: a player made in an earlier one is invalid.
    var epoch = 0
    /// Bumped by every transition a start in flight must not outlive (reset, end for good, destroy): such a start
    /// made its session for a device or an engine that is no longer there (``finishStart(_:_:into:)``).
    private(set) var generation = 0
    /// Set by ``endForGood(_:because:into:)``: the device is gone for good and the engine never starts again.
    private(set) var endedForGood: String?

    // MARK: Handlers and settings

    var stoppedHandler: (@Sendable (EngineStopReason) -> Void)?
    var resetHandler: (@Sendable () -> Void)?
    /// `notifyWhenPlayersFinished` handlers not answered yet.
    private(set) var finishedHandlers: [@Sendable (EngineError?) -> Bool] = []
    /// Set when the last run ended because its paused player was discarded (``EnginePlayer/discard()``, or released)
    /// while handlers waited: they wait on for a run that finishes, not for the service's next pass (cleared when they
    /// are answered).
    private(set) var finishedHandlersWaitForARun = false
    var isAutoShutdownEnabled = false {
        didSet { if isAutoShutdownEnabled && !oldValue { idleSince = now } }
    }
    var idleTimeout: Double
    var playsHapticsOnly = false
    var playsAudioOnly = false
    var isMutedForHaptics = false {
        didSet { session?.link.context.mutedForHaptics.store(isMutedForHaptics, ordering: .relaxed) }
    }
    var isMutedForAudio = false {
        didSet { session?.link.context.mutedForAudio.store(isMutedForAudio, ordering: .relaxed) }
    }
    /// When the engine last had nothing playing (the idle timeout counts from here).
    var idleSince: Double = 0

    // MARK: Hot-plug

    /// How a removed output is watched for; `nil`: it is not.
    var returnWatcher: ReturnWatcher?
    /// The watch for the removed output while it is away.
    var returnWatch: DeviceReturnWatch?

    // MARK: Players

    /// Every player's state, keyed by the handle its ``EnginePlayer`` object keeps.
    var players = PlayerTable()
    /// ``purgeReleasedPlayers(into:)``'s scratch list (kept to reuse its storage).
    var releasedScratch: [EnginePlayerHandle] = []

    /// The player table's first capacity: players alive at once before it grows.
    static let playerTableCapacity = 16

    /// A stopped engine on `device` (whose description is `info`).
    init(device: any HapticDevice, info: DeviceInfo, configuration: EngineConfiguration, clockMode: EngineClockMode, route: MotorRoute) {
        self.configuration = configuration
        self.clockMode = clockMode
        self.route = route
        self.device = device
        self.deviceInfo = info
        self.idleTimeout = configuration.idleTimeout
        released = ReleasedPlayers(capacity: Self.playerTableCapacity)
        // The player table's storage is allocated here, not by the first players (makePlayer costs its objects only).
        players.reserveCapacity(Self.playerTableCapacity)
        releasedScratch.reserveCapacity(Self.playerTableCapacity)
        hints = (device as? any OnsetAnticipating).map { DeviceHints(device: $0, firstSequence: 1) }
    }

    // MARK: Time and device

    /// The engine frame: a running session's mixer clock from its base, else the frames a manual clock advanced.
    var engineFrame: Int {
        guard let session else { return manualFrame }
        return session.baseFrame + session.mixer.currentFrame
    }

    /// The engine clock in seconds (monotonic in real time; frames over the rate on a manual clock).
    var now: Double {
        switch clockMode {
        case .realTime: return MonotonicClock.now()
        case .manual: return Double(engineFrame) / sampleRate
        }
    }

    /// Replaces the device (a reset onto a device that came back); its description `info` was read outside the lock.
    mutating func setDevice(_ newDevice: any HapticDevice, info: DeviceInfo) {
        device = newDevice
        deviceInfo = info
        hints = (newDevice as? any OnsetAnticipating).map { DeviceHints(device: $0, firstSequence: hintSequence &+ 1) }
    }

    /// Issues a device hint (nothing when the device anticipates nothing), numbered in this state's order. A gain is
    /// prepared with the device here, before the command it anticipates is queued (``DeviceHints/prepare(_:)``: a
    /// record, no system call); the hint's action sends it.
    mutating func hint(_ hint: DeviceHint, into actions: inout EngineActions) {
        guard let hints else { return }
        hints.prepare(hint)
        hintSequence &+= 1
        actions.append(.hint(hints, hint, sequence: hintSequence))
    }

    /// Real time: the service timer's pace for the running session — every ``EngineConfiguration/serviceInterval``
    /// while refused commands wait to be sent again, idle otherwise. Run ends and device faults wake the service at once
    /// through the session's service `WakeSignal`; only where there is none (no `eventfd`) does the fast pace also
    /// hold while runs play or a silence request waits. An action only when the pace changes.
    mutating func pace(into actions: inout EngineActions) {
        guard clockMode == .realTime, let session else { return }
        let fast =
            !session.settingsToResend.isEmpty || !session.stopsToResend.isEmpty || !session.cancelsToResend.isEmpty
            || (session.link.serviceSource == nil && (!session.runs.isEmpty || session.link.context.silence.hasWaiters))
        guard fast != session.serviceIsFast else { return }
        self.session?.serviceIsFast = fast
        paceSequence &+= 1
        actions.append(.paceService(session.link, fast: fast, sequence: paceSequence))
    }

    // MARK: Start

    /// What a start needs to make its session outside the lock (``EngineSession/make(_:configuration:clockMode:route:serviceQueue:mixer:service:)``).
    struct StartPlan: Sendable {
        let device: any HapticDevice
        let deviceInfo: DeviceInfo
        /// ``EngineStateMachine/generation`` when the plan was made.
        let generation: Int
        let playsHaptics: Bool
        let playsAudio: Bool
        let isMutedForHaptics: Bool
        let isMutedForAudio: Bool
    }

    /// The first half of a start: `nil` when the engine runs already, else what to make its session from. The shell
    /// makes the session (attaching to the device's output, which may open the device) outside the lock, then calls
    /// ``finishStart(_:_:into:)``.
    ///
    /// - Throws: ``EngineError/Code/deviceUnavailable`` once the engine ended for good.
    func startPlan() throws(EngineError) -> StartPlan? {
        if session != nil { return nil }
        if let endedForGood { throw EngineError(.deviceUnavailable, endedForGood) }
        return StartPlan(
            device: device, deviceInfo: deviceInfo, generation: generation, playsHaptics: !playsAudioOnly, playsAudio: !playsHapticsOnly,
            isMutedForHaptics: isMutedForHaptics, isMutedForAudio: isMutedForAudio)
    }

    /// How a start's second half went.
    enum StartOutcome: Equatable {
        /// The session is the engine's now.
        case started
        /// Another start came first: the engine runs on its session, and this one is let go of.
        case alreadyRunning
        /// A reset, an end for good or a destroy came between the halves: the session is let go of and the start
        /// begins again (``startPlan()`` then says what holds now).
        case superseded
    }

    /// The second half of a start: enters `link`, made from `plan`, as the running session — unless another start came
    /// first or the engine changed meanwhile; the session is then let go of (``StartOutcome``).
    mutating func finishStart(_ link: EngineSession, _ plan: StartPlan, into actions: inout EngineActions) -> StartOutcome {
        guard plan.generation == generation, session == nil else {
            actions.append(.endService(link))
            actions.append(.detach(link))
            return plan.generation == generation ? .alreadyRunning : .superseded
        }
        // The mutes may have changed since the plan was made.
        link.context.mutedForHaptics.store(isMutedForHaptics, ordering: .relaxed)
        link.context.mutedForAudio.store(isMutedForAudio, ordering: .relaxed)
        // A real-time session's timer starts at the fast pace.
        session = SessionState(link: link, baseFrame: manualFrame, serviceIsFast: clockMode == .realTime)
        idleSince = now
        pace(into: &actions)
        actions.append(.log(.started(.init(deviceInfo))))
        return .started
    }

    // MARK: Stop

    /// What ``EngineRuntime/stop()`` still lets sound: the frames until ``EngineRuntime/stopGraceDuration`` (plus the
    /// device's longest motor burst) after the latest start at "now", counted `from` the frame it took effect at — or
    /// the frame it asked for while it has not `started` (it reaches the render thread later than asked when the
    /// thread was paused or its caller lost the CPU). `nil` when there was no start at "now", or when every run has
    /// ended and the last block left nothing sounding (then there is nothing to wait for).
    var stopGrace: (frames: Int, from: Int, started: Bool)? {
        guard let session, let start = session.lastImmediateStartFrame else { return nil }
        // Every run's end is collected (a start not yet rendered is a run) and the last block left nothing sounding.
        if session.runs.isEmpty && session.mixer.isQuiet { return nil }
        let started = session.mixer.latestStartFrame ?? .min
        let from = Swift.max(start, started)
        let grace = EngineRuntime.stopGraceDuration + MotorBurst.longestDuration(for: deviceInfo.profile)
        let end = from + Int((grace * sampleRate).rounded(.up))
        return (Swift.max(0, end - session.mixer.currentFrame), from, started >= start)
    }

    /// The frames of ``stopGrace`` (0 when there is none).
    var stopGraceFrames: Int { stopGrace?.frames ?? 0 }

    /// ``EngineRuntime/stop()``: ends the session (runs get `nil`), and answers the finished handlers registered
    /// while it was stopped.
    mutating func stop(into actions: inout EngineActions) {
        stopSession(error: nil, into: &actions)
        // A stopped engine plays nothing: handlers registered while it was stopped are answered now.
        answerFinishedHandlers(error: nil, into: &actions)
    }

    /// Ends the session: its service, its runs (completions get `error`), its silence requests (answered: nothing of
    /// it sounds once it is detached, which the shell does before any handler runs), the finished handlers.
    mutating func stopSession(error: EngineError?, into actions: inout EngineActions) {
        guard let link = session?.link else { return }
        actions.append(.endService(link))
        drain(firingFinishedHandlers: false, into: &actions)
        guard let ended = session else { return }
        let cutShort = !ended.runs.isEmpty
        session = nil
        manualFrame = ended.baseFrame + ended.mixer.currentFrame
        for (handle, run) in ended.runs { endRun(run, handle: handle, error: error, into: &actions) }
        actions.append(.detach(link))
        for handler in link.context.silence.takeAll() { actions.append(.answerSilence(handler, true)) }
        // Players still playing were cut short: their finished handlers hear so. With none playing, every player
        // has finished, which is what the handlers wait for (registered before a start nothing followed).
        answerFinishedHandlers(
            error: cutShort ? EngineError(.engineNotRunning, "the engine stopped before the players finished") : nil, into: &actions)
    }

    /// The engine stops on its own (device removed or failed, idle timeout, a finished handler, a simulated
    /// interruption): the session ends, the stopped handler hears `reason`, and after a removal the engine watches
    /// for the device to come back (when it has a watcher).
    mutating func externalStop(_ reason: EngineStopReason, into actions: inout EngineActions) {
        if let session {
            actions.append(.reportDiagnostics(session.link, diagnosticsCounts(final: true)))
            let code = reason == .systemError ? session.link.context.faultErrno.load(ordering: .relaxed) : 0
            actions.append(.log(.stopped(reason, .init(deviceInfo), idleTimeout: idleTimeout, errno: code)))
        }
        let error: EngineError? =
            switch reason {
            case .gameControllerDisconnect, .systemError: EngineError(.deviceFailed, "the output device stopped working")
            case .notifyWhenFinished, .idleTimeout: nil
            default: EngineError(.engineNotRunning, "the engine was stopped (\(reason))")
            }
        stopSession(error: error, into: &actions)
        if let stoppedHandler { actions.append(.notifyStopped(stoppedHandler, reason)) }
        // Hot-plug: once the app heard of the removal, wait for the same device to come back.
        if reason == .gameControllerDisconnect, returnWatcher != nil { actions.append(.watchForDeviceReturn) }
    }

    /// ``EngineRuntime/simulateExternalStop(_:)``, and the stop a finished handler asked for: an external stop when
    /// the engine runs.
    mutating func stopIfRunning(_ reason: EngineStopReason, into actions: inout EngineActions) {
        guard session != nil else { return }
        externalStop(reason, into: &actions)
    }

    /// ``EngineRuntime/endForGood(_:because:)``: the engine stops as from `reason` (once, if running) and never starts
    /// again; a start in flight is superseded and then refused.
    mutating func endForGood(_ reason: EngineStopReason, because explanation: String, into actions: inout EngineActions) {
        endedForGood = explanation
        generation += 1
        if session != nil { externalStop(reason, into: &actions) }
        answerFinishedHandlers(error: nil, into: &actions)  // nothing can play on it any more
    }

    /// ``EngineRuntime/destroy()``: the engine ends as its owner goes; the stopped handler hears
    /// ``EngineStopReason/engineDestroyed`` if it ran, and every finished handler is answered.
    mutating func destroy(into actions: inout EngineActions) {
        generation += 1
        takeReturnWatch(into: &actions)
        if session != nil {
            stopSession(error: EngineError(.engineNotRunning, "the engine was destroyed"), into: &actions)
            if let stoppedHandler { actions.append(.notifyStopped(stoppedHandler, .engineDestroyed)) }
        }
        // Handlers registered on an engine that never ran again: nothing played, nothing will.
        answerFinishedHandlers(error: nil, into: &actions)
    }

    /// ``EngineRuntime/reset(replacingDevice:)``: stops, makes every existing player invalid (a new epoch), optionally
    /// takes a new device (described by `info`, read outside the lock), then calls the reset handler.
    mutating func reset(replacingWith newDevice: (device: any HapticDevice, info: DeviceInfo)?, into actions: inout EngineActions) {
        generation += 1
        takeReturnWatch(into: &actions)
        stopSession(error: EngineError(.deviceFailed, "the engine was reset"), into: &actions)
        epoch += 1
        if let newDevice { setDevice(newDevice.device, info: newDevice.info) }
        actions.append(.log(.reset(.init(deviceInfo))))
        if let resetHandler { actions.append(.notifyReset(resetHandler)) }
    }

    /// Takes the current return watch out of the state, to be cancelled outside the lock (cancelling joins its thread).
    mutating func takeReturnWatch(into actions: inout EngineActions) {
        guard let watch = returnWatch else { return }
        returnWatch = nil
        actions.append(.cancelReturnWatch(watch))
    }

    // MARK: Finished handlers

    /// ``EngineRuntime/notifyWhenPlayersFinished(_:)``: answered at once when the engine runs and nothing plays.
    mutating func notifyWhenPlayersFinished(_ handler: @escaping @Sendable (EngineError?) -> Bool, into actions: inout EngineActions) {
        finishedHandlers.append(handler)
        if let session, session.runs.isEmpty { fireFinishedHandlers(into: &actions) }
    }

    /// Answers every pending finished handler at once with `error`; their answers are ignored (nothing plays that a
    /// `.stopEngine` could stop). For an engine that stops, ends or goes away while handlers wait.
    mutating func answerFinishedHandlers(error: EngineError?, into actions: inout EngineActions) {
        for handler in finishedHandlers { actions.append(.answerFinished(handler, error, mayStopEngine: false)) }
        finishedHandlers.removeAll()
        finishedHandlersWaitForARun = false
    }

    /// Answers every pending finished handler: every player has finished. One that returns `true` stops the engine.
    mutating func fireFinishedHandlers(into actions: inout EngineActions) {
        for handler in finishedHandlers { actions.append(.answerFinished(handler, nil, mayStopEngine: true)) }
        finishedHandlers.removeAll()
        finishedHandlersWaitForARun = false
    }

    /// The last run ended because its paused player was abandoned: handlers registered while it waited wait for a run
    /// that finishes (an answer now would reach the app after it moved on; Core Haptics gives none).
    mutating func holdFinishedHandlersForARun() {
        finishedHandlersWaitForARun = !finishedHandlers.isEmpty
    }

    /// What the state machine counted, for a diagnostics report.
    func diagnosticsCounts(final: Bool = false) -> EngineDiagnosticsCounts {
        guard let session else { return EngineDiagnosticsCounts(droppedVoiceEvents: 0, stolenRuns: 0, coalescedStarts: 0, busyRuns: 0) }
        return EngineDiagnosticsCounts(
            droppedVoiceEvents: session.droppedVoiceEvents, stolenRuns: session.stolenRuns, coalescedStarts: session.coalescedStarts,
            busyRuns: session.runs.count - session.stolenRunsFading, isFinal: final)
    }
}
