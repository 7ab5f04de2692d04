// The decoder's dynamic parameters and parameter curves (`Parameter`, `ParameterCurve` entries).
extension AHAPReader.Decoder {

    mutating func decodeParameter(_ node: Int, path: @autoclosure () -> String) throws(PatternError) -> DynamicParameter {
        guard tape.kind(node) == .object else {
            throw fail(.badParameterEntry, "\"Parameter\" must be an object, not \(describeKind(node))", path(), at: node)
        }
        warnDuplicateKeys(node, path())
        var idNode: Int?
        var timeNode: Int?
        var aliasTime: (key: Int, value: Int)?
        var valueNode: Int?
        for (key, value) in tape.members(node) {
            if tape.string(key, is: "ParameterID") {
                idNode = value
            } else if tape.string(key, is: "Time") {
                timeNode = value
            } else if tape.string(key, is: "ParameterTime") {
                aliasTime = (key, value)
            } else if tape.string(key, is: "ParameterValue") {
                valueNode = value
            } else {
                warn("unknown key \"\(tape.string(key))\" is ignored", path(), at: key)
            }
        }
        let id = try dynamicID(idNode, owner: node, path: path())
        let time = try time(
            documentedTime(timeNode, alias: aliasTime, path()), owner: node, code: .badParameterEntry,
            what: "every parameter needs a time", path: path())
        let value = try value(valueNode, owner: node, path: path())
        if !id.range.contains(value) {
            warn(
                "\(id.rawValue) \(value) is outside \(id.range.minValue) … \(id.range.maxValue); it plays as \(id.range.clamp(value))",
                path(), at: valueNode ?? node)
        }
        return DynamicParameter(id: id, value: value, time: time)
    }

    @inline(__always)
    func dynamicID(_ idNode: Int?, owner: Int, path: @autoclosure () -> String) throws(PatternError) -> DynamicParameterID {
        guard let idNode else { throw fail(.badParameterEntry, "missing \"ParameterID\"", path(), at: owner) }
        guard tape.kind(idNode) == .string else {
            throw fail(.badParameterEntry, "\"ParameterID\" must be a string, not \(describeKind(idNode))", path(), at: idNode)
        }
        guard let id = tape.match(idNode, in: Self.dynamicParameterIDs) else {
            let name = tape.string(idNode)
            let hint = EventParameterID(rawValue: name) != nil ? " (\(name) is an event parameter; the control is \(name)Control)" : ""
            throw fail(.invalidParameterType, "unknown dynamic parameter \"\(name)\"\(hint)", path(), at: idNode)
        }
        return id
    }

    mutating func decodeCurve(_ node: Int, path: @autoclosure () -> String) throws(PatternError) -> ParameterCurve {
        guard tape.kind(node) == .object else {
            throw fail(.badParameterEntry, "\"ParameterCurve\" must be an object, not \(describeKind(node))", path(), at: node)
        }
        warnDuplicateKeys(node, path())
        var idNode: Int?
        var timeNode: Int?
        var aliasTime: (key: Int, value: Int)?
        var pointsNode: Int?
        for (key, value) in tape.members(node) {
            if tape.string(key, is: "ParameterID") {
                idNode = value
            } else if tape.string(key, is: "Time") {
                timeNode = value
            } else if tape.string(key, is: "ParameterTime") {
                aliasTime = (key, value)
            } else if tape.string(key, is: "ParameterCurveControlPoints") {
                pointsNode = value
            } else {
                warn("unknown key \"\(tape.string(key))\" is ignored", path(), at: key)
            }
        }
        let id = try dynamicID(idNode, owner: node, path: path())
        guard id.isCurvable else {
            throw fail(
                .invalidParameterType,
                "\(id.rawValue) cannot be curved; curves take HapticIntensityControl, HapticSharpnessControl, AudioVolumeControl, AudioPanControl, AudioBrightnessControl or AudioPitchControl",
                path(), at: idNode ?? node)
        }
        let start = try time(
            documentedTime(timeNode, alias: aliasTime, path()), owner: node, code: .badParameterEntry,
            what: "every curve needs a start time", path: path())
        guard let pointsNode else {
            throw fail(.badParameterEntry, "missing \"ParameterCurveControlPoints\"", path(), at: node)
        }
        guard tape.kind(pointsNode) == .array else {
            throw fail(
                .badParameterEntry, "\"ParameterCurveControlPoints\" must be an array, not \(describeKind(pointsNode))", path(),
                at: pointsNode)
        }
        let count = Int(tape.nodes[pointsNode].count)
        guard count <= limits.maxControlPointsPerCurve else {
            throw fail(
                .invalidPatternData,
                "the curve has \(count) control points; the limit is \(limits.maxControlPointsPerCurve) (PatternLimits.maxControlPointsPerCurve)",
                path(), at: pointsNode)
        }
        var curve = ParameterCurve(id: id, time: start, controlPoints: [])
        curve.controlPoints.reserveCapacity(count)
        var previousTime = -Double.infinity
        for (index, pointNode) in tape.elements(pointsNode).enumerated() {
            func pointPath() -> String { path() + ".ParameterCurveControlPoints[\(index)]" }
            guard tape.kind(pointNode) == .object else {
                throw fail(
                    .badParameterEntry, "a control point must be an object, not \(describeKind(pointNode))", pointPath(), at: pointNode)
            }
            var pointTime: Int?
            var aliasPointTime: (key: Int, value: Int)?
            var pointValue: Int?
            for (key, value) in tape.members(pointNode) {
                if tape.string(key, is: "Time") {
                    pointTime = value
                } else if tape.string(key, is: "ParameterTime") {
                    aliasPointTime = (key, value)
                } else if tape.string(key, is: "ParameterValue") {
                    pointValue = value
                } else {
                    warn("unknown key \"\(tape.string(key))\" is ignored", pointPath(), at: key)
                }
            }
            pointTime = documentedTime(pointTime, alias: aliasPointTime, pointPath())
            // Apple drops control points that lack a time or a value instead of failing.
            guard let pointTime, let pointValue else {
                warn(
                    "control point without \(pointTime == nil ? "\"Time\"" : "\"ParameterValue\"") is skipped", pointPath(),
                    at: pointNode)
                continue
            }
            let t = try time(pointTime, owner: pointNode, code: .badParameterEntry, what: "control point", path: pointPath())
            guard start + t <= limits.maxPatternDuration else {
                throw fail(
                    .invalidPatternData,
                    "the control point is at \(start + t) s, beyond \(limits.maxPatternDuration) s (PatternLimits.maxPatternDuration)",
                    pointPath(), at: pointTime)
            }
            let v = try value(pointValue, owner: pointNode, path: pointPath())
            if t < previousTime {
                warn("control point times go backwards (\(t) s after \(previousTime) s)", pointPath(), at: pointTime)
            }
            if !id.range.contains(v) {
                warn(
                    "\(id.rawValue) \(v) is outside \(id.range.minValue) … \(id.range.maxValue); it plays as \(id.range.clamp(v))",
                    pointPath(), at: pointValue)
            }
            previousTime = t
            curve.controlPoints.append(ControlPoint(time: t, value: v))
        }
        if curve.controlPoints.isEmpty {
            warn("the curve has no control points and does nothing", path(), at: pointsNode)
        }
        return curve
    }
}
