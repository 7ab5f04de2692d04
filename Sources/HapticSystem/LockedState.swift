/// A value behind a `pthread_mutex_t`: the one control-path lock of the project (the mixer's handle table, devices,
/// engine, facade, feedback, commands, studio, and the tests), kept here, in the lowest module that locks.
///
/// `Synchronization.Mutex` would do, but on Linux it locks with the standard library's own futex code, which
/// ThreadSanitizer does not instrument: it cannot see the ordering the lock provides, so every value guarded by it is
/// reported as racing (a temporary-folder list the tests shared did exactly that in CI). A POSIX mutex is intercepted
/// by ThreadSanitizer, which keeps `swift test --sanitize=thread` meaningful. `.ci/sanitizers.sh` refuses a `Mutex`
/// anywhere in the sources or tests for that reason.
///
/// Real-time safety: it locks; never use it on the render thread.
package final class LockedState<Value>: @unchecked Sendable {
    // @unchecked: the value is only touched between lock and unlock.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    // The value lives in its own allocation, not in a stored property: ThreadSanitizer checks a stored property's
    // inout access by its address, and an empty value (a lock around `()`) shares its address with `mutex`, which
    // every caller reads before locking: reported as a race although nothing races.
    private let value: UnsafeMutablePointer<Value>

    /// Creates the lock around `value`.
    package init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
