extension SensoryFeedback {
    /// How a control's value changed, for ``SensoryFeedback/selection(_:)`` (SwiftUI 26).
    ///
    /// | Value | Pattern | Feel |
    /// |---|---|---|
    /// | `on` | `selection-on` | one firm, bright tick |
    /// | `off` | `selection-off` | one softer, duller tick |
    /// | `maximum` | `selection-maximum` | a full-strength, bright knock on an end stop, then a faint rebound |
    /// | `minimum` | `selection-minimum` | the same knock, dull, so the two ends feel different |
    ///
    ///     FeedbackCenter.current.play(.selection(.maximum))   // the slider's thumb reached its maximum
    ///
    /// - Note: Apple plays these only on visionOS; here they play on every device (see ``SensoryFeedback``).
    public struct SelectionFeedback: Sendable, Hashable {
        /// The library pattern the change plays.
        let patternName: String

        /// A control's value changed to on, such as a toggle turned on (library pattern `selection-on`).
        public static let on = SelectionFeedback(patternName: "selection-on")
        /// A control's value changed to off, such as a toggle turned off (library pattern `selection-off`).
        public static let off = SelectionFeedback(patternName: "selection-off")
        /// A control reached its maximum value, such as a slider's thumb dragged to the end (library pattern
        /// `selection-maximum`).
        public static let maximum = SelectionFeedback(patternName: "selection-maximum")
        /// A control reached its minimum value, such as a slider's thumb dragged to the start (library pattern
        /// `selection-minimum`).
        public static let minimum = SelectionFeedback(patternName: "selection-minimum")
    }
}
