import HapticRender
import HapticSystem
import Synchronization

/// When one engine's part of its device's output has fallen silent, as the render side saw it, and who waits for
/// that (``EngineRuntime/notifyWhenOutputSilent(timeout:_:)``).
///
/// **Render side** (the output's render thread, or a manual clock's caller under the output's lock; one writer).
/// Each block the output calls ``blockBegins()`` for every attached engine before it renders or skips the mixers,
/// and ``blockWritten(quiet:at:)`` once the device has taken the block: *quiet* when the engine's mixer was idle
/// after it (no player ran, nothing pending, no motor burst held, no command waiting) or the block was silence
/// written for idle engines. The first quiet block after sound starts a *quiet stretch*; its index and the time
/// its device write returned are published, with the number of blocks written, as a sequence lock (no locks, no
/// allocation, like `TimeAnchor`).
///
/// **Control side.** A waiter notes how many blocks had begun when it asked, after a full fence that pairs with the
/// one in ``blockBegins()``: every command sent before the request is drained by a later block. Its silence has
/// come once a quiet stretch takes in a block begun after the request; it has been *heard* the device's reported
/// latency after the stretch's first block was written (the last sounding sample was handed over before that
/// write). The render thread wakes the engine's service when it writes a quiet block a waiter wants (one
/// `WakeSignal` raise, no system call when one is pending); the service calls ``collect(now:latency:realTime:)``.
///
/// - Thread safety: the render-side calls from one thread at a time; the rest from any thread.
/// - Real-time safety: ``blockBegins()`` and ``blockWritten(quiet:at:)`` take no lock and allocate nothing.
final class SilenceWatch: Sendable {
    /// Blocks begun (render side; one writer).
    private let begun = Atomic<Int>(0)
    /// The sequence lock over the three values below: odd while the render side writes them.
    private let sequence = Atomic<UInt64>(0)
    /// Blocks written (the index of the latest written block).
    private let written = Atomic<Int>(0)
    /// The index of the current quiet stretch's first block; 0 while the engine sounds.
    private let quietFrom = Atomic<Int>(0)
    /// When the device write of that block returned (monotonic seconds; real time only).
    private let quietTimeBits = Atomic<UInt64>(0)
    /// The render side wakes the service for a quiet block with this index or later (`Int.max`: nobody waits).
    private let wanted = Atomic<Int>(.max)
    /// The waiters, made by the first request (an engine start that nobody asks about allocates no list or lock).
    private let waitingList = MadeOnFirstUse<LockedState<Waiting>>()

    /// One request.
    private struct Waiter {
        /// Blocks begun when it was made: silence counts from the next one.
        let after: Int
        /// When it gives up (the engine's clock).
        let deadline: Double
        /// When what it waited for is heard, once a quiet stretch was seen.
        var heardAt: Double?
        let handler: @Sendable (Bool) -> Void
    }

    private struct Waiting {
        var waiters: [Waiter] = []
        /// The earliest service run already scheduled for a waiter's time (so that each pass does not schedule one).
        var scheduled: Double = .infinity
    }

    /// A request answered: its handler and whether the output was silent (`false`: its deadline passed first).
    struct Answer: Sendable {
        let handler: @Sendable (Bool) -> Void
        let silent: Bool
    }

    /// The published state, read consistently.
    struct Snapshot {
        /// Blocks written.
        var written: Int
        /// The first block of the current quiet stretch, or 0 while sounding.
        var quietFrom: Int
        /// When that block's write returned.
        var quietTime: Double
    }

    // MARK: Render side

