import Foundation
import HapticInterchange
import HapticPattern
import Testing

@Suite struct HapticFileTests {
    static let example = """
        {"version": {"major": 1, "minor": 0, "patch": 0}, "metadata": {"editor": "Meta Haptics Studio 2.1"},
         "signals": {"continuous": {"envelopes": {
           "amplitude": [{"time": 0.0, "amplitude": 0.0}, {"time": 0.05, "amplitude": 0.7, "emphasis": {"amplitude": 1.0, "frequency": 1.0}},
                         {"time": 0.1, "amplitude": 1.0}],
           "frequency": [{"time": 0.0, "frequency": 0.9}, {"time": 0.07, "frequency": 0.7}, {"time": 0.1, "frequency": 0.0}]}}}}
        """

    @Test func readsMetasExampleAndConvertsWithLofeltsMapping() throws {
        let file = try HapticFile.decode(Data(Self.example.utf8))
        #expect(file.amplitude.count == 3 && file.frequency.count == 3 && file.metadata.editor == "Meta Haptics Studio 2.1")
        let pattern = file.pattern().value
        let transients = pattern.events.filter { $0.type == .hapticTransient }
        #expect(transients.count == 1)
        #expect(
            transients[0].time == 0.05 && transients[0].value(of: .hapticIntensity) == 1 && transients[0].value(of: .hapticSharpness) == 1)
        // Curves hold √amplitude and interpolate linearly between those (Lofelt's mapping): at 0.03 s, 60 % of the
        // way from intensity 0 to √0.7, before the emphasis window; from 0.1 s amplitude 1 → intensity 1.
        let signal = PatternSignal(pattern)
        #expect(abs(signal.intensity(at: 0.03) - 0.6 * Float(0.7).squareRoot()) < 0.005)
        #expect(abs(signal.intensity(at: 0.1) - 1) < 0.005)
        #expect(pattern.curves.allSatisfy { $0.controlPoints.count <= 16 })
        #expect(PatternValidator.playabilityErrors(in: pattern).isEmpty)
    }

    @Test(arguments: [
        (
            #"{"version":{"major":2,"minor":0,"patch":0},"signals":{"continuous":{"envelopes":{"amplitude":[{"time":0,"amplitude":0},{"time":1,"amplitude":0}]}}}}"#,
            "version.major"
        ),
        (
            #"{"version":{"major":1,"minor":0,"patch":0},"signals":{"continuous":{"envelopes":{"amplitude":[{"time":0,"amplitude":0}]}}}}"#,
            "needs at least two"
        ),
        (
            #"{"version":{"major":1,"minor":0,"patch":0},"signals":{"continuous":{"envelopes":{"amplitude":[{"time":0.5,"amplitude":0},{"time":0.2,"amplitude":0}]}}}}"#,
            "amplitude[1].time"
        ),
        (
            #"{"version":{"major":1,"minor":0,"patch":0},"signals":{"continuous":{"envelopes":{"amplitude":[{"time":0,"amplitude":1.5},{"time":1,"amplitude":0}]}}}}"#,
            "outside 0 … 1"
        ),
        (
            #"{"version":{"major":1,"minor":0,"patch":0},"signals":{"continuous":{"envelopes":{"amplitude":[{"time":0,"amplitude":0.8,"emphasis":{"amplitude":0.5,"frequency":0.5}},{"time":1,"amplitude":0}]}}}}"#,
            "below the envelope"
        ),
        (
            #"{"version":{"major":1,"minor":0,"patch":0},"signals":{"continuous":{"envelopes":{"amplitude":[{"time":0,"amplitude":0},{"time":1,"amplitude":0}],"frequency":[{"time":2,"frequency":0.5}]}}}}"#,
            "after the amplitude envelope"
        ),
        (
            #"{"version":{"major":1,"minor":0,"patch":0},"signals":{"continuous":{"envelopes":{"amplitude":[{"time":0},{"time":1,"amplitude":0}]}}}}"#,
            "missing required field \"amplitude\""
        ),
        (#"{"version":{"major":1,"minor":0,"patch":0}}"#, "missing required field \"signals\""),
    ])
    func rejectsFilesThatBreakTheRules(json: String, expected: String) {
        #expect {
            _ = try HapticFile.decode(Data(json.utf8), file: "bad.haptic")
        } throws: { error in
            let text = (error as? HapticFileError)?.description ?? ""
            // file:line:col, the path, the message and Apple's code, like an AHAP error.
            return text.hasPrefix("bad.haptic:1:") && text.contains(": error: ") && text.contains(expected)
                && (text.hasSuffix("(invalidPatternData, -4813)") || text.hasSuffix("(invalidPatternDictionary, -4814)"))
        }
    }

    @Test func encodedFilesReadBackIdentically() throws {
        var file = try HapticFile.decode(Data(Self.example.utf8))
        file.metadata.tags = []  // written as [] when absent
        let again = try HapticFile.decode(Data(file.encoded().utf8))
        #expect(again == file)
        #expect(file.encoded().contains("\"major\": 1,"), "integer version numbers")
    }

    @Test func audioIsReportedAsDropped() {
        let pattern = Pattern(
            events: [
                Event(type: .hapticTransient, time: 0),
                Event(type: .audioCustom, time: 0, waveform: .path("a.wav")),
                Event(type: .audioContinuous, time: 0.1, duration: 0.2),
            ], parameters: [DynamicParameter(id: .audioVolumeControl, value: 0.5, time: 0)])
        let notes = HapticFile.converting(pattern).notes
        #expect(notes.contains { $0.code == "audio-dropped" && $0.count == 2 && $0.message.contains("2 audio events dropped") })
        #expect(notes.contains { $0.code == "audio-controls-dropped" && $0.count == 1 })
    }

    @Test func transientsUnderAStrongerContinuousAreRaisedAndReported() {
        let pattern = Pattern(events: [
            Event(type: .hapticContinuous, time: 0, duration: 1, parameters: [EventParameter(.hapticIntensity, 0.9)]),
            Event(type: .hapticTransient, time: 0.5, parameters: [EventParameter(.hapticIntensity, 0.3)]),
        ])
        let conversion = HapticFile.converting(pattern)
        #expect(conversion.notes.contains { $0.code == "emphasis-raised" && abs(($0.maxError ?? 0) - 0.6) < 0.01 })
        #expect(conversion.value.validate().isEmpty)
    }
}

