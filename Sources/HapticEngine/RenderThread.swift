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
