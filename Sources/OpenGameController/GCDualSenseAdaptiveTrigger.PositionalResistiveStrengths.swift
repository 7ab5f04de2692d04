extension GCDualSenseAdaptiveTrigger {
    /// A resistive strength for each of the trigger's ``GCDualSenseAdaptiveTrigger/discretePositionCount``
    /// positions, each 0 (none) … 1, for ``GCDualSenseAdaptiveTrigger/setModeFeedback(resistiveStrengths:)``.
    public struct PositionalResistiveStrengths: Sendable {
        /// The strengths, position 0 (at rest) first.
        public var values: (Float, Float, Float, Float, Float, Float, Float, Float, Float, Float)

        /// All strengths 0.
        public init() { values = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0) }

        /// The strengths `values`.
        public init(values: (Float, Float, Float, Float, Float, Float, Float, Float, Float, Float)) { self.values = values }

        internal var array: [Float] { withUnsafeBytes(of: values) { Array($0.bindMemory(to: Float.self)) } }
    }
}
