import HapticPattern
import Synchronization

/// The real-time mixer: fixed pools of players and voices rendering into a haptic bus and a stereo audio bus.
///
/// The control side (any thread, one at a time for ``enqueue(_:)``) sends timestamped ``MixerCommand``s through a
/// lock-free queue; the render side calls ``render(frameCount:haptic:audio:)`` block after block. Each block the
/// mixer drains the queue, then renders every active player, splitting the block at every command, event,
/// parameter, curve point, ramp end and loop point so each happens on its exact frame. Notifications (players
/// finished, programs and curves no longer used) come back through a second queue, read with
/// ``drainNotifications(_:)``.
///
///     let mixer = Mixer(configuration: MixerConfiguration(sampleRate: 48_000), profile: .simulatedTapticLRA)
///     let handle = mixer.allocatePlayer()!
///     _ = mixer.enqueue(.start(handle, program: .passRetained(program), atFrame: 0, offset: 0))
///     mixer.render(frameCount: 256, haptic: storage.haptic, audio: storage.audio)
///
/// Thread safety: ``enqueue(_:)`` has one producer at a time (serialize callers, as an engine's command path does);
/// ``render(frameCount:haptic:audio:)`` has one consumer (the render thread); ``drainNotifications(_:)`` one
/// reader; ``allocatePlayer()`` and ``freePlayer(_:)`` are safe from any thread (they take a lock, so never call
/// them on the render thread).
///
/// Real-time safety: ``render(frameCount:haptic:audio:)`` takes no lock, allocates nothing and does no reference
/// counting (checked by the compiler with `@_noLocks`/`@_noAllocation` and by a malloc-counting benchmark). All
/// pools are allocated in `init`.
public final class Mixer: @unchecked Sendable {
    // @unchecked: render-side state is touched only by the render thread; the control side communicates through
    // the atomic queues and the mutex-protected handle table.

    /// The configuration the pools were sized from.
    public let configuration: MixerConfiguration
    /// The actuator profile the haptic bus is shaped for.
    public let profile: ActuatorProfile

    private let commands: CommandRing
    private let notifications: NotificationRing
    private let handles: Mutex<HandleTable>
    private let clock = Atomic<Int>(0)
    private let clipped = Atomic<Int>(0)
    private let droppedNotifications = Atomic<Int>(0)

    // Render-side pools (allocated once).
    private let players: UnsafeMutablePointer<PlayerSlot>
    private let controls: UnsafeMutablePointer<ControlState>
    private let voices: UnsafeMutablePointer<Voice>
    private let freeVoices: UnsafeMutablePointer<Int32>
    private var freeVoiceCount: Int
    private let pending: UnsafeMutablePointer<PendingCommand>
    private var pendingCount = 0
    private let amplitudeSum: UnsafeMutablePointer<Float>
    private let sharpnessSum: UnsafeMutablePointer<Float>
    private let onsets: UnsafeMutablePointer<Float>
    /// Release notifications (programs, curves) that did not fit in the notification queue, retried every block.
    private let releaseRetries: UnsafeMutablePointer<MixerNotification>
    private let releaseRetryCapacity: Int
    private var releaseRetryCount = 0

    // Render-side constants and bus state.
    private let playerCapacity: Int
    private let voiceCapacity: Int
    private let pendingCapacity: Int
    private let maxBlockFrames: Int
    private let sampleRate: Double
    private let rampFrames: Int
    private let fadeFrames: Int
    /// Shapes the mixed voices into the profile's signals.
    private var translator: ActuatorTranslator

    /// The control side's table of slot generations and free slots.
    private struct HandleTable {
        var generations: [UInt32]
        var free: [Int32]
    }

