import HapticPattern
import HapticRender

extension HapticFile {
    /// The largest intensity or sharpness error allowed when an envelope is reduced to breakpoints.
    package static let defaultTolerance: Float = 0.005

    /// The envelope attack and release of a continuous event at `AttackTime`/`ReleaseTime` 0 (20 ms): lead-in and
    /// tail the AHAP writer adds around continuous events so the curves, not the event envelope, shape the signal.
    static let envelopeEdge = EnvelopeTiming.seconds(0)

    /// Converts an AHAP pattern to a `.haptic` file.
    ///
    /// The continuous signal is evaluated with ``PatternSignal`` (as the renderer plays it), sampled every
    /// millisecond and at every breakpoint, and reduced to the fewest breakpoints within `tolerance` in the
    /// intensity domain. Values are written with the inverse of Lofelt's AHAP mapping (amplitude = intensity²,
    /// frequency = sharpness²); transients become emphasis points (amplitude = intensity², frequency = sharpness).
    /// Audio events and audio controls are dropped. Every approximation is reported in the notes.
    ///
    /// - Parameters:
    ///   - pattern: the AHAP pattern.
    ///   - metadata: metadata for the file (default: taken from the pattern's `Metadata`).
    ///   - tolerance: the largest intensity/sharpness error allowed when simplifying envelopes.
    package static func converting(
        _ pattern: Pattern, metadata: Metadata? = nil, tolerance: Float = defaultTolerance
    ) -> Conversion<HapticFile> {
        let signal = PatternSignal(pattern)
        var notes: [ConversionNote] = []
        var end = signal.hapticEnd
        if end <= 0 {
            end = Swift.max(pattern.duration, 0.001)
            notes.append(
                ConversionNote(
                    "no-haptics", .lossy, "the pattern has no haptic events; the .haptic file is \(formatNumber(end * 1000)) ms of silence")
            )
        }
        // Sample every millisecond, at every breakpoint and just before it (jumps), and at every transient.
        var times: [Double] = []
        let steps = Int((end / 0.001).rounded(.up))
        for k in 0...steps { times.append(Swift.min(Double(k) * 0.001, end)) }
        for t in signal.breakpointTimes(until: end) {
            times.append(t)
            if t > 1e-6 { times.append(t - 1e-6) }
        }
        for transient in signal.transients where transient.time <= end { times.append(transient.time) }
        times = Array(Set(times)).sorted()
        let samples = signal.samples(atAscending: times)
        let intensities = samples.map(\.intensity)
        var sharpnesses = samples.map(\.sharpness)
        if let first = sharpnesses.firstIndex(where: { $0 != nil }) {
            for i in 0..<first { sharpnesses[i] = sharpnesses[first] }
            for i in first..<sharpnesses.count where sharpnesses[i] == nil { sharpnesses[i] = sharpnesses[i - 1] }
        }

        // Transients at one time merge into one emphasis.
        var merged: [PatternSignal.Transient] = []
        var mergedCount = 0
        for transient in signal.transients {
            if let last = merged.last, last.time == transient.time {
                mergedCount += 1
                if transient.intensity > last.intensity { merged[merged.count - 1] = transient }
            } else {
                merged.append(transient)
            }
        }
        var indexOfTime: [Double: Int] = [:]
        for (i, t) in times.enumerated() { indexOfTime[t] = i }
        let forced = Set(merged.compactMap { indexOfTime[$0.time] })

        let kept = PolylineSimplifier.simplify(times: times, values: intensities, tolerance: tolerance, forced: forced)
        let intensityError = PolylineSimplifier.maxError(times: times, values: intensities, kept: kept)
        var emphasisByIndex: [Int: Emphasis] = [:]
        var raised = 0
        var raisedBy: Float = 0
        for transient in merged {
            guard let i = indexOfTime[transient.time] else { continue }
            let base = Double(intensities[i]) * Double(intensities[i])
            var strength = Double(transient.intensity) * Double(transient.intensity)
            if strength < base {
                raised += 1
                raisedBy = Swift.max(raisedBy, intensities[i] - transient.intensity)
                strength = base
            }
            emphasisByIndex[i] = Emphasis(amplitude: Swift.min(strength, 1), frequency: Double(transient.sharpness))
        }
        let amplitude = kept.map { i in
            AmplitudeBreakpoint(time: times[i], amplitude: Double(intensities[i]) * Double(intensities[i]), emphasis: emphasisByIndex[i])
        }
        var frequency: [FrequencyBreakpoint] = []
        var sharpnessError: Float = 0
        if sharpnesses.first! != nil {
            let values = sharpnesses.map { $0! }
            // The transients' samples anchor the sharpness too: the simplifier then works between two transients at a
            // time (splitting a long run of alike stretches at its first one is quadratic in them).
            let keptSharpness = PolylineSimplifier.simplify(times: times, values: values, tolerance: tolerance, forced: forced)
            sharpnessError = PolylineSimplifier.maxError(times: times, values: values, kept: keptSharpness)
            frequency = keptSharpness.map { FrequencyBreakpoint(time: times[$0], frequency: Double(values[$0]) * Double(values[$0])) }
        }

        notes.append(
            ConversionNote(
                "envelope-simplified", .lossy,
                "continuous intensity reduced to \(amplitude.count) breakpoint\(amplitude.count == 1 ? "" : "s") (1 ms sampling, linear between points): max intensity error \(formatNumber(Double(intensityError), digits: 4))",
                maxError: Double(intensityError), count: amplitude.count))
        if !frequency.isEmpty {
            notes.append(
                ConversionNote(
                    "sharpness-simplified", .lossy,
                    "continuous sharpness reduced to \(frequency.count) breakpoint\(frequency.count == 1 ? "" : "s"): max sharpness error \(formatNumber(Double(sharpnessError), digits: 4))",
                    maxError: Double(sharpnessError), count: frequency.count))
        }
        if mergedCount > 0 {
            notes.append(
                ConversionNote(
                    "transients-merged", .lossy,
                    "\(mergedCount) transient\(mergedCount == 1 ? "" : "s") at the same time as another merged (the strongest kept): .haptic allows one emphasis per breakpoint",
                    count: mergedCount))
        }
        if raised > 0 {
            notes.append(
                ConversionNote(
                    "emphasis-raised", .lossy,
                    "\(raised) transient\(raised == 1 ? "" : "s") weaker than the continuous signal under \(raised == 1 ? "it" : "them") raised to its level (.haptic requires emphasis ≥ envelope): max intensity change \(formatNumber(Double(raisedBy), digits: 4))",
                    maxError: Double(raisedBy), count: raised))
        }
        if signal.hasOverlappingSharpness {
            notes.append(
                ConversionNote(
                    "sharpness-averaged", .lossy,
                    "overlapping continuous events with different sharpness share one frequency envelope (amplitude-weighted mean, as the renderer mixes them)"
                ))
        }
        if samples.contains(where: { $0.unclamped > 1.000_01 }) {
            notes.append(
                ConversionNote(
                    "intensity-clipped", .info,
                    "overlapping continuous events sum above 1; the envelope is clipped at 1, as the renderer does"))
        }
        notes += audioNotes(signal, target: ".haptic")
        notes.append(
            ConversionNote(
                "mapping", .info,
                "amplitude = intensity², frequency = sharpness² (inverse of Lofelt's √ mapping); emphasis amplitude = transient intensity², emphasis frequency = transient sharpness"
            ))

        var meta = metadata ?? Metadata()
        if metadata == nil {
            meta.editor = "OpenCoreHaptics haptic convert"
            if let value = pattern.metadata {
                if case .string(let s)? = value["Description"] { meta.description = s }
                if case .string(let s)? = value["Project"] { meta.project = s }
                if case .string(let s)? = value["Created By"] ?? value["Author"] { meta.author = s }
            }
        }
        return Conversion(value: HapticFile(metadata: meta, amplitude: amplitude, frequency: frequency), notes: notes)
    }

