#if os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
#error("unsupported platform")
#endif
import CHapticSupport
import Synchronization

/// The evdev force-feedback writer: a live effect slot rewritten from the latest motor levels, and an armed slot
/// uploaded ahead of need so that an onset costs no upload.
///
/// Three parties share it. The render thread publishes levels with ``publish(strong:weak:end:urgent:)`` (atomics;
/// when the levels rise from silence or fall to it, or change in a block that carries an app's command, also one
/// non-blocking `eventfd` write that wakes the I/O thread at once, so onsets, stops and parameter changes do not wait
/// for the next grid tick). The I/O thread (``run()``) owns every upload: each ``EvdevConfiguration/updatePeriod``
/// it takes the levels and, if they changed (or the last upload is older than
/// ``EvdevConfiguration/refreshInterval``), rewrites the live slot with `EVIOCSFF` on the same id and plays it;
/// when the levels fall to zero it writes one stop and then nothing until they rise again. A wake restarts the grid
/// at once. A control thread starts and stops it and reads ``state``.
///
/// **Armed onsets.** While the motor is idle, the I/O thread keeps a second slot uploaded with the levels the next
/// onset is expected to have (``LevelAnticipation``, else the last onset seen). When the render thread sees
/// levels rise from silence to those levels (within 1/16 of full scale) it starts that slot itself with one `write`
/// of an `EV_FF` play event — which never waits for the device, unlike `EVIOCSFF` on a uinput device — so the motor
/// starts without an upload on the critical path; the I/O thread then adopts it as the live slot, corrects its
/// levels if needed and arms the other one.
///
/// - Thread safety: ``publish(strong:weak:end:urgent:)`` from one render thread; ``tick(now:urgent:)``, ``open()``,
///   ``run()`` and ``release()`` from the I/O thread only; the atomically published properties from anywhere.
/// - Real-time safety: ``publish(strong:weak:end:urgent:)`` and ``stalledCall(now:timeout:)`` take no lock and do
///   not allocate; ``publish(strong:weak:end:urgent:)`` makes at most two bounded system calls: on an onset that
///   matches the armed slot, one 24-byte `write` of an `EV_FF` play event to the node (the evdev core queues it and
///   returns), and a non-blocking 8-byte `write` to the I/O thread's `eventfd`; everything else may block.
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
    private let finishedFlag = Atomic<Bool>(false)
    let callStartBits = Atomic<UInt64>(0)
    private let uploads = Atomic<Int>(0)
    private let stops = Atomic<Int>(0)
    private let skipped = Atomic<Int>(0)
    let wakes = Atomic<Int>(0)
    let armedStarts = Atomic<Int>(0)
    private let anticipatedUploads = Atomic<Int>(0)
    let armedStartTimeBits = Atomic<UInt64>(0)
    /// The end-of-block levels of the latest block (what an urgent tick sends).
    let latestEnd = Atomic<UInt32>(0)
    /// Set by the render thread when a block that carries a command changed the levels; taken by the I/O thread.
    let urgentRequest = Atomic<Bool>(false)
    /// The armed slot: 0 when nothing is armed, else `1 << 48 | id << 32 | strong << 16 | weak`.
    let armed = Atomic<UInt64>(0)
    /// The armed slot the render thread started (the same packing), for the I/O thread to adopt; 0 when none.
    let fired = Atomic<UInt64>(0)
    /// What the engine anticipates (shared with the device).
    private let anticipation: LevelAnticipation
    /// The descriptor the render thread may write a play event to (−1 while there is none), and whether it is doing
    /// so: ``release()`` withdraws the descriptor and waits for the flag before closing it.
    let renderFD = Atomic<Int32>(-1)
    let renderWriting = Atomic<Bool>(false)
    /// The wake event (`eventfd`), or −1 when there is none (mocks): then onsets wait for the grid.
    let wakeFD: Int32

    // I/O-thread state.
    nonisolated(unsafe) private var fd: Int32 = -1
    nonisolated(unsafe) private var effectID: Int16 = -1
    /// The second slot (−1 when the device holds only one effect), kept armed for the next onset.
    nonisolated(unsafe) private var spareID: Int16 = -1
    /// The levels the spare slot holds while armed.
    nonisolated(unsafe) private var armedLevels: UInt32 = 0
    /// The levels of the latest onset the I/O thread saw (what it arms when nothing is anticipated).
    nonisolated(unsafe) private var lastOnset: UInt32 = 0
    nonisolated(unsafe) private var sent: UInt32 = 0
    nonisolated(unsafe) private var playing = false
    nonisolated(unsafe) private var lastUpload = -Double.infinity
    nonisolated(unsafe) private var retries = 0

    /// Consecutive ticks a transient refusal (`EBUSY`, `EAGAIN`, `ENOSPC`) is retried before it is a failure.
    package static let retryLimit = 64

    /// Creates a writer for the node described by `capabilities`.
    package init(
        capabilities: EvdevCapabilities, configuration: EvdevConfiguration, system: any EvdevSystemCalls,
        anticipation: LevelAnticipation = LevelAnticipation()
    ) {
        self.anticipation = anticipation
        self.capabilities = capabilities
        self.configuration = configuration
        self.system = system
        let wake = system.makeWakeEvent()
        wakeFD = wake >= 0 ? Int32(wake) : -1
    }

    deinit {
        if wakeFD >= 0 { _ = SystemCall.once("close", { system.close(wakeFD) }) }
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
    /// Ticks that were skipped because the device refused for now (`EBUSY`, `EAGAIN`, `ENOSPC`).
    package var skippedTickCount: Int { skipped.load(ordering: .relaxed) }
    /// Rises from silence and falls to it that woke the I/O thread early.
    package var wakeCount: Int { wakes.load(ordering: .relaxed) }
    /// Onsets the render thread started from the armed slot (no upload on their path).
    package var armedStartCount: Int { armedStarts.load(ordering: .relaxed) }
    /// Level changes sent ahead of the render thread (an app's intensity scale, ``LevelAnticipation``).
    package var anticipatedUploadCount: Int { anticipatedUploads.load(ordering: .relaxed) }
    /// When the latest of those play writes returned (monotonic seconds; 0 before the first), for latency checks.
    package var lastArmedStartTime: Double { Double(bitPattern: armedStartTimeBits.load(ordering: .relaxed)) }

    /// Whether ``run()`` has returned (the descriptor is closed).
    package var isFinished: Bool { finishedFlag.load(ordering: .acquiring) }
    /// Asks ``run()`` to stop the motor, erase the effect, close and return.
    package func requestStop() { stopFlag.store(true, ordering: .releasing) }

    // MARK: I/O thread

    private func call(_ name: StaticString, _ body: () -> Int) -> Result<Int, SystemCallError> {
        callStartBits.store(MonotonicClock.now().bitPattern, ordering: .relaxed)
        defer { callStartBits.store(0, ordering: .relaxed) }
        return SystemCall.retryingInterrupts(name, body)
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

    private func makeEffect(strong: UInt16, weak: UInt16, id: Int16? = nil) -> ff_effect {
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
        sent = 0
        playing = false
        armedLevels = 0
        renderFD.store(fd, ordering: .sequentiallyConsistent)
        if wakeFD >= 0 { anticipation.setWakeEvent(wakeFD) }
        stateValue.store(State.running.rawValue, ordering: .releasing)
        return .success(())
    }

    /// Adopts the armed slot the render thread started (if it did): it becomes the live slot (the old live one, if
    /// still playing, is stopped) and the old live slot becomes the spare.
    ///
    /// The corresponding call is `write(EV_FF, id, 0)` when another slot was still playing.
    private func adoptStartedSlot(now: Double) {
        let slot = fired.exchange(0, ordering: .acquiringAndReleasing)
        guard slot != 0 else { return }
        let id = Int16(bitPattern: UInt16(truncatingIfNeeded: slot >> 32))
        if playing && effectID != id {
            if case .success = call(
                "write(stop)", { system.writeEvent(fd, type: UInt16(EV_FF), code: UInt16(bitPattern: effectID), value: 0) })
            {
                stops.add(1, ordering: .relaxed)
            }
        }
        spareID = effectID == id ? spareID : effectID
        effectID = id
        armedLevels = 0
        playing = true
        sent = UInt32(truncatingIfNeeded: slot)
        lastOnset = sent
        lastUpload = now
    }

    /// Keeps the spare slot uploaded with the levels the next onset is expected to have (anticipated, else the last
    /// onset), and armed for the render thread. An upload of an effect that is not playing does not start it. I/O
    /// thread only (``run()`` calls it between updates).
    ///
    /// The corresponding call is `EVIOCSFF` on the spare id.
    package func armSpareSlot() {
        guard spareID >= 0 else { return }
        let anticipated = anticipation.onsetLevels
        let wanted = anticipated != 0 ? anticipated : lastOnset
        guard wanted != 0 else { return }
        let current = armed.load(ordering: .acquiring)
        if current != 0 && armedLevels == wanted { return }
        // Disarm first, so the render thread never starts a slot while it is being rewritten.
        if current != 0 {
            guard armed.compareExchange(expected: current, desired: 0, ordering: .acquiringAndReleasing).exchanged else { return }
        }
        var effect = makeEffect(strong: UInt16(wanted >> 16), weak: UInt16(wanted & 0xFFFF), id: spareID)
        guard case .success = call("EVIOCSFF", { system.uploadEffect(fd, &effect) }) else {
            // The kernel lost or refused the slot: stop arming (the live slot still plays everything).
            spareID = -1
            return
        }
        uploads.add(1, ordering: .relaxed)
        spareID = effect.id
        armedLevels = wanted
        armed.store(1 << 48 | UInt64(UInt16(bitPattern: spareID)) << 32 | UInt64(wanted), ordering: .releasing)
    }

    /// One update: takes the published levels and makes the device follow them. Returns the state afterwards.
    ///
    /// - Parameters:
    ///   - now: the monotonic time.
    ///   - urgent: a command changed the levels: send the latest block's last-frame levels (a lowered intensity is
    ///     sent as it is, not as the peak of the block that ramped down to it).
    ///
    /// The corresponding calls are `EVIOCSFF` (same id), then `write(EV_FF, id, 1)`; or one `write(EV_FF, id, 0)`
    /// when the levels fall to zero.
    @discardableResult
    package func tick(now: Double, urgent: Bool = false) -> State {
        adoptStartedSlot(now: now)
        let held = latest.load(ordering: .acquiring)
        let burst = peak.exchange(0, ordering: .acquiringAndReleasing)
        let levels =
            urgent
            ? latestEnd.load(ordering: .relaxed)
            : Swift.max(held >> 16, burst >> 16) << 16 | Swift.max(held & 0xFFFF, burst & 0xFFFF)
        if levels == 0 {
            guard playing else { return .running }
            switch call("write(stop)", { system.writeEvent(fd, type: UInt16(EV_FF), code: UInt16(bitPattern: effectID), value: 0) }) {
            case .success:
                playing = false
                retries = 0
                stops.add(1, ordering: .relaxed)
                return .running
            case .failure(let error): return refuse(error)
            }
        }
        guard !playing || levels != sent || now - lastUpload >= configuration.refreshInterval else { return .running }
        if !playing { lastOnset = levels }
        var effect = makeEffect(strong: UInt16(levels >> 16), weak: UInt16(levels & 0xFFFF))
        var result = call("EVIOCSFF", { system.uploadEffect(fd, &effect) })
        if case .failure(let error) = result, error.errno == EINVAL || error.errno == EACCES, effectID >= 0 {
            // The kernel lost our effect (a driver reset, or another owner): allocate a fresh slot once.
            effectID = -1
            effect = makeEffect(strong: UInt16(levels >> 16), weak: UInt16(levels & 0xFFFF))
            result = call("EVIOCSFF", { system.uploadEffect(fd, &effect) })
        }
        if case .failure(let error) = result { return refuse(error) }
        effectID = effect.id
        uploads.add(1, ordering: .relaxed)
        sent = levels
        lastUpload = now
        switch call("write(play)", { system.writeEvent(fd, type: UInt16(EV_FF), code: UInt16(bitPattern: effectID), value: 1) }) {
        case .success:
            playing = true
            retries = 0
            return .running
        case .failure(let error): return refuse(error)
        }
    }

    /// Uploads the playing level scaled by the intensity scale an app just sent (``LevelAnticipation``) to the live slot
    /// at once (nothing when the motor is silent or the
    /// scaled level rounds to silence: a stop waits for the rendered level).
    ///
    /// The corresponding call is `EVIOCSFF` (same id).
    /// I/O thread only (``run()`` calls it when woken).
    package func sendAnticipatedScale(now: Double) -> State {
        guard let factor = anticipation.takeScale(), playing, effectID >= 0 else { return .running }
        func scaled(_ level: UInt32) -> UInt32 { UInt32(Swift.min(Float(level) * factor, 65535).rounded()) }
        let levels = scaled(sent >> 16) << 16 | scaled(sent & 0xFFFF)
        guard levels != 0, levels != sent else { return .running }
        var effect = makeEffect(strong: UInt16(levels >> 16), weak: UInt16(levels & 0xFFFF))
        if case .failure(let error) = call("EVIOCSFF", { system.uploadEffect(fd, &effect) }) { return refuse(error) }
        uploads.add(1, ordering: .relaxed)
        anticipatedUploads.add(1, ordering: .relaxed)
        sent = levels
        lastUpload = now
        return .running
    }

    /// `EBUSY`/`EAGAIN`/`ENOSPC`: skip this tick and try again on the next, up to ``retryLimit`` times in a row.
    private func refuse(_ error: SystemCallError) -> State {
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

    /// Stops the motor if it runs, erases the effect and closes the node (on removal it only closes).
    ///
    /// The corresponding calls are `write(EV_FF, id, 0)`, `EVIOCRMFF` and `close`.
    package func release() {
        guard fd >= 0 else { return }
        // Withdraw the descriptors from the render thread and the engine, and wait out writes in progress.
        if wakeFD >= 0 { anticipation.withdrawWakeEvent(wakeFD) }
        armed.store(0, ordering: .releasing)
        renderFD.store(-1, ordering: .sequentiallyConsistent)
        while renderWriting.load(ordering: .sequentiallyConsistent) { MonotonicClock.sleep(until: MonotonicClock.now() + 0.0001) }
        adoptStartedSlot(now: MonotonicClock.now())
        if state != .removed {
            if playing,
                case .success = call(
                    "write(stop)", { system.writeEvent(fd, type: UInt16(EV_FF), code: UInt16(bitPattern: effectID), value: 0) })
            {
                stops.add(1, ordering: .relaxed)
            }
            playing = false
            if effectID >= 0 { _ = call("EVIOCRMFF", { system.removeEffect(fd, id: Int32(effectID)) }) }
            if spareID >= 0 { _ = call("EVIOCRMFF", { system.removeEffect(fd, id: Int32(spareID)) }) }
        }
        effectID = -1
        spareID = -1
        closeDescriptor()
    }

    private func closeDescriptor() {
        _ = SystemCall.once("close", { system.close(fd) })
        fd = -1
    }

    /// The I/O thread's body: opens, then ticks on the update grid until stopped, removed or failed, then releases.
    /// Between ticks it waits in `ppoll` on the descriptor and the wake event, so a removal is seen at once even
    /// while idle, and a rise from silence (or a fall to it) is sent at once instead of at the next tick (the grid
    /// restarts there).
    package func run() {
        defer { finishedFlag.store(true, ordering: .releasing) }
        if case .failure(let error) = open() {
            _ = fail(error)
            return
        }
        let period = configuration.updatePeriod
        var next = MonotonicClock.now()
        while !stopFlag.load(ordering: .acquiring) {
            next += period
            let wait = Swift.max(0, next - MonotonicClock.now())
            var woken = false
            switch SystemCall.retryingInterrupts(
                "ppoll", { system.waitForHangupOrWake(fd, wake: wakeFD, timeoutNanoseconds: Int(wait * 1e9)) })
            {
            case .success(let result):
                switch PollOutcome(result) {
                case .hangup: stateValue.store(State.removed.rawValue, ordering: .releasing)
                case .wake: woken = true
                case .timeout: break
                }
            case .failure(let error): _ = fail(error)
            }
            if state != .running || stopFlag.load(ordering: .acquiring) { break }
            let now = MonotonicClock.now()
            if woken { next = now }
            // An app just scaled the intensity: send the scaled level now, before the render thread has rendered it
            // (the rendered level follows within a block and corrects a wrong guess).
            if woken, sendAnticipatedScale(now: now) != .running { break }
            let urgent = woken && urgentRequest.exchange(false, ordering: .acquiringAndReleasing)
            if tick(now: now, urgent: urgent) != .running { break }
            // Between updates, keep the next onset armed.
            armSpareSlot()
            // Woken late (scheduling): restart the grid from now instead of catching up with back-to-back ticks,
            // which would find nothing new to send and leave the next gap longer.
            if now - next > period / 2 { next = now }
        }
        release()
        if state == .running { stateValue.store(State.stopped.rawValue, ordering: .releasing) }
    }
}
#endif
