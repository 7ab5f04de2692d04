import HapticDevices
import HapticPattern
import HapticRender

/// An onset a start has the device play from the app's thread (see `EngineRuntime.openingOnset(of:at:_:_:)`); the
/// device is taken from the locked state (`EngineRuntime.device` would take the lock again).
struct OpeningOnset {
    let device: any OnsetAnticipating
    let levels: MotorLevels
}

extension EngineRuntime {
    /// The frame for a command meant for "now" that must not land before `run` has started.
    func immediateFrame(for run: PlayerHandle, _ session: EngineSession) -> Int {
        Swift.max(session.mixer.currentFrame, session.runs[run]?.startFrame ?? Int.min)
    }

    /// The mixer frame for an engine time (0 and past times: the next block's first frame).
    func mixerFrame(for time: Double, _ session: EngineSession) -> Int {
        scheduledFrame(for: time, session).frame
    }

    /// The mixer frame for an engine time, and whether the time meant "now" (0 or a time already past).
    func scheduledFrame(for time: Double, _ session: EngineSession) -> (frame: Int, isImmediate: Bool) {
        let now = session.mixer.currentFrame
        if time == 0 { return (now, true) }
        let target: Double
        switch clockMode {
        case .manual:
            target = time * sampleRate - Double(session.baseFrame)
        case .realTime:
            guard let anchor = session.context.anchor.load() else { return (now, true) }
            target = Double(anchor.frame) + (time - anchor.time) * sampleRate
        }
        guard target < 1e15 else { return (Int.max / 4, false) }
        let frame = Int(target.rounded())
        return (Swift.max(frame, now), frame <= now)
    }

    private func check(_ time: Double) throws(EngineError) {
        guard time.isFinite, time >= 0 else {
            throw EngineError(.invalidTime, "the time \(time) s is not a non-negative number")
        }
    }

    /// The player's state, unless the player is from an earlier epoch.
    private func check(_ player: EnginePlayerHandle, _ s: State) throws(EngineError) -> PlayerState {
        guard let state = s.players[player], state.epoch == s.epoch else {
            throw EngineError(.invalidPlayer, "the player was made before the engine was reset; make a new one")
        }
        return state
    }

    private func runningSession(_ s: State) throws(EngineError) -> EngineSession {
        guard let session = s.session else { throw EngineError(.engineNotRunning, "the engine is not running") }
        return session
    }

    private func send(_ command: MixerCommand, _ session: EngineSession) throws(EngineError) {
        guard session.enqueue(command) else { throw queueFull() }
    }

    private func queueFull() -> EngineError {
        EngineError(.resourceNotAvailable, "the engine's command queue is full (\(configuration.commandCapacity) commands waiting)")
    }

    /// Sends a playing run's settings (mute, loop, rate) to the mixer. A setter cannot throw, so when the command
    /// queue is full the run is remembered and the service sends its settings again, every tick until they are
    /// taken: the mixer never stays behind the player's state.
    func send(settingsOf run: PlayerHandle, _ session: EngineSession, _ s: State) {
        guard let key = session.runs[run]?.player, let player = s.players[key] else { return }
        let taken =
            session.enqueue(.setMuted(run, muted: player.mutedSetting))
            && session.enqueue(.setLoop(run, enabled: player.loopSetting, loopEnd: player.loopEndSetting))
            && session.enqueue(.setRate(run, rate: player.rate, atFrame: immediateFrame(for: run, session)))
        if taken { session.settingsToResend.remove(run) } else { session.settingsToResend.insert(run) }
    }

    /// Sends again what a full command queue refused (see ``send(settingsOf:_:_:)`` and replaced runs' stops).
    func resendRefusedLocked(_ session: EngineSession, _ s: State) {
        for run in session.settingsToResend { send(settingsOf: run, session, s) }
        for (run, frame) in session.stopsToResend where session.runs[run] != nil {
            guard session.enqueue(.stop(run, atFrame: Swift.max(frame, session.mixer.currentFrame))) else { return }
            session.runs[run]?.replacedAtFrame = frame
            session.stopsToResend[run] = nil
        }
        session.stopsToResend = session.stopsToResend.filter { session.runs[$0.key] != nil }
    }

    func startPlayer(_ key: EnginePlayerHandle, at time: Double) throws(EngineError) {
        var out: [Callback] = []
        defer { deliver(out) }
        try state.withLock { (s: inout State) throws(EngineError) in
            let player = try check(key, s)
            try check(time)
            if s.session == nil {
                guard s.isAutoShutdownEnabled else { throw EngineError(.engineNotRunning, "the engine is not running") }
                try startLocked(&s)
            }
            let session = try runningSession(s)
            try startRunLocked(key, at: time, session, &s, into: &out, opening: openingOnset(of: player, at: time, session, s))
        }
    }

