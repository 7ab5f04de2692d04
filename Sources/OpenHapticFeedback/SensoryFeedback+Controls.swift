extension SensoryFeedback {
    /// Feedback for a specific control being pressed (touch down) — SwiftUI 26.
    ///
    ///     FeedbackCenter.current.play(.press(.button))
    ///
    /// - Parameter feedback: the control: button, icon-only button, slider, tab or toggle.
    /// - Returns: the feedback, which plays the control's own library pattern (see ``PressFeedback``).
    public static func press(_ feedback: SensoryFeedback.PressFeedback) -> SensoryFeedback {
        SensoryFeedback(feedback.patternName)
    }

    /// Feedback for a specific control being released (touch up) — SwiftUI 26.
    ///
    ///     FeedbackCenter.current.play(.release(.slider))
    ///
    /// - Parameter feedback: the control (a slider).
    /// - Returns: the feedback (see ``ReleaseFeedback``).
    public static func release(_ feedback: SensoryFeedback.ReleaseFeedback) -> SensoryFeedback {
        SensoryFeedback(feedback.patternName)
    }

    /// Feedback for a specific control's value changing: turned on or off, or reaching its maximum or minimum —
    /// SwiftUI 26. The plain ``selection`` value is the detent tick of a picker.
    ///
    ///     FeedbackCenter.current.play(.selection(.on))
    ///
    /// - Parameter feedback: on, off, maximum or minimum.
    /// - Returns: the feedback (see ``SelectionFeedback``).
    public static func selection(_ feedback: SensoryFeedback.SelectionFeedback) -> SensoryFeedback {
        SensoryFeedback(feedback.patternName)
    }
}
