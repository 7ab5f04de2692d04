import HapticPattern

// The mixer's command side on the render thread: notifications back to the control side, due commands collected
// in frame order, and each command applied to its player on its exact frame.
extension Mixer {
    /// Posts a notification; counts it as dropped when the queue is full.
    @_noLocks @_noAllocation
    func post(_ note: MixerNotification) -> Bool {
        if notifications.checkedPush(note) {
            postedNotificationInLastBlock = true
            return true
        }
        droppedNotifications.wrappingAdd(1, ordering: .relaxed)
        return false
    }

    /// Posts a program or curve release; if the notification queue is full, keeps it to retry every block (in order,
    /// behind earlier retries). Only when the retry table is full too (the control side has stopped reading for a
    /// long time) is the release lost; it is counted in ``droppedNotificationCount`` either way.
    @_noLocks @_noAllocation
    func postRelease(_ note: MixerNotification) {
        if releaseRetryCount == 0 {
            if notifications.checkedPush(note) {
                postedNotificationInLastBlock = true
                return
            }
            droppedNotifications.wrappingAdd(1, ordering: .relaxed)
        }
        guard releaseRetryCount < releaseRetryCapacity else {
            droppedNotifications.wrappingAdd(1, ordering: .relaxed)
            return
        }
        releaseRetries[releaseRetryCount] = note
        releaseRetryCount += 1
    }

    /// Posts as many waiting releases as fit, oldest first.
    @_noLocks @_noAllocation
    func retryReleases() {
        let count = releaseRetryCount
        guard count > 0 else { return }
        var posted = 0
        while posted < count {
            if !notifications.checkedPush(releaseRetries[posted]) { break }
            posted += 1
        }
        guard posted > 0 else { return }
        postedNotificationInLastBlock = true
        for i in 0..<(count - posted) { releaseRetries[i] = releaseRetries[i + posted] }
        releaseRetryCount = count - posted
    }

    /// Drains the queue into the pending table, then links this block's due commands to their players in frame order.
    @_noLocks @_noAllocation
    func collectCommands(blockStart: Int, frameCount: Int) {
        while pendingCount < pendingCapacity, let command = commands.checkedPop() {
            // Insertion keeps the table sorted by frame and stable for equal frames.
            let frame = command.frame
            var i = pendingCount
            while i > 0 {
                if pending[i - 1].frame <= frame { break }
                pending[i] = pending[i - 1]
                i -= 1
            }
            pending[i] = PendingCommand(command: command, frame: frame, next: -1)
            pendingCount += 1
        }
        let blockEnd = blockStart + frameCount
        var due = 0
        let count = pendingCount
        let table = pending
        while due < count && table[due].frame < blockEnd { due += 1 }
        for i in 0..<due {
            pending[i].next = -1
            let index = Int(pending[i].command.handle.index)
            let capacity = playerCapacity
            guard index >= 0 && index < capacity else { continue }
            let slot = players + index
            if slot.pointee.commandTail >= 0 {
                pending[Int(slot.pointee.commandTail)].next = Int32(i)
            } else {
                slot.pointee.commandHead = Int32(i)
            }
            slot.pointee.commandTail = Int32(i)
            activeSlots.insert(index)
        }
        dueCount = due
    }

    /// Removes this block's (now applied) commands from the front of the pending table.
    @_noLocks @_noAllocation
    func dropDueCommands() {
        let due = dueCount
        let remaining = pendingCount - due
        if due > 0 {
            for i in 0..<remaining { pending[i] = pending[i + due] }
        }
        pendingCount = remaining
        dueCount = 0
    }

    /// Ends a run: releases the program and run-time curves, resets the slot (voices must already be gone).
    @_noLocks @_noAllocation
    func endRun(_ p: Int) {
        let slot = players + p
        if let program = slot.pointee.program {
            if !post(.programReleased(program)) { slot.pointee.pendingRelease = program }
        }
        slot.pointee.program = nil
        slot.pointee.view = .empty
        slot.pointee.state = .idle
        slot.pointee.isPaused = false
        slot.pointee.wasStopped = false
        let control = controls + p * ControlIndex.count
        for c in 0..<ControlIndex.count { releaseCurve(control + c) }
    }

    /// Posts the release of a run-time curve a control follows (if any) and forgets it.
    @_noLocks @_noAllocation
    @inline(__always)
    func releaseCurve(_ state: UnsafeMutablePointer<ControlState>) {
        if let owner = state.pointee.curveOwner {
            postRelease(.curveReleased(owner))
            state.pointee.curveOwner = nil
            state.pointee.curvePoints = nil
            state.pointee.curveCount = 0
        }
    }