    /// The onset a start may have the device play from this thread at once: a start for "now" of a player whose
    /// program opens with a lone transient, not muted (nor the engine), not from a seek offset.
    private func openingOnset(of player: PlayerState, at time: Double, _ session: EngineSession, _ s: State) -> OpeningOnset? {
        guard let onset = player.openingOnset, (player.cachedOffset ?? 0) == 0, !player.mutedSetting, !s.isMutedForHaptics,
            time == 0 || scheduledFrame(for: time, session).isImmediate,
            let device = s.anticipatingDevice
        else { return nil }
        return OpeningOnset(device: device, levels: onset)
    }

    /// Starts a run of `player`, stealing the oldest run when the engine is at capacity. When every slot is held
    /// by a run that is fading out after being stolen, the start is coalesced into the burst: it does not sound and
    /// ends at once (its completion is called), as a fire-and-forget start expects; ``coalescedStartCount`` counts it.
    private func startRunLocked(
        _ player: EnginePlayerHandle, at time: Double, _ session: EngineSession, _ s: inout State, into out: inout [Callback],
        opening: OpeningOnset? = nil
    ) throws(EngineError) {
        guard let handle = allocateRunLocked(session, &s, into: &out) else {
            session.coalescedStarts += 1
            // A restart of a playing player leaves its run playing, whose end is then the one completion.
            if let state = s.players[player], state.run == nil, let completion = state.completionSetting {
                out.append { completion(nil) }
            }
            return
        }
        try startRunLocked(player, handle: handle, at: time, session, &s, opening: opening)
    }

    /// A free player slot. Beyond ``EngineConfiguration/playerCapacity`` runs, the oldest run is stolen first (it
    /// stops now with the mixer's stop fade; its completion is called when it has faded). `nil` only when every
    /// slot, the reserve for fading runs included, is taken even after collecting finished runs.
    private func allocateRunLocked(_ session: EngineSession, _ s: inout State, into out: inout [Callback]) -> PlayerHandle? {
        if session.runs.count - session.stolenRunsFading >= configuration.playerCapacity { stealOldestRunLocked(session) }
        if let handle = session.control.allocatePlayer() { return handle }
        // Runs may have finished since the service last looked: collect them and try once more.
        drainLocked(session, &s, into: &out, firingFinishedHandlers: true)
        return session.control.allocatePlayer()
    }

    /// Stops the run that started first (among those not already stolen) at the next frame.
    private func stealOldestRunLocked(_ session: EngineSession) {
        guard
            let (handle, _) = session.runs.filter({ !$0.value.isStolen && $0.value.replacedAtFrame == nil })
                .min(by: { $0.value.startFrame < $1.value.startFrame })
        else { return }
        guard session.enqueue(.stop(handle, atFrame: session.mixer.currentFrame)) else { return }
        session.runs[handle]?.isStolen = true
        session.stolenRunsFading += 1
        session.stolenRuns += 1
    }

    /// Sends the start of a run. With an `opening` onset (see ``openingOnset(of:at:_:_:)``) the device is asked to
    /// start it from this thread between queueing the start and waking the render thread — so the motor starts with
    /// no thread switch after the app's call (evdev: one play write of the armed slot), and the render thread, which
    /// renders the same onset a moment later, finds it playing.
    private func startRunLocked(
        _ key: EnginePlayerHandle, handle: PlayerHandle, at time: Double, _ session: EngineSession, _ s: inout State,
        opening: OpeningOnset? = nil
    ) throws(EngineError) {
        guard let player = s.players[key] else { preconditionFailure("EngineRuntime: a live player has no state") }
        let (frame, isImmediate) = scheduledFrame(for: time, session)
        do throws(EngineError) {
            // Settings first: the first command for a fresh handle claims its slot, and the start keeps them.
            if player.rate != 1 { try send(.setRate(handle, rate: player.rate, atFrame: Int.min), session) }
            if player.loopSetting { try send(.setLoop(handle, enabled: true, loopEnd: player.loopEndSetting), session) }
            if player.mutedSetting { try send(.setMuted(handle, muted: true), session) }
            // The session's mixer control keeps the program alive until the mixer gives it back.
            guard session.control.start(handle, program: player.program, atFrame: frame, offset: player.cachedOffset ?? 0)
            else { throw queueFull() }
            if let opening { _ = opening.device.startAnticipatedOnset(opening.levels) }
            session.output.wakeForCommand()
        } catch {
            session.control.freePlayer(handle)
            throw error
        }
        if let old = player.run {
            // The replaced run stops where the new one starts (and never before its own start). Whether it ended
            // before that frame (then its end is still reported) is decided when its finished notification arrives.
            let oldStart = session.runs[old]?.startFrame ?? frame
            let stopFrame = Swift.max(frame, oldStart)
            if session.enqueue(.stop(old, atFrame: stopFrame)) {
                session.runs[old]?.replacedAtFrame = stopFrame
            } else {
                session.stopsToResend[old] = stopFrame  // the queue is full: the service sends it again
            }
        }
        session.runs[handle] = PlayerRun(player: key, state: player, startFrame: frame)
        if isImmediate { session.lastImmediateStartFrame = frame }
        paceServiceLocked(session)
        var started = player
        started.run = handle
        started.isPaused = false
        started.cachedOffset = nil
        started.intensityControl = 1
        s.players[key] = started
    }

