import HapticPattern

/// A parameter curve compiled for scheduling at run time (`scheduleParameterCurve`), shared read-only with the
/// render thread.
///
/// The control side creates one, passes it retained inside ``MixerCommand/scheduleCurve(_:curve:atFrame:)``, and
/// releases it when the mixer reports ``MixerNotification/curveReleased(_:)``. Control points are sorted by time and
/// clamped to the control's range; times are relative to the moment the curve is scheduled to start (the curve's own
/// `time` is added to that start).
///
///     let curve = try CurveProgram(ParameterCurve(id: .hapticIntensityControl, time: 0,
///                                                 controlPoints: [.init(time: 0, value: 1), .init(time: 0.5, value: 0)]))
///
/// Thread safety: immutable after `init`.
public final class CurveProgram: @unchecked Sendable {
    // @unchecked: the point buffer is written only inside init.

    /// Which control the curve drives.
    public let id: DynamicParameterID
    /// Number of control points.
    public let pointCount: Int
    let control: Int
    let points: UnsafeMutableBufferPointer<CurvePoint>

    /// Compiles a curve.
    ///
    /// - Parameter curve: a curve on a curvable control with at least one point.
    /// - Throws: `PatternError`: `HapticErrorCode/invalidParameterType` for a control that cannot be curved,
    ///   `HapticErrorCode/badParameterEntry` for no points or NaN/negative/infinite times or NaN values.
    public init(_ curve: ParameterCurve) throws(PatternError) {
        guard curve.id.isCurvable else {
            throw PatternError(.invalidParameterType, "\(curve.id.rawValue) cannot be curved")
        }
        guard !curve.controlPoints.isEmpty else { throw PatternError(.badParameterEntry, "a curve needs control points") }
        guard curve.time.isFinite, curve.time >= 0 else {
            throw PatternError(.invalidEventTime, "curve time \(curve.time) s is not a non-negative number")
        }
        for point in curve.controlPoints where !point.time.isFinite || point.time < 0 || point.value.isNaN {
            throw PatternError(.badParameterEntry, "control point (\(point.time) s, \(point.value)) is not valid")
        }
        id = curve.id
        control = ControlIndex.of(curve.id)
        let sorted = curve.controlPoints.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map { [control] in CurvePoint(time: curve.time + $0.element.time, value: ControlIndex.clamp(control, $0.element.value)) }
        pointCount = sorted.count
        points = .allocate(capacity: sorted.count)
        _ = points.initialize(from: sorted)
        LiveObjectCounters.curveProgramMade()
    }

    deinit {
        LiveObjectCounters.curveProgramDestroyed()
        points.deallocate()
    }
}