    /// Creates a mixer and allocates every pool.
    ///
    /// - Parameters:
    ///   - configuration: rates and capacities.
    ///   - profile: the actuator profile that shapes the haptic bus (band, mode, minimum burst).
    public init(configuration: MixerConfiguration, profile: ActuatorProfile = .simulatedTapticLRA) {
        precondition(configuration.sampleRate >= 100 && configuration.sampleRate.isFinite, "Mixer: bad sample rate")
        precondition(configuration.maxBlockFrames > 0 && configuration.playerCapacity > 0
            && configuration.voiceCapacity > 0 && configuration.commandCapacity > 0, "Mixer: capacities must be positive")
        self.configuration = configuration
        self.profile = profile
        playerCapacity = configuration.playerCapacity
        voiceCapacity = configuration.voiceCapacity
        pendingCapacity = configuration.commandCapacity
        maxBlockFrames = configuration.maxBlockFrames
        sampleRate = configuration.sampleRate
        rampFrames = Swift.max(0, Int((configuration.parameterRampDuration * sampleRate).rounded()))
        fadeFrames = Swift.max(1, Int((configuration.stopFadeDuration * sampleRate).rounded()))
        translator = ActuatorTranslator(profile: profile, sampleRate: configuration.sampleRate)
        commands = CommandRing(capacity: configuration.commandCapacity)
        notifications = NotificationRing(capacity: Swift.max(configuration.notificationCapacity, 16))
        handles = Mutex(HandleTable(
            generations: Array(repeating: 0, count: configuration.playerCapacity),
            free: (0..<Int32(configuration.playerCapacity)).reversed()))
        players = .allocate(capacity: playerCapacity)
        players.initialize(repeating: PlayerSlot(), count: playerCapacity)
        controls = .allocate(capacity: playerCapacity * ControlIndex.count)
        for i in 0..<(playerCapacity * ControlIndex.count) {
            (controls + i).initialize(to: ControlState(value: ControlIndex.defaultValue(i % ControlIndex.count)))
        }
        voices = .allocate(capacity: voiceCapacity)
        voices.initialize(repeating: Voice(), count: voiceCapacity)
        freeVoices = .allocate(capacity: voiceCapacity)
        for i in 0..<voiceCapacity { (freeVoices + i).initialize(to: Int32(voiceCapacity - 1 - i)) }
        freeVoiceCount = voiceCapacity
        pending = .allocate(capacity: pendingCapacity)
        amplitudeSum = .allocate(capacity: maxBlockFrames)
        amplitudeSum.initialize(repeating: 0, count: maxBlockFrames)
        sharpnessSum = .allocate(capacity: maxBlockFrames)
        sharpnessSum.initialize(repeating: 0, count: maxBlockFrames)
        onsets = .allocate(capacity: maxBlockFrames)
        onsets.initialize(repeating: 0, count: maxBlockFrames)
        // Every curve a control holds, plus every one that can be in flight in the two command tables.
        releaseRetryCapacity = playerCapacity * ControlIndex.count + 2 * configuration.commandCapacity
        releaseRetries = .allocate(capacity: releaseRetryCapacity)
    }

    deinit {
        players.deallocate()
        controls.deallocate()
        voices.deallocate()
        freeVoices.deallocate()
        pending.deallocate()
        amplitudeSum.deallocate()
        sharpnessSum.deallocate()
        onsets.deallocate()
        releaseRetries.deallocate()
    }

    // MARK: Control side

    /// The first frame of the next block on the mixer clock (frames rendered so far).
    public var currentFrame: Int { clock.load(ordering: .acquiring) }

    /// Frames whose summed haptic amplitude exceeded 1 and was clamped, since the mixer was created.
    public var clippedFrameCount: Int { clipped.load(ordering: .relaxed) }

    /// Notifications that did not fit in the notification queue when first posted. Releases of programs and curves
    /// are retried every block (so nothing leaks); finished and dropped-voice notifications are lost.
    public var droppedNotificationCount: Int { droppedNotifications.load(ordering: .relaxed) }

