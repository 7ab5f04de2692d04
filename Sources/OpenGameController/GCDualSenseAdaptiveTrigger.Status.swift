extension GCDualSenseAdaptiveTrigger {
    /// What an adaptive trigger is doing, as the pad reports it.
    ///
    /// The pad's input reports are not read here, so the status is always ``unknown``
    /// (see <doc:DifferencesFromGameController>).
    public enum Status: Int, Sendable, Hashable {
        /// Not known.
        case unknown = -1
        /// Feedback mode, not pulled into the effect.
        case feedbackNoLoad = 0
        /// Feedback mode, resisting.
        case feedbackLoadApplied = 1
        /// Weapon mode, ready.
        case weaponReady = 2
        /// Weapon mode, being pulled through.
        case weaponFiring = 3
        /// Weapon mode, given way.
        case weaponFired = 4
        /// Vibration mode, not vibrating.
        case vibrationNotVibrating = 5
        /// Vibration mode, vibrating.
        case vibrationIsVibrating = 6
        /// Slope feedback mode, ready.
        case slopeFeedbackReady = 7
        /// Slope feedback mode, resisting.
        case slopeFeedbackApplyingLoad = 8
        /// Slope feedback mode, past the end.
        case slopeFeedbackFinished = 9
    }
}
