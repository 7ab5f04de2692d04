#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("unsupported platform")
#endif

/// A value behind a `pthread_mutex_t`: the control-path lock of every module above the pure ones (devices, engine,
/// facade, feedback), kept here, in the platform layer.
///
/// `Synchronization.Mutex` would do, but ThreadSanitizer cannot see the ordering it provides (the standard library
/// is not instrumented), so every class object guarded by it (sessions, player states) is reported as racing. A
/// POSIX mutex is intercepted by ThreadSanitizer, which keeps `swift test --sanitize=thread` meaningful.
///
/// Real-time safety: it locks; never use it on the render thread.
package final class LockedState<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched between lock and unlock.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// Creates the lock around `value`.
    package init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
