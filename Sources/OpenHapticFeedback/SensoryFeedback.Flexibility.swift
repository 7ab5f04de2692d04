extension SensoryFeedback {
    /// How flexible the colliding objects are, for ``SensoryFeedback/impact(flexibility:intensity:)``.
    public struct Flexibility: Sendable, Hashable {
        let patternName: String

        /// Hard, inflexible objects: a crisp tap (library pattern `impact-rigid`).
        public static let rigid = Flexibility(patternName: "impact-rigid")
        /// Objects of medium flexibility (library pattern `impact-solid`).
        public static let solid = Flexibility(patternName: "impact-solid")
        /// Soft, flexible objects: a dull tap (library pattern `impact-soft`).
        public static let soft = Flexibility(patternName: "impact-soft")
    }
}
