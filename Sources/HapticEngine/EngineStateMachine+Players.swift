import HapticDevices
import HapticPattern
import HapticRender

// The players' transitions: the table, and every call a player makes. A transition that throws leaves the actions it
// appended before the throw to be performed all the same (a hint already issued is delivered, in its order).
extension EngineStateMachine {
    // MARK: The table

    /// Enters a new player's state and returns its handle. A motor device that anticipates onsets is told what the
    /// program's first transient will play (a hint), so it can arm that onset ahead of need.
    mutating func addPlayer(program: PatternProgram, into actions: inout EngineActions) -> EnginePlayerHandle {
        purgeReleasedPlayers(into: &actions)
        var anticipated: MotorLevels?
        if hints != nil, let onset = program.firstTransient, ActuatorTranslator.Mode(deviceInfo.profile.mode) != .pcm {
            anticipated = MotorLevels.onset(
                intensity: onset.intensity, sharpness: onset.sharpness, profile: deviceInfo.profile, route: route)
        }
        let opening = program.opensWithTransient ? anticipated : nil
        let handle = players.insert(PlayerState(program: program, epoch: epoch, openingOnset: opening))
        if let anticipated { hint(.arm(anticipated), into: &actions) }
        return handle
    }

    /// Forgets the state of every player whose object is gone (``ReleasedPlayers``). A released player's playing run
    /// plays on (fire and forget) with the completion it started with; a released *paused* run is abandoned, as
    /// ``EnginePlayer/discard()`` does: nobody can resume it any more, and left paused it would play forever, holding
    /// ``EngineRuntime/notifyWhenPlayersFinished(_:)`` and the idle timeout back.
    ///
    /// Dropping a state can release another player (a completion handler holding it), whose `deinit` then only notes
    /// it for the next pass.
    mutating func purgeReleasedPlayers(into actions: inout EngineActions) {
        guard released.mayHaveReleases else { return }
        var list = releasedScratch
        releasedScratch = []
        var slots = released.take(into: &list)
        while slots != 0 {
            if let handle = players.handle(inSlot: slots.trailingZeroBitCount) { forget(handle, into: &actions) }
            slots &= slots &- 1
        }
        while let handle = list.popLast() { forget(handle, into: &actions) }
        releasedScratch = list
    }

    /// Forgets a released player's state, abandoning its run first if it is paused (see ``purgeReleasedPlayers(into:)``).
    private mutating func forget(_ handle: EnginePlayerHandle, into actions: inout EngineActions) {
        guard let player = players[handle] else { return }
        if player.isPaused, let run = player.run, player.epoch == epoch, session != nil {
            abandon(run, paused: true, cancelRefused: .sendAgain, into: &actions)
        }
        players[handle] = nil
    }

    /// What to do when a full command queue refuses an abandoned run's cancel.
    enum RefusedCancel {
        /// Nothing: the run ends when it plays out, or with the engine (``EnginePlayer/discard()`` never throws).
        case leave
        /// The service sends it again (a released paused run would otherwise stay paused for good).
        case sendAgain
    }

    /// Ends `run` now as a cancel does; a `paused` one is marked abandoned, so its end answers no finished handler.
    private mutating func abandon(_ run: PlayerHandle, paused: Bool, cancelRefused: RefusedCancel, into actions: inout EngineActions) {
        guard session?.runs[run] != nil else { return }
        guard enqueue(.cancel(run), into: &actions) else {
            guard cancelRefused == .sendAgain else { return }
            session!.cancelsToResend.insert(run)
            if paused { session!.runs[run]?.isDiscarded = true }
            return
        }
        if let start = session!.runs[run]?.startFrame, start >= session!.mixer.currentFrame {
            _ = enqueue(.stop(run, atFrame: start), into: &actions)
        }
        if paused { session!.runs[run]?.isDiscarded = true }
    }

    /// Sets a player's completion handler (also on a player made before a reset: nothing else uses it then).
    mutating func setCompletion(_ completion: (@Sendable (EngineError?) -> Void)?, of handle: EnginePlayerHandle) {
        players[handle]?.completionSetting = completion
    }

