import HapticInterchange
import HapticPattern
import HapticRender

/// The numbers behind a timeline, sampled over a window, for a page that draws them itself (`haptic studio`): the
/// same intensity and sharpness after curves and controls, transients, acceleration extremes and audio outlines that
/// ``TimelinePlot`` draws, from the same sources (``HapticInterchange/PatternSignal``, the offline render's
/// acceleration, ``AudioWaveform``).
///
///     let series = TimelineSeries(input, from: 0, to: 1, columns: 800)
///     series.intensity[400]   // the intensity envelope at 0.5 s
package struct TimelineSeries: Sendable {
    /// One custom-audio event's waveform outline over the window.
    package struct AudioTrace: Sendable {
        /// The event's index in the pattern's entries.
        package var entry: Int
        /// The event's start and end (its audio's real length, cut, padded or looped as it plays), seconds.
        package var start: Double
        /// The event's end, seconds.
        package var end: Double
        /// The lowest value per column of the window (0 outside the event), −1 … 1, scaled as the plot scales it.
        package var low: [Float]
        /// The highest value per column of the window.
        package var high: [Float]
    }

    /// The window's start, seconds.
    package var from: Double
    /// The window's end, seconds.
    package var to: Double
    /// How many columns the window is divided into.
    package var columns: Int
    /// The continuous intensity envelope after curves and controls at `columns + 1` evenly spaced times.
    package var intensity: [Float]
    /// The continuous sharpness at the same times, or `nil` where the continuous signal is silent.
    package var sharpness: [Float?]
    /// `HapticIntensityControl` at the same times, when the pattern has one.
    package var intensityControl: [Float]?
    /// The transients after controls (all of them, not only those in the window).
    package var transients: [PatternSignal.Transient]
    /// The lowest simulated acceleration per column, g.
    package var accelerationLow: [Float]
    /// The highest simulated acceleration per column, g.
    package var accelerationHigh: [Float]
    /// The largest absolute acceleration of the whole render (at least 0.001 g), for a fixed scale while scrolling.
    package var accelerationPeak: Float
    /// The outlines of the custom-audio events whose audio was decoded.
    package var audio: [AudioTrace]

    /// Samples `input` over `from … to` in `columns` columns (at least 1).
    package init(_ input: TimelineInput, from: Double, to: Double, columns: Int) {
        let columns = Swift.max(1, columns)
        let to = Swift.max(to, from + 1e-6)
        let signal = PatternSignal(input.pattern)
        let step = (to - from) / Double(columns)
        self.from = from
        self.to = to
        self.columns = columns
        intensity = (0...columns).map { signal.intensity(at: from + Double($0) * step) }
        sharpness = (0...columns).map { column in
            let time = from + Double(column) * step
            return signal.intensity(at: time) > 0.005 ? signal.sharpness(at: time) : nil
        }
        let hasIntensityControl =
            input.pattern.curves.contains { $0.id == .hapticIntensityControl }
            || input.pattern.parameters.contains { $0.id == .hapticIntensityControl }
        intensityControl = hasIntensityControl ? (0...columns).map { signal.intensityControl.value(at: from + Double($0) * step) } : nil
        transients = signal.transients
        (accelerationLow, accelerationHigh) = Self.extremes(
            of: input.acceleration, sampleRate: input.accelerationSampleRate, from: from, to: to, columns: columns)
        accelerationPeak = Swift.max(input.acceleration.map { abs($0) }.max() ?? 0, 0.001)
        audio = []
        for (index, entry) in input.pattern.entries.enumerated() {
            guard case .event(let event) = entry, event.type == .audioCustom, let source = event.waveform,
                let buffer = input.audio[source]
            else { continue }
            let start = event.time
            let end = start + event.fullDuration(audioDuration: buffer.duration)
            let waveform = AudioWaveform(
                buffer, gain: AudioWaveform.displayGain(for: buffer, volume: event.value(of: .audioVolume)),
                loops: event.waveformLoopEnabled ?? false)
            var low = [Float](repeating: 0, count: columns)
            var high = [Float](repeating: 0, count: columns)
            for column in 0..<columns {
                let t0 = Swift.max(from + Double(column) * step, start)
                let t1 = Swift.min(from + Double(column + 1) * step, end)
                guard t1 > t0 else { continue }
                (low[column], high[column]) = waveform.range(from: t0 - start, to: t1 - start)
            }
            audio.append(AudioTrace(entry: index, start: start, end: end, low: low, high: high))
        }
    }

    /// The lowest and highest of `samples` (starting at time 0, `sampleRate` per second) in each of `columns` columns
    /// over `from … to`; a column without samples is 0, and every extreme includes 0.
    package static func extremes(
        of samples: [Float], sampleRate: Double, from: Double, to: Double, columns: Int
    ) -> (low: [Float], high: [Float]) {
        let perColumn = (to - from) / Double(columns) * sampleRate
        let offset = from * sampleRate
        var lows = [Float](repeating: 0, count: columns)
        var highs = [Float](repeating: 0, count: columns)
        for column in 0..<columns {
            let first = Swift.max(0, Int(offset + Double(column) * perColumn))
            let last = Swift.min(samples.count, Swift.max(first + 1, Int(offset + Double(column + 1) * perColumn)))
            guard first < last else { continue }
            var low: Float = 0
            var high: Float = 0
            for k in first..<last {
                low = Swift.min(low, samples[k])
                high = Swift.max(high, samples[k])
            }
            lows[column] = low
            highs[column] = high
        }
        return (lows, highs)
    }
}
