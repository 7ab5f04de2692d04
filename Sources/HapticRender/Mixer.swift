import HapticPattern
import HapticSystem
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

    let commands: SPSCRing<MixerCommand>
    let notifications: SPSCRing<MixerNotification>
    let handles: LockedState<HandleTable>
    let clock = Atomic<Int>(0)
    let clipped = Atomic<Int>(0)
    let idle = Atomic<Bool>(true)
    let droppedNotifications = Atomic<Int>(0)
    /// The mixer-clock frame at which the latest start took effect (`Int.min`: none yet); see ``latestStartFrame``.
    let startedAt = Atomic<Int>(.min)

    // Render-side pools (allocated once).
    let players: UnsafeMutablePointer<PlayerSlot>
    let controls: UnsafeMutablePointer<ControlState>
    let voices: UnsafeMutablePointer<Voice>
    let freeVoices: UnsafeMutablePointer<Int32>
    var freeVoiceCount: Int
    let pending: UnsafeMutablePointer<PendingCommand>
    var pendingCount = 0
    /// Number of entries at the front of the pending table that belong to the current block.
    var dueCount = 0
    /// Whether the last rendered block applied a command (a start, stop, parameter, …): render thread only. A device
    /// that batches its updates (evdev) sends such a block at once instead of on its grid.
    public private(set) var appliedCommandInLastBlock = false
    /// Whether the last rendered block posted a notification (a finished player, a release, dropped voices): render
    /// thread only. The engine then wakes its service at once instead of waiting for a timer to look.
    public internal(set) var postedNotificationInLastBlock = false
    let amplitudeSum: UnsafeMutablePointer<Float>
    let sharpnessSum: UnsafeMutablePointer<Float>
    let onsets: UnsafeMutablePointer<Float>
    /// Release notifications (programs, curves) that did not fit in the notification queue, retried every block.
    let releaseRetries: UnsafeMutablePointer<MixerNotification>
    let releaseRetryCapacity: Int
    var releaseRetryCount = 0
    /// The slots a block looks at: every slot that plays, has a command due, or has a notification to post again.
    let activeSlots: SlotSet
    /// How many slots hold an ``PlayerSlot/unpostedFinish``: render thread only.
    var unpostedFinishCount = 0

    // Render-side constants and bus state.
    let playerCapacity: Int
    let voiceCapacity: Int
    let pendingCapacity: Int
    let maxBlockFrames: Int
    let sampleRate: Double
    let rampFrames: Int
    let fadeFrames: Int
    /// Shapes the mixed voices into the profile's signals.
    var translator: ActuatorTranslator

    /// The control side's table of slot generations and free slots.
    struct HandleTable {
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
        precondition(
            configuration.maxBlockFrames > 0 && configuration.playerCapacity > 0
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
        commands = SPSCRing(capacity: configuration.commandCapacity)
        notifications = SPSCRing(capacity: Swift.max(configuration.notificationCapacity, 16))
        handles = LockedState(
            HandleTable(
                generations: Array(repeating: 0, count: configuration.playerCapacity),
                free: (0..<Int32(configuration.playerCapacity)).reversed()))
        players = .allocate(capacity: playerCapacity)
        players.initialize(repeating: PlayerSlot(), count: playerCapacity)
        activeSlots = SlotSet(capacity: playerCapacity)
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
        activeSlots.deallocate()
    }

    // MARK: Control side

    /// The first frame of the next block on the mixer clock (frames rendered so far).
    public var currentFrame: Int { clock.load(ordering: .acquiring) }

    /// The frame on the mixer's clock at which the latest start command took effect, or `nil` before the first. A
    /// start that reaches the render thread after its frame has passed (its sender lost the CPU between choosing
    /// the frame and sending it, or the thread was late to wake) takes effect at the first frame of the block that
    /// collects it: later than the frame it asked for.
    ///
    /// Thread safety: any thread (an atomic read).
    public var latestStartFrame: Int? {
        let frame = startedAt.load(ordering: .acquiring)
        return frame == .min ? nil : frame
    }

    /// Frames whose summed haptic amplitude exceeded 1 and was clamped, since the mixer was created.
    public var clippedFrameCount: Int { clipped.load(ordering: .relaxed) }

    /// Notifications that did not fit in the notification queue when first posted. Releases of programs and curves,
    /// and finished notifications, are retried every block (nothing leaks, no run's end goes unreported; a finished
    /// notification keeps its frame); dropped-voice notifications are lost.
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
    public func enqueue(_ command: MixerCommand) -> Bool { commands.checkedPush(command) }

    /// Whether the mixer has nothing to play: in the last block no player ran and no command was pending, and no
    /// command has arrived since. An idle mixer renders silence.
    ///
    /// Thread safety: the render thread only (it reads the command queue as its consumer).
    public var isIdle: Bool {
        @_noLocks @_noAllocation get {
            if !idle.load(ordering: .relaxed) { return false }
            return commands.checkedIsEmpty()
        }
    }

    /// Whether the last block left nothing sounding: no player ran, nothing pending, no motor burst held. Unlike
    /// ``isIdle`` it does not look at the command queue (a command may be waiting there).
    ///
    /// Thread safety: any thread (an atomic read). On another thread it tells what a block at least as recent as
    /// the last notification that thread has read left (the block is stored before its notifications are posted).
    public var isQuiet: Bool {
        @_noLocks @_noAllocation get { idle.load(ordering: .relaxed) }
    }

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
        precondition(
            haptic.amplitude.count >= frameCount && haptic.sharpness.count >= frameCount
                && haptic.drive.count >= frameCount && haptic.strong.count >= frameCount && haptic.weak.count >= frameCount
                && haptic.leftTrigger.count >= frameCount && haptic.rightTrigger.count >= frameCount
                && audio.left.count >= frameCount && audio.right.count >= frameCount, "Mixer.render: buffers too small")
        guard frameCount > 0, let left = audio.left.baseAddress, let right = audio.right.baseAddress else { return }
        let blockStart = clock.load(ordering: .relaxed)
        postedNotificationInLastBlock = false
        for i in 0..<frameCount {
            amplitudeSum[i] = 0
            sharpnessSum[i] = 0
            onsets[i] = 0
            left[i] = 0
            right[i] = 0
        }
        collectCommands(blockStart: blockStart, frameCount: frameCount)
        retryReleases()
        var rendered = 0
        var visit = activeSlots.makeIterator()
        while let p = visit.next() {
            let slot = players + p
            if unpostedFinishCount != 0 { retryFinish(p) }
            if let program = slot.pointee.pendingRelease {
                if post(.programReleased(program)) { slot.pointee.pendingRelease = nil }
            }
            if !slot.pointee.isIdle || slot.pointee.commandHead >= 0 {
                renderPlayer(p, blockStart: blockStart, frameCount: frameCount, left: left, right: right)
                rendered += 1
                if slot.pointee.droppedVoices > 0 {
                    let handle = PlayerHandle(index: Int32(p), generation: slot.pointee.generation)
                    _ = post(.voicesDropped(handle, count: slot.pointee.droppedVoices))
                    slot.pointee.droppedVoices = 0
                }
            }
            // Looked at again only when a command for it is due (``collectCommands``).
            if slot.pointee.isQuiescent { activeSlots.remove(p) }
        }
        shapeHapticBus(frameCount: frameCount, haptic: haptic)
        appliedCommandInLastBlock = dueCount > 0
        dropDueCommands()
        // (No `&&`: its autoclosures would retain `self`.)
        var isIdle = rendered == 0
        if pendingCount != 0 { isIdle = false }
        // A motor burst still held after its transient ended is not silence: the output must keep rendering it.
        if translator.isHoldingBurst { isIdle = false }
        if releaseRetryCount != 0 { isIdle = false }
        if unpostedFinishCount != 0 { isIdle = false }
        idle.store(isIdle, ordering: .relaxed)
        clock.store(blockStart + frameCount, ordering: .releasing)
    }

    /// Advances the clock over `frameCount` frames of silence without rendering them, when the last block left
    /// nothing sounding (no player ran, nothing pending, no motor burst held): what rendering them would do, for a
    /// fraction of the cost. Commands waiting in the queue stay there; one whose frame the skip passes takes effect
    /// at the first frame of the next block, as any late command does. Returns `false`, and skips nothing, when the
    /// mixer was not idle or `frameCount` is negative.
    ///
    /// Thread safety: the render thread only. Real-time safety: no locks, no allocation.
    @_noLocks @_noAllocation
    public func skipSilence(frameCount: Int) -> Bool {
        guard frameCount >= 0, idle.load(ordering: .relaxed) else { return false }
        clock.store(clock.load(ordering: .relaxed) + frameCount, ordering: .releasing)
        return true
    }
}
