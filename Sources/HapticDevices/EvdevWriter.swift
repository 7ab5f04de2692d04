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

/// The evdev force-feedback writer: one effect slot, rewritten on a fixed grid from the latest motor levels.
///
/// Three parties share it. The render thread publishes levels with ``publish(strong:weak:)`` (atomics; when the
/// levels rise from silence or fall to it, also one non-blocking `eventfd` write that wakes the I/O thread at once,
/// so an onset or a stop does not wait for the next grid tick). The I/O thread (``run()``) owns the descriptor and makes every system call: each
/// ``EvdevConfiguration/updatePeriod`` it takes the levels and, if they changed (or the last upload is older than
/// ``EvdevConfiguration/refreshInterval``), rewrites the slot with `EVIOCSFF` on the same id and plays it; when
/// the levels fall to zero it writes one stop and then nothing until they rise again. A wake restarts the grid at
/// the onset. A control thread starts and stops it and reads ``state``.
///
/// - Thread safety: ``publish(strong:weak:)`` from one render thread; ``tick(now:)``, ``open()``, ``run()`` and
///   ``release()`` from the I/O thread only; the atomically published properties from anywhere.
/// - Real-time safety: ``publish(strong:weak:)`` and ``stalledCall(now:timeout:)`` take no lock and do not
///   allocate; ``publish(strong:weak:)`` makes at most one bounded system call (a non-blocking 8-byte `write` to an
///   `eventfd`, only on a rise from silence or a fall to it); everything else may block.
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
    private let system: any EvdevSystemCalls

    private let latest = Atomic<UInt32>(0)
    private let peak = Atomic<UInt32>(0)
    private let stateValue = Atomic<Int>(State.starting.rawValue)
    private let failure = Atomic<Int32>(0)
    private let stopFlag = Atomic<Bool>(false)
    private let finishedFlag = Atomic<Bool>(false)
    private let callStartBits = Atomic<UInt64>(0)
    private let uploads = Atomic<Int>(0)
    private let stops = Atomic<Int>(0)
    private let skipped = Atomic<Int>(0)
    private let wakes = Atomic<Int>(0)
    /// The wake event (`eventfd`), or −1 when there is none (mocks): then onsets wait for the grid.
    private let wakeFD: Int32

    // I/O-thread state.
    nonisolated(unsafe) private var fd: Int32 = -1
    nonisolated(unsafe) private var effectID: Int16 = -1
    nonisolated(unsafe) private var sent: UInt32 = 0
    nonisolated(unsafe) private var playing = false
    nonisolated(unsafe) private var lastUpload = -Double.infinity
    nonisolated(unsafe) private var retries = 0

    /// Consecutive ticks a transient refusal (`EBUSY`, `EAGAIN`, `ENOSPC`) is retried before it is a failure.
    package static let retryLimit = 64

    /// Creates a writer for the node described by `capabilities`.
    package init(capabilities: EvdevCapabilities, configuration: EvdevConfiguration, system: any EvdevSystemCalls) {
        self.capabilities = capabilities
        self.configuration = configuration
        self.system = system
        let wake = system.makeWakeEvent()
        wakeFD = wake >= 0 ? Int32(wake) : -1
    }

    deinit {
        if wakeFD >= 0 { _ = SystemCall.once("close", { system.close(wakeFD) }) }
    }

    // MARK: Render thread

    /// Hands the latest levels (0 … 65535) to the I/O thread. The per-motor peak since the I/O thread's last tick
    /// is kept too, so a transient shorter than the update period still reaches the motor.
    @inline(__always)
    package func publish(strong: UInt16, weak: UInt16) {
        let packed = UInt32(strong) << 16 | UInt32(weak)
        let previous = latest.exchange(packed, ordering: .acquiringAndReleasing)
        defer {
            // A rise from silence or a fall to it: wake the I/O thread now rather than at its next tick (after the
            // peak is merged), so onsets and stops reach the motor at once. At most one wake per transition.
            if (previous == 0) != (packed == 0) && wakeFD >= 0 {
                _ = system.signalWake(wakeFD)
                wakes.wrappingAdd(1, ordering: .relaxed)
            }
        }
        var current = peak.load(ordering: .relaxed)
        while true {
            let merged = Swift.max(current >> 16, UInt32(strong)) << 16 | Swift.max(current & 0xFFFF, UInt32(weak))
            if merged == current { return }
            let (exchanged, original) = peak.compareExchange(
                expected: current, desired: merged, ordering: .acquiringAndReleasing)
            if exchanged { return }
            current = original
        }
    }

    /// A system call that has been running on the I/O thread for longer than `timeout` seconds, if any.
    @inline(__always)
    package func stalledCall(now: Double, timeout: Double) -> Bool {
        let bits = callStartBits.load(ordering: .relaxed)
        return bits != 0 && now - Double(bitPattern: bits) > timeout
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

    private func makeEffect(strong: UInt16, weak: UInt16) -> ff_effect {
        var effect = ff_effect()
        effect.id = effectID
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

    /// Opens the node read-write, sets the gain and allocates the one effect slot (a silent effect, id −1).
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
        sent = 0
        playing = false
        stateValue.store(State.running.rawValue, ordering: .releasing)
        return .success(())
    }

    /// One update: takes the published levels and makes the device follow them. Returns the state afterwards.
    ///
    /// The corresponding calls are `EVIOCSFF` (same id), then `write(EV_FF, id, 1)`; or one `write(EV_FF, id, 0)`
    /// when the levels fall to zero.
    @discardableResult
    package func tick(now: Double) -> State {
        let held = latest.load(ordering: .acquiring)
        let burst = peak.exchange(0, ordering: .acquiringAndReleasing)
        let levels = Swift.max(held >> 16, burst >> 16) << 16 | Swift.max(held & 0xFFFF, burst & 0xFFFF)
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
        if state != .removed {
            if playing,
                case .success = call(
                    "write(stop)", { system.writeEvent(fd, type: UInt16(EV_FF), code: UInt16(bitPattern: effectID), value: 0) })
            {
                stops.add(1, ordering: .relaxed)
            }
            playing = false
            if effectID >= 0 { _ = call("EVIOCRMFF", { system.removeEffect(fd, id: Int32(effectID)) }) }
        }
        effectID = -1
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
    /// What `waitForHangupOrWake` reported (its C convention: 1 hang-up, 2 the wake event, 0 the timeout).
    enum PollOutcome {
        /// The node hung up: the device was removed.
        case hangup
        /// The render thread signalled the wake event (levels rose from or fell to silence).
        case wake
        /// The update period passed.
        case timeout

        init(_ result: Int) {
            switch result {
            case 1: self = .hangup
            case 2: self = .wake
            default: self = .timeout
            }
        }
    }

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
            if tick(now: now) != .running { break }
            // Woken late (scheduling): restart the grid from now instead of catching up with back-to-back ticks,
            // which would find nothing new to send and leave the next gap longer.
            if now - next > period / 2 { next = now }
        }
        release()
        if state == .running { stateValue.store(State.stopped.rawValue, ordering: .releasing) }
    }
}
#endif