    /// Changes a player's settings (mute, loop, rate) and sends them to its playing run. A player from before a reset
    /// is left as it is.
    mutating func changeSettings(of handle: EnginePlayerHandle, into actions: inout EngineActions, _ change: (inout PlayerState) -> Void) {
        guard var player = players[handle], player.epoch == epoch else { return }
        change(&player)
        players[handle] = player
        if let run = player.run, session != nil { send(settingsOf: run, into: &actions) }
    }

    // MARK: Time and checks

    /// The frame for a command meant for "now" that must not land before `run` has started (needs a session).
    func immediateFrame(for run: PlayerHandle) -> Int {
        Swift.max(session!.mixer.currentFrame, session!.runs[run]?.startFrame ?? Int.min)
    }

    /// The mixer frame for an engine time (0 and past times: the next block's first frame; needs a session).
    func mixerFrame(for time: Double) -> Int { scheduledFrame(for: time).frame }

    /// The mixer frame for an engine time, and whether the time meant "now" (0 or a time already past; needs a session).
    func scheduledFrame(for time: Double) -> (frame: Int, isImmediate: Bool) {
        let now = session!.mixer.currentFrame
        if time == 0 { return (now, true) }
        let target: Double
        switch clockMode {
        case .manual:
            target = time * sampleRate - Double(session!.baseFrame)
        case .realTime:
            guard let anchor = session!.link.context.anchor.load() else { return (now, true) }
            target = Double(anchor.frame) + (time - anchor.time) * sampleRate
        }
        guard target < 1e15 else { return (Int.max / 4, false) }
        let frame = Int(target.rounded())
        return (Swift.max(frame, now), frame <= now)
    }

    private func check(_ time: Double) throws(EngineError) {
        guard time.isFinite, time >= 0 else { throw EngineError(.invalidTime, "the time \(time) s is not a non-negative number") }
    }

    /// The player's state, unless the player is from an earlier epoch.
    func check(_ player: EnginePlayerHandle) throws(EngineError) -> PlayerState {
        guard let state = players[player], state.epoch == epoch else { throw madeBeforeReset() }
        return state
    }

    private func madeBeforeReset() -> EngineError {
        EngineError(.invalidPlayer, "the player was made before the engine was reset; make a new one")
    }

    private func requireSession() throws(EngineError) {
        guard session != nil else { throw EngineError(.engineNotRunning, "the engine is not running") }
    }

    /// Enqueues a command (see ``SessionState/enqueue(_:into:)``); `false` when the queue is full.
    mutating func enqueue(_ command: MixerCommand, into actions: inout EngineActions) -> Bool {
        session!.enqueue(command, into: &actions)
    }

    private mutating func send(_ command: MixerCommand, into actions: inout EngineActions) throws(EngineError) {
        guard enqueue(command, into: &actions) else { throw queueFull() }
    }

    private func queueFull() -> EngineError {
        EngineError(.resourceNotAvailable, "the engine's command queue is full (\(configuration.commandCapacity) commands waiting)")
    }

    /// Sends a playing run's settings (mute, loop, rate) to the mixer. A setter cannot throw, so when the command
    /// queue is full the run is remembered and the service sends its settings again, every tick until they are
    /// taken: the mixer never stays behind the player's state.
    mutating func send(settingsOf run: PlayerHandle, into actions: inout EngineActions) {
        guard let key = session!.runs[run]?.player, let player = players[key] else {
            session!.settingsToResend.remove(run)  // the run ended, or its player is gone: nothing more to send
            return
        }
        let taken =
            enqueue(.setMuted(run, muted: player.mutedSetting), into: &actions)
            && enqueue(.setLoop(run, enabled: player.loopSetting, loopEnd: player.loopEndSetting), into: &actions)
            && enqueue(.setRate(run, rate: player.rate, atFrame: immediateFrame(for: run)), into: &actions)
        if taken { session!.settingsToResend.remove(run) } else { session!.settingsToResend.insert(run) }
    }

    // MARK: Start

