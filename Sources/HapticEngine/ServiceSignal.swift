import CHapticSupport
import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Wakes an engine's service from the render thread when a block left something to collect (a finished run, a
/// program or curve to release, a device fault), so the service does not have to look every few milliseconds.
///
/// Before, a 4 ms service timer ran as long as anything played: completions waited up to 4 ms, and a busy engine
/// woke a thread 250 times a second to find nothing, competing with the app for the CPU and for the engine's lock
/// (an app's `sendParameters` that met a service run waited for it). Now the render thread raises the signal when it
/// posted a notification; the service runs once per signal, and otherwise only at its slow pace
/// (``EngineRuntime/idleServiceInterval``) for the idle timeout and the diagnostics log.
///
/// An `eventfd` (Linux), read by a dispatch source on the service queue. (``HapticDevices/WakeSignal`` is the other
/// direction: a control thread waking the render thread, which waits in `ppoll`.) Raising it is one non-blocking `write` of
/// 8 bytes, only when the signal is not already pending: at most one system call per service run, and never a
/// wait. The descriptor is closed when the last owner lets go (the render context and the dispatch source's
/// cancel handler both hold the signal), so the render thread can never write to a descriptor that was reused.
final class ServiceSignal: Sendable {
    private let descriptor: Int32
    /// Whether a raise is waiting for the service: later raises skip the system call.
    private let pending = Atomic<Bool>(false)

    /// Creates the signal, or returns `nil` where the system has no `eventfd` (the service then keeps its
    /// fast timer).
    init?() {
        let fd = CHapticSupport_eventfdCreate()
        guard fd >= 0 else { return nil }
        descriptor = fd
    }

    deinit {
        close(descriptor)
    }

    /// Render thread: wakes the service unless a wake is already pending. Never blocks (the counter cannot
    /// overflow: it is reset by every ``acknowledge()``).
    @_noLocks @_noAllocation
    func raise() {
        // Acquire-release: the notifications the block posted happen before the service's acknowledge reads this.
        guard !pending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        // The one system call, vetted: a write to a non-blocking eventfd (EAGAIN, never a wait, if it were full).
        let fd = descriptor
        _unsafePerformance { _ = CHapticSupport_eventfdSignal(fd) }
    }

    /// Service queue: takes the wake, before the service collects what the render thread posted (a raise after
    /// this point wakes the service again).
    func acknowledge() {
        // An exchange, not a store: it reads the render thread's raise, so everything posted before it is visible.
        _ = pending.exchange(false, ordering: .acquiringAndReleasing)
        _ = CHapticSupport_eventfdDrain(descriptor)
    }

    /// A dispatch source on `queue` that calls `handler` after each raise (acknowledged first). Cancel it when the
    /// session ends; it keeps the signal (and so the descriptor) alive until its cancel handler has run.
    func makeSource(queue: DispatchQueue, handler: @escaping @Sendable () -> Void) -> any DispatchSourceRead {
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { [self] in
            acknowledge()
            handler()
        }
        source.setCancelHandler { [self] in _ = self }
        source.resume()
        return source
    }
}