    /// Reserves a player slot. Returns `nil` when all ``MixerConfiguration/playerCapacity`` slots are in use.
    ///
    /// Thread safety: any thread (takes a lock). Not for the render thread.
    public func allocatePlayer() -> PlayerHandle? {
        handles.withLock { table in
            guard let index = table.free.popLast() else { return nil }
            table.generations[Int(index)] &+= 1
            return PlayerHandle(index: index, generation: table.generations[Int(index)])
        }
    }

    /// Returns a slot for reuse and cancels whatever it was playing. Ignores stale handles.
    ///
    /// The cancel is enqueued like any command; if the queue is full it returns `false` and the slot is not freed.
    public func freePlayer(_ handle: PlayerHandle) -> Bool {
        handles.withLock { table in
            let i = Int(handle.index)
            guard i >= 0, i < table.generations.count, table.generations[i] == handle.generation,
                !table.free.contains(handle.index)
            else { return true }
            guard commands.push(.cancel(handle)) else { return false }
            table.free.append(handle.index)
            return true
        }
    }

    /// Sends a command to the render thread. Returns `false` (and takes nothing) when the queue is full.
    ///
    /// Thread safety: one producer at a time. Real-time safety: lock-free, allocation-free, never waits.
    @_noLocks @_noAllocation
    public func enqueue(_ command: MixerCommand) -> Bool { commands.push(command) }

    /// Reads every waiting notification, oldest first.
    ///
    /// Thread safety: one reader at a time (not the render thread's job).
    public func drainNotifications(_ body: (MixerNotification) -> Void) {
        while let note = notifications.pop() { body(note) }
    }

    // MARK: Render side

    /// Renders `frameCount` frames into the buses and advances the clock.
    ///
    /// - Parameters:
    ///   - frameCount: 0 … ``MixerConfiguration/maxBlockFrames``.
    ///   - haptic: at least `frameCount` frames per buffer; overwritten.
    ///   - audio: at least `frameCount` frames per buffer; overwritten.
    ///
    /// Real-time safety: no locks, no allocation, no reference counting.
    @_noLocks @_noAllocation
    public func render(frameCount: Int, haptic: HapticBusBuffers, audio: AudioBusBuffers) {
        let maximum = maxBlockFrames
        precondition(frameCount >= 0 && frameCount <= maximum, "Mixer.render: frameCount out of range")
        precondition(haptic.amplitude.count >= frameCount && haptic.sharpness.count >= frameCount
            && haptic.drive.count >= frameCount && haptic.strong.count >= frameCount && haptic.weak.count >= frameCount
            && audio.left.count >= frameCount && audio.right.count >= frameCount, "Mixer.render: buffers too small")
        guard frameCount > 0, let left = audio.left.baseAddress, let right = audio.right.baseAddress else { return }
        let blockStart = clock.load(ordering: .relaxed)
        for i in 0..<frameCount {
            amplitudeSum[i] = 0
            sharpnessSum[i] = 0
            onsets[i] = 0
            left[i] = 0
            right[i] = 0
        }
        collectCommands(blockStart: blockStart, frameCount: frameCount)
        retryReleases()
        for p in 0..<playerCapacity {
            let slot = players + p
            if let program = slot.pointee.pendingRelease {
                if post(.programReleased(program)) { slot.pointee.pendingRelease = nil }
            }
            if slot.pointee.isIdle && slot.pointee.commandHead < 0 { continue }
            renderPlayer(p, blockStart: blockStart, frameCount: frameCount, left: left, right: right)
            if slot.pointee.droppedVoices > 0 {
                let handle = PlayerHandle(index: Int32(p), generation: slot.pointee.generation)
                _ = post(.voicesDropped(handle, count: slot.pointee.droppedVoices))
                slot.pointee.droppedVoices = 0
            }
        }
        shapeHapticBus(frameCount: frameCount, haptic: haptic)
        dropDueCommands()
        clock.store(blockStart + frameCount, ordering: .releasing)
    }

