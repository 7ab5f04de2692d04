/// Seconds on the system's monotonic clock, and sleeping until a point on it.
///
/// - Real-time safety: ``now()`` is a vDSO call (no syscall, no allocation); ``sleep(until:)`` blocks by design and
///   is only used by paced devices to wait for a block's due time.
public enum MonotonicClock {
    /// The current monotonic time in seconds.
    @inlinable
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    /// Sleeps until the monotonic clock reaches `deadline` (returns at once if it already has).
    public static func sleep(until deadline: Double) {
        #if os(Linux)
        var ts = timespec(tv_sec: Int(deadline.rounded(.down)), tv_nsec: Int((deadline - deadline.rounded(.down)) * 1e9))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
        #else
        let remaining = deadline - now()
        if remaining > 0 { usleep(useconds_t(remaining * 1e6)) }  // pacing: this is the clock's own sleep
        #endif
    }
}
