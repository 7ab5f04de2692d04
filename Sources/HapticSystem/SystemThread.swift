#if os(Linux)
import CHapticSupport
#endif

/// The package's one way to start a POSIX thread (no Foundation, not a Swift task: these threads block in devices,
/// pace a render loop or wait on a descriptor): named, optionally at real-time priority, detached or joinable.
///
/// Used by the devices' I/O threads, the device monitor, the terminal meter (``detach(name:realTimePriority:_:)``)
/// and the engine's render thread (``spawn(name:realTimePriority:_:)``, joined when the output stops).
///
///     let thread = SystemThread.spawn(name: "haptic-render", realTimePriority: 40) { runLoop() }
///     thread?.join()
///
/// The new thread names itself and asks for its priority before it runs `body`, so `body` already runs as what it
/// is (`/proc/self/task/*/comm` shows the name). The priority is `SCHED_FIFO` at the given level, as audio engines
/// ask; without the privilege (`CAP_SYS_NICE` or an `rtprio` limit), or for a level the system refuses, the thread
/// keeps normal scheduling and runs all the same. The corresponding calls are `pthread_create`,
/// `pthread_setname_np` and `pthread_setschedparam`.
///
/// - Thread safety: any thread may start threads; ``join()`` belongs to the thread that started it.
/// - Real-time safety: starting a thread allocates; never start one on the render thread.
package final class SystemThread {
    /// What the new thread needs; passed to it retained.
    private final class Launch {
        let name: String
        let priority: Int32?
        let body: @Sendable () -> Void
        init(name: String, priority: Int32?, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.priority = priority
            self.body = body
        }
    }

    #if canImport(Darwin)
    private var thread: pthread_t?
    #else
    private var thread = pthread_t()
    #endif
    private var joined = false
    /// The thread's name, for diagnostics (Linux keeps its first 15 bytes).
    package let name: String

    private init(name: String) { self.name = name }

    /// Runs `body` on a new joinable thread named `name`; call ``join()`` to wait for it to end.
    ///
    /// - Parameters:
    ///   - name: the thread's name (Linux keeps at most 15 bytes).
    ///   - realTimePriority: a `SCHED_FIFO` priority to ask for (1 … 99); `nil`: normal scheduling.
    ///   - body: what the thread runs.
    /// - Returns: `nil` when the system refuses to create a thread.
    package static func spawn(
        name: String, realTimePriority: Int32? = nil, _ body: @escaping @Sendable () -> Void
    ) -> SystemThread? {
        let thread = SystemThread(name: name)
        guard thread.start(Launch(name: name, priority: realTimePriority, body: body)) else { return nil }
        return thread
    }

    /// Runs `body` on a new detached thread named `name` (nothing waits for it to end).
    ///
    /// - Parameters:
    ///   - name: the thread's name (Linux keeps at most 15 bytes).
    ///   - realTimePriority: a `SCHED_FIFO` priority to ask for (a device's I/O thread, which must answer the render
    ///     thread at once); without the privilege the thread keeps normal scheduling. `nil`: normal scheduling.
    ///   - body: what the thread runs.
    /// - Returns: `false` when the thread could not be created.
    @discardableResult
    package static func detach(name: String, realTimePriority: Int32? = nil, _ body: @escaping @Sendable () -> Void) -> Bool {
        let thread = SystemThread(name: name)
        guard thread.start(Launch(name: name, priority: realTimePriority, body: body)) else { return false }
        thread.joined = true
        #if canImport(Darwin)
        pthread_detach(thread.thread!)
        #else
        pthread_detach(thread.thread)
        #endif
        return true
    }

    /// Waits for the thread to end. Safe to call twice.
    package func join() {
        guard !joined else { return }
        joined = true
        #if canImport(Darwin)
        if let thread { pthread_join(thread, nil) }
        #else
        pthread_join(thread, nil)
        #endif
    }

    /// Creates the thread: `pthread_create`, with `launch` handed over retained.
    private func start(_ launch: Launch) -> Bool {
        let context = Unmanaged.passRetained(launch).toOpaque()
        let result = pthread_create(
            &thread, nil,
            { raw in
                #if canImport(Darwin)
                let launch = Unmanaged<Launch>.fromOpaque(raw).takeRetainedValue()
                #else
                let launch = Unmanaged<Launch>.fromOpaque(raw!).takeRetainedValue()
                #endif
                SystemThread.prepareCurrent(name: launch.name, priority: launch.priority)
                launch.body()
                return nil
            }, context)
        if result != 0 {
            Unmanaged<Launch>.fromOpaque(context).release()
            return false
        }
        #if os(Linux)
        // The creator raises the priority too, as the render thread always had it: with only the thread's own call,
        // the engine's start → first sample went from p50 18 µs / p99 73 µs to p50 49–90 µs with p75–p99 in
        // milliseconds on a loaded 2-core machine (EngineBenchmarks, same session; the cause is not understood).
        if let priority = launch.priority {
            var parameters = sched_param()
            parameters.sched_priority = priority
            _ = pthread_setschedparam(thread, Int32(SCHED_FIFO), &parameters)
        }
        #endif
        return true
    }

    /// Unblocks every signal on the calling thread. A thread inherits its creator's signal mask, and threads made
    /// from libdispatch's workers block nearly every signal; a thread that calls into a managed runtime (Mono, whose
    /// garbage collector stops threads with `SIGPWR` and `SIGXCPU`) must let them through, or a collection waits for
    /// it forever.
    package static func unblockAllSignals() {
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
    }

    /// On the new thread, before its body: its name, and `SCHED_FIFO` at `priority` where the system allows it.
    ///
    /// - Returns: whether the thread now runs at real-time priority.
    @discardableResult
    private static func prepareCurrent(name: String, priority: Int32?) -> Bool {
        #if os(Linux)
        CHapticSupport_setThreadName(String(name.prefix(15)))
        guard let priority else { return false }
        var parameters = sched_param()
        parameters.sched_priority = priority
        return pthread_setschedparam(pthread_self(), Int32(SCHED_FIFO), &parameters) == 0
        #else
        return false
        #endif
    }
}