    /// Posts a notification; counts it as dropped when the queue is full.
    @_noLocks @_noAllocation
    private func post(_ note: MixerNotification) -> Bool {
        if notifications.push(note) { return true }
        droppedNotifications.wrappingAdd(1, ordering: .relaxed)
        return false
    }

    /// Posts a program or curve release; if the notification queue is full, keeps it to retry every block (in order,
    /// behind earlier retries). Only when the retry table is full too (the control side has stopped reading for a
    /// long time) is the release lost; it is counted in ``droppedNotificationCount`` either way.
    @_noLocks @_noAllocation
    private func postRelease(_ note: MixerNotification) {
        if releaseRetryCount == 0 {
            if notifications.push(note) { return }
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
    private func retryReleases() {
        let count = releaseRetryCount
        guard count > 0 else { return }
        var posted = 0
        while posted < count {
            if !notifications.push(releaseRetries[posted]) { break }
            posted += 1
        }
        guard posted > 0 else { return }
        for i in 0..<(count - posted) { releaseRetries[i] = releaseRetries[i + posted] }
        releaseRetryCount = count - posted
    }

    /// Drains the queue into the pending table, then links this block's due commands to their players in frame order.
    @_noLocks @_noAllocation
    private func collectCommands(blockStart: Int, frameCount: Int) {
        while pendingCount < pendingCapacity, let command = commands.pop() {
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
        }
        dueCount = due
    }

    /// Removes this block's (now applied) commands from the front of the pending table.
    @_noLocks @_noAllocation
    private func dropDueCommands() {
        let due = dueCount
        let remaining = pendingCount - due
        if due > 0 {
            for i in 0..<remaining { pending[i] = pending[i + due] }
        }
        pendingCount = remaining
        dueCount = 0
    }

    /// Number of entries at the front of the pending table that belong to the current block.
    private var dueCount = 0

    /// Renders one player's share of the block, splitting at its commands and timeline points.
    @_noLocks @_noAllocation
    private func renderPlayer(
        _ p: Int, blockStart: Int, frameCount: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>
    ) {
        let slot = players + p
        let control = controls + p * ControlIndex.count
        var position = 0
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
                if slot.pointee.isPlaying {
                    fireDue(p, dt: dt, offset: position)
                    next = Swift.min(next, position + framesUntilNextPoint(p, dt: dt))
                }
                // Controls: linear pieces.
                var segments: (ControlPiece, ControlPiece, ControlPiece, ControlPiece, ControlPiece, ControlPiece, ControlPiece, ControlPiece) =
                    (ControlPiece(), ControlPiece(), ControlPiece(), ControlPiece(), ControlPiece(), ControlPiece(), ControlPiece(), ControlPiece())
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
                slot.pointee.framesSinceOrigin += n
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
    private func piece(_ state: UnsafeMutablePointer<ControlState>, dt: Double, position: Int, next: inout Int) -> ControlPiece {
        let s = state.pointee.segment(dt: dt)
        if s.frames < Int.max / 4 { next = Swift.min(next, position + Swift.max(1, s.frames)) }
        return ControlPiece(value: s.value, slope: s.slope)
    }

    /// The player's pattern time at the current frame.
    @inline(__always)
    private func patternTime(_ slot: UnsafeMutablePointer<PlayerSlot>, dt: Double) -> Double {
        slot.pointee.timeOrigin + Double(slot.pointee.framesSinceOrigin) * dt
    }

    /// The loop end in effect (never shorter than 1 ms, so a loop always advances).
    @inline(__always)
    private func effectiveLoopEnd(_ slot: UnsafeMutablePointer<PlayerSlot>) -> Double {
        let end = slot.pointee.loopEnd > 0 ? slot.pointee.loopEnd : slot.pointee.view.lastEventEnd
        return Swift.max(end, 0.001)
    }

    /// Starts the events, parameters and curves due at the current frame; wraps the loop.
    @_noLocks @_noAllocation
    private func fireDue(_ p: Int, dt: Double, offset: Int) {
        let slot = players + p
        let control = controls + p * ControlIndex.count
        var wraps = 0
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
            guard slot.pointee.isLooping, wraps < 2 else { return }
            let loopEnd = effectiveLoopEnd(slot)
            guard Timing.frames(until: loopEnd - now, dt: dt) == 0 else { return }
            let wrapped = now - loopEnd
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
            wraps += 1
        }
    }

    /// Frames until the player's next event, parameter, curve start, loop end or pattern end.
    @_noLocks @_noAllocation
    private func framesUntilNextPoint(_ p: Int, dt: Double) -> Int {
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
    private func finishIfDone(_ p: Int, frame: Int) {
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
        _ = post(.playerFinished(handle, atFrame: frame, stopped: slot.pointee.wasStopped))
        endRun(p)
    }

    /// Ends a run: releases the program and run-time curves, resets the slot (voices must already be gone).
    @_noLocks @_noAllocation
    private func endRun(_ p: Int) {
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
    private func releaseCurve(_ state: UnsafeMutablePointer<ControlState>) {
        if let owner = state.pointee.curveOwner {
            postRelease(.curveReleased(owner))
            state.pointee.curveOwner = nil
            state.pointee.curvePoints = nil
            state.pointee.curveCount = 0
        }
    }

    /// Sets a control to a value with the standard ramp (sticky).
    @_noLocks @_noAllocation
    private func setControl(_ p: Int, _ index: Int, _ value: Float) {
        let state = controls + p * ControlIndex.count + index
        releaseCurve(state)
        state.pointee.set(ControlIndex.clamp(index, value), rampFrames: rampFrames)
    }

    /// Applies one command at `frame`.
    @_noLocks @_noAllocation
    private func apply(_ command: MixerCommand, slot p: Int, frame: Int, position: Int) {
        let slot = players + p
        let handle = command.handle
        if case .start(_, let program, _, let offset) = command {
            // A start from an earlier occupant of the slot is stale: hand its program back and ignore it.
            if Int32(bitPattern: slot.pointee.generation &- handle.generation) > 0 {
                postRelease(.programReleased(program))
                return
            }
            startRun(p, handle: handle, program: program, offset: offset, position: position)
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
    private func adopt(_ p: Int, generation: UInt32) {
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
    private func startRun(
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
    private func seek(_ p: Int, to offset: Double, dt: Double, at position: Int) {
        fadeVoices(p)
        place(p, at: offset, dt: dt, position: position)
    }

    /// Positions the player's timeline at `offset` pattern seconds: re-applies the sticky state (parameters,
    /// curves) before it and resumes part-way the events already under way there; events at or after `offset` are
    /// left for `fireDue`.
    @_noLocks @_noAllocation
    private func place(_ p: Int, at offset: Double, dt: Double, position: Int) {
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

    /// Starts fading every voice of a player.
    @_noLocks @_noAllocation
    private func fadeVoices(_ p: Int) {
        var v = players[p].firstVoice
        while v >= 0 {
            voices[Int(v)].forceRelease(frames: fadeFrames)
            v = voices[Int(v)].next
        }
    }

    /// Frees every voice of a player at once.
    @_noLocks @_noAllocation
    private func killVoices(_ p: Int) {
        var v = players[p].firstVoice
        while v >= 0 {
            let next = voices[Int(v)].next
            freeVoices[freeVoiceCount] = v
            freeVoiceCount += 1
            v = next
        }
        players[p].firstVoice = -1
    }

    /// Takes a voice from the pool and sets it up for `event`.
    ///
    /// - Parameters:
    ///   - offset: the voice's first frame in the block.
    ///   - elapsed: output frames the event has already been sounding (a seek, start offset or loop wrap landed
    ///     inside it): the voice starts part-way through its envelope (and custom audio at the matching sample) and
    ///     fades in over the stop-fade time; a voice that would already be over is not started.
    @_noLocks @_noAllocation
    private func startVoice(_ p: Int, event: ProgramEvent, dt: Double, offset: Int, elapsed: Int = 0) {
        let control = controls + p * ControlIndex.count
        var voice = Voice()
        voice.kind = event.kind
        voice.level = event.level
        voice.sharpness = event.sharpness
        voice.pan = event.pan
        voice.brightness = event.brightness
        let framesPerSecond = 1 / dt
        var onset: Float = 0
        switch event.kind {
        case .transient:
            // A shaped pulse: 20 ms at sharpness 0 down to 10 ms at sharpness 1; 15 % linear rise, 85 % fall.
            // Sharpness is fixed at the start, as Core Haptics chooses a transient waveform once.
            let s = FastMath.clamp(event.sharpness + control[ControlIndex.hapticSharpness].value, 0, 1)
            voice.sharpness = s
            voice.sharpnessIsFixed = true
            let length = Swift.max(4, FastMath.roundToInt((0.020 - 0.010 * Double(s)) * sampleRate))
            voice.attackFrames = Swift.max(1, length * 15 / 100)
            voice.attackStep = 1 / Float(voice.attackFrames)
            voice.holdFrames = 0
            voice.releaseFrames = length - voice.attackFrames
            onset = event.level * control[ControlIndex.hapticIntensity].value
        case .hapticContinuous, .audioContinuous:
            let isHaptic = event.kind.isHaptic
            let attackControl = control[isHaptic ? ControlIndex.hapticAttack : ControlIndex.audioAttack].value
            let decayControl = control[isHaptic ? ControlIndex.hapticDecay : ControlIndex.audioDecay].value
            let releaseControl = control[isHaptic ? ControlIndex.hapticRelease : ControlIndex.audioRelease].value
            let attack = FastMath.envelopeSeconds(event.attack + attackControl)
            let decay = FastMath.envelopeSeconds(event.decay + decayControl)
            let release = FastMath.envelopeSeconds(event.release + releaseControl)
            if event.sustained {
                // Release starts so that the event ends at duration + max(0, release − 40 ms), Apple's fullDuration.
                let releaseStart = Swift.max(0, event.duration - Swift.min(release, 0.04))
                let attackFrames = FastMath.roundToInt(attack * framesPerSecond)
                let releaseStartFrame = FastMath.roundToInt(releaseStart * framesPerSecond)
                voice.attackFrames = Swift.min(attackFrames, releaseStartFrame)
                voice.attackStep = attackFrames > 0 ? 1 / Float(attackFrames) : 1
                voice.holdFrames = releaseStartFrame - voice.attackFrames
                voice.releaseFrames = Swift.max(1, FastMath.roundToInt(release * framesPerSecond))
            } else {
                // Not sustained: attack, then decay to silence; a shorter duration compresses the decay.
                let natural = attack + decay
                let total = event.duration > 0 ? Swift.min(event.duration, natural) : natural
                let attackFrames = FastMath.roundToInt(attack * framesPerSecond)
                let totalFrames = FastMath.roundToInt(total * framesPerSecond)
                voice.attackFrames = Swift.min(attackFrames, totalFrames)
                voice.attackStep = attackFrames > 0 ? 1 / Float(attackFrames) : 1
                voice.holdFrames = 0
                voice.releaseFrames = Swift.max(1, totalFrames - voice.attackFrames)
            }
        case .audioCustom:
            voice.samples = event.samples
            voice.sampleFrameCount = event.sampleFrameCount
            voice.sampleChannelCount = event.sampleChannelCount
            voice.baseStep = event.sampleRate / sampleRate
            voice.loops = event.loops && event.duration > 0
            let naturalSeconds = Double(event.sampleFrameCount) / event.sampleRate
            let seconds = event.duration > 0 ? (voice.loops ? event.duration : Swift.min(event.duration, naturalSeconds)) : naturalSeconds
            let totalFrames = Swift.max(1, FastMath.roundToInt(seconds * sampleRate))
            let fade = event.usesVolumeEnvelope ? Swift.min(Int(0.005 * sampleRate), totalFrames / 2) : 0
            voice.attackFrames = fade
            voice.attackStep = fade > 0 ? 1 / Float(fade) : 1
            voice.releaseFrames = fade
            voice.holdFrames = totalFrames - 2 * fade
            if fade == 0 { voice.env = 1 }
        }
        if voice.attackFrames == 0 { voice.env = 1 }
        voice.enter(stage: 0)
        if elapsed > 0 {
            // Resume part-way: custom audio reads at its current pitch from where it would be by now.
            // A tone's phase moves at its frequency, 220·2^(2·pitch) Hz (see Voice.renderAudio).
            let pitch = FastMath.clamp(event.sharpness + control[ControlIndex.audioPitch].value, -1, 1)
            var step = voice.baseStep * FastMath.exp2(Double(pitch))
            if case .audioContinuous = event.kind { step = 220 * FastMath.exp2(2 * Double(pitch)) / sampleRate }
            voice.skip(frames: elapsed, sourceStep: step)
            if voice.isDone { return }
            voice.fadeIn(frames: fadeFrames)
            onset = 0
        }
        guard freeVoiceCount > 0 else {
            players[p].droppedVoices += 1
            return
        }
        freeVoiceCount -= 1
        let index = freeVoices[freeVoiceCount]
        if onset > 0 {
            let k = Swift.min(Swift.max(offset, 0), maxBlockFrames - 1)
            onsets[k] = Swift.max(onsets[k], onset)
        }
        voice.next = players[p].firstVoice
        voices[Int(index)] = voice
        players[p].firstVoice = index
    }

    /// Renders every voice of a player for `n` frames from `offset`, then returns finished voices to the pool.
    @_noLocks @_noAllocation
    private func renderVoices(
        _ p: Int, frames n: Int, offset: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>,
        intensity: ControlPiece, sharpness: ControlPiece, volume: ControlPiece, pan: ControlPiece,
        brightness: ControlPiece, pitch: ControlPiece, mute: ControlPiece
    ) {
        var previous: Int32 = -1
        var v = players[p].firstVoice
        let rate = Float(sampleRate)
        while v >= 0 {
            let voice = voices + Int(v)
            if voice.pointee.kind.isHaptic {
                voice.pointee.renderHaptic(
                    frames: n, amplitude: amplitudeSum + offset, sharpnessWeight: sharpnessSum + offset,
                    intensity: (intensity.value, intensity.slope), sharpnessControl: (sharpness.value, sharpness.slope),
                    mute: (mute.value, mute.slope))
            } else {
                voice.pointee.renderAudio(
                    frames: n, left: left + offset, right: right + offset, sampleRate: rate,
                    volume: (volume.value, volume.slope), pitch: pitch.value, pan: (pan.value, pan.slope),
                    brightness: brightness.value, mute: (mute.value, mute.slope))
            }
            let next = voice.pointee.next
            if voice.pointee.isDone {
                if previous >= 0 { voices[Int(previous)].next = next } else { players[p].firstVoice = next }
                freeVoices[freeVoiceCount] = v
                freeVoiceCount += 1
            } else {
                previous = v
            }
            v = next
        }
    }

    /// Turns the summed amplitude and sharpness into the profile's signals (``ActuatorTranslator``).
    @_noLocks @_noAllocation
    private func shapeHapticBus(frameCount n: Int, haptic: HapticBusBuffers) {
        let clippedFrames = translator.shape(
            frameCount: n, amplitudeSum: amplitudeSum, sharpnessSum: sharpnessSum, onsets: onsets, into: haptic)
        if clippedFrames > 0 { clipped.wrappingAdd(clippedFrames, ordering: .relaxed) }
    }
}
