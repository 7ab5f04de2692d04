extension GCDualSenseAdaptiveTrigger {
    /// A vibration amplitude for each of the trigger's ``GCDualSenseAdaptiveTrigger/discretePositionCount``
    /// positions, each 0 (none) … 1, for ``GCDualSenseAdaptiveTrigger/setModeVibration(amplitudes:frequency:)``.
    public struct PositionalAmplitudes: Sendable {
        /// The amplitudes, position 0 (at rest) first.
        public var values: (Float, Float, Float, Float, Float, Float, Float, Float, Float, Float)

        /// All amplitudes 0.
        public init() { values = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0) }

        /// The amplitudes `values`.
        public init(values: (Float, Float, Float, Float, Float, Float, Float, Float, Float, Float)) { self.values = values }

        internal var array: [Float] { withUnsafeBytes(of: values) { Array($0.bindMemory(to: Float.self)) } }
    }
}
