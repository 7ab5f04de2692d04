extension SensoryFeedback {
    /// The weight of an impact, for ``SensoryFeedback/impact(weight:intensity:)``.
    public struct Weight: Sendable, Hashable {
        let patternName: String

        /// A light impact (library pattern `impact-light`).
        public static let light = Weight(patternName: "impact-light")
        /// A medium impact (library pattern `impact-medium`).
        public static let medium = Weight(patternName: "impact-medium")
        /// A heavy impact (library pattern `impact-heavy`).
        public static let heavy = Weight(patternName: "impact-heavy")
    }
}
