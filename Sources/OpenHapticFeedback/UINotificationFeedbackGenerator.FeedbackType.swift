extension UINotificationFeedbackGenerator {
    /// The outcome a notification feedback reports, with UIKit's raw values.
    ///
    /// | Type | Raw | Pattern |
    /// |---|---|---|
    /// | success | 0 | a double tap, strong then weaker, 85 ms apart |
    /// | warning | 1 | two firm, equal taps, 120 ms apart |
    /// | error | 2 | three rapid low buzzes (40 ms on, 30 ms off) |
    public enum FeedbackType: Int, Sendable, Hashable, CaseIterable {
        /// A task succeeded.
        case success = 0
        /// A task produced a warning.
        case warning = 1
        /// A task failed.
        case error = 2

        /// The library pattern the type plays.
        var patternName: String {
            switch self {
            case .success: "success"
            case .warning: "warning"
            case .error: "error"
            }
        }
    }
}
