extension OfflineFeedbackOutput {
    /// One feedback rendered by an ``OfflineFeedbackOutput``: the haptic bus from the start of the pattern to a
    /// little after its end.
    ///
    ///     let rendering = output.renderings.last!
    ///     for pulse in rendering.pulses() { print(pulse.startTime, pulse.peak) }
    public struct Rendering: Sendable {
        /// The effect's library name.
        public var effectName: String
        /// The intensity scale it was played with.
        public var intensity: Double
        /// Frames per second of ``amplitude`` and ``sharpness``.
        public var sampleRate: Double
        /// The summed haptic amplitude, 0 … 1, one value per frame from the moment of the call.
        public var amplitude: [Float]
        /// The amplitude-weighted sharpness, 0 … 1, per frame.
        public var sharpness: [Float]
        /// Wall time from the `play` call to the first rendered block carrying signal.
        public var latency: Duration
        /// Whether the output was warm (prepared or recently used) when the call came.
        public var wasWarm: Bool

        /// The separate pulses in the amplitude: runs above `threshold`, where runs separated by less than
        /// `mergeGap` seconds count as one.
        ///
        /// - Parameters:
        ///   - threshold: the amplitude a frame must exceed to be part of a pulse.
        ///   - mergeGap: gaps shorter than this (seconds) do not split a pulse.
        /// - Returns: the pulses in time order.
        public func pulses(threshold: Float = 0.02, mergeGap: Double = 0.002) -> [Pulse] {
            var result: [Pulse] = []
            var start: Int?
            var peak: Float = 0
            var lastAbove = -1
            let gapFrames = Int(mergeGap * sampleRate)
            func close() {
                if let s = start {
                    result.append(Pulse(startTime: Double(s) / sampleRate, endTime: Double(lastAbove + 1) / sampleRate, peak: peak))
                }
                start = nil
                peak = 0
            }
            for (i, value) in amplitude.enumerated() where value > threshold {
                if start != nil && i - lastAbove > gapFrames + 1 { close() }
                if start == nil { start = i }
                peak = Swift.max(peak, value)
                lastAbove = i
            }
            close()
            return result
        }

        /// The largest amplitude anywhere in the rendering.
        public var peakAmplitude: Float { amplitude.max() ?? 0 }
    }
}
