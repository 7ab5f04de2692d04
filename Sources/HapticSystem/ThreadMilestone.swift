import Dispatch
import Synchronization

/// A moment in a thread's life that other threads wait for — a device's I/O thread has opened its node, or has
/// returned: the thread signals it once, and a waiter sleeps until then (or until its deadline) instead of
/// looking every millisecond.
///
///     let opened = ThreadMilestone()
///     SystemThread.detach(name: "io") { open(); opened.signal(); … }
///     guard opened.wait(until: MonotonicClock.now() + 0.4) else { … }  // timed out
///
/// A semaphore under the hood; a waiter that is woken passes the wake on, so any number of waiters see it.
///
/// - Thread safety: any thread. Real-time safety: ``signal()`` does not lock or allocate (a semaphore signal, which
///   may wake a waiter through the kernel); ``wait(until:)`` blocks by design.
package final class ThreadMilestone: Sendable {
    private let reached = Atomic<Bool>(false)
    private let semaphore = DispatchSemaphore(value: 0)

    /// A milestone not reached yet.
    package init() {}

    /// Whether ``signal()`` was called.
    package var isReached: Bool { reached.load(ordering: .acquiring) }

    /// Marks the milestone reached and wakes whoever waits. Only the first call counts.
    package func signal() {
        guard !reached.exchange(true, ordering: .acquiringAndReleasing) else { return }
        semaphore.signal()
    }

    /// Waits until the milestone is reached or the monotonic time `deadline` has come.
    ///
    /// - Returns: ``isReached``.
    @discardableResult
    package func wait(until deadline: Double) -> Bool {
        if isReached { return true }
        // Capped, so that an infinite or huge deadline cannot overflow the dispatch time (a day is "forever" here).
        let seconds = Swift.min(Swift.max(deadline - MonotonicClock.now(), 0), 86_400)
        if semaphore.wait(timeout: .now() + .nanoseconds(Int(seconds * 1e9))) == .success {
            semaphore.signal()  // pass the wake on to the next waiter
        }
        return isReached
    }
}
