import HapticSystem

/// Seconds on a monotonic clock since the first call in this process: the default time source of
/// ``FeedbackCenter`` and ``OfflineFeedbackOutput``.
///
/// One `clock_gettime` through the vDSO and a subtraction. `ContinuousClock.now` with `Duration`'s 128-bit
/// arithmetic took about a quarter of `impactOccurred()`'s own CPU time on a cold cache (issue 26, perf).
enum MonotonicSeconds {
    private static let origin = MonotonicClock.now()

    /// Seconds since the origin.
    @Sendable static func now() -> Double {
        // The origin first: on the first call its lazy initialisation reads the clock, and a time read before it
        // would come out negative.
        let origin = Self.origin
        return MonotonicClock.now() - origin
    }
}
