extension RecordingFeedbackOutput {
    /// One recorded ``FeedbackOutput/play(_:intensity:)`` call.
    public struct Play: Sendable, Hashable {
        /// The effect played.
        public var effect: FeedbackEffect
        /// The intensity scale it was played with.
        public var intensity: Double
    }
}