    func stopPlayer(_ key: EnginePlayerHandle, at time: Double) throws(EngineError) {
        try state.withLock { (s: inout State) throws(EngineError) in
            let player = try check(key, s)
            try check(time)
            let session = try runningSession(s)
            guard let run = player.run else { return }
            let start = session.runs[run]?.startFrame ?? Int.min
            try send(.stop(run, atFrame: Swift.max(mixerFrame(for: time, session), start)), session)
        }
    }

    func cancelPlayer(_ key: EnginePlayerHandle) throws(EngineError) {
        try state.withLock { (s: inout State) throws(EngineError) in
            let player = try check(key, s)
            let session = try runningSession(s)
            s.players[key]?.cachedOffset = nil
            guard let run = player.run else { return }
            try send(.cancel(run), session)
            // A run whose start is still waiting: stop it on the frame it starts, before it makes a sound.
            if let start = session.runs[run]?.startFrame, start >= session.mixer.currentFrame {
                try send(.stop(run, atFrame: start), session)
            }
        }
    }

    /// Ends the player's run now, as ``cancelPlayer(_:)`` does; a paused run is abandoned rather than finished (see
    /// ``EnginePlayer/discard()``). Nothing happens on a stopped engine or a player from before a reset.
    func discardPlayer(_ key: EnginePlayerHandle) {
        state.withLock { s in
            guard let player = try? check(key, s), let session = s.session else { return }
            s.players[key]?.cachedOffset = nil
            guard let run = player.run else { return }
            // A full command queue takes nothing (cancel() would throw): the run then ends when it plays out, or with
            // the engine.
            guard session.enqueue(.cancel(run)) else { return }
            if let start = session.runs[run]?.startFrame, start >= session.mixer.currentFrame {
                _ = session.enqueue(.stop(run, atFrame: start))
            }
            if player.isPaused { session.runs[run]?.isDiscarded = true }
        }
    }

    func pausePlayer(_ key: EnginePlayerHandle, at time: Double) throws(EngineError) {
        try state.withLock { (s: inout State) throws(EngineError) in
            let player = try check(key, s)
            try check(time)
            let session = try runningSession(s)
            guard let run = player.run, !player.isPaused else { return }
            let start = session.runs[run]?.startFrame ?? Int.min
            try send(.pause(run, atFrame: Swift.max(mixerFrame(for: time, session), start)), session)
            s.players[key]?.isPaused = true
        }
    }

    func resumePlayer(_ key: EnginePlayerHandle, at time: Double) throws(EngineError) {
        var out: [Callback] = []
        defer { deliver(out) }
        try state.withLock { (s: inout State) throws(EngineError) in
            let player = try check(key, s)
            try check(time)
            let session = try runningSession(s)
            guard let run = player.run else {
                try startRunLocked(key, at: time, session, &s, into: &out)
                return
            }
            guard player.isPaused else { return }
            let start = session.runs[run]?.startFrame ?? Int.min
            try send(.resume(run, atFrame: Swift.max(mixerFrame(for: time, session), start)), session)
            s.players[key]?.isPaused = false
            s.players[key]?.cachedOffset = nil
        }
    }