    /// A block begins: it will drain every command sent before this point.
    @_noLocks @_noAllocation
    func blockBegins() {
        begun.store(begun.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
        // Pairs with the fence in `add`: a request that did not see this block begin was made before its commands
        // were drained here.
        atomicMemoryFence(ordering: .sequentiallyConsistent)
    }

    /// The device took the block that began last; `quiet` as described above, `time` when the write returned.
    ///
    /// - Returns: whether a waiter wants to hear of it (the caller then wakes the engine's service).
    @_noLocks @_noAllocation
    func blockWritten(quiet: Bool, at time: Double) -> Bool {
        let index = begun.load(ordering: .relaxed)
        let s = sequence.load(ordering: .relaxed)
        sequence.store(s &+ 1, ordering: .relaxed)
        atomicMemoryFence(ordering: .releasing)
        if !quiet {
            quietFrom.store(0, ordering: .relaxed)
        } else if quietFrom.load(ordering: .relaxed) == 0 {
            quietTimeBits.store(time.bitPattern, ordering: .relaxed)
            quietFrom.store(index, ordering: .relaxed)
        }
        written.store(index, ordering: .relaxed)
        sequence.store(s &+ 2, ordering: .releasing)
        var wakes = quiet
        if index < wanted.load(ordering: .sequentiallyConsistent) { wakes = false }
        return wakes
    }

    /// Render side: whether a waiter wants a block that has not begun yet. An output must not pause before it: the
    /// request's wake may have ended a paced wait in the block before instead of the pause.
    var wantsABlock: Bool {
        @_noLocks @_noAllocation get {
            let block = wanted.load(ordering: .sequentiallyConsistent)
            // (No `&&`: its autoclosure would retain `self`.)
            if block == .max { return false }
            return block > begun.load(ordering: .relaxed)
        }
    }

    // MARK: Control side

    /// The published state.
    func snapshot() -> Snapshot {
        while true {
            let s1 = sequence.load(ordering: .acquiring)
            if s1 & 1 == 1 { continue }
            let snapshot = Snapshot(
                written: written.load(ordering: .relaxed), quietFrom: quietFrom.load(ordering: .relaxed),
                quietTime: Double(bitPattern: quietTimeBits.load(ordering: .relaxed)))
            atomicMemoryFence(ordering: .acquiring)
            if sequence.load(ordering: .relaxed) == s1 { return snapshot }
        }
    }

    /// Registers a request made now (every command it concerns was sent before this call).
    func add(deadline: Double, handler: @escaping @Sendable (Bool) -> Void) {
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        let after = begun.load(ordering: .relaxed)
        waitingList.get { LockedState(Waiting()) }.withLock { w in
            w.waiters.append(Waiter(after: after, deadline: deadline, handler: handler))
            if after + 1 < wanted.load(ordering: .relaxed) { wanted.store(after + 1, ordering: .sequentiallyConsistent) }
        }
    }

    /// Whether anyone waits.
    var hasWaiters: Bool { waitingList.ifMade?.withLock { !$0.waiters.isEmpty } ?? false }

    /// Takes the requests that are answered at `now` (the engine's clock): `true` for those whose silence was
    /// heard, `false` for those whose deadline passed first. Also returns when the service should look again (a
    /// waiter's heard-at time or deadline), if no run is scheduled for it yet; the caller schedules one.
    ///
    /// - Parameters:
    ///   - latency: how long the device holds a sample before it plays (its reported latency), in seconds.
    ///   - realTime: `false` on a manual clock: silence is heard when it is seen (the clock is the frames).
    func collect(now: Double, latency: Double, realTime: Bool) -> (answers: [Answer], lookAgain: Double?) {
        guard let waiting = waitingList.ifMade else { return ([], nil) }  // nobody has asked
        let state = snapshot()
        return waiting.withLock { w in
            for index in w.waiters.indices
            where w.waiters[index].heardAt == nil && state.quietFrom != 0 && state.written > w.waiters[index].after {
                w.waiters[index].heardAt = realTime ? state.quietTime + latency : now
            }
            var answers: [Answer] = []
            w.waiters.removeAll { waiter in
                if let heardAt = waiter.heardAt, heardAt <= now {
                    answers.append(Answer(handler: waiter.handler, silent: true))
                    return true
                }
                guard waiter.deadline <= now else { return false }
                answers.append(Answer(handler: waiter.handler, silent: false))
                return true
            }
            var next = Double.infinity
            var lowest = Int.max
            for waiter in w.waiters {
                next = Swift.min(next, waiter.heardAt ?? waiter.deadline)
                // Only a waiter that has not seen its silence yet needs the render side to say when it comes.
                if waiter.heardAt == nil { lowest = Swift.min(lowest, waiter.after) }
            }
            wanted.store(lowest == .max ? .max : lowest + 1, ordering: .sequentiallyConsistent)
            if w.scheduled <= now { w.scheduled = .infinity }
            guard next.isFinite, next < w.scheduled else { return (answers, nil) }
            w.scheduled = next
            return (answers, next)
        }
    }

    /// Takes every request (the engine stopped: nothing of it sounds any more).
    func takeAll() -> [@Sendable (Bool) -> Void] {
        guard let waiting = waitingList.ifMade else { return [] }
        return waiting.withLock { w in
            defer {
                w.waiters = []
                w.scheduled = .infinity
            }
            wanted.store(.max, ordering: .sequentiallyConsistent)
            return w.waiters.map(\.handler)
        }
    }
}
