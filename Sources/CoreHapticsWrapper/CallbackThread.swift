import HapticSystem

/// Where the C ABI's asynchronous callbacks run: completion handlers, all-players-finished, stopped and reset, and
/// `Stop`'s late errors.
///
/// The engine calls its handlers on libdispatch's worker threads, which block nearly every signal. A managed runtime
/// that runs the callback there cannot stop that thread for a garbage collection (Mono's collector signals threads
/// with `SIGPWR` and `SIGXCPU`), and the collection then waits forever. Callbacks therefore run on a thread of ours
/// that unblocks every signal first, one at a time, in the order they were queued (a stop's callback after the
/// all-finished one that caused it).
///
/// The thread lives only while there are callbacks to run: it drains the queue and ends, and the next callback
/// starts a new one. A managed runtime attaches a thread that calls into it and waits for it at exit (Mono does,
/// even for one marked as a background thread), so a thread that stayed would keep the host process from exiting.
/// A callback checks that its handle is still live when it runs, not when it was queued.
package final class CallbackThread: Sendable {
    /// The process's callback queue.
    package static let shared = CallbackThread()

    private struct State {
        var jobs: [@Sendable () -> Void] = []
        var draining = false
    }

    private let state = LockedState(State())

    /// Queues `job`; starts a thread to run the queue if none is running.
    package func run(_ job: @escaping @Sendable () -> Void) {
        let start = state.withLock { state -> Bool in
            state.jobs.append(job)
            guard !state.draining else { return false }
            state.draining = true
            return true
        }
        guard start else { return }
        if !SystemThread.detach(name: "haptic-callback", { [self] in drain() }) {
            // The system refused a thread: run the queue here rather than lose the callbacks.
            drain()
        }
    }

    /// Runs queued callbacks until the queue is empty.
    private func drain() {
        SystemThread.unblockAllSignals()
        while true {
            let job = state.withLock { state -> (@Sendable () -> Void)? in
                guard !state.jobs.isEmpty else {
                    state.draining = false
                    return nil
                }
                return state.jobs.removeFirst()
            }
            guard let job else { return }
            job()
        }
    }
}
