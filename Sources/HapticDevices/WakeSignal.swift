import CHapticSupport
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Wakes a render thread that is waiting for its next block: a control thread signals it when a command arrives
/// (a start, a stop, a parameter), so the command reaches the output at once instead of at the next block boundary,
/// and an idle output need not wake up every block to find nothing to do.
///
/// An `eventfd` on Linux: ``signal()`` is one non-blocking 8-byte `write`, made only while the render thread is
/// actually waiting; ``wait(until:)`` is a `ppoll` with a timeout, the render thread's only kind of sleep. Without
/// `eventfd` (other systems) it falls back to sleeping for the whole wait.
///
/// - Thread safety: any number of signalling threads, one waiting thread.
/// - Real-time safety: no locks, no allocation; ``wait(until:)`` blocks by design (it is the pacing sleep).
public final class WakeSignal: Sendable {
    private let descriptor: Int32
    private let waiting = Atomic<Bool>(false)

    /// Creates the signal.
    public init() {
        #if os(Linux)
        descriptor = CHapticSupport_eventfdCreate()
        #else
        descriptor = -1
        #endif
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Wakes the waiting thread, if one waits. Never blocks.
    public func signal() {
        #if os(Linux)
        guard descriptor >= 0, waiting.load(ordering: .acquiring) else { return }
        _ = CHapticSupport_eventfdSignal(descriptor)
        #endif
    }

    /// Waits until the monotonic time `deadline`, or until ``signal()``.
    ///
    /// - Returns: `true` when woken by a signal before the deadline.
    @discardableResult
    public func wait(until deadline: Double) -> Bool {
        #if os(Linux)
        guard descriptor >= 0 else {
            MonotonicClock.sleep(until: deadline)
            return false
        }
        waiting.store(true, ordering: .releasing)
        defer { waiting.store(false, ordering: .releasing) }
        // A signal that came just before `waiting` was set is still in the counter: check it first.
        if CHapticSupport_eventfdDrain(descriptor) == 1 { return true }
        while true {
            let remaining = deadline - MonotonicClock.now()
            if remaining <= 0 { return false }
            let result = CHapticSupport_waitForReadable(descriptor, Int(remaining * 1e9))
            if result == 1 {
                _ = CHapticSupport_eventfdDrain(descriptor)
                return true
            }
            if result == 0 { return false }
            // -EINTR: wait again for what is left.
        }
        #else
        MonotonicClock.sleep(until: deadline)
        return false
        #endif
    }
}
