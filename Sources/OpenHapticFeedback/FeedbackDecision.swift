/// What a ``FeedbackCenter`` did with one feedback request.
///
///     let decision = center.play(.selection)
///     if decision == .coalesced { print("merged into the tick that just played") }
///
/// Thread safety: a value type.
public enum FeedbackDecision: String, Sendable, Hashable, CaseIterable {
    /// Passed every check and went to the output.
    case played
    /// Feedback is turned off (by the app's ``FeedbackPreferences/isEnabled`` or the user's settings).
    case disabled
    /// The effective intensity was 0, so there was nothing to play.
    case silent
    /// Merged into the same feedback that played less than ``FeedbackRateLimit/coalescingInterval`` ago.
    case coalesced
    /// Dropped by the rate limit (the burst was used up and tokens had not refilled).
    case rateLimited
}
