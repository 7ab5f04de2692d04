import HapticPattern

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns what a ``BandTracker`` found into a ``Pattern``, once the loudest moment of the sound is known.
///
/// - **Intensity** is √(amplitude relative to the loudest frame), i.e. 10^(dB / 40): the perceptual mapping Lofelt's
///   converter and Android's envelope use, so a sound 20 dB down gives 0.32, not 0.1.
/// - **Transients** weaker than the sensitivity's minimum are dropped; the rest are kept strongest first, each at
///   least `max(25 ms, 1 / maximumTransientRate)` from every kept one.
/// - **Continuous events** carry their peak intensity and mean sharpness; `HapticIntensityControl` and
///   `HapticSharpnessControl` curves (16 points at most each, as Core Haptics' own files and Lofelt's exporter use)
///   follow the measured loudness and brightness, and return to neutral 1 ms after the event, so nothing after it
///   is scaled.
/// - Those controls act on every event playing, transients too: a transient under a curve is written at its
///   intensity divided by the curve's value there (the curve was lifted under it so this never exceeds 1), and at
///   its sharpness minus the sharpness curve's offset.
enum PatternAssembler {
    /// Control points per curve: a curve longer than this continues in the next one.
    static let pointsPerCurve = 16
    /// Seconds after a continuous event at which its curves return to neutral.
    static let resetDelay = 0.001

    /// The pattern of one band.
    ///
    /// - Throws: `invalidPatternData` when the pattern would exceed `limits.maxEntries`.
    static func pattern(
        candidates: [TransientCandidate], segments: [ContinuousSegment], reference: Float, tuning: AnalysisTuning,
        options: AudioAnalysisOptions, limits: PatternLimits
    ) throws(PatternError) -> Pattern {
        func intensity(_ level: Float) -> Float { Swift.min(1, powf(10, (level - reference) / 40)) }

        let kept = segments.filter { intensity($0.peak) >= tuning.minimumContinuousIntensity }
        let transients = spaced(
            candidates.filter { intensity($0.strength) >= tuning.minimumTransientIntensity },
            spacing: Swift.max(AudioAnalysisOptions.fusionInterval, 1 / options.maximumTransientRate))

        var entries: [(time: Double, order: Int, entry: Pattern.Entry)] = []
        for segment in kept {
            let duration = rounded(segment.end - segment.start, 10_000)
            let start = rounded(segment.start, 10_000)
            entries.append(
                (
                    start, 0,
                    .event(
                        Event(
                            type: .hapticContinuous, time: start, duration: duration,
                            parameters: [
                                EventParameter(.hapticIntensity, rounded(intensity(segment.peak))),
                                EventParameter(.hapticSharpness, rounded(segment.baseSharpness)),
                            ]))
                ))
            for curve in curves(.hapticIntensityControl, segment.intensity, start: start, end: duration, neutral: 1) {
                entries.append((curve.time, 1, .curve(curve)))
            }
            for curve in curves(.hapticSharpnessControl, segment.sharpness, start: start, end: duration, neutral: 0) {
                entries.append((curve.time, 2, .curve(curve)))
            }
        }
        for transient in transients {
            var level = intensity(transient.strength)
            var sharpness = transient.sharpness
            if let segment = containing(transient.time, in: kept) {
                let offset = transient.time - segment.start
                level /= Swift.max(segment.intensityControl(at: offset), 0.001)
                sharpness -= segment.sharpnessControl(at: offset)
            }
            let time = rounded(transient.time, 10_000)
            entries.append(
                (
                    time, 3,
                    .event(
                        Event(
                            type: .hapticTransient, time: time,
                            parameters: [
                                EventParameter(.hapticIntensity, rounded(Swift.min(level, 1))),
                                EventParameter(.hapticSharpness, rounded(Swift.min(Swift.max(sharpness, 0), 1))),
                            ]))
                ))
        }
        guard entries.count <= limits.maxEntries else {
            throw PatternError(
                .invalidPatternData,
                "the analysis gives \(entries.count) pattern entries, more than the \(limits.maxEntries) a pattern may hold (PatternLimits.maxEntries); lower the maximum transient rate or the sensitivity, or analyse a shorter excerpt"
            )
        }
        // Time order; at one time the continuous event, then its curves, then transients (a stable, total order).
        let ordered = entries.enumerated().sorted {
            ($0.element.time, $0.element.order, $0.offset) < ($1.element.time, $1.element.order, $1.offset)
        }
        return Pattern(version: 1, entries: ordered.map(\.element.entry))
    }

    /// The candidates to keep, strongest first, each at least `spacing` seconds from every kept one; in time order.
    private static func spaced(
        _ candidates: [TransientCandidate], spacing: Double
    ) -> [TransientCandidate] {
        let byStrength = candidates.enumerated().sorted {
            ($1.element.strength, $0.element.time) < ($0.element.strength, $1.element.time)
        }
        var kept: [TransientCandidate] = []  // sorted by time
        for (_, candidate) in byStrength {
            var low = 0
            var high = kept.count
            while low < high {
                let middle = (low + high) / 2
                if kept[middle].time < candidate.time { low = middle + 1 } else { high = middle }
            }
            if low < kept.count && kept[low].time - candidate.time < spacing { continue }
            if low > 0 && candidate.time - kept[low - 1].time < spacing { continue }
            kept.insert(candidate, at: low)
        }
        return kept
    }

    /// The kept segment whose curves are in force at `time` (from its start to its reset).
    private static func containing(_ time: Double, in segments: [ContinuousSegment]) -> ContinuousSegment? {
        var low = 0
        var high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].start <= time { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let segment = segments[low - 1]
        return time <= segment.end + resetDelay ? segment : nil
    }

    /// `points` as curves of at most ``pointsPerCurve`` points each (a curve starts where the one before ended), the
    /// last followed by a point back at `neutral` just after `end`.
    private static func curves(
        _ id: DynamicParameterID, _ points: [(time: Double, value: Float)], start: Double, end: Double, neutral: Float
    ) -> [ParameterCurve] {
        var all = points.map { (time: rounded($0.time, 10_000), value: rounded($0.value)) }
        all.append((rounded(end + resetDelay, 10_000), neutral))
        var result: [ParameterCurve] = []
        var first = 0
        while first < all.count - 1 {
            let last = Swift.min(first + pointsPerCurve - 1, all.count - 1)
            let origin = all[first].time
            result.append(
                ParameterCurve(
                    id: id, time: rounded(start + origin, 10_000),
                    controlPoints: all[first...last].map { ControlPoint(time: rounded($0.time - origin, 10_000), value: $0.value) }))
            first = last
        }
        return result
    }

    /// `value` to the nearest 1 / `scale` (dividing by an integer keeps the shortest decimal form: 0.3, not 0.30000000000000004).
    private static func rounded(_ value: Double, _ scale: Double) -> Double { (value * scale).rounded() / scale }
    private static func rounded(_ value: Float) -> Float { (value * 1_000).rounded() / 1_000 }
}
