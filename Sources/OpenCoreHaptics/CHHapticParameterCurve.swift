import Foundation
import HapticPattern

/// A dynamic parameter that moves linearly through a list of control points.
///
/// The curve starts at ``relativeTime`` (relative to the pattern start); each control point's time is relative to
/// the curve's start. Between points the value is interpolated linearly. Only six controls can be curved:
/// `hapticIntensityControl`, `hapticSharpnessControl`, `audioVolumeControl`, `audioPanControl`,
/// `audioBrightnessControl` and `audioPitchControl`; the envelope-time controls make ``CHHapticPattern`` throw
/// `CHHapticError.Code.invalidParameterType`.
///
///     let fade = CHHapticParameterCurve(
///         parameterID: .hapticIntensityControl,
///         controlPoints: [.init(relativeTime: 0, value: 1), .init(relativeTime: 1, value: 0)],
///         relativeTime: 0)
///     let pattern = try CHHapticPattern(events: [buzz], parameterCurves: [fade])
open class CHHapticParameterCurve: NSObject {
    /// Which control the curve drives.
    public let parameterID: CHHapticDynamicParameter.ID

    /// The curve's start in seconds, relative to the start of the pattern.
    open var relativeTime: TimeInterval

    /// The points the curve passes through, in the order given.
    public let controlPoints: [CHHapticParameterCurve.ControlPoint]

    /// Creates a parameter curve.
    ///
    /// - Parameters:
    ///   - parameterID: Which control the curve drives (one of the six curvable IDs).
    ///   - controlPoints: The points, with times relative to the curve's start.
    ///   - relativeTime: The curve's start in seconds, relative to the pattern start.
    public init(parameterID: CHHapticDynamicParameter.ID, controlPoints: [CHHapticParameterCurve.ControlPoint], relativeTime: TimeInterval)
    {
        self.parameterID = parameterID
        self.controlPoints = controlPoints
        self.relativeTime = relativeTime
    }

    /// Creates a curve from its pattern-model form.
    ///
    /// - Parameter model: The curve.
    package convenience init(model: ParameterCurve) {
        self.init(
            parameterID: CHHapticDynamicParameter.ID(rawValue: model.id.rawValue),
            controlPoints: model.controlPoints.map { ControlPoint(relativeTime: $0.time, value: $0.value) },
            relativeTime: model.time)
    }

    /// The pattern-model form of this curve, as it is at the moment of the call (a copy).
    ///
    /// - Parameters:
    ///   - path: Where the curve is, for messages (for example `Pattern[4].ParameterCurve`).
    ///   - limits: The caps on times and control points.
    /// - Throws: `invalidParameterType` for an unknown or non-curvable ID, `invalidEventTime` for a bad start time,
    ///   `badParameterEntry` for a control point with a negative or non-finite time or a NaN value,
    ///   `invalidPatternData` when a limit is exceeded.
    package func model(path: String, limits: PatternLimits = .default) throws(PatternError) -> ParameterCurve {
        let id = try CHHapticDynamicParameter.modelID(parameterID, path: path)
        guard id.isCurvable else {
            throw PatternError(
                .invalidParameterType,
                "\(id.rawValue) cannot be curved; curves take HapticIntensityControl, HapticSharpnessControl, AudioVolumeControl, AudioPanControl, AudioBrightnessControl or AudioPitchControl",
                path: path)
        }
        guard relativeTime.isFinite, relativeTime >= 0 else {
            throw PatternError(.invalidEventTime, "the curve time \(relativeTime) s is not a non-negative number", path: path)
        }
        guard controlPoints.count <= limits.maxControlPointsPerCurve else {
            throw PatternError(
                .invalidPatternData,
                "the curve has \(controlPoints.count) control points; the limit is \(limits.maxControlPointsPerCurve) (PatternLimits.maxControlPointsPerCurve)",
                path: path)
        }
        var points: [HapticPattern.ControlPoint] = []
        points.reserveCapacity(controlPoints.count)
        for (index, point) in controlPoints.enumerated() {
            let pointPath = path + ".ParameterCurveControlPoints[\(index)]"
            guard point.relativeTime.isFinite, point.relativeTime >= 0, !point.value.isNaN else {
                throw PatternError(
                    .badParameterEntry, "the control point (\(point.relativeTime) s, \(point.value)) is not valid", path: pointPath)
            }
            guard relativeTime + point.relativeTime <= limits.maxPatternDuration else {
                throw PatternError(
                    .invalidPatternData,
                    "the control point is at \(relativeTime + point.relativeTime) s, beyond \(limits.maxPatternDuration) s (PatternLimits.maxPatternDuration)",
                    path: pointPath)
            }
            points.append(HapticPattern.ControlPoint(time: point.relativeTime, value: point.value))
        }
        return ParameterCurve(id: id, time: relativeTime, controlPoints: points)
    }
}
