import CHapticSupport
import Dispatch
import Synchronization

/// Wakes a thread that waits for work: the package's one `eventfd`, in both directions between the render thread and
/// the rest.
///
/// **A control thread waking a render thread** (``signal()`` and ``wait(until:)``): a command arrives (a start, a
/// stop, a parameter), so the command reaches the output at once instead of at the next block boundary, and an idle
/// output need not wake up every block to find nothing to do. ``signal()`` is one non-blocking 8-byte `write`, made
/// only while the render thread is actually waiting; ``wait(until:)`` is a `ppoll` with a timeout, the render
/// thread's only kind of sleep. Without `eventfd` (other systems) it falls back to sleeping for the whole wait.
///
/// **The render thread waking a service queue** (`raise()`, `acknowledge()` and `makeReadSource(queue:handler:)`):
/// when a block left something to collect (a finished run, a program or curve to release, a device fault), so the
/// engine's service does not have to look every few milliseconds. (Before, a 4 ms service timer ran as long as
/// anything played: completions waited up to 4 ms, and a busy engine woke a thread 250 times a second to find
/// nothing, competing with the app for the CPU and for the engine's lock.) The service runs once per raise, read by a
/// dispatch source; raising is one non-blocking `write`, only when no raise is already pending: at most one system
/// call per service run, and never a wait. The descriptor is closed when the last owner lets go (the render context
/// and the dispatch source's cancel handler both hold the signal), so the render thread can never write to a
/// descriptor that was reused.
///
/// The evdev writer's I/O thread waits on its device and a wake descriptor in one `ppoll`, through its system-call
/// seam (tests lend it fake descriptors): it makes and signals that descriptor with
/// `makeEventDescriptor()` and `signalEventDescriptor(_:)`.
///
/// - Thread safety: any number of signalling threads, one waiting thread (or one dispatch source).
/// - Real-time safety: no locks, no allocation; ``wait(until:)`` blocks by design (it is the pacing sleep).
public final class WakeSignal: Sendable {
    private let descriptor: Int32
    /// Whether a thread waits in ``wait(until:)``: ``signal()`` skips the system call otherwise.
    private let waiting = Atomic<Bool>(false)
    /// Whether a ``raise()`` is waiting for the service: later raises skip the system call.
    private let pending = Atomic<Bool>(false)

    /// Creates the signal.
    public init() {
        #if os(Linux)
        descriptor = Self.makeEventDescriptor()
        #else
        descriptor = -1
        #endif
    }

