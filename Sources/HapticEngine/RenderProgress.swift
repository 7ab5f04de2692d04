import CHapticSupport
import HapticDevices
import HapticRender
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Lets control threads wait until a device output's render thread has got somewhere — past a block boundary, up to
/// a frame — without looking every half millisecond: the render thread signals after each block it wrote while
/// anyone waits, and the waiter sleeps until then.
///
/// The render thread's side is one fence and one atomic load per block, and, only while a control thread waits, one
/// non-blocking 8-byte `write` to an `eventfd` (the same vetted call as ``ServiceSignal/raise()``). The waiting side
/// counts itself in ``waiters`` before it tests its condition, with a full fence on both sides, so either the
/// render thread sees the waiter and signals, or the waiter sees the block: a wake is never lost. Waiters take turns
/// at the descriptor (one ``LockedState`` around the `ppoll`); each tests its condition afresh under that lock, and
/// the render thread signals every block while anyone waits, so a waiter behind another loses at most a block.
/// Without an `eventfd` (other systems, or none left) a waiter sleeps until its deadline, which every wait here
/// bounds.
///
/// - Thread safety: ``blockWritten()`` from the render thread; ``wait(until:for:)`` from any control thread, never
///   while holding a lock that the render thread's progress depends on, and with a condition that only reads atomics.
/// - Real-time safety: ``blockWritten()`` takes no lock and allocates nothing.
final class RenderProgress: Sendable {
    private let descriptor: Int32
    /// Control threads waiting now.
    private let waiters = Atomic<Int>(0)
    /// One waiter at a time polls the descriptor.
    private let turn = LockedState(())

    /// Creates the signal (an `eventfd` where the system has one).
    init() {
        let fd = CHapticSupport_eventfdCreate()
        descriptor = fd >= 0 ? fd : -1
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Render thread, after each block it wrote (and once when it ends): wakes the waiters, if any.
    @_noLocks @_noAllocation
    func blockWritten() {
        // Pairs with the fence in `wait`: the block's progress (already stored) is visible to a waiter counted
        // after this point, or this load sees the waiter.
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        guard waiters.load(ordering: .relaxed) > 0 else { return }
        let fd = descriptor
        guard fd >= 0 else { return }
        // The one system call, vetted: a write to a non-blocking eventfd (EAGAIN, never a wait, if it were full).
        _unsafePerformance { _ = CHapticSupport_eventfdSignal(fd) }
    }

    /// Waits until `reached()` holds or the monotonic time `deadline` has come.
    ///
    /// - Parameter reached: the condition; it must only read atomics (it runs under this signal's lock).
    /// - Returns: whether `reached()` held.
    @discardableResult
    func wait(until deadline: Double, for reached: () -> Bool) -> Bool {
        waiters.add(1, ordering: .sequentiallyConsistent)
        defer { waiters.subtract(1, ordering: .sequentiallyConsistent) }
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        while true {
            if reached() { return true }
            if MonotonicClock.now() >= deadline { return false }
            turn.withLock { _ in
                // Another waiter may have taken the signal for a block that also concerns this one.
                if reached() { return }
                let remaining = deadline - MonotonicClock.now()
                guard remaining > 0 else { return }
                guard descriptor >= 0 else {
                    MonotonicClock.sleep(until: deadline)  // no eventfd: the deadline bounds the wait
                    return
                }
                if CHapticSupport_waitForReadable(descriptor, Int(remaining * 1e9)) == 1 {
                    _ = CHapticSupport_eventfdDrain(descriptor)
                }
            }
        }
    }
}
