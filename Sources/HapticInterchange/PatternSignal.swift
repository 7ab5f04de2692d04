import HapticPattern

/// What a pattern's haptic events do over time, evaluated from the model exactly as the renderer plays them:
/// the continuous intensity and sharpness envelopes, and the transients as separate points.
///
/// Conversions work from this value rather than from the renderer's sampled buses because every target format
/// keeps transients apart from the continuous signal (`.haptic` emphasis, Android primitives, short rumble bursts),
/// while the renderer's amplitude bus has already summed them; and because the model gives exact breakpoints rather
/// than samples. The rules mirror `HapticRender` (a test checks the two agree):
///
/// - each continuous haptic event contributes `intensity × envelope(t)`, where the envelope is linear:
///   an attack of ``HapticPattern/EnvelopeTiming`` seconds from 0 to 1, a hold, and a release starting at
///   `duration − min(release, 40 ms)` (sustained), or an attack then a decay (not sustained); the attack, decay and
///   release controls are read when the event starts;
/// - the contributions are multiplied by `HapticIntensityControl`, summed and clamped to 0 … 1;
/// - sharpness is the amplitude-weighted mean of each event's `clamp(sharpness + HapticSharpnessControl)`;
/// - a transient's intensity is `intensity × HapticIntensityControl` at its time; its sharpness is fixed when it
///   starts (`clamp(sharpness + HapticSharpnessControl)` just before same-time control changes).
///
///     let signal = PatternSignal(pattern)
///     signal.intensity(at: 0.1)
///     signal.transients.count
package struct PatternSignal: Sendable {
    /// A transient: a short tap at a time.
    package struct Transient: Sendable, Hashable {
        /// Pattern time, seconds.
        package var time: Double
        /// Intensity after controls, 0 … 1.
        package var intensity: Float
        /// Sharpness after controls, 0 … 1.
        package var sharpness: Float

        /// Creates a transient.
        package init(time: Double, intensity: Float, sharpness: Float) {
            self.time = time
            self.intensity = intensity
            self.sharpness = sharpness
        }

        /// How long the renderer's pulse for this transient lasts: 20 ms at sharpness 0 down to 10 ms at 1.
        package var pulseDuration: Double { 0.020 - 0.010 * Double(sharpness) }
    }

    /// One continuous haptic event's resolved envelope.
    struct Voice: Sendable {
        var start: Double
        var level: Float
        var sharpness: Float
        /// Envelope knots relative to `start`: (time, envelope value).
        var envelope: [(Double, Float)]
        var end: Double { start + (envelope.last?.0 ?? 0) }

        func envelopeValue(at t: Double) -> Float {
            let u = t - start
            guard u >= 0, let last = envelope.last, u <= last.0 else { return 0 }
            var previous = envelope[0]
            if u <= previous.0 { return previous.1 }
            for knot in envelope.dropFirst() {
                if u <= knot.0 {
                    let span = knot.0 - previous.0
                    if span <= 0 { return knot.1 }
                    return previous.1 + (knot.1 - previous.1) * Float((u - previous.0) / span)
                }
                previous = knot
            }
            return 0
        }
    }

    /// The transients, in time order.
    package let transients: [Transient]
    /// Continuous haptic events, resolved.
    let voices: [Voice]
    /// The audio events (not part of the haptic signal; conversions to haptic-only formats drop them).
    package let audioEvents: [Event]
    /// `HapticIntensityControl` over time.
    package let intensityControl: ControlTimeline
    /// `HapticSharpnessControl` over time.
    package let sharpnessControl: ControlTimeline
    /// Number of audio-only controls (parameters and curves) in the pattern.
    package let audioControlCount: Int

    /// Evaluates `pattern`.
    package init(_ pattern: Pattern) {
        let intensityControl = ControlTimeline(.hapticIntensityControl, in: pattern)
        let sharpnessControl = ControlTimeline(.hapticSharpnessControl, in: pattern)
        let attackControl = ControlTimeline(.hapticAttackTimeControl, in: pattern)
        let decayControl = ControlTimeline(.hapticDecayTimeControl, in: pattern)
        let releaseControl = ControlTimeline(.hapticReleaseTimeControl, in: pattern)
        var transients: [Transient] = []
        var voices: [Voice] = []
        var audio: [Event] = []
        let events = pattern.events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
        for (_, event) in events {
            guard event.time.isFinite, event.time >= 0 else { continue }
            switch event.type {
            case .audioContinuous, .audioCustom:
                audio.append(event)
            case .hapticTransient:
                let sharpness = EventParameterID.hapticSharpness.range.clamp(
                    event.value(of: .hapticSharpness) + sharpnessControl.value(before: event.time))
                let intensity = event.value(of: .hapticIntensity) * intensityControl.value(at: event.time)
                transients.append(Transient(time: event.time, intensity: intensity, sharpness: sharpness))
            case .hapticContinuous:
                let t = event.time
                let attack = EnvelopeTiming.seconds(event.value(of: .attackTime) + attackControl.value(before: t))
                let decay = EnvelopeTiming.seconds(event.value(of: .decayTime) + decayControl.value(before: t))
                let release = EnvelopeTiming.seconds(event.value(of: .releaseTime) + releaseControl.value(before: t))
                let duration = event.playbackDuration
                var envelope: [(Double, Float)]
                if event.isSustained {
                    let releaseStart = Swift.max(0, duration - Swift.min(release, 0.04))
                    let attackEnd = Swift.min(attack, releaseStart)
                    let peak: Float = attackEnd <= 0 ? 1 : Float(Swift.min(attackEnd / attack, 1))
                    envelope = [
                        (0, attackEnd <= 0 ? 1 : 0), (attackEnd, peak), (releaseStart, peak),
                        (releaseStart + release, 0),
                    ]
                } else {
                    let natural = attack + decay
                    let total = duration > 0 ? Swift.min(duration, natural) : natural
                    let attackEnd = Swift.min(attack, total)
                    let peak: Float = attackEnd <= 0 ? 1 : Float(Swift.min(attackEnd / attack, 1))
                    envelope = [(0, attackEnd <= 0 ? 1 : 0), (attackEnd, peak), (total, 0)]
                }
                voices.append(
                    Voice(
                        start: t, level: event.value(of: .hapticIntensity), sharpness: event.value(of: .hapticSharpness),
                        envelope: envelope))
            }
        }
        self.transients = transients
        self.voices = voices
        self.audioEvents = audio
        self.intensityControl = intensityControl
        self.sharpnessControl = sharpnessControl
        audioControlCount = pattern.parameters.filter { !$0.id.isHaptic }.count + pattern.curves.filter { !$0.id.isHaptic }.count
    }

    /// Whether the pattern has continuous haptic events.
    package var hasContinuous: Bool { !voices.isEmpty }

    /// The end of the haptic signal: the last continuous envelope's end or the last transient pulse's end.
    package var hapticEnd: Double {
        let continuousEnd = voices.map(\.end).max() ?? 0
        let transientEnd = transients.map { $0.time + $0.pulseDuration }.max() ?? 0
        return Swift.max(continuousEnd, transientEnd)
    }

    /// The continuous intensity at `time` (transients excluded), 0 … 1.
    package func intensity(at time: Double) -> Float {
        let (sum, _) = contributions(at: time)
        return Swift.min(Swift.max(sum, 0), 1)
    }

    /// The continuous sharpness at `time`, or `nil` where the continuous signal is silent.
    package func sharpness(at time: Double) -> Float? {
        let (sum, weighted) = contributions(at: time)
        guard sum > 1e-6 else { return nil }
        return Swift.min(Swift.max(weighted / sum, 0), 1)
    }

    /// The continuous intensity (as ``intensity(at:)``) at each of `times`, which must be in ascending order: one
    /// sweep over the events, so the cost grows with the times plus the events, not their product.
    package func intensities(atAscending times: [Double]) -> [Float] {
        contributions(atAscending: times).map { Swift.min(Swift.max($0.sum, 0), 1) }
    }

    /// ``intensity(at:)``, ``sharpness(at:)`` and ``unclampedIntensity(at:)`` at each of `times` (ascending), in one
    /// sweep over the events.
    package func samples(atAscending times: [Double]) -> [(intensity: Float, sharpness: Float?, unclamped: Float)] {
        contributions(atAscending: times).map { sum, weighted in
            (Swift.min(Swift.max(sum, 0), 1), sum > 1e-6 ? Swift.min(Swift.max(weighted / sum, 0), 1) : nil, sum)
        }
    }

    /// ``contributions(at:)`` for ascending times: the events sounding at each time are kept in an active list
    /// (added at their start, dropped after their end), in the same order as ``voices`` so the sums are identical.
    private func contributions(atAscending times: [Double]) -> [(sum: Float, weighted: Float)] {
        let byStart = voices.indices.sorted { (voices[$0].start, $0) < (voices[$1].start, $1) }
        var next = 0
        var active: [Int] = []
        var result: [(sum: Float, weighted: Float)] = []
        result.reserveCapacity(times.count)
        for time in times {
            var added = false
            while next < byStart.count && voices[byStart[next]].start <= time {
                active.append(byStart[next])
                next += 1
                added = true
            }
            active.removeAll { voices[$0].end < time }
            if added { active.sort() }
            var sum: Float = 0
            var weighted: Float = 0
            let control = intensityControl.value(at: time)
            let sharpnessOffset = sharpnessControl.value(at: time)
            for index in active {
                let voice = voices[index]
                let a = voice.level * control * voice.envelopeValue(at: time)
                sum += a
                weighted += a * Swift.min(Swift.max(voice.sharpness + sharpnessOffset, 0), 1)
            }
            result.append((sum, weighted))
        }
        return result
    }

    /// Whether two or more continuous events with different sharpness sound together somewhere.
    package var hasOverlappingSharpness: Bool {
        let sorted = voices.sorted { $0.start < $1.start }
        for (i, a) in sorted.enumerated() {
            // Sorted by start: once one starts after `a` ends, so do all the rest.
            for b in sorted[(i + 1)...] {
                guard b.start < a.end else { break }
                let sa = a.sharpness
                let sb = b.sharpness
                if sa != sb { return true }
            }
        }
        return false
    }

    /// Times where the continuous intensity or sharpness may change slope: envelope corners and control knots,
    /// within `0 … end`.
    package func breakpointTimes(until end: Double) -> [Double] {
        var times: [Double] = [0, end]
        for voice in voices { times += voice.envelope.map { voice.start + $0.0 } }
        times += intensityControl.knotTimes + sharpnessControl.knotTimes
        return Array(Set(times.filter { $0 >= 0 && $0 <= end && $0.isFinite })).sorted()
    }

    private func contributions(at time: Double) -> (Float, Float) {
        var sum: Float = 0
        var weighted: Float = 0
        let control = intensityControl.value(at: time)
        let sharpnessOffset = sharpnessControl.value(at: time)
        for voice in voices where time >= voice.start && time <= voice.end {
            let a = voice.level * control * voice.envelopeValue(at: time)
            sum += a
            weighted += a * Swift.min(Swift.max(voice.sharpness + sharpnessOffset, 0), 1)
        }
        return (sum, weighted)
    }
}
