extension OfflineFeedbackOutput {
    /// One pulse found in a rendering by ``Rendering/pulses(threshold:mergeGap:)``.
    public struct Pulse: Sendable, Hashable {
        /// Seconds from the start of the rendering to the pulse's first frame above the threshold.
        public var startTime: Double
        /// Seconds from the start of the rendering to just after its last frame above the threshold.
        public var endTime: Double
        /// The pulse's largest amplitude, 0 … 1.
        public var peak: Float

        /// `endTime − startTime`.
        public var duration: Double { endTime - startTime }
    }
}
