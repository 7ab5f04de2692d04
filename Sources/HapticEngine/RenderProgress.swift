import HapticSystem
import Synchronization

/// Lets control threads wait until a device output's render thread has got somewhere — past a block boundary, up to
/// a frame — without looking every half millisecond: the render thread signals once the block a waiter named has
/// been written, and the waiter sleeps until then.
///
/// The render thread's side is a counter, one fence and one atomic load per block, and, only when the block count
/// reaches the earliest block a waiter named (``wanted``), one non-blocking 8-byte `write` to an `eventfd` (the same
/// vetted call as `WakeSignal.raise()`). A waiter publishes its block and tests its condition after a full
/// fence that pairs with the render thread's, so either the render thread sees the request and signals, or the
/// waiter sees the block: a wake is never lost. Waiters take turns at the descriptor (one ``LockedState`` around the
/// `ppoll`); each tests its condition afresh under that lock, and a woken waiter names its next block if its
/// condition still does not hold. Without an `eventfd` (other systems, or none left) a waiter sleeps until its
/// deadline, which every wait here bounds.
///
/// - Thread safety: ``blockWritten()`` from the render thread; ``wait(until:block:for:)`` from any control thread,
///   never while holding a lock that the render thread's progress depends on, and with closures that only read
///   atomics.
/// - Real-time safety: ``blockWritten()`` takes no lock and allocates nothing.
final class RenderProgress: Sendable {
    private let descriptor: Int32
    /// Blocks written (render side; one writer).
    private let blocks = Atomic<Int>(0)
    /// Idle pauses begun (render side; one writer).
    private let pauses = Atomic<Int>(0)
    /// The earliest block count a waiter waits for (`Int.max`: none), kept by the waiters under ``requestList``'s lock.
    private let wanted = Atomic<Int>(.max)
    /// What each waiter waits for, by ticket; made by the first wait, like ``turnLock`` (an output nobody waits on
    /// allocates neither).
    private let requestList = MadeOnFirstUse<LockedState<(next: Int, blocks: [Int: Int])>>()
    /// One waiter at a time polls the descriptor.
    private let turnLock = MadeOnFirstUse<LockedState<Void>>()

    /// Creates the signal (an `eventfd` where the system has one).
    init() {
        let fd = WakeSignal.makeEventDescriptor()
        descriptor = fd >= 0 ? fd : -1
    }

    deinit {
        if descriptor >= 0 { try? Posix.close(descriptor) }
    }

    /// Blocks written so far.
    var blocksWritten: Int { blocks.load(ordering: .acquiring) }

    /// Idle pauses the render thread has begun so far, read after a full fence: a pause counted after this read
    /// began after what the caller did before it (a detach's cleared slot, a stop's last command).
    var pausesBegun: Int {
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        return pauses.load(ordering: .sequentiallyConsistent)
    }

    /// Render thread, as it begins an idle pause (it touches no engine until its next block): wakes every waiter,
    /// so one that waits for a block boundary does not wait out the pause. The others find their condition still
    /// unmet and wait again. No system call while nobody waits.
    @_noLocks @_noAllocation
    func pauseBegins() {
        pauses.wrappingAdd(1, ordering: .sequentiallyConsistent)
        signalIfWanted(.max)
    }

    /// Render thread, after each block it wrote: wakes the waiters once a block they wait for is there.
    @_noLocks @_noAllocation
    func blockWritten() {
        let count = blocks.load(ordering: .relaxed) &+ 1
        blocks.store(count, ordering: .releasing)
        signalIfWanted(count)
    }

    /// Render thread, when it ends: wakes every waiter.
    @_noLocks @_noAllocation
    func renderingEnded() { signalIfWanted(.max) }

    /// Writes the descriptor when a waiter waits for block `count` or earlier (`.max`: whenever one waits at all).
    @_noLocks @_noAllocation
    private func signalIfWanted(_ count: Int) {
        // Pairs with the fence in `wait`: the block's progress (already stored) is visible to a waiter that
        // published its request after this point, or this load sees the request.
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        let earliest = wanted.load(ordering: .relaxed)
        guard earliest != .max, count >= earliest else { return }
        let fd = descriptor
        guard fd >= 0 else { return }
        // The one system call, vetted: a write to a non-blocking eventfd (EAGAIN, never a wait, if it were full).
        _ = addOne(toEventDescriptor: fd)
    }

    /// Waits until `reached()` holds or the monotonic time `deadline` has come.
    ///
    /// - Parameters:
    ///   - block: the block count (``blocksWritten``) at which `reached()` may hold; asked again after each wake.
    ///   - reached: the condition.
    /// - Returns: whether `reached()` held.
    @discardableResult
    func wait(until deadline: Double, block: () -> Int, for reached: () -> Bool) -> Bool {
        let requests = requestList.get { LockedState((next: 0, blocks: [:])) }
        let turn = turnLock.get { LockedState(()) }
        let ticket = requests.withLock { r -> Int in
            r.next += 1
            return r.next
        }
        defer { request(nil, ticket: ticket, requests) }
        while true {
            request(block(), ticket: ticket, requests)
            atomicMemoryFence(ordering: .sequentiallyConsistent)
            if reached() { return true }
            if MonotonicClock.now() >= deadline { return false }
            turn.withLock { _ in
                // Another waiter may have taken the signal for a block that also concerns this one.
                if reached() { return }
                guard descriptor >= 0 else {
                    MonotonicClock.sleep(until: deadline)  // no eventfd: the deadline bounds the wait
                    return
                }
                // Bounds and clamps the wait itself (a passed deadline only takes a pending signal).
                _ = WakeSignal.waitForEventDescriptor(descriptor, until: deadline)
            }
        }
    }

    /// Records (or, `nil`, withdraws) what the waiter with `ticket` waits for, and publishes the earliest.
    private func request(_ block: Int?, ticket: Int, _ requests: LockedState<(next: Int, blocks: [Int: Int])>) {
        requests.withLock { r in
            r.blocks[ticket] = block
            wanted.store(r.blocks.values.min() ?? .max, ordering: .sequentiallyConsistent)
        }
    }
}