    /// Starts a run of the player at `time`. Returns `false`, changing nothing, when the engine is stopped and starts
    /// on demand (auto-shutdown): the shell starts it and calls again.
    ///
    /// - Throws: `invalidPlayer`, `invalidTime`, `engineNotRunning`, `deviceUnavailable` (ended for good),
    ///   `resourceNotAvailable`.
    mutating func startPlayer(_ key: EnginePlayerHandle, at time: Double, into actions: inout EngineActions) throws(EngineError) -> Bool {
        let player = try check(key)
        try check(time)
        guard session != nil else {
            guard isAutoShutdownEnabled else { throw EngineError(.engineNotRunning, "the engine is not running") }
            if let endedForGood { throw EngineError(.deviceUnavailable, endedForGood) }
            return false
        }
        try startRun(key, at: time, opening: openingOnset(of: player, at: time), into: &actions)
        return true
    }

    /// The onset a start may have the device start from the app's thread at once: a start for "now" of a player whose
    /// program opens with a lone transient, not muted (nor the engine), not from a seek offset.
    private func openingOnset(of player: PlayerState, at time: Double) -> MotorLevels? {
        guard hints != nil, let onset = player.openingOnset, (player.cachedOffset ?? 0) == 0, !player.mutedSetting, !isMutedForHaptics,
            time == 0 || scheduledFrame(for: time).isImmediate
        else { return nil }
        return onset
    }

    /// Starts a run of `player`, stealing the oldest run when the engine is at capacity. When every slot is held by a
    /// run that is fading out after being stolen, the start is coalesced into the burst: it does not sound and ends at
    /// once (its completion is called), as a fire-and-forget start expects; ``EngineRuntime/coalescedStartCount``
    /// counts it.
    private mutating func startRun(
        _ player: EnginePlayerHandle, at time: Double, opening: MotorLevels? = nil, into actions: inout EngineActions
    ) throws(EngineError) {
        guard let handle = allocateRun(into: &actions) else {
            session!.coalescedStarts += 1
            // A restart of a playing player leaves its run playing, whose end is then the one completion.
            if let state = players[player], state.run == nil, let completion = state.completionSetting {
                actions.append(.complete(completion, nil))
            }
            return
        }
        try startRun(player, handle: handle, at: time, opening: opening, into: &actions)
    }

    /// A free player slot. Beyond ``EngineConfiguration/playerCapacity`` runs, the oldest run is stolen first (it
    /// stops now with the mixer's stop fade; its completion is called when it has faded). `nil` only when every
    /// slot, the reserve for fading runs included, is taken even after collecting finished runs.
    private mutating func allocateRun(into actions: inout EngineActions) -> PlayerHandle? {
        if session!.runs.count - session!.stolenRunsFading >= configuration.playerCapacity { stealOldestRun(into: &actions) }
        if let handle = session!.control.allocatePlayer() { return handle }
        // Runs may have finished since the service last looked: collect them and try once more.
        drain(firingFinishedHandlers: true, into: &actions)
        return session!.control.allocatePlayer()
    }

    /// Stops the run that started first (among those not already stolen) at the next frame.
    private mutating func stealOldestRun(into actions: inout EngineActions) {
        guard
            let (handle, _) = session!.runs.filter({ !$0.value.isStolen && $0.value.replacedAtFrame == nil })
                .min(by: { $0.value.startFrame < $1.value.startFrame })
        else { return }
        guard enqueue(.stop(handle, atFrame: session!.mixer.currentFrame), into: &actions) else { return }
        session!.runs[handle]?.isStolen = true
        session!.stolenRunsFading += 1
        session!.stolenRuns += 1
    }

