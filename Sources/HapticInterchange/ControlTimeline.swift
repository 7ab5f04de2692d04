import HapticPattern

/// One dynamic control of a pattern (say `HapticIntensityControl`) as a function of pattern time, resolved the way
/// the renderer (`HapticRender.Mixer`) plays it.
///
/// - The control starts at its default (1 for intensity and volume, 0 for the additive controls).
/// - A `Parameter` entry ramps linearly from the current value to its value over ``rampDuration`` (the mixer's
///   anti-zipper ramp, `MixerConfiguration.parameterRampDuration`, 3 ms by default), then holds it.
/// - A `ParameterCurve` moves linearly from the control's value at its start time to its first point (no jump when
///   the first point comes later), then between points, and holds its last value; a later parameter or curve takes
///   over from wherever the control is.
/// - At equal times parameters apply before curves; values are clamped to the control's range.
///
/// The result is piecewise linear with possible jumps, stored as knots.
///
///     let intensity = ControlTimeline(.hapticIntensityControl, in: pattern)
///     intensity.value(at: 0.1)   // 0.5
package struct ControlTimeline: Sendable, Hashable {
    /// Which control.
    package let id: DynamicParameterID
    /// Knots in time order; equal times mark a jump (the later knot wins from that time on).
    package private(set) var knots: [Knot]
    /// The ramp applied to parameter steps, seconds.
    package let rampDuration: Double

    /// A point of the piecewise-linear function.
    package struct Knot: Sendable, Hashable {
        /// Pattern time, seconds.
        package var time: Double
        /// The control value from this time on (until the next knot, linearly).
        package var value: Float
    }

    /// Resolves the control `id` of `pattern`.
    ///
    /// - Parameters:
    ///   - id: the control.
    ///   - pattern: the pattern whose `Parameter` and `ParameterCurve` entries drive it.
    ///   - rampDuration: how long parameter steps ramp (the mixer's default is 3 ms).
    package init(_ id: DynamicParameterID, in pattern: Pattern, rampDuration: Double = 0.003) {
        self.id = id
        self.rampDuration = rampDuration
        let range = id.range
        knots = [Knot(time: 0, value: range.defaultValue)]
        enum Item {
            case parameter(Float)
            case curve([ControlPoint])
        }
        var items: [(time: Double, order: Int, item: Item)] = []
        for parameter in pattern.parameters where parameter.id == id && parameter.time.isFinite {
            items.append((parameter.time, items.count, .parameter(range.clamp(parameter.value))))
        }
        let parameterCount = items.count
        for curve in pattern.curves where curve.id == id && !curve.controlPoints.isEmpty && curve.time.isFinite {
            let points = curve.controlPoints.enumerated()
                .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
                .map { ControlPoint(time: $0.element.time, value: range.clamp($0.element.value)) }
            items.append((curve.time, parameterCount + items.count, .curve(points)))
        }
        items.sort { ($0.time, $0.order) < ($1.time, $1.order) }
        for (time, _, item) in items {
            let t = Swift.max(0, time)
            let current = value(at: t)
            // Knots stay in time order, so those after `t` are at the end (popping them keeps this linear).
            while let last = knots.last, last.time > t { knots.removeLast() }
            knots.append(Knot(time: t, value: current))
            switch item {
            case .parameter(let target):
                if target != current { knots.append(Knot(time: t + Swift.max(rampDuration, 0), value: target)) }
            case .curve(let points):
                // From the current value straight to the first point (no jump at the curve start).
                for point in points where point.time.isFinite {
                    knots.append(Knot(time: t + Swift.max(point.time, 0), value: point.value))
                }
            }
        }
    }

    /// The value at `time` (right-continuous: at a jump, the value after it).
    package func value(at time: Double) -> Float {
        // Last knot with knot.time <= time.
        var lo = 0
        var hi = knots.count - 1
        if time < knots[0].time { return knots[0].value }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if knots[mid].time <= time { lo = mid } else { hi = mid - 1 }
        }
        return interpolate(from: lo, at: time)
    }

    /// The value just before `time` (left limit: at a jump, the value before it). Events starting at `time` see
    /// this value, because the mixer starts events before it applies same-time parameters and curves.
    package func value(before time: Double) -> Float {
        guard time > knots[0].time else { return knots[0].value }
        // Last knot with knot.time < time.
        var lo = 0
        var hi = knots.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if knots[mid].time < time { lo = mid } else { hi = mid - 1 }
        }
        return interpolate(from: lo, at: time)
    }

    /// The times at which the function's slope may change.
    package var knotTimes: [Double] { knots.map(\.time) }

    private func interpolate(from index: Int, at time: Double) -> Float {
        let a = knots[index]
        guard index + 1 < knots.count else { return a.value }
        let b = knots[index + 1]
        let span = b.time - a.time
        guard span > 0 else { return time >= b.time ? b.value : a.value }
        let fraction = Float(Swift.min(Swift.max((time - a.time) / span, 0), 1))
        return a.value + (b.value - a.value) * fraction
    }
}
