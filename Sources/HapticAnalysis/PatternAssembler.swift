import HapticPattern
import HapticSystem

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
/// - **A transient inside a continuous event** pauses it from 1 ms before the hit to 25 ms after: the controls act
///   on every event playing, and a tap summed with a continuous vibration would clip and be lost, so the tap gets
///   the actuator to itself, at its own intensity and sharpness.
enum PatternAssembler {
    /// Control points per curve: a curve longer than this continues in the next one.
    static let pointsPerCurve = 16
    /// Seconds after a continuous event at which its curves return to neutral (and before a transient at which
    /// the continuous event pauses).
    static let resetDelay = 0.001

    /// Bytes kept free, within ``PatternLimits/maxFileSize``, for the AHAP text around the entries (version,
    /// metadata with a description, an `AudioCustom` event for the sound).
    static let textReserve = 64 << 10

    /// The pattern of one band, and the time at which it stops early when the whole sound's pattern would exceed
    /// `limits` (see ``fit(_:limits:)``), else `nil`.
    static func pattern(
        candidates: [TransientCandidate], segments: [ContinuousSegment], reference: Float, tuning: AnalysisTuning,
        options: AudioAnalysisOptions, limits: PatternLimits
    ) -> (pattern: Pattern, endsEarlyAt: Double?) {
        func intensity(_ level: Float) -> Float { Swift.min(1, powf(10, (level - reference) / 40)) }

        let transients = spaced(
            candidates.filter { intensity($0.strength) >= tuning.minimumTransientIntensity },
            spacing: Swift.max(AudioAnalysisOptions.fusionInterval, 1 / options.maximumTransientRate))
        let hits = transients.map { rounded($0.time, 10_000) }

        // Groups: a continuous event with its curves, or one transient, each starting at its index in `entries`; a
        // pattern that must stop early keeps whole groups, so no event loses the curves that shape it. One flat array
        // (not an array per group): the assembly allocates per pattern, not per event.
        var entries: [(time: Double, order: Int, entry: Pattern.Entry)] = []
        var groupStarts: [Int] = []
        for segment in segments where intensity(segment.peak) >= tuning.minimumContinuousIntensity {
            for piece in pieces(of: segment, around: hits, tuning: tuning) {
                let intensityPoints = points(
                    segment.intensity, from: piece.lowerBound - segment.start, to: piece.upperBound - segment.start)
                let sharpnessPoints = points(
                    segment.sharpness, from: piece.lowerBound - segment.start, to: piece.upperBound - segment.start)
                // The piece's own peak becomes the event's intensity, so its curve uses the whole 0 … 1 range.
                let peak = intensityPoints.map(\.value).max() ?? 0
                guard peak > 0 else { continue }
                let start = rounded(piece.lowerBound, 10_000)
                let duration = rounded(piece.upperBound - piece.lowerBound, 10_000)
                groupStarts.append(entries.count)
                entries.append(
                    (
                        start, 0,
                        .event(
                            Event(
                                type: .hapticContinuous, time: start, duration: duration,
                                parameters: [
                                    EventParameter(.hapticIntensity, rounded(intensity(segment.peak) * peak)),
                                    EventParameter(.hapticSharpness, rounded(segment.baseSharpness)),
                                ]))
                    ))
                let scaled = intensityPoints.map { (time: $0.time, value: $0.value / peak) }
                for curve in curves(.hapticIntensityControl, scaled, start: start, end: duration, neutral: 1) {
                    entries.append((curve.time, 1, .curve(curve)))
                }
                for curve in curves(.hapticSharpnessControl, sharpnessPoints, start: start, end: duration, neutral: 0) {
                    entries.append((curve.time, 2, .curve(curve)))
                }
            }
        }
        for (transient, time) in zip(transients, hits) {
            groupStarts.append(entries.count)
            entries.append(
                (
                    time, 3,
                    .event(
                        Event(
                            type: .hapticTransient, time: time,
                            parameters: [
                                EventParameter(.hapticIntensity, rounded(intensity(transient.strength))),
                                EventParameter(.hapticSharpness, rounded(transient.sharpness)),
                            ]))
                ))
        }
        let (kept, endsEarlyAt) = fit(entries, groupStarts: groupStarts, limits: limits)
        // Time order; at one time the continuous event, then its curves, then transients (a stable, total order).
        let ordered = kept.enumerated().sorted {
            ($0.element.time, $0.element.order, $0.offset) < ($1.element.time, $1.element.order, $1.offset)
        }
        return (Pattern(version: 1, entries: ordered.map(\.element.entry)), endsEarlyAt)
    }