    func seekPlayer(_ key: EnginePlayerHandle, to offset: Double) throws(EngineError) {
        try state.withLock { (s: inout State) throws(EngineError) in
            let player = try check(key, s)
            guard offset.isFinite, offset >= 0 else {
                throw EngineError(.invalidTime, "the offset \(offset) s is not a non-negative number")
            }
            guard let run = player.run, let session = s.session else {
                s.players[key]?.cachedOffset = offset
                return
            }
            var target = offset
            if player.loopSetting {
                let end = player.loopEndSetting > 0 ? player.loopEndSetting : player.program.lastEventEnd
                if target >= end { target = 0 }
            }
            try send(.seek(run, offset: target, atFrame: immediateFrame(for: run, session)), session)
            if player.isPaused { s.players[key]?.cachedOffset = target }
        }
    }

    /// Sends parameters to a playing run. Under the lock: the checks, the intensity scale an onset-anticipating device
    /// is to send (``prepareIntensityScale(_:_:at:_:)``) and the commands, in one order for all callers. After it: the
    /// device's write (evdev: one `FF_GAIN` write) and then the render thread's wake, so the engine's lock is never
    /// held across a system call to the device and the scale is at the device before the render thread is woken for
    /// the command (the render thread may still take the command at its own next block first: the device's I/O thread
    /// then sends the prepared scale itself, before the rendered level).
    func sendParameters(_ key: EnginePlayerHandle, _ parameters: [DynamicParameter], at time: Double) throws(EngineError) {
        var scaled: (any OnsetAnticipating)?
        var output: DeviceOutput?
        defer {
            // Also after a full queue refused a command: the scale prepared and the commands queued before it go out.
            scaled?.sendPreparedScale()
            output?.wakeForCommand()
        }
        try state.withLock { (s: inout State) throws(EngineError) in
            let player = try check(key, s)
            try check(time)
            guard let run = player.run, let session = s.session else { return }
            scaled = prepareIntensityScale(key, parameters, at: time, &s)
            let base = mixerFrame(for: time, session)
            let start = session.runs[run]?.startFrame ?? Int.min
            for parameter in parameters {
                let offset = parameter.time.isFinite ? Int((Swift.max(parameter.time, 0) * sampleRate).rounded()) : 0
                let frame = Swift.max(base &+ offset, start)
                output = session.output
                // Queued without waking the render thread: it is woken after the device has the scale.
                guard session.control.send(.sendParameter(run, id: parameter.id, value: parameter.value, atFrame: frame)) else {
                    throw queueFull()
                }
            }
        }
    }

    /// An intensity control sent for "now" scales what the player plays: tell the device the scale before the command
    /// is rendered, so a device whose level changes cost a round trip (an `OnsetAnticipating` one: evdev) can send it
    /// at once. Only for a player whose intensity control is known (no program parameters or curves moving it); a
    /// wrong guess is corrected by the rendered level within a block. Records the scale with the device (no system
    /// call) and returns the device when it did, for the caller to send it once the lock is released.
    private func prepareIntensityScale(
        _ key: EnginePlayerHandle, _ parameters: [DynamicParameter], at time: Double, _ s: inout State
    ) -> (any OnsetAnticipating)? {
        guard time <= 0 || time <= nowLocked(s), let program = s.players[key]?.program else { return nil }
        var prepared: (any OnsetAnticipating)?
        for parameter in parameters where parameter.id == .hapticIntensityControl {
            guard parameter.time <= 0 else {
                s.players[key]?.intensityControl = nil
                continue
            }
            let value = Swift.min(Swift.max(parameter.value, 0), 1)
            if let previous = s.players[key]?.intensityControl, previous > 0, program.parameterCount == 0,
                program.curveCount == 0, value != previous, let device = s.anticipatingDevice
            {
                device.prepareScale(value / previous)
                prepared = device
            }
            s.players[key]?.intensityControl = value
        }
        return prepared
    }

    func scheduleCurve(_ key: EnginePlayerHandle, _ curve: CurveProgram, at time: Double) throws(EngineError) {
        try state.withLock { (s: inout State) throws(EngineError) in
            let player = try check(key, s)
            try check(time)
            guard let run = player.run, let session = s.session else { return }
            // A curve moves the control in ways an intensity change cannot be a simple scale of.
            s.players[key]?.intensityControl = nil
            let start = session.runs[run]?.startFrame ?? Int.min
            let frame = Swift.max(mixerFrame(for: time, session), start)
            // The session's mixer control keeps the curve alive until the mixer gives it back.
            guard session.control.scheduleCurve(run, curve: curve, atFrame: frame) else { throw queueFull() }
            session.output.wakeForCommand()
        }
    }
}
