import HapticSystem

#if os(Linux)
import CHapticSupport
import HapticDevices
import Synchronization

/// The evdev force-feedback writer: a live effect slot rewritten from the latest motor levels, and an armed slot
/// uploaded ahead of need so that an onset costs no upload.
///
/// Three parties share it. The render thread publishes levels with ``publish(strong:weak:end:urgent:)`` (atomics;
/// when the levels rise from silence or fall to it, or change in a block that carries an app's command, also one
/// non-blocking `eventfd` write that wakes the I/O thread at once, so onsets, stops and parameter changes do not wait
/// for the next grid tick). The I/O thread (``run()``) owns every upload: each ``EvdevConfiguration/updatePeriod``
/// it takes the levels and, if they changed, rewrites the live slot with `EVIOCSFF` on the same id and plays it
/// (a level held for ``EvdevConfiguration/refreshInterval`` is played again, which restarts its replay bound);
/// when the levels fall to zero it writes one stop and then nothing until they rise again. A wake restarts the grid
/// at once. A control thread starts and stops it and reads ``state``.
///
/// **What other threads write at once** (``EvdevFastPath``, through its ``DescriptorGate``): while the motor is idle,
/// the I/O thread keeps a second slot uploaded with the levels the next onset is expected to have
/// (``LevelAnticipation``, else the last onset seen), which the render thread — or an app's thread starting that
/// onset — starts with one `write` of an `EV_FF` play event; the I/O thread then adopts it as the live slot, corrects
/// its levels if needed and arms the other one. An app that scales the intensity of what plays writes `FF_GAIN`
/// itself; the I/O thread divides its uploads by that gain scale, holds back levels rendered before the app's change
/// until the block that carries it arrives, and gives the gain back to its setting when the motor stops.
///
/// - Thread safety: ``publish(strong:weak:end:urgent:)`` from one render thread; ``tick(now:urgent:)``, ``open()``,
///   ``run()`` and ``release()`` from the I/O thread only; the atomically published properties from anywhere.
/// - Real-time safety: ``publish(strong:weak:end:urgent:)`` and ``stalledCall(now:timeout:)`` take no lock and do
///   not allocate; ``publish(strong:weak:end:urgent:)`` makes at most two bounded system calls: on an onset that
///   matches the armed slot, one 24-byte `write` of an `EV_FF` play event to the node (never while the I/O thread is
///   in an upload, see ``DescriptorGate``), and a non-blocking 8-byte `write` to the I/O thread's `eventfd`;
///   everything else may block.
package final class EvdevWriter: Sendable {
    /// Where the writer is in its life.
    package enum State: Int, Sendable {
        /// Opening the node and allocating the slot.
        case starting = 0
        /// Ticking.
        case running = 1
        /// The device is gone (`ENODEV` or hang-up).
        case removed = 2
        /// A system call failed; see ``failureErrno``.
        case failed = 3
        /// ``requestStop()`` was honoured and the descriptor is closed.
        case stopped = 4
    }

    /// The node.
    package let capabilities: EvdevCapabilities
    /// The settings.
    package let configuration: EvdevConfiguration
    let system: any EvdevSystemCalls

    let latest = Atomic<UInt32>(0)
    let peak = Atomic<UInt32>(0)
    private let stateValue = Atomic<Int>(State.starting.rawValue)
    private let failure = Atomic<Int32>(0)
    private let stopFlag = Atomic<Bool>(false)
    /// Reached when ``open()`` has decided the start (``state`` left ``State/starting``), and when ``run()`` returned.
    package let started = ThreadMilestone(), finished = ThreadMilestone()
    let callStartBits = Atomic<UInt64>(0)
    let uploads = Atomic<Int>(0)
    let stops = Atomic<Int>(0)
    private let refreshes = Atomic<Int>(0)
    let skipped = Atomic<Int>(0)
    let wakes = Atomic<Int>(0)
    private let ticks = Atomic<Int>(0)
    let anticipatedUploads = Atomic<Int>(0)
    /// The end-of-block levels of the latest block (what an urgent tick sends).
    let latestEnd = Atomic<UInt32>(0)
    /// Set by the render thread when a block that carries a command changed the levels; taken by the I/O thread.
    let urgentRequest = Atomic<Bool>(false)
    /// Whether the I/O thread is dozing (levels held still at its last tick, so it sleeps until a refresh is due):
    /// the render thread then wakes it when the levels move.
    let dozing = Atomic<Bool>(false)
    /// What the engine anticipates (shared with the device).
    let anticipation: LevelAnticipation
    /// What other threads write to the node at once: the armed onset, the gain scale (shared with the device).
    let fastPath: EvdevFastPath
    /// The wake event (`eventfd`), or −1 when there is none (mocks): then onsets wait for the grid.
    let wakeFD: Int32

    // I/O-thread state.
    nonisolated(unsafe) var fd: Int32 = -1
    nonisolated(unsafe) var effectID: Int16 = -1
    /// The second slot (−1 when the device holds only one effect), kept armed for the next onset.
    nonisolated(unsafe) var spareID: Int16 = -1
    /// The levels the spare slot holds while armed.
    nonisolated(unsafe) var armedLevels = MotorLevels.silent
    /// The levels of the latest onset the I/O thread saw (what it arms when nothing is anticipated).
    nonisolated(unsafe) var lastOnset = MotorLevels.silent
    /// The live slot's magnitudes as uploaded, and the levels they play at the gain scale of the upload.
    nonisolated(unsafe) var uploaded: UInt32 = 0
    nonisolated(unsafe) var sent: UInt32 = 0
    nonisolated(unsafe) var sentScale: Float = 1
    /// Until when levels rendered before an app's intensity scale are held back (the block carrying it ends the hold).
    nonisolated(unsafe) var holdUntil = -Double.infinity
    nonisolated(unsafe) var playing = false {
        didSet { fastPath.isPlaying = playing }
    }
    /// When the live effect's replay bound was last restarted (an upload and play, or a refreshing play write).
    nonisolated(unsafe) var lastUpload = -Double.infinity
    /// The render thread's latest levels as the last tick saw them.
    nonisolated(unsafe) var heldAtTick: UInt32 = 0
    nonisolated(unsafe) var retries = 0

    /// Consecutive ticks a transient refusal (`EBUSY`, `EAGAIN`, `ENOSPC`) is retried before it is a failure.
    package static let retryLimit = 64
    /// How long levels rendered before an app's intensity scale are held back at most, in seconds (the block that
    /// carries the app's command normally ends the hold within a block).
    package static let scaleHold = 0.020

    /// Creates a writer for the node described by `capabilities`.
    package init(
        capabilities: EvdevCapabilities, configuration: EvdevConfiguration, system: any EvdevSystemCalls,
        anticipation: LevelAnticipation = LevelAnticipation(), fastPath: EvdevFastPath = EvdevFastPath()
    ) {
        self.anticipation = anticipation
        self.fastPath = fastPath
        self.capabilities = capabilities
        self.configuration = configuration
        self.system = system
        let wake = system.makeWakeEvent()
        wakeFD = wake >= 0 ? Int32(wake) : -1
    }

    deinit {
        if wakeFD >= 0 { try? Posix.syscallClosing("close") { system.close(wakeFD) } }
    }

    // MARK: Any thread

    /// Where the writer is.
    package var state: State { State(rawValue: stateValue.load(ordering: .acquiring)) ?? .failed }
    /// The `errno` of the failure when ``state`` is ``State/failed``.
    package var failureErrno: Int32 { failure.load(ordering: .relaxed) }
    /// `EVIOCSFF` calls that succeeded (the slot allocation included).
    package var uploadCount: Int { uploads.load(ordering: .relaxed) }
    /// Stop writes that succeeded.
    package var stopCount: Int { stops.load(ordering: .relaxed) }
    /// Ticks the I/O thread has run (each looked at the latest published levels).
    package var tickCount: Int { ticks.load(ordering: .acquiring) }
    /// Play writes that restarted the replay bound of an effect holding its level (no upload).
    package var refreshCount: Int { refreshes.load(ordering: .relaxed) }
    /// Ticks that were skipped because the device refused for now (`EBUSY`, `EAGAIN`, `ENOSPC`).
    package var skippedTickCount: Int { skipped.load(ordering: .relaxed) }
    /// Rises from silence and falls to it that woke the I/O thread early.
    package var wakeCount: Int { wakes.load(ordering: .relaxed) }
    /// Onsets started from the armed slot (no upload on their path), by the render thread or an app's thread.
    package var armedStartCount: Int { fastPath.armedStartCount }
    /// Level changes the I/O thread sent ahead of the render thread (an app's intensity scale it was handed,
    /// ``LevelAnticipation``; as a gain write or an upload).
    package var anticipatedUploadCount: Int { anticipatedUploads.load(ordering: .relaxed) }
    /// When the latest armed start's play write returned (monotonic seconds; 0 before the first), for latency checks.
    package var lastArmedStartTime: Double { fastPath.lastStartTime }

    /// Whether ``run()`` has returned (the descriptor is closed).
    package var isFinished: Bool { finished.isReached }
    /// Asks ``run()`` to stop the motor, erase the effect, close and return.
    package func requestStop() {
        stopFlag.store(true, ordering: .releasing)
        // The I/O thread may be dozing: wake it to stop now.
        if wakeFD >= 0 { _ = system.signalWake(wakeFD) }
    }

    // MARK: I/O thread

    func call(_ name: StaticString, _ body: () -> Int) -> Result<Int, SystemCallError> {
        callStartBits.store(MonotonicClock.now().bitPattern, ordering: .relaxed)
        defer { callStartBits.store(0, ordering: .relaxed) }
        return Result { () throws(SystemCallError) in try Posix.syscall(name, body) }
    }

    private func fail(_ error: SystemCallError) -> State {
        if error.errno == ENODEV {
            stateValue.store(State.removed.rawValue, ordering: .releasing)
            return .removed
        }
        failure.store(error.errno, ordering: .relaxed)
        stateValue.store(State.failed.rawValue, ordering: .releasing)
        return .failed
    }

    func makeEffect(strong: UInt16, weak: UInt16, id: Int16? = nil) -> ff_effect {
        var effect = ff_effect()
        effect.id = id ?? effectID
        effect.replay.length = configuration.replayLengthMilliseconds
        effect.replay.delay = 0
        if capabilities.supportsRumble {
            effect.type = UInt16(FF_RUMBLE)
            effect.u.rumble.strong_magnitude = strong
            effect.u.rumble.weak_magnitude = weak
        } else {
            effect.type = UInt16(FF_PERIODIC)
            effect.u.periodic.waveform = UInt16(FF_SINE)
            let frequency = Swift.max(configuration.profile.frequencyMin, 1)
            effect.u.periodic.period = UInt16(Swift.min(1000 / frequency, 1000).rounded())
            effect.u.periodic.magnitude = Int16(Swift.max(strong, weak) >> 1)
        }
        return effect
    }

    /// Opens the node read-write, sets the gain and allocates the live effect slot (a silent effect, id −1), and a
    /// spare one to arm when the device holds two (a refusal only means onsets are not armed).
    ///
    /// The corresponding calls are `open`, `write(EV_FF, FF_GAIN)` and `EVIOCSFF`.
    package func open() -> Result<Void, SystemCallError> {
        switch call("open", { system.open(capabilities.path, flags: O_RDWR | O_NONBLOCK) }) {
        case .success(let descriptor): fd = Int32(descriptor)
        case .failure(let error): return .failure(error)
        }
        if capabilities.supportsGain {
            let gain = Int32((configuration.gain * 65535).rounded())
            if case .failure(let error) = call(
                "write(FF_GAIN)", { system.writeEvent(fd, type: UInt16(EV_FF), code: UInt16(FF_GAIN), value: gain) })
            {
                closeDescriptor()
                return .failure(error)
            }
        }
        effectID = -1
        var effect = makeEffect(strong: 0, weak: 0)
        switch call("EVIOCSFF", { system.uploadEffect(fd, &effect) }) {
        case .success:
            effectID = effect.id
            uploads.add(1, ordering: .relaxed)
        case .failure(let error):
            closeDescriptor()
            return .failure(error)
        }
        spareID = -1
        if capabilities.effectSlots >= 2 {
            var spare = makeEffect(strong: 0, weak: 0, id: -1)
            if case .success = call("EVIOCSFF", { system.uploadEffect(fd, &spare) }) {
                spareID = spare.id
                uploads.add(1, ordering: .relaxed)
            }
        }
        uploaded = 0
        sent = 0
        sentScale = 1
        playing = false
        armedLevels = .silent
        fastPath.open(descriptor: fd, gainSetting: capabilities.supportsGain ? configuration.gain : nil)
        if wakeFD >= 0 { anticipation.setWakeEvent(wakeFD) }
        stateValue.store(State.running.rawValue, ordering: .releasing)
        return .success(())
    }

    /// An upload, in an exclusive section of the gate: no other thread writes to the node while it may wait.
    private func upload(_ effect: inout ff_effect) -> Result<Int, SystemCallError> {
        fastPath.gate.exclusively { call("EVIOCSFF", { system.uploadEffect(fd, &effect) }) }
    }

    /// Adopts the armed slot another thread started (if one did): it becomes the live slot (the old live one, if
    /// still playing, is stopped) and the old live slot becomes the spare.
    ///
    /// The corresponding call is `write(EV_FF, id, 0)` when another slot was still playing.
    private func adoptStartedSlot(now: Double) {
        guard let slot = fastPath.takeStarted() else { return }
        let id = slot.id
        if playing && effectID != id {
            if case .success = call(
                "write(stop)", { system.writeEvent(fd, type: UInt16(EV_FF), code: UInt16(bitPattern: effectID), value: 0) })
            {
                stops.add(1, ordering: .relaxed)
            }
        }
        spareID = effectID == id ? spareID : effectID
        effectID = id
        armedLevels = .silent
        playing = true
        uploaded = slot.levels.packed
        sentScale = fastPath.scale
        sent = Self.scaled(uploaded, by: sentScale)
        lastOnset = slot.levels
        lastUpload = now
    }

    /// Keeps the spare slot uploaded with the levels the next onset is expected to have (anticipated, else the last
    /// onset), and armed for the other threads. An upload of an effect that is not playing does not start it. I/O
    /// thread only (``run()`` calls it between updates).
    ///
    /// The corresponding call is `EVIOCSFF` on the spare id.
    package func armSpareSlot() {
        // A slot started since the last tick is the live one now, not a spare to rewrite.
        adoptStartedSlot(now: MonotonicClock.now())
        guard spareID >= 0 else { return }
        let anticipated = anticipation.onsetLevels
        let wanted = anticipated.isSilent ? lastOnset : anticipated
        guard !wanted.isSilent else { return }
        let current = fastPath.armedSlot
        // Claimed since the adoption above: adopt it next time.
        if current == nil && !armedLevels.isSilent { return }
        if current != nil && armedLevels == wanted { return }
        // Disarm first, so no thread starts a slot while it is being rewritten.
        guard fastPath.disarm(current) else { return }
        armedLevels = .silent
        // At the gain setting: an onset comes from silence, where the gain scale is back at 1.
        var effect = makeEffect(strong: wanted.strong, weak: wanted.weak, id: spareID)
        guard case .success = upload(&effect) else {
            // The kernel lost or refused the slot: stop arming (the live slot still plays everything).
            spareID = -1
            return
        }
        uploads.add(1, ordering: .relaxed)
        spareID = effect.id
        armedLevels = wanted
        fastPath.arm(ArmedSlot(id: spareID, levels: wanted))
    }

    /// One update: takes the published levels and makes the device follow them. Returns the state afterwards.
    ///
    /// - Parameters:
    ///   - now: the monotonic time.
    ///   - urgent: a command changed the levels: send the latest block's last-frame levels (a lowered intensity is
    ///     sent as it is, not as the peak of the block that ramped down to it).
    ///
    /// The corresponding calls are `EVIOCSFF` (same id), then `write(EV_FF, id, 1)`; or one `write(EV_FF, id, 0)`
    /// when the levels fall to zero (then `write(EV_FF, FF_GAIN)` if an app had scaled the gain).
    @discardableResult
    package func tick(now: Double, urgent: Bool = false) -> State {
        adoptStartedSlot(now: now)
        let held = latest.load(ordering: .acquiring)
        heldAtTick = held
        let burst = peak.exchange(0, ordering: .acquiringAndReleasing)
        // Where the latest block ended, plus the peaks of the blocks since the last tick (`burst`: a transient shorter
        // than the grid still reaches the motor). Not the latest block's own peak: after an urgent tick sent a
        // command's block as it ended (a stop, a lowered intensity), a grid tick before the next block would send its
        // earlier, higher frames again (a stale upload and play after a stop, seen with the render thread late).
        let end = latestEnd.load(ordering: .relaxed)
        let rendered = urgent ? end : Swift.max(end >> 16, burst >> 16) << 16 | Swift.max(end & 0xFFFF, burst & 0xFFFF)
        followScale(now: now, urgent: urgent)
        // Levels rendered before an app's intensity scale would undo it: hold what plays until the block carrying the
        // app's command arrives (a fall to silence is not held).
        let levels = playing && rendered != 0 && now < holdUntil ? sent : rendered
        if levels == 0 {
            guard playing else { return .running }
            switch call("write(stop)", { system.writeEvent(fd, type: UInt16(EV_FF), code: UInt16(bitPattern: effectID), value: 0) }) {
            case .success:
                playing = false
                retries = 0
                stops.add(1, ordering: .relaxed)
                return restoreGain()
            case .failure(let error): return refuse(error)
            }
        }
        // Levels derived through a gain scale differ from the rendered ones by rounding (up to 1/4096 of full scale
        // per motor); that is no change.
        let unchanged = levels == sent || (sentScale != 1 && MotorLevels(packed: levels).isWithin(16, of: MotorLevels(packed: sent)))
        // A held level is only played again, which restarts its replay bound: no upload (nothing that waits for the
        // device, nothing an app's quick write would have to wait out).
        let refresh = playing && unchanged
        if refresh {
            guard now - lastUpload >= configuration.refreshInterval else { return .running }
        } else {
            if !playing { lastOnset = MotorLevels(packed: levels) }
            switch send(levels, now: now) {
            case .success(true): break
            case .success(false): return .running  // an app scaled the gain meanwhile: look again next tick
            case .failure(let error): return refuse(error)
            }
        }
        switch call("write(play)", { system.writeEvent(fd, type: UInt16(EV_FF), code: UInt16(bitPattern: effectID), value: 1) }) {
        case .success:
            playing = true
            retries = 0
            if refresh {
                lastUpload = now
                refreshes.add(1, ordering: .relaxed)
            }
            return .running
        case .failure(let error): return refuse(error)
        }
    }

    /// `EBUSY`/`EAGAIN`/`ENOSPC`: skip this tick and try again on the next, up to ``retryLimit`` times in a row.
    func refuse(_ error: SystemCallError) -> State {
        switch error.errno {
        case EBUSY, EAGAIN, ENOSPC:
            retries += 1
            skipped.add(1, ordering: .relaxed)
            if retries <= Self.retryLimit { return .running }
            return fail(error)
        default:
            return fail(error)
        }
    }

    /// Stops the motor if it runs, gives the gain back to its setting, erases the effects and closes the node (on
    /// removal it only closes).
    ///
    /// The corresponding calls are `write(EV_FF, id, 0)`, `write(EV_FF, FF_GAIN)`, `EVIOCRMFF` and `close`.
    package func release() {
        guard fd >= 0 else { return }
        // Withdraw the descriptors from the other threads, and wait out their writes in progress.
        if wakeFD >= 0 { anticipation.withdrawWakeEvent(wakeFD) }
        // A writer that outlived its time (stuck in a call while the device was started again) leaves the shared
        // state to its successor: no slot to adopt, no gain to give back.
        let owned = fastPath.close(descriptor: fd)
        if owned { adoptStartedSlot(now: MonotonicClock.now()) }
        if state != .removed {
            if playing,
                case .success = call(
                    "write(stop)", { system.writeEvent(fd, type: UInt16(EV_FF), code: UInt16(bitPattern: effectID), value: 0) })
            {
                stops.add(1, ordering: .relaxed)
            }
            playing = false
            if owned && fastPath.scale != 1 { _ = fastPath.setScale(1, descriptor: fd, system: system) }
            if effectID >= 0 { _ = call("EVIOCRMFF", { system.removeEffect(fd, id: Int32(effectID)) }) }
            if spareID >= 0 { _ = call("EVIOCRMFF", { system.removeEffect(fd, id: Int32(spareID)) }) }
        }
        effectID = -1
        spareID = -1
        closeDescriptor()
    }

    private func closeDescriptor() {
        try? Posix.syscallClosing("close") { system.close(fd) }
        fd = -1
    }

    /// The I/O thread's body: opens, then ticks on the update grid until stopped, removed or failed, then releases.
    /// Between ticks it waits in `ppoll` on the descriptor and the wake event, so a removal is seen at once even
    /// while idle, and a rise from silence (or a fall to it) is sent at once instead of at the next tick (the grid
    /// restarts there). When a tick found nothing to send, it dozes — until the playing effect's refresh is due, or
    /// up to ``idleDoze`` while the motor is idle — and the render thread wakes it as soon as the levels move: an
    /// engine holding a level still, or playing nothing, does not wake this thread on every grid tick.
    package func run() {
        defer { finished.signal() }
        let opened = open()
        if case .failure(let error) = opened { _ = fail(error) }
        started.signal()
        guard case .success = opened else { return }
        let period = configuration.updatePeriod
        var next = MonotonicClock.now()
        var quiet = false
        while !stopFlag.load(ordering: .acquiring) {
            next += period
            // Without a wake event (mocks) nothing could end a doze: keep the grid.
            let deadline = quiet && wakeFD >= 0 ? dozeDeadline(grid: next) : next
            let wait = Swift.max(0, deadline - MonotonicClock.now())
            var woken = false
            // Not through call(_:_:): the wait is meant to last (a doze can be seconds), and a call in progress that
            // long is what the render thread takes for a stalled device (ETIMEDOUT; every pad's engine stopped).
            let waited = Result { () throws(SystemCallError) in
                try Posix.syscall("ppoll") { system.waitForHangupOrWake(fd, wake: wakeFD, timeoutNanoseconds: Int(wait * 1e9)) }
            }
            switch waited {
            case .success(let result):
                switch PollOutcome(result) {
                case .hangup: stateValue.store(State.removed.rawValue, ordering: .releasing)
                case .wake: woken = true
                case .timeout: break
                }
            case .failure(let error): _ = fail(error)
            }
            dozing.store(false, ordering: .sequentiallyConsistent)
            if state != .running || stopFlag.load(ordering: .acquiring) { break }
            let now = MonotonicClock.now()
            if woken || deadline > next { next = now }
            // An app just scaled the intensity: send the scaled level now, before the render thread has rendered it
            // (the rendered level follows within a block and corrects a wrong guess).
            if woken, sendAnticipatedScale(now: now) != .running { break }
            let urgent = woken && urgentRequest.exchange(false, ordering: .acquiringAndReleasing)
            let activity = uploads.load(ordering: .relaxed) &+ stops.load(ordering: .relaxed)
            if tick(now: now, urgent: urgent) != .running { break }
            ticks.wrappingAdd(1, ordering: .releasing)
            // Between updates, keep the next onset armed.
            armSpareSlot()
            quiet = uploads.load(ordering: .relaxed) &+ stops.load(ordering: .relaxed) == activity && !woken
            // Woken late (scheduling): restart the grid from now instead of catching up with back-to-back ticks,
            // which would find nothing new to send and leave the next gap longer.
            if now - next > period / 2 { next = now }
        }
        release()
        if state == .running { stateValue.store(State.stopped.rawValue, ordering: .releasing) }
    }

    /// How long the I/O thread dozes at most while the motor is idle, in seconds (a rise from silence wakes it).
    package static let idleDoze = 1.0

    /// When to wake from a doze: when the playing effect's refresh is due (never before the next grid tick), or
    /// ``idleDoze`` from now while idle. The grid tick itself when the levels moved since the last tick (announced
    /// first, so the render thread either sees the doze and wakes the thread, or its levels are seen here).
    private func dozeDeadline(grid: Double) -> Double {
        dozing.store(true, ordering: .sequentiallyConsistent)
        // A burst between ticks leaves the peak above what is held.
        let burst = peak.load(ordering: .relaxed)
        guard latest.load(ordering: .sequentiallyConsistent) == heldAtTick, burst == 0 || burst == heldAtTick else {
            dozing.store(false, ordering: .sequentiallyConsistent)
            return grid
        }
        return playing ? Swift.max(grid, lastUpload + configuration.refreshInterval) : MonotonicClock.now() + Self.idleDoze
    }
}
#endif
