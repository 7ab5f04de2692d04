/// A point of a ``ParameterCurve``.
public struct ControlPoint: Sendable, Hashable {
    /// Time in seconds relative to the curve's start.
    public var time: Double
    /// The control value at that time (clamped to the curve's control range on use).
    public var value: Float

    /// Creates a control point.
    public init(time: Double, value: Float) {
        self.time = time
        self.value = value
    }
}

/// A dynamic parameter that moves linearly through its control points.
///
/// From its start time to its first point the curve moves linearly from the value the control had when the curve
/// started (an implicit point at relative time 0), so a curve whose first point comes later does not jump; after the
/// last point it holds the last value. Core Haptics documents neither case; the renderer (`HapticRender.Mixer`) and
/// `HapticInterchange.ControlTimeline` follow the same rules.
public struct ParameterCurve: Sendable, Hashable {
    /// Which control; must be ``DynamicParameterID/isCurvable``.
    public var id: DynamicParameterID
    /// Start time in seconds from the pattern start.
    public var time: Double
    /// Points in authored order; times are relative to ``time``.
    public var controlPoints: [ControlPoint]

    /// Creates a curve.
    public init(id: DynamicParameterID, time: Double, controlPoints: [ControlPoint]) {
        self.id = id
        self.time = time
        self.controlPoints = controlPoints
    }

    /// The pattern time of the last control point (the curve's end).
    public var endTime: Double { time + (controlPoints.map(\.time).max() ?? 0) }

    /// The curve's value at `patternTime` (seconds from the pattern start), clamped to the control range.
    ///
    /// - Parameters:
    ///   - patternTime: seconds from the pattern start.
    ///   - startValue: the control's value when the curve starts, which the curve leaves linearly towards its first
    ///     point; `nil` means the control's default (``DynamicParameterID/range``'s default value).
    /// - Returns: `nil` before the curve starts or when it has no points.
    public func value(at patternTime: Double, from startValue: Float? = nil) -> Float? {
        guard patternTime >= time, !controlPoints.isEmpty else { return nil }
        let points = controlPoints.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
        let first = points[0]
        let t = patternTime - time
        if t < first.time {
            let start = id.range.clamp(startValue ?? id.range.defaultValue)
            let end = id.range.clamp(first.value)
            return start + (end - start) * Float(t / first.time)
        }
        var previous = first
        for point in points.dropFirst() {
            if t < point.time {
                let span = point.time - previous.time
                let fraction = span > 0 ? Float((t - previous.time) / span) : 1
                return id.range.clamp(previous.value + (point.value - previous.value) * fraction)
            }
            previous = point
        }
        return id.range.clamp(previous.value)
    }
}