    /// Sends the start of a run. With an `opening` onset the device is hinted to start it from the app's thread; the
    /// shell delivers that hint before it wakes the render thread (``EngineActions``), so the motor starts with no
    /// thread switch after the app's call (evdev: one play write of the armed slot), and the render thread, which
    /// renders the same onset a moment later, finds it playing.
    private mutating func startRun(
        _ key: EnginePlayerHandle, handle: PlayerHandle, at time: Double, opening: MotorLevels?, into actions: inout EngineActions
    ) throws(EngineError) {
        guard let player = players[key] else { preconditionFailure("EngineStateMachine: a live player has no state") }
        let (frame, isImmediate) = scheduledFrame(for: time)
        let control = session!.control
        do throws(EngineError) {
            // Settings first: the first command for a fresh handle claims its slot, and the start keeps them.
            if player.rate != 1 { try send(.setRate(handle, rate: player.rate, atFrame: Int.min), into: &actions) }
            if player.loopSetting { try send(.setLoop(handle, enabled: true, loopEnd: player.loopEndSetting), into: &actions) }
            if player.mutedSetting { try send(.setMuted(handle, muted: true), into: &actions) }
            // The session's mixer control keeps the program alive until the mixer gives it back.
            guard control.start(handle, program: player.program, atFrame: frame, offset: player.cachedOffset ?? 0) else {
                throw queueFull()
            }
            actions.wake = session!.link.output
            if let opening { hint(.startOnset(opening), into: &actions) }
        } catch {
            control.freePlayer(handle)
            throw error
        }
        if let old = player.run {
            // The replaced run stops where the new one starts (and never before its own start). Whether it ended
            // before that frame (then its end is still reported) is decided when its finished notification arrives.
            let stopFrame = Swift.max(frame, session!.runs[old]?.startFrame ?? frame)
            if enqueue(.stop(old, atFrame: stopFrame), into: &actions) {
                session!.runs[old]?.replacedAtFrame = stopFrame
            } else {
                session!.stopsToResend[old] = stopFrame  // the queue is full: the service sends it again
            }
        }
        session!.runs[handle] = PlayerRun(player: key, state: player, startFrame: frame)
        if isImmediate { session!.lastImmediateStartFrame = frame }
        pace(into: &actions)
        var started = player
        started.run = handle
        started.isPaused = false
        started.cachedOffset = nil
        started.intensityControl = 1
        players[key] = started
    }

    // MARK: Stop, cancel, pause, resume, seek

    mutating func stopPlayer(_ key: EnginePlayerHandle, at time: Double, into actions: inout EngineActions) throws(EngineError) {
        let player = try check(key)
        try check(time)
        try requireSession()
        guard let run = player.run else { return }
        let start = session!.runs[run]?.startFrame ?? Int.min
        try send(.stop(run, atFrame: Swift.max(mixerFrame(for: time), start)), into: &actions)
    }

    mutating func cancelPlayer(_ key: EnginePlayerHandle, into actions: inout EngineActions) throws(EngineError) {
        let player = try check(key)
        try requireSession()
        players[key]?.cachedOffset = nil
        guard let run = player.run else { return }
        try send(.cancel(run), into: &actions)
        // A run whose start is still waiting: stop it on the frame it starts, before it makes a sound.
        if let start = session!.runs[run]?.startFrame, start >= session!.mixer.currentFrame {
            try send(.stop(run, atFrame: start), into: &actions)
        }
    }

    /// Ends the player's run now, as ``cancelPlayer(_:into:)`` does; a paused run is abandoned rather than finished (see
    /// ``EnginePlayer/discard()``). Nothing happens on a stopped engine or a player from before a reset, and a full
    /// command queue takes nothing (cancel would throw): the run then ends when it plays out, or with the engine.
    mutating func discardPlayer(_ key: EnginePlayerHandle, into actions: inout EngineActions) {
        guard let player = try? check(key), session != nil else { return }
        players[key]?.cachedOffset = nil
        guard let run = player.run else { return }
        abandon(run, paused: player.isPaused, cancelRefused: .leave, into: &actions)
    }

    mutating func pausePlayer(_ key: EnginePlayerHandle, at time: Double, into actions: inout EngineActions) throws(EngineError) {
        let player = try check(key)
        try check(time)
        try requireSession()
        guard let run = player.run, !player.isPaused else { return }
        let start = session!.runs[run]?.startFrame ?? Int.min
        try send(.pause(run, atFrame: Swift.max(mixerFrame(for: time), start)), into: &actions)
        players[key]?.isPaused = true
    }

    mutating func resumePlayer(_ key: EnginePlayerHandle, at time: Double, into actions: inout EngineActions) throws(EngineError) {
        let player = try check(key)
        try check(time)
        try requireSession()
        guard let run = player.run else {
            try startRun(key, at: time, into: &actions)
            return
        }
        guard player.isPaused else { return }
        let start = session!.runs[run]?.startFrame ?? Int.min
        try send(.resume(run, atFrame: Swift.max(mixerFrame(for: time), start)), into: &actions)
        players[key]?.isPaused = false
        players[key]?.cachedOffset = nil
    }