    /// Sets a control to a value with the standard ramp (sticky).
    @_noLocks @_noAllocation
    func setControl(_ p: Int, _ index: Int, _ value: Float) {
        let state = controls + p * ControlIndex.count + index
        releaseCurve(state)
        state.pointee.set(ControlIndex.clamp(index, value), rampFrames: rampFrames)
    }

    /// Applies one command at `frame`.
    @_noLocks @_noAllocation
    func apply(_ command: MixerCommand, slot p: Int, frame: Int, position: Int) {
        let slot = players + p
        let handle = command.handle
        if case .start(_, let program, _, let offset) = command {
            // A start from an earlier occupant of the slot is stale: hand its program back and ignore it.
            if Int32(bitPattern: slot.pointee.generation &- handle.generation) > 0 {
                postRelease(.programReleased(program))
                return
            }
            startRun(p, handle: handle, program: program, offset: offset, position: position)
            startedAt.store(frame, ordering: .releasing)
            return
        }
        if handle.generation != slot.pointee.generation {
            if Int32(bitPattern: handle.generation &- slot.pointee.generation) > 0 {
                // A newer occupant of the slot (settings sent before its first start): adopt it.
                adopt(p, generation: handle.generation)
            } else {
                // Stale: a curve sent to a stale handle must still be handed back.
                if case .scheduleCurve(_, let curve, _) = command { postRelease(.curveReleased(curve)) }
                return
            }
        }
        let dt = slot.pointee.rate / sampleRate
        switch command {
        case .start: break
        case .stop, .cancel:
            guard slot.pointee.isPlaying else { return }
            slot.pointee.state = .stopping
            slot.pointee.wasStopped = true
            slot.pointee.isPaused = false
            fadeVoices(p)
        case .pause:
            // A run already stopping (a cancel, which goes first in its block, then a pause sent before it) fades
            // out and ends: pausing it would keep it forever.
            guard slot.pointee.isPlaying else { return }
            slot.pointee.isPaused = true
        case .resume:
            slot.pointee.isPaused = false
        case .seek(_, let offset, _):
            guard slot.pointee.isPlaying else { return }
            seek(p, to: offset, dt: dt, at: position)
        case .setRate(_, let rate, _):
            guard rate > 0 && rate.isFinite else { return }
            slot.pointee.timeOrigin = patternTime(slot, dt: dt)
            slot.pointee.framesSinceOrigin = 0
            // Sounding continuous events follow the new rate too (Apple: the rate scales "the durations of
            // Continuous events").
            let factor = slot.pointee.rate / Double(rate)
            var v = slot.pointee.firstVoice
            while v >= 0 {
                voices[Int(v)].retime(by: factor)
                v = voices[Int(v)].next
            }
            slot.pointee.rate = Double(rate)
        case .setLoop(_, let enabled, let loopEnd):
            slot.pointee.isLooping = enabled
            slot.pointee.loopEnd = loopEnd.isFinite && loopEnd > 0 ? loopEnd : 0
        case .setMuted(_, let muted):
            slot.pointee.isMuted = muted
            (controls + p * ControlIndex.count + ControlIndex.mute).pointee.set(muted ? 0 : 1, rampFrames: rampFrames)
        case .sendParameter(_, let id, let value, _):
            setControl(p, ControlIndex.of(id), value)
        case .scheduleCurve(_, let curve, _):
            let (points, count, index) = curve._withUnsafeGuaranteedRef {
                (UnsafePointer($0.points.baseAddress), $0.pointCount, $0.control)
            }
            let state = controls + p * ControlIndex.count + index
            let startValue = state.pointee.value(atElapsedDelta: 0, dt: dt)
            releaseCurve(state)
            if let points {
                state.pointee.follow(points, count: count, elapsed: 0, from: startValue)
                state.pointee.curveOwner = curve
            } else {
                postRelease(.curveReleased(curve))
            }
        }
    }

    /// Hands the slot to a new occupant: ends what the old one was doing and resets its settings.
    @_noLocks @_noAllocation
    func adopt(_ p: Int, generation: UInt32) {
        let slot = players + p
        killVoices(p)
        if !slot.pointee.isIdle { endRun(p) }
        slot.pointee.generation = generation
        slot.pointee.rate = 1
        slot.pointee.isLooping = false
        slot.pointee.loopEnd = 0
        slot.pointee.isMuted = false
        slot.pointee.isPaused = false
        let control = controls + p * ControlIndex.count
        for c in 0..<ControlIndex.count {
            releaseCurve(control + c)
            control[c] = ControlState(value: ControlIndex.defaultValue(c))
        }
    }