    /// Converts this `.haptic` file to one AHAP pattern.
    ///
    /// Follows Lofelt's documented mapping (`core/datamodel/src/ios/v1.rs`): the continuous signal is
    /// `HapticContinuous` events at intensity 1 and sharpness 0, at most 30 s each, shaped by
    /// `HapticIntensityControl` curves of √amplitude and `HapticSharpnessControl` curves of √frequency, chunked into
    /// curves of 16 control points; each emphasis becomes a `HapticTransient` with intensity √amplitude and sharpness
    /// = frequency.
    ///
    /// Lofelt writes transients to a second file because parameter curves scale every event of a pattern. To keep
    /// one file that plays correctly, the curves are held at intensity 1 and sharpness 0 for the length of each
    /// transient's pulse (from 1 ms before it), and continuous events pause there: a transient on top of a
    /// continuous signal interrupts it for 10–20 ms plus a 20 ms release and attack, which the notes report.
    /// Continuous events start 20 ms before the envelope rises and end 20 ms after it falls to zero, so their own
    /// 20 ms attack and release fall where the curve is silent.
    package func pattern() -> Conversion<Pattern> {
        var notes: [ConversionNote] = []
        let edge = Self.envelopeEdge
        // The file's times are within the pattern limit, but a tail, a transient's pulse window or a curve's step
        // after it may reach past the limit at its end: every computed time is cut there so the AHAP still reads.
        let horizon = PatternLimits.default.maxPatternDuration
        let intensity = Piecewise(amplitude.map { ($0.time, Float($0.amplitude.squareRoot())) })
        let frequencyPoints = frequency.isEmpty ? [(Double(0), Float(0.5))] : frequency.map { ($0.time, Float($0.frequency)) }
        let sharpness = Piecewise(frequencyPoints.map { ($0.0, $0.1.squareRoot()) })
        let transients = amplitude.compactMap { point in
            point.emphasis.map {
                PatternSignal.Transient(
                    time: point.time, intensity: Float($0.amplitude.squareRoot()), sharpness: Float($0.frequency))
            }
        }

        // Where the continuous signal sounds: runs of non-zero amplitude, merged across gaps too short for an
        // event's release and the next one's attack.
        var intervals: [(Double, Double)] = []
        for k in 1..<Swift.max(amplitude.count, 1) where amplitude[k - 1].amplitude > 0 || amplitude[k].amplitude > 0 {
            let (a, b) = (amplitude[k - 1].time, amplitude[k].time)
            if let last = intervals.last, a - last.1 < 2 * edge {
                intervals[intervals.count - 1].1 = Swift.max(last.1, b)
            } else {
                intervals.append((a, b))
            }
        }
        // Windows where curves are held for a transient.
        var windows: [(Double, Double)] = []
        for transient in transients {
            let window = (
                Swift.max(0, Self.microseconds(transient.time - 0.001)),
                Swift.min(horizon, Self.microseconds(transient.time + transient.pulseDuration))
            )
            if let last = windows.last, window.0 <= last.1 {
                windows[windows.count - 1].1 = Swift.max(last.1, window.1)
            } else {
                windows.append(window)
            }
        }
        // Continuous pieces: intervals minus windows.
        // Both lists are in time order and their members do not overlap: one sweep pairs them (linear, so a file
        // with the most emphasis points the reader allows converts in well under a second).
        var pieces: [(start: Double, end: Double, leadIn: Bool, tail: Bool)] = []
        var interrupted = 0
        var firstWindow = 0
        for (a, b) in intervals {
            var cursor = a
            var leadIn = true
            while firstWindow < windows.count && windows[firstWindow].1 <= a { firstWindow += 1 }
            var k = firstWindow
            while k < windows.count && windows[k].0 < b {
                let (w0, w1) = windows[k]
                if w0 > cursor { pieces.append((cursor, w0, leadIn, false)) }
                interrupted += 1
                cursor = Swift.max(cursor, w1)
                leadIn = false
                k += 1
            }
            if cursor < b { pieces.append((cursor, b, leadIn, true)) }
        }
        // Window starts and ends both increase (the windows were merged), so the neighbours are binary searches.
        let windowStarts = windows.map(\.0)
        let windowEnds = windows.map(\.1)
        var events: [Event] = []
        var lowerBound = 0.0
        for (index, piece) in pieces.enumerated() {
            let before = Self.countOfElements(in: windowEnds, atMost: piece.start + 1e-12)
            let windowBefore = before > 0 ? windowEnds[before - 1] : 0
            let after = Self.countOfElements(in: windowStarts, below: piece.end - 1e-12)
            let windowAfter = after < windowStarts.count ? windowStarts[after] : .infinity
            let nextStart = index + 1 < pieces.count ? pieces[index + 1].start - (pieces[index + 1].leadIn ? edge : 0) : .infinity
            var start = piece.leadIn ? piece.start - edge : piece.start
            start = Swift.max(start, lowerBound, windowBefore, 0)
            var end = piece.tail ? piece.end + edge : piece.end
            end = Swift.min(end, windowAfter, Swift.max(nextStart, piece.end), horizon)
            // Split at 30 s with a linear cross-fade: each event releases while the next attacks.
            let limit = PatternLimits.continuousEventMaximumDuration
            var t = start
            while end - t > limit {
                events.append(Self.continuousEvent(at: t, duration: limit))
                t += limit - edge
            }
            if end > t { events.append(Self.continuousEvent(at: t, duration: end - t)) }
            lowerBound = end
        }
        let longSplits = events.count - pieces.count
        var entries: [Pattern.Entry] = events.map(Pattern.Entry.event)
        for transient in transients {
            entries.append(
                .event(
                    Event(
                        type: .hapticTransient, time: transient.time,
                        parameters: [
                            EventParameter(.hapticIntensity, transient.intensity), EventParameter(.hapticSharpness, transient.sharpness),
                        ])))
        }
        var curveCount = 0
        var residual: Float = 0
        if !events.isEmpty {
            let compensated = Self.compensate(intensity, for: events, horizon: horizon)
            residual = compensated.residual
            let intensityPoints = Self.override(compensated.function, windows: windows, with: 1, horizon: horizon)
            let sharpnessPoints = Self.override(sharpness, windows: windows, with: 0, horizon: horizon)
            for curve in Self.chunks(intensityPoints, id: .hapticIntensityControl)
                + Self.chunks(sharpnessPoints, id: .hapticSharpnessControl)
            {
                entries.append(.curve(curve))
                curveCount += 1
            }
        }
        notes.append(
            ConversionNote(
                "layout", .info,
                "continuous signal → \(events.count) HapticContinuous event\(events.count == 1 ? "" : "s") (intensity 1, sharpness 0) shaped by \(curveCount) parameter curve\(curveCount == 1 ? "" : "s") of ≤ 16 points; amplitude → intensity √a, frequency → sharpness √f; \(transients.count) emphasis → HapticTransient",
                count: events.count))
        if interrupted > 0 {
            notes.append(
                ConversionNote(
                    "continuous-interrupted", .lossy,
                    "the continuous signal pauses around \(interrupted) emphasis point\(interrupted == 1 ? "" : "s") (10–20 ms pulse plus a 20 ms release before and attack after) so the transients play at their authored strength: AHAP parameter curves scale every event, transients included",
                    count: interrupted))
        }
        if residual > 0.001 {
            notes.append(
                ConversionNote(
                    "event-edges", .lossy,
                    "continuous events fade in and out over 20 ms (AttackTime/ReleaseTime 0); the curves compensate where they can: max intensity error \(formatNumber(Double(residual), digits: 3))",
                    maxError: Double(residual)))
        }
        if longSplits > 0 {
            notes.append(
                ConversionNote(
                    "split-30s", .info, "continuous signal split into events of at most 30 s (Core Haptics' limit), cross-faded over 20 ms",
                    count: longSplits))
        }
        if frequency.isEmpty {
            notes.append(
                ConversionNote("default-frequency", .info, "no frequency envelope: frequency 0.5 (sharpness 0.707) assumed, as players do"))
        }
        var meta: [(key: String, value: AHAPValue)] = []
        if let description = metadata.description { meta.append(("Description", .string(description))) }
        if let project = metadata.project { meta.append(("Project", .string(project))) }
        if let author = metadata.author { meta.append(("Created By", .string(author))) }
        if let source = metadata.source { meta.append(("Source", .string(source))) }
        let pattern = Pattern(version: 1.0, metadata: meta.isEmpty ? nil : .object(meta), entries: entries)
        return Conversion(value: pattern, notes: notes)
    }