    mutating func seekPlayer(_ key: EnginePlayerHandle, to offset: Double, into actions: inout EngineActions) throws(EngineError) {
        let player = try check(key)
        guard offset.isFinite, offset >= 0 else { throw EngineError(.invalidTime, "the offset \(offset) s is not a non-negative number") }
        guard let run = player.run, session != nil else {
            players[key]?.cachedOffset = offset
            return
        }
        var target = offset
        if player.loopSetting {
            let end = player.loopEndSetting > 0 ? player.loopEndSetting : player.program.lastEventEnd
            if target >= end { target = 0 }
        }
        try send(.seek(run, offset: target, atFrame: immediateFrame(for: run)), into: &actions)
        if player.isPaused { players[key]?.cachedOffset = target }
    }

    // MARK: Parameters and curves

    mutating func sendParameters(
        _ key: EnginePlayerHandle, _ parameters: [DynamicParameter], at time: Double, into actions: inout EngineActions
    ) throws(EngineError) {
        // What the call needs of the player's state, read in place: a copy of the state (`check(_:)`)
        // retains each reference in it, on the way to the device's level change.
        let found = players.update(key) { ($0.epoch, $0.run, $0.intensityControl, $0.isScaledByIntensity) }
        guard let (playerEpoch, playerRun, control, isScaledByIntensity) = found, playerEpoch == epoch else { throw madeBeforeReset() }
        try check(time)
        guard let run = playerRun, session != nil else { return }
        if time <= 0 || time <= now,
            let factor = anticipateIntensityScale(key, from: control, isScaledByIntensity: isScaledByIntensity, parameters)
        {
            hint(.gain(factor), into: &actions)
        }
        let base = mixerFrame(for: time)
        let start = session!.runs[run]?.startFrame ?? Int.min
        for parameter in parameters {
            let offset = parameter.time.isFinite ? Int((Swift.max(parameter.time, 0) * sampleRate).rounded()) : 0
            try send(
                .sendParameter(run, id: parameter.id, value: parameter.value, atFrame: Swift.max(base &+ offset, start)), into: &actions)
        }
    }

    /// An intensity control sent for "now" scales what the player plays: the factor to hint the device (``hint(_:into:)``,
    /// before the command is rendered), so a device whose level changes cost a round trip (an `OnsetAnticipating`
    /// one: evdev) can start it now; `nil` for none. Only for a player whose intensity control is known (no program
    /// parameters or curves moving it: `isScaledByIntensity`); a wrong guess is corrected by the rendered level within
    /// a block. The scale is relative to the control as this state last knew it (`control`), so the hints must reach
    /// the device in this state's order (``DeviceHints``). Records the new control.
    private mutating func anticipateIntensityScale(
        _ key: EnginePlayerHandle, from control: Float?, isScaledByIntensity: Bool, _ parameters: [DynamicParameter]
    ) -> Float? {
        var latest = control
        var factor: Float = 1
        var scaled = false
        for parameter in parameters where parameter.id == .hapticIntensityControl {
            guard parameter.time <= 0 else {
                latest = nil
                continue
            }
            let value = Swift.min(Swift.max(parameter.value, 0), 1)
            if let previous = latest, previous > 0, isScaledByIntensity, value != previous {
                factor *= value / previous
                scaled = true
            }
            latest = value
        }
        if latest != control { players.update(key) { $0.intensityControl = latest } }
        return scaled ? factor : nil
    }

    mutating func scheduleCurve(_ key: EnginePlayerHandle, _ curve: CurveProgram, at time: Double, into actions: inout EngineActions)
        throws(EngineError)
    {
        let player = try check(key)
        try check(time)
        guard let run = player.run, session != nil else { return }
        // A curve moves the control in ways an intensity change cannot be a simple scale of.
        players[key]?.intensityControl = nil
        let start = session!.runs[run]?.startFrame ?? Int.min
        // The session's mixer control keeps the curve alive until the mixer gives it back.
        guard session!.control.scheduleCurve(run, curve: curve, atFrame: Swift.max(mixerFrame(for: time), start)) else { throw queueFull() }
        actions.wake = session!.link.output
    }
}
