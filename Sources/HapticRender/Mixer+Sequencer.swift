import HapticPattern

// The player sequencer: each player's timeline (rate, loop, seek, pause), its events fired on their exact frames,
// its controls and curves, and its end.
extension Mixer {
    /// Renders one player's share of the block, splitting at its commands and timeline points.
    @_noLocks @_noAllocation
    func renderPlayer(
        _ p: Int, blockStart: Int, frameCount: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>
    ) {
        let slot = players + p
        let control = controls + p * ControlIndex.count
        var position = 0
        // One loop pass per block: a loop shorter than the block (a tiny loop end, a huge rate) does not wrap again in
        // it, so the block's work is bounded by the pattern, not by how many passes would fit.
        var wrapped = false
        while true {
            // Commands due now.
            while slot.pointee.commandHead >= 0 {
                let entry = pending[Int(slot.pointee.commandHead)]
                if entry.frame > blockStart + position { break }
                slot.pointee.commandHead = entry.next
                if entry.next < 0 { slot.pointee.commandTail = -1 }
                apply(entry.command, slot: p, frame: blockStart + position, position: position)
            }
            if position >= frameCount { break }
            let dt = slot.pointee.rate / sampleRate
            var next = frameCount
            if let head = Optional(slot.pointee.commandHead), head >= 0 {
                next = Swift.min(next, Swift.max(position + 1, pending[Int(head)].frame - blockStart))
            }
            let running = !slot.pointee.isIdle && !slot.pointee.isPaused
            if running {
                // Held at the loop end until the next block: sounding voices play on, the pattern time waits.
                var held = false
                if slot.pointee.isPlaying {
                    held = fireDue(p, dt: dt, offset: position, wrapped: &wrapped)
                    if !held { next = Swift.min(next, position + framesUntilNextPoint(p, dt: dt)) }
                }
                // Controls: linear pieces.
                var segments:
                    (ControlPiece, ControlPiece, ControlPiece, ControlPiece, ControlPiece, ControlPiece, ControlPiece, ControlPiece) =
                        (
                            ControlPiece(), ControlPiece(), ControlPiece(), ControlPiece(), ControlPiece(), ControlPiece(), ControlPiece(),
                            ControlPiece()
                        )
                segments.0 = piece(control + ControlIndex.hapticIntensity, dt: dt, position: position, next: &next)
                segments.1 = piece(control + ControlIndex.hapticSharpness, dt: dt, position: position, next: &next)
                segments.2 = piece(control + ControlIndex.audioVolume, dt: dt, position: position, next: &next)
                segments.3 = piece(control + ControlIndex.audioPan, dt: dt, position: position, next: &next)
                segments.4 = piece(control + ControlIndex.audioBrightness, dt: dt, position: position, next: &next)
                segments.5 = piece(control + ControlIndex.audioPitch, dt: dt, position: position, next: &next)
                segments.6 = piece(control + ControlIndex.mute, dt: dt, position: position, next: &next)
                let n = next - position
                renderVoices(
                    p, frames: n, offset: position, left: left, right: right,
                    intensity: segments.0, sharpness: segments.1, volume: segments.2, pan: segments.3,
                    brightness: segments.4, pitch: segments.5, mute: segments.6)
                for c in 0..<ControlIndex.count { (control + c).pointee.advance(frames: n, dt: dt) }
                if !held { slot.pointee.framesSinceOrigin += n }
                position = next
                finishIfDone(p, frame: blockStart + position)
            } else {
                position = next
            }
        }
    }

    /// A control's value at the start of a sub-block and its change per frame.
    struct ControlPiece {
        var value: Float = 0
        var slope: Float = 0
    }

    @_noLocks @_noAllocation
    @inline(__always)
    func piece(_ state: UnsafeMutablePointer<ControlState>, dt: Double, position: Int, next: inout Int) -> ControlPiece {
        let s = state.pointee.segment(dt: dt)
        if s.frames < Int.max / 4 { next = Swift.min(next, position + Swift.max(1, s.frames)) }
        return ControlPiece(value: s.value, slope: s.slope)
    }

    /// The player's pattern time at the current frame.
    @_noLocks @_noAllocation
    @inline(__always)
    func patternTime(_ slot: UnsafeMutablePointer<PlayerSlot>, dt: Double) -> Double {
        slot.pointee.timeOrigin + Double(slot.pointee.framesSinceOrigin) * dt
    }

    /// The loop end in effect (never shorter than 1 ms, so a loop always advances).
    @_noLocks @_noAllocation
    @inline(__always)
    func effectiveLoopEnd(_ slot: UnsafeMutablePointer<PlayerSlot>) -> Double {
        let end = slot.pointee.loopEnd > 0 ? slot.pointee.loopEnd : slot.pointee.view.lastEventEnd
        return Swift.max(end, 0.001)
    }