    /// A signal with a descriptor to read, or `nil` where the system has no `eventfd` (a service then keeps a
    /// timer instead).
    package static func available() -> WakeSignal? {
        let signal = WakeSignal()
        return signal.descriptor >= 0 ? signal : nil
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Wakes the waiting thread, if one waits. Never blocks.
    public func signal() {
        #if os(Linux)
        // Pairs with the fence in `wait(until:unless:)`: the waiter sees what was sent before this call, or this
        // load sees the waiter.
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        guard descriptor >= 0, waiting.load(ordering: .acquiring) else { return }
        _ = addOne(toEventDescriptor: descriptor)
        #endif
    }

    /// Waits until the monotonic time `deadline`, or until ``signal()``.
    ///
    /// - Returns: `true` when woken by a signal before the deadline.
    @discardableResult
    public func wait(until deadline: Double) -> Bool { wait(until: deadline, unless: { false }) }

    /// Waits until the monotonic time `deadline`, or until ``signal()``, unless `pending()` holds once this thread
    /// counts as waiting: work sent just before, whose ``signal()`` saw no waiter, is not slept through.
    ///
    /// - Returns: `true` when woken by a signal before the deadline, or when `pending()` held.
    @discardableResult
    public func wait(until deadline: Double, unless pending: () -> Bool) -> Bool {
        #if os(Linux)
        guard descriptor >= 0 else {
            if pending() { return true }
            MonotonicClock.sleep(until: deadline)
            return false
        }
        waiting.store(true, ordering: .releasing)
        defer { waiting.store(false, ordering: .releasing) }
        // Pairs with the fence in `signal()`: a signaller that did not see `waiting` sent its work before this.
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        if pending() { return true }
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
        if pending() { return true }
        MonotonicClock.sleep(until: deadline)
        return false
        #endif
    }

    /// Render thread: wakes the reader (the service's dispatch source) unless a raise is already pending. Never
    /// blocks (the counter cannot overflow: it is reset by every ``acknowledge()``).
    @_noLocks @_noAllocation
    package func raise() {
        // Acquire-release: what the raising thread posted happens before the reader's acknowledge reads this.
        guard descriptor >= 0, !pending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        // The one system call, vetted: a write to a non-blocking eventfd (EAGAIN, never a wait, if it were full).
        let fd = descriptor
        _ = addOne(toEventDescriptor: fd)
    }

    /// Reader: takes the raise, before collecting what the raising thread posted (a raise after this point wakes
    /// the reader again).
    package func acknowledge() {
        // An exchange, not a store: it reads the raising thread's raise, so everything posted before it is visible.
        _ = pending.exchange(false, ordering: .acquiringAndReleasing)
        #if os(Linux)
        if descriptor >= 0 { _ = CHapticSupport_eventfdDrain(descriptor) }
        #endif
    }

    /// A dispatch source on `queue` that calls `handler` after each ``raise()`` (acknowledged first). Cancel it when
    /// the reader is done; it keeps the signal (and so the descriptor) alive until its cancel handler has run.
    ///
    /// Only for a signal from ``available()`` (one with a descriptor).
    package func makeReadSource(queue: DispatchQueue, handler: @escaping @Sendable () -> Void) -> any DispatchSourceRead {
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { [self] in
            acknowledge()
            handler()
        }
        source.setCancelHandler { [self] in _ = self }
        source.resume()
        return source
    }

    /// A new non-blocking, close-on-exec `eventfd`: its descriptor, or `-errno`. The caller closes it.
    package static func makeEventDescriptor() -> Int32 {
        #if os(Linux)
        CHapticSupport_eventfdCreate()
        #else
        -ENOSYS
        #endif
    }

    /// Adds one to the `eventfd` `descriptor`'s counter (one non-blocking 8-byte `write`): 0, or `-errno`.
    @_noLocks @_noAllocation
    package static func signalEventDescriptor(_ descriptor: Int32) -> Int32 {
        addOne(toEventDescriptor: descriptor)
    }
}

extension WakeSignal {
    /// Takes what the `eventfd` `descriptor` holds without waiting (one non-blocking `read`): `true` when it had been
    /// signalled. For a thread that waits on the descriptor in a `poll` of its own.
    @discardableResult
    package static func drainEventDescriptor(_ descriptor: Int32) -> Bool {
        #if os(Linux)
        CHapticSupport_eventfdDrain(descriptor) == 1
        #else
        false
        #endif
    }

    /// Waits until the `eventfd` `descriptor` is readable or the monotonic time `deadline` has come, and takes what
    /// it holds: `true` when it was signalled. For a waiter with its own descriptor (``makeEventDescriptor()``) that
    /// needs its own wait discipline, such as the engine's render-progress waiters.
    package static func waitForEventDescriptor(_ descriptor: Int32, until deadline: Double) -> Bool {
        #if os(Linux)
        let remaining = Swift.min(deadline - MonotonicClock.now(), 86_400)
        guard remaining > 0 else { return CHapticSupport_eventfdDrain(descriptor) == 1 }
        guard CHapticSupport_waitForReadable(descriptor, Int(remaining * 1e9)) == 1 else { return false }
        return CHapticSupport_eventfdDrain(descriptor) == 1
        #else
        MonotonicClock.sleep(until: deadline)
        return false
        #endif
    }
}

/// ``WakeSignal/signalEventDescriptor(_:)``, as a free function: the render thread's path names no class metadata
/// (a real-time caller with its own descriptor, such as the engine's render progress, calls this one).
@_noLocks @_noAllocation
package func addOne(toEventDescriptor descriptor: Int32) -> Int32 {
    #if os(Linux)
    _unsafePerformance { CHapticSupport_eventfdSignal(descriptor) }
    #else
    -ENOSYS
    #endif
}