    /// The groups that fit, earliest first: at most `limits.maxEntries` entries, and AHAP text (as the writer
    /// writes it) within `limits.maxFileSize` less ``textReserve``. A group is `entries[groupStarts[k] ..<
    /// groupStarts[k + 1]]`. Returns the entries kept and, when a group had to be left out, the time the first one left
    /// out starts (the pattern stops there).
    static func fit(
        _ entries: [(time: Double, order: Int, entry: Pattern.Entry)], groupStarts: [Int], limits: PatternLimits
    ) -> (entries: [(time: Double, order: Int, entry: Pattern.Entry)], endsEarlyAt: Double?) {
        let budget = limits.maxFileSize > textReserve * 2 ? limits.maxFileSize - textReserve : limits.maxFileSize / 2
        // Almost every sound fits with room to spare: a bound that allocates nothing decides that, and only a
        // pattern near the limits has its entries written out to measure them.
        if entries.count <= limits.maxEntries, entries.reduce(0, { $0 + textSizeBound(of: $1.entry) }) <= budget {
            return (entries, nil)
        }
        func group(_ k: Int) -> Range<Int> { groupStarts[k]..<(k + 1 < groupStarts.count ? groupStarts[k + 1] : entries.count) }
        let byStart = groupStarts.indices.sorted {
            (entries[groupStarts[$0]].time, entries[groupStarts[$0]].order, $0) < (
                entries[groupStarts[$1]].time, entries[groupStarts[$1]].order, $1
            )
        }
        var kept: [(time: Double, order: Int, entry: Pattern.Entry)] = []
        var bytes = 0
        for k in byStart {
            let range = group(k)
            let size = entries[range].reduce(0) { $0 + textSize(of: $1.entry) }
            guard kept.count + range.count <= limits.maxEntries, size <= budget - bytes else {
                return (kept, entries[range.lowerBound].time)
            }
            bytes += size
            kept += entries[range]
        }
        return (kept, nil)
    }

    /// The bytes an entry takes in the `Pattern` array of canonical AHAP text, its indent and separator included.
    static func textSize(of entry: Pattern.Entry) -> Int {
        var text = ""
        AHAPWriter.write(AHAPWriter.value(from: entry), indent: 4, to: &text)
        return text.utf8.count + 6  // "    " before it, ",\n" after it
    }

    /// At least ``textSize(of:)``, computed without writing the entry: the writer's lines for an entry's keys and
    /// braces take under 512 bytes, and each parameter or control point one line of under 192 (two numbers of at
    /// most 24 characters, the key names, the indent); a waveform path at most 6 bytes a byte (`\u00XX` escapes).
    static func textSizeBound(of entry: Pattern.Entry) -> Int {
        switch entry {
        case .event(let event):
            var pathBytes = 0
            if case .path(let path)? = event.waveform { pathBytes = path.utf8.count * 6 }
            return 512 + 192 * event.parameters.count + pathBytes
        case .parameter: return 512
        case .curve(let curve): return 512 + 192 * curve.controlPoints.count
        }
    }

    /// The stretches of `segment` left once each hit inside it has the actuator to itself (seconds from the start
    /// of the audio).
    private static func pieces(of segment: ContinuousSegment, around hits: [Double], tuning: AnalysisTuning) -> [ClosedRange<Double>] {
        var pieces: [ClosedRange<Double>] = []
        var start = segment.start
        for hit in hits where hit + tuning.transientClearance > segment.start && hit - resetDelay < segment.end {
            let end = hit - resetDelay
            if end - start >= tuning.minimumPieceDuration { pieces.append(start...end) }
            start = Swift.max(start, hit + tuning.transientClearance)
        }
        if segment.end - start >= tuning.minimumPieceDuration { pieces.append(start...segment.end) }
        return pieces
    }

    /// The points of a curve between `from` and `to` (seconds from its segment's start), with the curve's values
    /// at both ends, made relative to `from`.
    private static func points(_ curve: [(time: Double, value: Float)], from: Double, to: Double) -> [(time: Double, value: Float)] {
        var result = [(time: 0.0, value: ContinuousSegment.value(of: curve, at: from))]
        for point in curve where point.time > from && point.time < to { result.append((point.time - from, point.value)) }
        result.append((to - from, ContinuousSegment.value(of: curve, at: to)))
        return result
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
