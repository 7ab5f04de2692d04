extension FeedbackLint {
    /// The thresholds ``FeedbackLint`` uses; the defaults follow the guideline each rule cites.
    ///
    ///     var configuration = FeedbackLint.Configuration()
    ///     configuration.longContinuousDuration = 5   // a game, where longer rumble is expected
    public struct Configuration: Sendable, Hashable {
        /// A continuous haptic event longer than this (seconds) is flagged in app context. Default 3 s.
        public var longContinuousDuration: Double
        /// Transients whose onsets are closer than this (seconds) fuse. Default 0.025 s.
        public var fusionInterval: Double
        /// A pattern longer than this (seconds) is noted as long for a discrete event. Default 1 s.
        public var discreteFeedbackDuration: Double
        /// The longest time (seconds) an event may reach. Default 30 s (Core Haptics' continuous limit).
        public var maximumTime: Double
        /// More than this many feedbacks within ``burstWindow`` is tiresome. Default 12 (per 1 s).
        public var burstLimit: Int
        /// The window for ``burstLimit``, seconds. Default 1 s.
        public var burstWindow: Double
        /// More than this many feedbacks within ``sustainedWindow`` is tiresome. Default 60 (per 60 s).
        public var sustainedLimit: Int
        /// The window for ``sustainedLimit``, seconds. Default 60 s.
        public var sustainedWindow: Double
        /// Overlapping events clipped (summed intensity above 1) for at least this long (seconds) are a warning;
        /// shorter overlaps, such as a transient riding on a continuous event, are a note. Default 0.05 s.
        public var clippingWarningDuration: Double
        /// Rules switched off (their findings are dropped), by name: `transient-fusion`, `clipping`, …
        public var disabledRules: Set<String>

        /// Creates a configuration; see each property for its default.
        public init(
            longContinuousDuration: Double = 3, fusionInterval: Double = 0.025, discreteFeedbackDuration: Double = 1,
            maximumTime: Double = 30, burstLimit: Int = 12, burstWindow: Double = 1, sustainedLimit: Int = 60,
            sustainedWindow: Double = 60, clippingWarningDuration: Double = 0.05, disabledRules: Set<String> = []
        ) {
            self.clippingWarningDuration = clippingWarningDuration
            self.disabledRules = disabledRules
            self.longContinuousDuration = longContinuousDuration
            self.fusionInterval = fusionInterval
            self.discreteFeedbackDuration = discreteFeedbackDuration
            self.maximumTime = maximumTime
            self.burstLimit = burstLimit
            self.burstWindow = burstWindow
            self.sustainedLimit = sustainedLimit
            self.sustainedWindow = sustainedWindow
        }
    }
}
