/// Writes patterns as canonical AHAP: strict JSON (no trailing commas, no comments), keys in a fixed order, numbers
/// in their shortest exact form. Reading what it writes gives back the same ``Pattern``.
///
///     let text = try AHAPWriter.string(from: pattern)
///     let again = try AHAPReader.read(text).pattern   // == pattern
public enum AHAPWriter {
    /// The pattern as an ``AHAPValue`` tree with AHAP's keys (what `exportDictionary()` returns).
    ///
    /// Key order: `Version`, `Metadata`, `Pattern`; in events `Time`, `EventType`, `EventDuration`,
    /// `EventParameters`, then the waveform keys; in parameters and curves `ParameterID`, `Time`, then the value(s).
    /// `EventDuration` is written only when it is not 0, `EventParameters` only when there are some.
    ///
    /// - Throws: ``HapticErrorCode/operationNotPermitted`` when an event uses a registered audio resource ID,
    ///   which has no file path to write (Core Haptics refuses the same export).
    public static func value(from pattern: Pattern) throws(PatternError) -> AHAPValue {
        var top: [(key: String, value: AHAPValue)] = [("Version", .number(pattern.version ?? 1.0))]
        if let metadata = pattern.metadata { top.append(("Metadata", metadata)) }
        var entries: [AHAPValue] = []
        entries.reserveCapacity(pattern.entries.count)
        for (index, entry) in pattern.entries.enumerated() {
            if case .event(let event) = entry, case .resourceID(let id) = event.waveform {
                throw PatternError(
                    .operationNotPermitted,
                    "the event plays registered audio resource \(id), which has no file path; patterns with custom audio resource IDs cannot be exported",
                    path: "Pattern[\(index)].Event")
            }
            entries.append(value(from: entry))
        }
        top.append(("Pattern", .array(entries)))
        return .object(top)
    }

    /// One entry as an AHAP object (`{"Event": …}`, `{"Parameter": …}` or `{"ParameterCurve": …}`).
    public static func value(from entry: Pattern.Entry) -> AHAPValue {
        switch entry {
        case .event(let event):
            var fields: [(key: String, value: AHAPValue)] = [
                ("Time", .number(event.time)), ("EventType", .string(event.type.rawValue)),
            ]
            if event.duration != 0 { fields.append(("EventDuration", .number(event.duration))) }
            if !event.parameters.isEmpty {
                fields.append(
                    (
                        "EventParameters",
                        .array(
                            event.parameters.map {
                                .object([("ParameterID", .string($0.id.rawValue)), ("ParameterValue", number($0.value))])
                            })
                    ))
            }
            switch event.waveform {
            case .path(let path): fields.append(("EventWaveformPath", .string(path)))
            case .resourceID, nil: break  // refused by value(from: Pattern)
            }
            if let envelope = event.waveformUsesVolumeEnvelope { fields.append(("EventWaveformUseVolumeEnvelope", .bool(envelope))) }
            if let loop = event.waveformLoopEnabled { fields.append(("EventWaveformLoopEnabled", .bool(loop))) }
            return .object([("Event", .object(fields))])
        case .parameter(let parameter):
            return .object([
                (
                    "Parameter",
                    .object([
                        ("ParameterID", .string(parameter.id.rawValue)), ("Time", .number(parameter.time)),
                        ("ParameterValue", number(parameter.value)),
                    ])
                )
            ])
        case .curve(let curve):
            let points = curve.controlPoints.map { point -> AHAPValue in
                .object([("Time", .number(point.time)), ("ParameterValue", number(point.value))])
            }
            return .object([
                (
                    "ParameterCurve",
                    .object([
                        ("ParameterID", .string(curve.id.rawValue)), ("Time", .number(curve.time)),
                        ("ParameterCurveControlPoints", .array(points)),
                    ])
                )
            ])
        }
    }

    /// A `Float` as the `Double` with the same shortest decimal form, so `0.8` is written `0.8`, not `0.800000011920929`.
    static func number(_ value: Float) -> AHAPValue {
        .number(Double(value.description) ?? Double(value))
    }

    /// The pattern as canonical AHAP text (pretty-printed, two-space indent, newline at the end).
    public static func string(from pattern: Pattern) throws(PatternError) -> String {
        var output = ""
        write(try value(from: pattern), indent: 0, to: &output)
        output += "\n"
        return output
    }

    /// The pattern as canonical AHAP UTF-8 bytes.
    public static func bytes(from pattern: Pattern) throws(PatternError) -> [UInt8] { Array(try string(from: pattern).utf8) }

    /// Writes any ``AHAPValue`` as JSON. Small objects and arrays of scalars stay on one line, as people write them.
    public static func write(_ value: AHAPValue, indent: Int, to output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let b): output += b ? "true" : "false"
        case .number(let n): output += format(n)
        case .string(let s): writeString(s, to: &output)
        case .array(let items):
            if items.isEmpty {
                output += "[]"
            } else if items.count <= 8, items.allSatisfy(\.isScalar) {
                output += "["
                for (i, item) in items.enumerated() {
                    if i > 0 { output += ", " }
                    write(item, indent: indent, to: &output)
                }
                output += "]"
            } else {
                output += "[\n"
                for (i, item) in items.enumerated() {
                    output += String(repeating: " ", count: indent + 2)
                    write(item, indent: indent + 2, to: &output)
                    output += i + 1 < items.count ? ",\n" : "\n"
                }
                output += String(repeating: " ", count: indent) + "]"
            }
        case .object(let pairs):
            if pairs.isEmpty {
                output += "{}"
            } else if pairs.count <= 3, pairs.allSatisfy({ $0.value.isScalar }) {
                output += "{ "
                for (i, pair) in pairs.enumerated() {
                    if i > 0 { output += ", " }
                    writeString(pair.key, to: &output)
                    output += ": "
                    write(pair.value, indent: indent, to: &output)
                }
                output += " }"
            } else {
                output += "{\n"
                for (i, pair) in pairs.enumerated() {
                    output += String(repeating: " ", count: indent + 2)
                    writeString(pair.key, to: &output)
                    output += ": "
                    write(pair.value, indent: indent + 2, to: &output)
                    output += i + 1 < pairs.count ? ",\n" : "\n"
                }
                output += String(repeating: " ", count: indent) + "}"
            }
        }
    }

    /// Shortest exact decimal form; integers keep a `.0` so they read as reals, like Apple's files.
    static func format(_ number: Double) -> String {
        guard number.isFinite else { return "0" }  // unreachable for values produced by the reader
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) + ".0" }
        return number.description
    }

    static func writeString(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

extension AHAPValue {
    var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }
}
