/// A pattern's haptic signal cut into equal steps: what formats without breakpoints (Android waveforms, Web
/// vibration, gamepad rumble) can play.
///
/// Each cell holds the mean continuous intensity and sharpness over the step (sampled every millisecond) and the
/// strongest transient that starts in it. The grid also measures what holding values constant costs.
///
///     let grid = SignalGrid(PatternSignal(pattern), step: 0.025)
///     grid.cells[3].intensity
package struct SignalGrid: Sendable {
    /// One step.
    package struct Cell: Sendable, Hashable {
        /// Start time, seconds.
        package var time: Double
        /// Mean continuous intensity over the step, 0 … 1.
        package var intensity: Float
        /// Amplitude-weighted mean continuous sharpness over the step (0.5 when silent).
        package var sharpness: Float
        /// The strongest transient starting in the step, if any.
        package var transient: PatternSignal.Transient?
    }

    /// The step, seconds.
    package let step: Double
    /// The cells from time 0 to the end of the haptic signal.
    package let cells: [Cell]
    /// The largest difference between the continuous intensity and its cell's mean.
    package let maxHoldError: Float
    /// The largest distance from a transient's time to its cell's start, seconds.
    package let maxTransientShift: Double
    /// Transients that shared a cell with a stronger one.
    package let mergedTransientCount: Int

    /// Cuts `signal` into steps of `step` seconds.
    package init(_ signal: PatternSignal, step: Double) {
        precondition(step > 0, "SignalGrid: step must be positive")
        self.step = step
        let end = signal.hapticEnd
        let count = Int((end / step).rounded(.up))
        var cells: [Cell] = []
        var holdError: Float = 0
        let samplesPerCell = Swift.max(1, Int((step / 0.001).rounded()))
        for c in 0..<count {
            let t0 = Double(c) * step
            var values: [Float] = []
            var sum: Float = 0
            var weighted: Float = 0
            for k in 0..<samplesPerCell {
                let t = t0 + (Double(k) + 0.5) * step / Double(samplesPerCell)
                let value = signal.intensity(at: t)
                values.append(value)
                sum += value
                if let s = signal.sharpness(at: t) { weighted += value * s }
            }
            let mean = sum / Float(samplesPerCell)
            for value in values { holdError = Swift.max(holdError, abs(value - mean)) }
            cells.append(Cell(time: t0, intensity: mean, sharpness: sum > 0 ? weighted / sum : 0.5, transient: nil))
        }
        var shift = 0.0
        var merged = 0
        for transient in signal.transients {
            let c = Swift.min(Int(transient.time / step), Swift.max(cells.count - 1, 0))
            guard c < cells.count else { continue }
            shift = Swift.max(shift, transient.time - cells[c].time)
            if let existing = cells[c].transient {
                merged += 1
                if transient.intensity > existing.intensity { cells[c].transient = transient }
            } else {
                cells[c].transient = transient
            }
        }
        self.cells = cells
        maxHoldError = holdError
        maxTransientShift = shift
        mergedTransientCount = merged
    }
}
