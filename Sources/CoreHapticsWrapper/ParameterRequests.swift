import CCoreHapticsWrapper
import Foundation
import HapticPattern
import OpenCoreHaptics

/// The plug-in's by-value parameter requests, checked before anything reads through their pointers.
///
/// Apple's wrapper reads `parametersLength` entries from whatever `parameters` points at and turns an unknown index
/// into intensity; here a NULL array with a positive length, a negative or huge length, an unknown index or a value
/// that is not a number is an error with Core Haptics' code, and nothing is sent.
enum ParameterRequests {
    /// At most this many dynamic parameters in one send (far above any real use; bounds the read).
    static let maxParametersPerSend = 4_096

    /// The dynamic parameters of a send request and the time to send them at.
    ///
    /// - Throws: `CHHapticError` — `badParameterEntry` (-4831) for a bad array, length or value; `invalidParameterType`
    ///   (-4820) for an unknown index; `invalidTime` (-4840) for an `atTime` that is not finite.
    static func parameters(of request: CHWSendParametersRequest) throws -> (parameters: [CHHapticDynamicParameter], atTime: TimeInterval) {
        let count = Int(request.parametersLength)
        guard (0...maxParametersPerSend).contains(count) else {
            throw failure(.badParameterEntry, "parametersLength \(count) is outside 0…\(maxParametersPerSend)")
        }
        guard request.atTime.isFinite else { throw failure(.invalidTime, "atTime \(request.atTime) is not a finite time") }
        guard count > 0 else { return ([], TimeInterval(request.atTime)) }
        guard let base = request.parameters else {
            throw failure(.badParameterEntry, "parameters is NULL with parametersLength \(count)")
        }
        var parameters: [CHHapticDynamicParameter] = []
        parameters.reserveCapacity(count)
        for (index, entry) in UnsafeBufferPointer(start: base, count: count).enumerated() {
            guard let id = ParameterIndexes.dynamicParameter(entry.parameterID) else {
                throw failure(
                    .invalidParameterType, "parameters[\(index)].parameterID \(entry.parameterID) is not a dynamic parameter index (0…11)")
            }
            guard entry.value.isFinite, entry.relativeTime.isFinite else {
                throw failure(.badParameterEntry, "parameters[\(index)] has a value or relativeTime that is not a finite number")
            }
            parameters.append(CHHapticDynamicParameter(parameterID: id, value: entry.value, relativeTime: TimeInterval(entry.relativeTime)))
        }
        return (parameters, TimeInterval(request.atTime))
    }

    /// The parameter curve a request describes.
    ///
    /// - Throws: `CHHapticError` — `badParameterEntry` for a bad point array, length or value; `invalidParameterType`
    ///   for an unknown index.
    static func curve(of request: CHWHapticParameterCurve) throws -> CHHapticParameterCurve {
        let count = Int(request.pointsLength)
        let limit = PatternLimits.default.maxControlPointsPerCurve
        guard (0...limit).contains(count) else {
            throw failure(.badParameterEntry, "pointsLength \(count) is outside 0…\(limit)")
        }
        guard let id = ParameterIndexes.dynamicParameter(request.parameterId) else {
            throw failure(.invalidParameterType, "parameterId \(request.parameterId) is not a dynamic parameter index (0…11)")
        }
        guard request.relativeTime.isFinite else {
            throw failure(.badParameterEntry, "relativeTime \(request.relativeTime) is not a finite time")
        }
        var points: [CHHapticParameterCurve.ControlPoint] = []
        if count > 0 {
            guard let base = request.points else { throw failure(.badParameterEntry, "points is NULL with pointsLength \(count)") }
            points.reserveCapacity(count)
            for (index, point) in UnsafeBufferPointer(start: base, count: count).enumerated() {
                guard point.value.isFinite, point.relativeTime.isFinite else {
                    throw failure(.badParameterEntry, "points[\(index)] has a value or relativeTime that is not a finite number")
                }
                points.append(CHHapticParameterCurve.ControlPoint(relativeTime: TimeInterval(point.relativeTime), value: point.value))
            }
        }
        return CHHapticParameterCurve(parameterID: id, controlPoints: points, relativeTime: request.relativeTime)
    }

    private static func failure(_ code: CHHapticError.Code, _ message: String) -> CHHapticError {
        CHHapticError(code, userInfo: [NSLocalizedDescriptionKey: message])
    }
}
