import HapticPattern
import PropertyBased
import Testing

/// Generated patterns survive write → read unchanged, and the writer is canonical (writing twice gives the same text).
@Suite struct RoundTripPropertyTests {
    static let value = Gen.float(in: -2...2)
    static let time = Gen.double(in: 0...40)

    static let eventParameter = zip(Gen.element(of: EventParameterID.allCases), value)
        .map { id, value in EventParameter(id!, value) }

    static let event = zip(
        Gen.element(of: EventType.allCases), time, Gen.double(in: 0...35), eventParameter.array(of: 0...6), Gen.int(in: 0...3)
    )
    .map { type, time, duration, parameters, flags -> Pattern.Entry in
        let type = type!
        let accepted = parameters.filter { type.accepts($0.id) }
        if type == .audioCustom {
            return .event(
                Event(
                    type: type, time: time, duration: duration, parameters: accepted,
                    waveform: .path("sounds/tap \(flags).wav"),
                    waveformUsesVolumeEnvelope: flags & 1 == 0 ? nil : true, waveformLoopEnabled: flags & 2 == 0 ? nil : false))
        }
        return .event(Event(type: type, time: time, duration: duration, parameters: accepted))
    }

    static let parameter = zip(Gen.element(of: DynamicParameterID.allCases), value, time)
        .map { id, value, time -> Pattern.Entry in .parameter(DynamicParameter(id: id!, value: value, time: time)) }

    static let controlPoint = zip(Gen.double(in: 0...3), value).map { ControlPoint(time: $0, value: $1) }

    static let curve = zip(Gen.element(of: DynamicParameterID.allCases.filter(\.isCurvable)), time, controlPoint.array(of: 0...20))
        .map { id, time, points -> Pattern.Entry in .curve(ParameterCurve(id: id!, time: time, controlPoints: points)) }

    static let pattern = zip(Gen.oneOf(event, parameter, curve).array(of: 1...40), Gen.int(in: 0...2))
        .map { entries, versionChoice in
            Pattern(
                version: [nil, 1.0, 1.1][versionChoice],
                metadata: versionChoice == 1 ? .object([("Project", .string("gen \"quoted\"\n"))]) : nil, entries: entries)
        }

    @Test func writeThenReadIsIdentity() async {
        await propertyCheck(count: 300, input: Self.pattern) { pattern in
            let text = try AHAPWriter.string(from: pattern)
            let read = try AHAPReader.read(text, limits: .default, waveformPaths: .confinedToFolder)
            var expected = pattern
            if expected.version == nil { expected.version = 1.0 }  // the writer always states the version
            #expect(read.pattern == expected)
            #expect(try AHAPWriter.string(from: read.pattern) == text)
        }
    }

    @Test func duplicatedKeysUseTheLastValue() throws {
        let document = try AHAPReader.read(#"{"Pattern":[{"Event":{"Time":1,"Time":2,"EventType":"HapticTransient"}}]}"#)
        #expect(document.pattern.events.first?.time == 2)
    }

    @Test func numbersParseExactly() throws {
        for literal in [
            "0.1", "0.015", "1e-5", "123456789.123456789", "5e-324", "1.7976931348623157e308", "0.30000000000000004", "2.5E+2", "-0.0",
            "12345678901234567890",
        ] {
            let document = try AHAPReader.read(
                #"{"Pattern":[{"Parameter":{"ParameterID":"HapticSharpnessControl","Time":0,"ParameterValue":"# + literal + "}}]}")
            let time = try AHAPReader.read(
                #"{"Pattern":[{"Event":{"Time":"# + (literal.hasPrefix("-") ? "0" : literal) + #","EventType":"HapticTransient"}}]}"#,
                limits: .unlimited)
            // Beyond Float's range the value is kept as the largest Float, not infinity (FuzzRegressionTests).
            let float = Float(Double(literal)!)
            #expect(document.pattern.parameters.first?.value == (float.isFinite ? float : .greatestFiniteMagnitude), "\(literal)")
            if !literal.hasPrefix("-") { #expect(time.pattern.events.first?.time == Double(literal)!, "\(literal)") }
        }
    }
}
