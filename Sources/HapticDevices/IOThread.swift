#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("unsupported platform")
#endif
#if os(Linux)
import CHapticSupport
#endif

/// Starts detached POSIX threads for device I/O, metering and monitoring (no Foundation).
package enum IOThread {
    private final class Box {
        let name: String
        let priority: Int32?
        let body: @Sendable () -> Void
        init(name: String, priority: Int32?, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.priority = priority
            self.body = body
        }
    }

    /// Runs `body` on a new detached thread named `name` (at most 15 bytes are kept by Linux).
    ///
    /// - Parameters:
    ///   - name: the thread's name.
    ///   - realTimePriority: a `SCHED_FIFO` priority to ask for (a device's I/O thread, which must answer the render
    ///     thread at once); without the privilege (`CAP_SYS_NICE` or an `rtprio` limit) the thread keeps normal
    ///     scheduling. `nil`: normal scheduling.
    ///   - body: what the thread runs.
    /// - Returns: `false` when the thread could not be created.
    @discardableResult
    package static func detach(name: String, realTimePriority: Int32? = nil, _ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Box(name: name, priority: realTimePriority, body: body))
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let result = pthread_create(
            &thread, nil,
            { raw in
                #if canImport(Darwin)
                let box = Unmanaged<Box>.fromOpaque(raw).takeRetainedValue()
                #else
                let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
                CHapticSupport_setThreadName(String(box.name.prefix(15)))
                if let priority = box.priority {
                    var parameters = sched_param()
                    parameters.sched_priority = priority
                    _ = pthread_setschedparam(pthread_self(), Int32(SCHED_FIFO), &parameters)
                }
                #endif
                box.body()
                return nil
            }, box.toOpaque())
        guard result == 0 else {
            box.release()
            return false
        }
        #if canImport(Darwin)
        pthread_detach(thread!)
        #else
        pthread_detach(thread)
        #endif
        return true
    }
}
