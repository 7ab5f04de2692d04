import HapticPattern
import Testing

/// Each malformed input must give Apple's error code and a location (path and/or line:column), never a crash.
@Suite struct MalformedInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var code: HapticErrorCode
        /// Expected JSON path (nil: the whole document).
        var path: String?
        /// Expected line:column (nil: not checked).
        var line: Int?
        var column: Int?
        var testDescription: String { name }
    }

    static let event0 = #"{"Event":{"Time":0,"EventType":"HapticTransient"}}"#

    static let cases: [Case] = [
        Case(name: "not JSON at all", text: "hello", code: .invalidPatternDictionary, line: 1, column: 1),
        Case(name: "empty document", text: "", code: .invalidPatternDictionary, line: 1, column: 1),
        Case(name: "whitespace only", text: "  \n  ", code: .invalidPatternDictionary, line: 2, column: 3),
        Case(name: "top level is an array", text: "[]", code: .invalidPatternDictionary, path: "", line: 1, column: 1),
        Case(name: "missing Pattern", text: #"{"Version":1.0}"#, code: .invalidPatternDictionary, path: "", line: 1, column: 1),
        Case(
            name: "Pattern is not an array", text: #"{"Pattern":{}}"#, code: .invalidPatternDictionary, path: "Pattern", line: 1, column: 12
        ),
        Case(name: "empty Pattern", text: #"{"Pattern":[]}"#, code: .invalidPatternDictionary, path: "Pattern"),
        Case(
            name: "entry is a number", text: #"{"Pattern":[1]}"#, code: .invalidPatternDictionary, path: "Pattern[0]", line: 1, column: 13),
        Case(
            name: "truncated file", text: #"{"Pattern":[{"Event":{"Time":0,"EventT"#, code: .invalidPatternDictionary, line: 1, column: 32),
        Case(name: "unterminated array", text: "{\"Pattern\":[\n" + event0, code: .invalidPatternDictionary, line: 2),
        Case(name: "missing colon", text: #"{"Pattern" []}"#, code: .invalidPatternDictionary, line: 1, column: 12),
        Case(name: "single quotes", text: "{'Pattern':[]}", code: .invalidPatternDictionary, line: 1, column: 2),
        Case(
            name: "NaN literal", text: #"{"Pattern":[{"Event":{"Time":NaN,"EventType":"HapticTransient"}}]}"#,
            code: .invalidPatternDictionary, line: 1, column: 30),
        Case(
            name: "Infinity literal", text: #"{"Pattern":[{"Event":{"Time":Infinity,"EventType":"HapticTransient"}}]}"#,
            code: .invalidPatternDictionary, line: 1, column: 30),
        Case(
            name: "overflowing number", text: #"{"Pattern":[{"Event":{"Time":1e999,"EventType":"HapticTransient"}}]}"#,
            code: .invalidPatternDictionary, line: 1, column: 30),
        Case(
            name: "leading zero", text: #"{"Pattern":[{"Event":{"Time":01,"EventType":"HapticTransient"}}]}"#,
            code: .invalidPatternDictionary, line: 1, column: 30),
        Case(name: "garbage after document", text: #"{"Pattern":[]} x"#, code: .invalidPatternDictionary, line: 1, column: 16),
        Case(
            name: "control character in string", text: "{\"Pattern\":[{\"Event\":{\"Time\":0,\"EventType\":\"Haptic\u{01}\"}}]}",
            code: .invalidPatternDictionary, line: 1),
        Case(name: "bad escape", text: #"{"Pattern":[{"Event":{"Time":0,"EventType":"\q"}}]}"#, code: .invalidPatternDictionary, line: 1),
        Case(
            name: "Version 2 is not supported", text: #"{"Version":2.0,"Pattern":["# + event0 + "]}", code: .notSupported, path: "Version",
            line: 1, column: 12),
        Case(
            name: "Event is a string", text: #"{"Pattern":[{"Event":"tap"}]}"#, code: .badEventEntry, path: "Pattern[0].Event", line: 1,
            column: 22),
        Case(
            name: "missing EventType", text: #"{"Pattern":[{"Event":{"Time":0}}]}"#, code: .badEventEntry, path: "Pattern[0].Event",
            line: 1, column: 22),
        Case(
            name: "EventType is a number", text: #"{"Pattern":[{"Event":{"Time":0,"EventType":3}}]}"#, code: .badEventEntry,
            path: "Pattern[0].Event", line: 1, column: 44),
        Case(
            name: "unknown event type", text: #"{"Pattern":[{"Event":{"Time":0,"EventType":"HapticBuzz"}}]}"#, code: .invalidEventType,
            path: "Pattern[0].Event", line: 1, column: 44),
        Case(
            name: "event type is case-sensitive", text: #"{"Pattern":[{"Event":{"Time":0,"EventType":"hapticTransient"}}]}"#,
            code: .invalidEventType, path: "Pattern[0].Event"),
        Case(
            name: "missing Time", text: #"{"Pattern":[{"Event":{"EventType":"HapticTransient"}}]}"#, code: .invalidEventTime,
            path: "Pattern[0].Event", line: 1, column: 22),
        Case(
            name: "negative Time", text: "{\"Pattern\":[\n  {\"Event\":{\"Time\":-0.5,\"EventType\":\"HapticTransient\"}}]}",
            code: .invalidEventTime, path: "Pattern[0].Event", line: 2, column: 20),
        Case(
            name: "Time is a string", text: #"{"Pattern":[{"Event":{"Time":"0.5","EventType":"HapticTransient"}}]}"#,
            code: .invalidEventTime, path: "Pattern[0].Event", line: 1, column: 30),
        Case(
            name: "negative EventDuration", text: #"{"Pattern":[{"Event":{"Time":0,"EventType":"HapticContinuous","EventDuration":-1}}]}"#,
            code: .invalidEventDuration, path: "Pattern[0].Event"),
        Case(
            name: "EventDuration is a string",
            text: #"{"Pattern":[{"Event":{"Time":0,"EventType":"HapticContinuous","EventDuration":"1"}}]}"#, code: .invalidEventDuration,
            path: "Pattern[0].Event"),
        Case(
            name: "EventParameters is an object",
            text: #"{"Pattern":[{"Event":{"Time":0,"EventType":"HapticTransient","EventParameters":{}}}]}"#, code: .badEventEntry,
            path: "Pattern[0].Event"),
        Case(
            name: "parameter without ParameterID",
            text: #"{"Pattern":[{"Event":{"Time":0,"EventType":"HapticTransient","EventParameters":[{"ParameterValue":1}]}}]}"#,
            code: .badParameterEntry, path: "Pattern[0].Event.EventParameters[0]"),
        Case(
            name: "parameter without ParameterValue",
            text:
                #"{"Pattern":[{"Event":{"Time":0,"EventType":"HapticTransient","EventParameters":[{"ParameterID":"HapticIntensity"}]}}]}"#,
            code: .badParameterEntry, path: "Pattern[0].Event.EventParameters[0]"),
        Case(
            name: "unknown event parameter",
            text:
                #"{"Pattern":[{"Event":{"Time":0,"EventType":"HapticTransient","EventParameters":[{"ParameterID":"HapticLoudness","ParameterValue":1}]}}]}"#,
            code: .invalidParameterType, path: "Pattern[0].Event.EventParameters[0]"),
        Case(
            name: "audio parameter on a haptic event",
            text:
                #"{"Pattern":[{"Event":{"Time":0,"EventType":"HapticTransient","EventParameters":[{"ParameterID":"AudioVolume","ParameterValue":1}]}}]}"#,
            code: .invalidParameterType, path: "Pattern[0].Event.EventParameters[0]"),
        Case(
            name: "haptic parameter on an audio event",
            text:
                #"{"Pattern":[{"Event":{"Time":0,"EventType":"AudioContinuous","EventDuration":1,"EventParameters":[{"ParameterID":"HapticIntensity","ParameterValue":1}]}}]}"#,
            code: .invalidParameterType, path: "Pattern[0].Event.EventParameters[0]"),
        Case(
            name: "ParameterValue is a string",
            text:
                #"{"Pattern":[{"Event":{"Time":0,"EventType":"HapticTransient","EventParameters":[{"ParameterID":"HapticIntensity","ParameterValue":"high"}]}}]}"#,
            code: .badParameterEntry, path: "Pattern[0].Event.EventParameters[0]"),
        Case(
            name: "AudioCustom without a waveform", text: #"{"Pattern":[{"Event":{"Time":0,"EventType":"AudioCustom"}}]}"#,
            code: .badEventEntry, path: "Pattern[0].Event"),
        Case(
            name: "waveform path escapes the folder",
            text: #"{"Pattern":[{"Event":{"Time":0,"EventType":"AudioCustom","EventWaveformPath":"../../etc/passwd"}}]}"#,
            code: .badEventEntry, path: "Pattern[0].Event.EventWaveformPath"),
        Case(
            name: "absolute waveform path",
            text: #"{"Pattern":[{"Event":{"Time":0,"EventType":"AudioCustom","EventWaveformPath":"/etc/passwd"}}]}"#, code: .badEventEntry,
            path: "Pattern[0].Event.EventWaveformPath"),
        Case(
            name: "dynamic parameter without time",
            text: #"{"Pattern":[{"Parameter":{"ParameterID":"HapticIntensityControl","ParameterValue":0.5}}]}"#, code: .badParameterEntry,
            path: "Pattern[0].Parameter"),
        Case(
            name: "dynamic parameter with an event parameter ID",
            text: #"{"Pattern":[{"Parameter":{"ParameterID":"HapticIntensity","Time":0,"ParameterValue":0.5}}]}"#,
            code: .invalidParameterType, path: "Pattern[0].Parameter"),
        Case(
            name: "curve with a non-curvable ID",
            text:
                #"{"Pattern":[{"ParameterCurve":{"ParameterID":"HapticAttackTimeControl","Time":0,"ParameterCurveControlPoints":[{"Time":0,"ParameterValue":0}]}}]}"#,
            code: .invalidParameterType, path: "Pattern[0].ParameterCurve"),
        Case(
            name: "curve without control points",
            text: #"{"Pattern":[{"ParameterCurve":{"ParameterID":"HapticIntensityControl","Time":0}}]}"#, code: .badParameterEntry,
            path: "Pattern[0].ParameterCurve"),
        Case(
            name: "curve control points not an array",
            text: #"{"Pattern":[{"ParameterCurve":{"ParameterID":"HapticIntensityControl","Time":0,"ParameterCurveControlPoints":5}}]}"#,
            code: .badParameterEntry, path: "Pattern[0].ParameterCurve"),
        Case(
            name: "control point with negative time",
            text:
                #"{"Pattern":[{"ParameterCurve":{"ParameterID":"HapticIntensityControl","Time":0,"ParameterCurveControlPoints":[{"Time":-1,"ParameterValue":0}]}}]}"#,
            code: .badParameterEntry, path: "Pattern[0].ParameterCurve.ParameterCurveControlPoints[0]"),
        Case(
            name: "deep nesting",
            text: #"{"Pattern":["# + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "]}",
            code: .invalidPatternData, line: 1, column: 75),
        Case(
            name: "event beyond the pattern duration limit", text: #"{"Pattern":[{"Event":{"Time":1e9,"EventType":"HapticTransient"}}]}"#,
            code: .invalidPatternData, path: "Pattern[0].Event"),
        Case(
            name: "error on a later line reports that line",
            text:
                "{\n  \"Pattern\": [\n    {\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransient\"}},\n    {\"Event\": {\"Time\": 0.1, \"EventType\": \"Nope\"}}\n  ]\n}\n",
            code: .invalidEventType, path: "Pattern[1].Event", line: 4, column: 42),
    ]

    @Test(arguments: cases)
    func malformedInputIsRejectedPrecisely(_ testCase: Case) {
        do {
            let document = try AHAPReader.read(testCase.text, file: "case.ahap")
            Issue.record("accepted: \(document.pattern)")
        } catch {
            #expect(error.code == testCase.code, "\(error)")
            if let path = testCase.path { #expect(error.path == path, "\(error)") }
            if let line = testCase.line { #expect(error.location?.line == line, "\(error)") }
            if let column = testCase.column { #expect(error.location?.column == column, "\(error)") }
            #expect(error.location != nil, "every error from text has a line:column: \(error)")
            #expect(error.file == "case.ahap")
            #expect(error.description.hasPrefix("case.ahap:"))
        }
    }

    @Test func fiftyMegabyteFileIsRejectedBeforeParsing() {
        let big = [UInt8](repeating: UInt8(ascii: " "), count: 50 << 20)
        #expect {
            try AHAPReader.read(big, file: "big.ahap")
        } throws: { error in
            (error as? PatternError)?.code == .invalidPatternData
                && (error as? PatternError)?.message.contains("PatternLimits.maxFileSize") == true
        }
    }

    static func patternText(events: Int) -> [UInt8] {
        let event = #"{"Event":{"Time":0.25,"EventType":"HapticTransient"}}"#
        return Array((#"{"Pattern":["# + String(repeating: event + ",", count: events - 1) + event + "]}").utf8)
    }

    @Test func aMillionEventsAreRejectedByTheDefaultLimits() {
        let million = Self.patternText(events: 1_000_000)
        #expect {
            try AHAPReader.read(million, file: "million.ahap")
        } throws: { error in
            (error as? PatternError)?.code == .invalidPatternData
        }
        // Even with the size limit lifted, the value budget stops the reader part-way, before the whole tape exists.
        #expect {
            try AHAPReader.read(million, file: "million.ahap", limits: PatternLimits(maxFileSize: 128 << 20, maxValues: 500_000))
        } throws: { error in
            let error = error as? PatternError
            return error?.code == .invalidPatternData && error?.message.contains("PatternLimits.maxValues") == true
                && error?.location?.line == 1
        }
    }

    @Test func theEntryLimitIsEnforcedAndConfigurable() throws {
        let text = Self.patternText(events: 100_001)
        #expect {
            try AHAPReader.read(text, file: "many.ahap")
        } throws: { error in
            let error = error as? PatternError
            return error?.code == .invalidPatternData && error?.path == "Pattern"
                && error?.location == SourceLocation(line: 1, column: 12)
        }
        let document = try AHAPReader.read(text, limits: PatternLimits(maxEntries: 200_000))
        #expect(document.pattern.entries.count == 100_001)
    }

    @Test func valuesAreClampedNotRejected() throws {
        let document = try AHAPReader.read(
            #"{"Pattern":[{"Event":{"Time":0,"EventType":"HapticTransient","EventParameters":[{"ParameterID":"HapticIntensity","ParameterValue":7},{"ParameterID":"HapticSharpness","ParameterValue":-3}]}}]}"#
        )
        let event = try #require(document.pattern.events.first)
        #expect(event.value(of: .hapticIntensity) == 1)
        #expect(event.value(of: .hapticSharpness) == 0)
        #expect(event.parameters[0].value == 7, "the authored value is kept for round trips")
        #expect(document.warnings.count == 2)
    }

    @Test func toleratedSloppinessProducesWarningsNotErrors() throws {
        let text = """
            \u{FEFF}// a comment
            { "Version": 1, "Pattern": [ { "Event": { "EventTime": 0.5, "EventType": "HapticTransient", "Name": "x", }, }, ],
              "Unknown": true, /* block */ }
            """
        let document = try AHAPReader.read(text)
        #expect(document.pattern.events.first?.time == 0.5, "EventTime alias")
        #expect(document.pattern.version == 1)
        let messages = document.warnings.map(\.message)
        #expect(messages.contains { $0.contains("byte-order mark") })
        #expect(messages.filter { $0.contains("comment") }.count == 2)
        #expect(messages.filter { $0.contains("trailing comma") }.count == 4)
        #expect(messages.contains { $0.contains("\"Name\"") })
        #expect(messages.contains { $0.contains("\"Unknown\"") })
    }

    /// `Time` wins over its alias in either order: a dictionary's keys have no order, so a file must not depend on it
    /// either (the pattern-dictionary fuzzer found a file and the same dictionary starting at different times).
    @Test(arguments: [false, true]) func timeWinsOverItsAliasInEitherOrder(aliasFirst: Bool) throws {
        func times(_ time: Double, _ alias: String, _ aliasTime: Double) -> String {
            aliasFirst ? #""\#(alias)":\#(aliasTime),"Time":\#(time)"# : #""Time":\#(time),"\#(alias)":\#(aliasTime)"#
        }
        let text = """
            {"Pattern":[
            {"Event":{\(times(0.5, "EventTime", 9)),"EventType":"HapticTransient"}},
            {"Parameter":{"ParameterID":"HapticIntensityControl",\(times(0.25, "ParameterTime", 9)),"ParameterValue":0.5}},
            {"ParameterCurve":{"ParameterID":"HapticSharpnessControl",\(times(0.75, "ParameterTime", 9)),
             "ParameterCurveControlPoints":[{\(times(0.125, "ParameterTime", 9)),"ParameterValue":0.5}]}}]}
            """
        let document = try AHAPReader.read(text)
        #expect(document.pattern.events.first?.time == 0.5)
        #expect(document.pattern.parameters.first?.time == 0.25)
        #expect(document.pattern.curves.first?.time == 0.75)
        #expect(document.pattern.curves.first?.controlPoints.first?.time == 0.125)
        let ignored = document.warnings.filter { $0.message.contains("is ignored: \"Time\" is given too") }
        #expect(ignored.count == 4, "one warning for each ignored alias: \(document.warnings)")
    }

    @Test func sustainedContinuousWithoutDurationIsUnplayable() throws {
        let document = try AHAPReader.read("{\"Pattern\":[\n{\"Event\":{\"Time\":0,\"EventType\":\"HapticContinuous\"}}]}", file: "c.ahap")
        let errors = PatternValidator.playabilityErrors(in: document.pattern)
        #expect(errors.count == 1)
        let located = document.locate(try #require(errors.first).error, entry: 0)
        #expect(located.code == .invalidEventDuration)
        #expect(located.description.hasPrefix("c.ahap:2:1: error: Pattern[0].Event:"))
        // Sustained = 0 needs no duration.
        let decaying = try AHAPReader.read(
            #"{"Pattern":[{"Event":{"Time":0,"EventType":"HapticContinuous","EventParameters":[{"ParameterID":"Sustained","ParameterValue":0}]}}]}"#
        )
        #expect(PatternValidator.playabilityErrors(in: decaying.pattern).isEmpty)
    }

    @Test func propertyListShapedValueTreeUsesTheSameRules() {
        let tree: AHAPValue = .object([
            ("Pattern", .array([.object([("Event", .object([("Time", .number(-1)), ("EventType", .string("HapticTransient"))]))])]))
        ])
        #expect {
            try AHAPReader.read(value: tree)
        } throws: { error in
            (error as? PatternError)?.code == .invalidEventTime && (error as? PatternError)?.path == "Pattern[0].Event"
        }
    }
}

extension MalformedInputTests {
    @Test func deeplyNestedValueTreesAreRejectedWithoutRecursion() {
        var value = AHAPValue.null
        for _ in 0..<2_000 { value = .array([value]) }
        let tree = AHAPValue.object([("Pattern", value)])
        #expect {
            try AHAPReader.read(value: tree)
        } throws: { error in
            (error as? PatternError)?.code == .invalidPatternData
        }
    }
}
