#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("unsupported platform")
#endif

/// A dedicated POSIX thread for one engine's render loop (not a Swift task: the loop blocks in the device).
final class RenderThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    #if canImport(Darwin)
    private var thread: pthread_t?
    #else
    private var thread = pthread_t()
    #endif
    private var joined = false
    /// The thread's purpose, for diagnostics.
    let name: String

    /// Starts the thread at once.
    ///
    /// - Returns: `nil` when the system refuses to create a thread.
    init?(name: String, body: @escaping @Sendable () -> Void) {
        // The name is for debuggers; setting it needs _GNU_SOURCE (pthread_setname_np), so it is only recorded.
        self.name = name
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        let result = pthread_create(
            &thread, nil,
            { raw in
                let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
                body.run()
                return nil
            }, context)
        if result != 0 {
            Unmanaged<Body>.fromOpaque(context).release()
            return nil
        }
        raisePriority()
    }

    /// Whether the thread runs with real-time (`SCHED_FIFO`) priority.
    private(set) var isRealTime = false

    /// Asks for `SCHED_FIFO` at a middle priority, as audio engines do; without the privilege (`CAP_SYS_NICE` or an
    /// `rtprio` limit) the thread keeps normal scheduling. The corresponding call is `pthread_setschedparam`.
    private func raisePriority() {
        #if os(Linux)
        var parameters = sched_param()
        parameters.sched_priority = 40
        isRealTime = pthread_setschedparam(thread, Int32(SCHED_FIFO), &parameters) == 0
        #endif
    }

    /// Runs `body` — the render thread's wait for a command during an idle pause — at the normal scheduling policy
    /// when the calling thread runs at a real-time one, and restores the real-time policy before returning.
    ///
    /// Why: an app's call that wakes a `SCHED_FIFO` thread is preempted by it at once when the kernel places the woken
    /// thread on the app's own CPU (it stays on the CPU it last ran on unless a real-time thread runs there), so the
    /// app's call lasted as long as the render thread's next blocks: `impactOccurred()` after `prepare()` went from
    /// 7 µs to 36–94 µs with wake on command (issue 26), and waking a real-time thread that spins 30 µs cost a plain C
    /// waker 42–56 µs per `write` on this project's 2-core machine, against 2–8 µs when the waiting thread is not
    /// real-time. A thread waiting at the normal policy is woken on an idle CPU without preempting the app; it takes
    /// its real-time policy back (one system call) before it renders anything. Only idle pauses wait this way:
    /// the paced waits between blocks of a playing engine keep the real-time policy.
    ///
    /// Real-time safety: two `pthread_setschedparam` calls around the wait (no lock, no allocation); a policy that
    /// cannot be restored leaves the thread at the normal one, as when it could not be raised at start.
    static func waitingAtNormalPolicy<T>(_ body: () -> T) -> T {
        #if os(Linux)
        let thread = pthread_self()
        var policy: Int32 = 0
        var parameters = sched_param()
        guard pthread_getschedparam(thread, &policy, &parameters) == 0, policy == Int32(SCHED_FIFO) || policy == Int32(SCHED_RR)
        else { return body() }
        var normal = sched_param()
        normal.sched_priority = 0
        _ = pthread_setschedparam(thread, Int32(SCHED_OTHER), &normal)
        defer { _ = pthread_setschedparam(thread, policy, &parameters) }
        #endif
        return body()
    }

    /// Waits for the thread to end. Safe to call twice.
    func join() {
        guard !joined else { return }
        joined = true
        #if canImport(Darwin)
        if let thread { pthread_join(thread, nil) }
        #else
        pthread_join(thread, nil)
        #endif
    }
}