    /// Starts the events, parameters and curves due at the current frame; wraps the loop, once per block (`wrapped`
    /// says whether this block has wrapped already). Returns `true` when the loop end is due again in a block that
    /// has wrapped: the player holds there until the next block, whatever the loop length and rate.
    @_noLocks @_noAllocation
    func fireDue(_ p: Int, dt: Double, offset: Int, wrapped wrappedThisBlock: inout Bool) -> Bool {
        let slot = players + p
        let control = controls + p * ControlIndex.count
        while true {
            let now = patternTime(slot, dt: dt)
            let view = slot.pointee.view
            if let events = view.events {
                while slot.pointee.nextEvent < view.eventCount
                    && Timing.frames(until: events[slot.pointee.nextEvent].time - now, dt: dt) == 0
                {
                    startVoice(p, event: events[slot.pointee.nextEvent], dt: dt, offset: offset)
                    slot.pointee.nextEvent += 1
                }
            }
            if let parameters = view.parameters {
                while slot.pointee.nextParameter < view.parameterCount
                    && Timing.frames(until: parameters[slot.pointee.nextParameter].time - now, dt: dt) == 0
                {
                    let parameter = parameters[slot.pointee.nextParameter]
                    setControl(p, parameter.control, parameter.value)
                    slot.pointee.nextParameter += 1
                }
            }
            if let curves = view.curves, let points = view.points {
                while slot.pointee.nextCurve < view.curveCount
                    && Timing.frames(until: curves[slot.pointee.nextCurve].time - now, dt: dt) == 0
                {
                    let curve = curves[slot.pointee.nextCurve]
                    let state = control + curve.control
                    let startValue = state.pointee.value(atElapsedDelta: 0, dt: dt)
                    releaseCurve(state)
                    state.pointee.follow(points + curve.firstPoint, count: curve.pointCount, elapsed: now - curve.time, from: startValue)
                    slot.pointee.nextCurve += 1
                }
            }
            guard slot.pointee.isLooping else { return false }
            let loopEnd = effectiveLoopEnd(slot)
            guard Timing.frames(until: loopEnd - now, dt: dt) == 0 else { return false }
            guard !wrappedThisBlock else { return true }
            // Within the loop, however far past its end a frame of a huge rate or a seek went.
            let wrapped = (now - loopEnd).truncatingRemainder(dividingBy: loopEnd)
            if Timing.frames(until: wrapped, dt: dt) == 0 {
                // The usual case: back at the loop start (within half a frame); everything from 0 fires as due.
                slot.pointee.timeOrigin = wrapped
                slot.pointee.framesSinceOrigin = 0
                slot.pointee.nextEvent = 0
                slot.pointee.nextParameter = 0
                slot.pointee.nextCurve = 0
            } else {
                // Wrapped into the pattern (a seek past the loop end): resume what is under way there.
                place(p, at: wrapped, dt: dt, position: offset)
            }
            wrappedThisBlock = true
        }
    }

    /// Frames until the player's next event, parameter, curve start, loop end or pattern end.
    @_noLocks @_noAllocation
    func framesUntilNextPoint(_ p: Int, dt: Double) -> Int {
        let slot = players + p
        let now = patternTime(slot, dt: dt)
        let view = slot.pointee.view
        var frames = Int.max / 2
        if let events = view.events, slot.pointee.nextEvent < view.eventCount {
            frames = Swift.min(frames, Timing.frames(until: events[slot.pointee.nextEvent].time - now, dt: dt))
        }
        if let parameters = view.parameters, slot.pointee.nextParameter < view.parameterCount {
            frames = Swift.min(frames, Timing.frames(until: parameters[slot.pointee.nextParameter].time - now, dt: dt))
        }
        if let curves = view.curves, slot.pointee.nextCurve < view.curveCount {
            frames = Swift.min(frames, Timing.frames(until: curves[slot.pointee.nextCurve].time - now, dt: dt))
        }
        if slot.pointee.isLooping {
            frames = Swift.min(frames, Timing.frames(until: effectiveLoopEnd(slot) - now, dt: dt))
        } else {
            frames = Swift.min(frames, Timing.frames(until: view.duration - now, dt: dt))
        }
        return Swift.max(frames, 1)
    }

    /// Posts a finished notification and frees the slot's program once a non-looping run is over.
    @_noLocks @_noAllocation
    func finishIfDone(_ p: Int, frame: Int) {
        let slot = players + p
        guard slot.pointee.firstVoice < 0 else { return }
        switch slot.pointee.state {
        case .idle: return
        case .playing:
            if slot.pointee.isLooping || slot.pointee.nextEvent < slot.pointee.view.eventCount { return }
            let dt = slot.pointee.rate / sampleRate
            if Timing.frames(until: slot.pointee.view.duration - patternTime(slot, dt: dt), dt: dt) > 0 { return }
        case .stopping: break
        }
        let handle = PlayerHandle(index: Int32(p), generation: slot.pointee.generation)
        // An earlier run's end still waiting goes first (the queue stayed full for a whole run: only then is one lost).
        retryFinish(p)
        if !post(.playerFinished(handle, atFrame: frame, stopped: slot.pointee.wasStopped)), !slot.pointee.hasUnpostedFinish {
            // Kept with its frame and retried every block (``retryFinish(_:)``); the control side frees the slot only
            // on this notification, so it is not reused meanwhile.
            slot.pointee.unpostedFinish = UnpostedFinish(handle: handle, frame: frame, stopped: slot.pointee.wasStopped)
            unpostedFinishCount += 1
        }
        endRun(p)
    }

    /// Posts a slot's finished notification that did not fit in the queue when its run ended, if it fits now.
    @_noLocks @_noAllocation
    func retryFinish(_ p: Int) {
        let slot = players + p
        guard let finish = slot.pointee.unpostedFinish,
            notifications.checkedPush(.playerFinished(finish.handle, atFrame: finish.frame, stopped: finish.stopped))
        else { return }
        postedNotificationInLastBlock = true
        slot.pointee.unpostedFinish = nil
        unpostedFinishCount -= 1
    }
}
