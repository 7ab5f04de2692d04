extension SensoryFeedback {
    /// Which control was released (touch up), for ``SensoryFeedback/release(_:)`` (SwiftUI 26).
    ///
    ///     FeedbackCenter.current.play(.press(.slider))     // the thumb is gripped
    ///     FeedbackCenter.current.play(.release(.slider))   // … and let go
    ///
    /// - Note: Apple plays these only on visionOS; here they play on every device (see ``SensoryFeedback``).
    public struct ReleaseFeedback: Sendable, Hashable {
        /// The library pattern the release plays.
        let patternName: String

        /// A slider's thumb was released (library pattern `release-slider`: one faint, dull tap, weaker than the
        /// press).
        public static let slider = ReleaseFeedback(patternName: "release-slider")
    }
}