/// `.haptic` input is as carefully read as AHAP: numbers bounded before use, every error located and coded.
@Suite struct HapticFileHostileInputTests {
    static func document(amplitude: String) -> [UInt8] {
        Array(#"{"version":{"major":1,"minor":0,"patch":0},"signals":{"continuous":{"envelopes":{"amplitude":["#.utf8)
            + Array(amplitude.utf8) + Array("]}}}}".utf8)
    }

    func error(_ bytes: [UInt8]) -> HapticFileError? {
        do {
            _ = try HapticFile.decode(bytes, file: "x.haptic")
            return nil
        } catch { return error }
    }

    @Test func hugeTimesAreRefusedBeforeAnythingIsSizedByThem() throws {
        let clock = ContinuousClock()
        for time in ["1e300", "1e5", "3600.5", "-1"] {
            let start = clock.now
            let problem = try #require(error(Self.document(amplitude: #"{"time":0,"amplitude":0},{"time":\#(time),"amplitude":1}"#)))
            #expect(clock.now - start < .seconds(1))
            #expect(problem.code == .invalidPatternData, "\(time)")
            #expect(problem.path == "signals.continuous.envelopes.amplitude[1].time")
            #expect(problem.message.contains("PatternLimits.maxPatternDuration"), "\(problem)")
            #expect(problem.location?.line == 1)
        }
    }

    @Test func aWrongTypeIsAWrongTypeNotInvalidJSON() throws {
        let problem = try #require(error(Self.document(amplitude: #"{"time":"0","amplitude":0},{"time":1,"amplitude":0}"#)))
        #expect(problem.code == .invalidPatternDictionary)
        #expect(problem.message == "expected a number, found a string", "\(problem)")
        #expect(problem.path == "signals.continuous.envelopes.amplitude[0].time")
        #expect(problem.location?.column == 103)  // the string's first character
        #expect(!problem.description.contains("not valid JSON"))
        let syntax = try #require(error(Array(#"{"version": }"#.utf8)))
        #expect(syntax.message.hasPrefix("not valid JSON") && syntax.location?.column == 13)
    }

    @Test func tooManyBreakpointsAreRefusedByTheLimit() throws {
        var limits = PatternLimits.default
        limits.maxEntries = 10
        let points = (0..<11).map { #"{"time":\#($0),"amplitude":0}"# }.joined(separator: ",")
        do {
            _ = try HapticFile.decode(Self.document(amplitude: points), file: "many.haptic", limits: limits)
            Issue.record("accepted 11 breakpoints with a limit of 10")
        } catch {
            #expect(error.code == .invalidPatternData && error.message.contains("PatternLimits.maxEntries"))
        }
        // Deep nesting and endless values are the JSON parser's limits, as for AHAP.
        let deep = Array(repeating: UInt8(ascii: "["), count: 10_000)
        #expect(error(deep)?.code == .invalidPatternData)
    }
}
