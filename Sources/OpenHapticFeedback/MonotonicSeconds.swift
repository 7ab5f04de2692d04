/// Seconds on a monotonic clock since the first call in this process: the default time source of
/// ``FeedbackCenter`` and ``OfflineFeedbackOutput``.
enum MonotonicSeconds {
    private static let origin = ContinuousClock.now

    /// Seconds since the origin.
    @Sendable static func now() -> Double {
        let elapsed = ContinuousClock.now - origin
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }
}