    /// How many elements of the ascending `values` are at most `limit`.
    static func countOfElements(in values: [Double], atMost limit: Double) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] <= limit { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// How many elements of the ascending `values` are below `limit`.
    static func countOfElements(in values: [Double], below limit: Double) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < limit { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Rounds to 1 µs so computed times read cleanly in the AHAP text.
    static func microseconds(_ t: Double) -> Double { (t * 1_000_000).rounded() / 1_000_000 }

    private static func continuousEvent(at time: Double, duration: Double) -> Event {
        Event(
            type: .hapticContinuous, time: microseconds(time), duration: microseconds(duration),
            parameters: [
                EventParameter(.hapticIntensity, 1), EventParameter(.hapticSharpness, 0),
            ])
    }

    /// Divides the curve by the events' own envelopes where those are below 1 (their 20 ms attack and release), so
    /// that event envelope × curve gives the wanted signal; returns the largest shortfall where that would need a
    /// curve above 1.
    private static func compensate(
        _ function: Piecewise, for events: [Event], horizon: Double
    ) -> (function: Piecewise, residual: Float) {
        let envelopes = PatternSignal(Pattern(events: events))
        var times = function.points.map(\.0)
        for event in events {
            let end = event.time + event.duration
            for k in 0...20 {
                times.append(event.time + Double(k) * 0.001)
                times.append(end - Double(k) * 0.001)
            }
        }
        times = Array(Set(times.map(microseconds))).filter { $0 >= 0 && $0 <= horizon }.sorted()
        var residual: Float = 0
        let envelopeValues = envelopes.intensities(atAscending: times)
        let points = times.indices.map { i -> (Double, Float) in
            let t = times[i]
            let wanted = function.value(at: t)
            let envelope = envelopeValues[i]
            guard envelope < 0.999, wanted > 0 else { return (t, wanted) }
            guard envelope > 1e-3 else {
                residual = Swift.max(residual, wanted)
                return (t, 1)
            }
            let value = wanted / envelope
            if value > 1 { residual = Swift.max(residual, wanted - envelope) }
            return (t, Swift.min(value, 1))
        }
        // Keep only the points that matter (the compensated function is still piecewise smooth). Each event's start
        // and end are kept as anchors: the simplifier then works on one event's stretch at a time, where splitting a
        // stretch of many alike spikes (one per event edge) at its first spike would take time quadratic in them.
        var edges = Set<Double>()
        for event in events {
            edges.insert(microseconds(event.time))
            edges.insert(microseconds(event.time + event.duration))
        }
        let anchors = Set(times.indices.filter { edges.contains(times[$0]) })
        let kept = PolylineSimplifier.simplify(times: points.map(\.0), values: points.map(\.1), tolerance: 0.001, forced: anchors)
        return (Piecewise(kept.map { points[$0] }), residual)
    }

    /// `function`'s breakpoints with `value` held across each window (steps 10 µs wide at the edges), none after
    /// `horizon`.
    private static func override(
        _ function: Piecewise, windows: [(Double, Double)], with value: Float, horizon: Double
    ) -> [(Double, Float)] {
        let step = 0.000_01
        // The function's points and the windows are both in time order: one sweep drops the points inside a window.
        var points: [(Double, Float)] = []
        points.reserveCapacity(function.points.count + 4 * windows.count)
        var window = 0
        for point in function.points {
            while window < windows.count && windows[window].1 + step < point.0 { window += 1 }
            if window < windows.count && point.0 >= windows[window].0 { continue }
            points.append(point)
        }
        for (w0, w1) in windows {
            if w0 > 0 {
                points.append((w0, function.value(before: w0)))
                points.append((w0 + step, value))
            } else {
                points.append((0, value))
            }
            points.append((w1, value))
            if w1 + step <= horizon { points.append((w1 + step, function.value(at: w1 + step))) }
        }
        return points.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
    }

    /// Curves of at most 16 points, each starting where the previous one ended.
    private static func chunks(_ points: [(Double, Float)], id: DynamicParameterID) -> [ParameterCurve] {
        guard !points.isEmpty else { return [] }
        var curves: [ParameterCurve] = []
        var start = 0
        repeat {
            let end = Swift.min(start + 15, points.count - 1)
            let origin = microseconds(points[start].0)
            let controlPoints = points[start...end].map { ControlPoint(time: Swift.max(0, microseconds($0.0 - origin)), value: $0.1) }
            curves.append(ParameterCurve(id: id, time: origin, controlPoints: controlPoints))
            start = end
        } while start < points.count - 1
        return curves
    }
}

/// Notes for audio content that a haptic-only format drops.
func audioNotes(_ signal: PatternSignal, target: String) -> [ConversionNote] {
    var notes: [ConversionNote] = []
    let count = signal.audioEvents.count
    if count > 0 {
        notes.append(
            ConversionNote(
                "audio-dropped", .lossy, "\(count) audio event\(count == 1 ? "" : "s") dropped: \(target) has no audio", count: count))
    }
    if signal.audioControlCount > 0 {
        notes.append(
            ConversionNote(
                "audio-controls-dropped", .lossy,
                "\(signal.audioControlCount) audio parameter\(signal.audioControlCount == 1 ? "" : "s")/curve\(signal.audioControlCount == 1 ? "" : "s") dropped",
                count: signal.audioControlCount))
    }
    return notes
}

/// A piecewise-linear function given by points (times non-decreasing), holding its end values.
struct Piecewise {
    var points: [(Double, Float)]

    init(_ points: [(Double, Float)]) { self.points = points }

    /// The index of the last point whose time satisfies `isBefore` (points with a later time never do), or `nil`.
    private func lastIndex(where isBefore: (Double) -> Bool) -> Int? {
        var low = 0
        var high = points.count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(points[middle].0) { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }

    /// The value at `t` (right-continuous).
    func value(at t: Double) -> Float {
        guard let first = points.first else { return 0 }
        if t < first.0 { return first.1 }
        let i = lastIndex { $0 <= t } ?? 0
        guard i + 1 < points.count else { return points[i].1 }
        let (a, b) = (points[i], points[i + 1])
        let span = b.0 - a.0
        return span > 0 ? a.1 + (b.1 - a.1) * Float((t - a.0) / span) : b.1
    }

    /// The value just before `t` (left limit).
    func value(before t: Double) -> Float {
        guard let first = points.first else { return 0 }
        if t <= first.0 { return first.1 }
        let i = lastIndex { $0 < t } ?? 0
        guard i + 1 < points.count else { return points[i].1 }
        let (a, b) = (points[i], points[i + 1])
        let span = b.0 - a.0
        return span > 0 ? a.1 + (b.1 - a.1) * Float((t - a.0) / span) : a.1
    }
}