    /// Starts (or restarts) a player with a program.
    @_noLocks @_noAllocation
    func startRun(
        _ p: Int, handle: PlayerHandle, program: Unmanaged<PatternProgram>, offset: Double, position: Int
    ) {
        let slot = players + p
        // The old run's voices may read the old program's samples: free them before the program goes.
        killVoices(p)
        if !slot.pointee.isIdle { endRun(p) }
        if slot.pointee.generation != handle.generation { adopt(p, generation: handle.generation) }
        let control = controls + p * ControlIndex.count
        for c in 0..<ControlIndex.count {
            releaseCurve(control + c)
            control[c] = ControlState(value: ControlIndex.defaultValue(c))
        }
        if slot.pointee.isMuted { control[ControlIndex.mute].value = 0 }
        slot.pointee.program = program
        slot.pointee.view = program._withUnsafeGuaranteedRef { $0.view }
        slot.pointee.state = .playing
        slot.pointee.isPaused = false
        slot.pointee.wasStopped = false
        seek(p, to: offset.isFinite ? Swift.max(offset, 0) : 0, dt: slot.pointee.rate / sampleRate, at: position)
    }

    /// Moves the player to `offset` pattern seconds: fades sounding voices, then positions the timeline there.
    @_noLocks @_noAllocation
    func seek(_ p: Int, to offset: Double, dt: Double, at position: Int) {
        fadeVoices(p)
        place(p, at: offset, dt: dt, position: position)
    }

    /// Positions the player's timeline at `offset` pattern seconds: re-applies the sticky state (parameters,
    /// curves) before it and resumes part-way the events already under way there; events at or after `offset` are
    /// left for `fireDue`.
    @_noLocks @_noAllocation
    func place(_ p: Int, at offset: Double, dt: Double, position: Int) {
        let slot = players + p
        slot.pointee.timeOrigin = offset
        slot.pointee.framesSinceOrigin = 0
        let view = slot.pointee.view
        let control = controls + p * ControlIndex.count
        var k = 0
        var c = 0
        // Controls set during this walk (bit per control index): their value at a later curve start is known.
        var touched: UInt32 = 0
        // Parameters and curves in time order (parameters first at equal times), so a curve starts from the value
        // the control had at its start.
        while true {
            let parameterTime = k < view.parameterCount ? (view.parameters?[k].time ?? .infinity) : .infinity
            let curveTime = c < view.curveCount ? (view.curves?[c].time ?? .infinity) : .infinity
            if parameterTime < offset && parameterTime <= curveTime, let parameters = view.parameters {
                let parameter = parameters[k]
                let state = control + parameter.control
                releaseCurve(state)
                state.pointee.set(parameter.value, rampFrames: 0)
                touched |= 1 << UInt32(parameter.control)
                k += 1
            } else if curveTime < offset, let curves = view.curves, let points = view.points {
                let curve = curves[c]
                let state = control + curve.control
                let bit: UInt32 = 1 << UInt32(curve.control)
                // A control untouched so far keeps the value it has now (sticky run-time state).
                let delta = touched & bit != 0 ? curve.time - offset : 0
                let startValue = state.pointee.value(atElapsedDelta: delta, dt: dt)
                releaseCurve(state)
                state.pointee.follow(points + curve.firstPoint, count: curve.pointCount, elapsed: offset - curve.time, from: startValue)
                touched |= bit
                c += 1
            } else {
                break
            }
        }
        slot.pointee.nextParameter = k
        slot.pointee.nextCurve = c
        var e = 0
        if let events = view.events {
            while e < view.eventCount && Timing.frames(until: events[e].time - offset, dt: dt) == 0 && events[e].time < offset {
                let event = events[e]
                let elapsed = FastMath.roundToInt((offset - event.time) / dt)
                if elapsed == 0 {
                    startVoice(p, event: event, dt: dt, offset: position)
                } else if case .transient = event.kind {
                    // A transient is a click, not resumed part-way.
                } else {
                    startVoice(p, event: event, dt: dt, offset: position, elapsed: elapsed)
                }
                e += 1
            }
        }
        slot.pointee.nextEvent = e
    }
}
