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
/// Before the first point the curve holds the first value, after the last point it holds the last value
/// (Core Haptics does not document either; holding matches its "sticky" controls).
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
    /// Returns `nil` before the curve starts or when it has no points.
    public func value(at patternTime: Double) -> Float? {
        guard patternTime >= time, let first = controlPoints.first else { return nil }
        let t = patternTime - time
        if t <= first.time { return id.range.clamp(first.value) }
        var previous = first
        for point in controlPoints.dropFirst() {
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
