import Dispatch
import HapticSystem

/// The one thread the C ABI's asynchronous callbacks run on: completion handlers, all-players-finished, stopped and
/// reset, and `Stop`'s late errors.
///
/// The engine calls its handlers on libdispatch's worker threads, which block nearly every signal. A managed runtime
/// that runs the callback there cannot stop that thread for a garbage collection (Mono's collector signals threads
/// with `SIGPWR` and `SIGXCPU`), and the collection then waits forever. This thread unblocks every signal first, and
/// runs the callbacks one at a time in the order they were queued (a stop's callback after the all-finished one that
/// caused it). A callback checks that its handle is still live when it runs, not when it was queued.
final class CallbackThread: Sendable {
    /// The process's callback thread, started on first use.
    static let shared = CallbackThread()

    private let jobs = LockedState<[@Sendable () -> Void]>([])
    private let ready = DispatchSemaphore(value: 0)
    /// Whether the thread exists; without it (the system refused a thread) callbacks run where they arise.
    private let running: Bool

    private init() {
        let (jobs, ready) = (self.jobs, self.ready)
        running = SystemThread.detach(name: "haptic-callback") {
            SystemThread.unblockAllSignals()
            while true {
                ready.wait()
                let job = jobs.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                job?()
            }
        }
    }

    /// Queues `job` to run on the callback thread.
    func run(_ job: @escaping @Sendable () -> Void) {
        guard running else { return job() }
        jobs.withLock { $0.append(job) }
        ready.signal()
    }
}
