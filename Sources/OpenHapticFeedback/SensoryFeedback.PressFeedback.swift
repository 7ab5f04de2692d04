extension SensoryFeedback {
    /// Which control was pressed (touch down), for ``SensoryFeedback/press(_:)`` (SwiftUI 26).
    ///
    /// Each control has its own library pattern, so a press tells the user what they touched:
    ///
    /// | Value | Pattern | Feel |
    /// |---|---|---|
    /// | `button` | `press-button` | one firm, crisp tap, like a key going down |
    /// | `buttonIconOnly` | `press-button-icon-only` | a lighter, crisper tap for a small target |
    /// | `slider` | `press-slider` | one soft, dull tap as the thumb is gripped |
    /// | `tab` | `press-tab` | one medium tap, lighter than a button |
    /// | `toggle` | `press-toggle` | a light tap, then a firm one 50 ms later: the switch throwing over |
    ///
    ///     FeedbackCenter.current.play(.press(.toggle))
    ///
    /// - Note: Apple plays these only on visionOS; here they play on every device (see ``SensoryFeedback``).
    public struct PressFeedback: Sendable, Hashable {
        /// The library pattern the press plays.
        let patternName: String

        /// A button was pressed (library pattern `press-button`).
        public static let button = PressFeedback(patternName: "press-button")
        /// An icon-only button, without text, was pressed (library pattern `press-button-icon-only`).
        public static let buttonIconOnly = PressFeedback(patternName: "press-button-icon-only")
        /// A slider's thumb was pressed (library pattern `press-slider`); play ``SensoryFeedback/release(_:)`` with
        /// ``SensoryFeedback/ReleaseFeedback/slider`` when it is let go.
        public static let slider = PressFeedback(patternName: "press-slider")
        /// A control that activates a tab was pressed (library pattern `press-tab`).
        public static let tab = PressFeedback(patternName: "press-tab")
        /// A toggle was pressed (library pattern `press-toggle`); play ``SensoryFeedback/selection(_:)`` with
        /// ``SensoryFeedback/SelectionFeedback/on`` or ``SensoryFeedback/SelectionFeedback/off`` as its value
        /// changes.
        public static let toggle = PressFeedback(patternName: "press-toggle")
    }
}
