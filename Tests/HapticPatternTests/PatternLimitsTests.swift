import HapticPattern
import Testing

/// Each ``PatternLimits`` cap is enforced with `invalidPatternData`, on input built so that only the early check
/// (before the reader allocates for the content) can produce that error. See the Limits article.
@Suite struct PatternLimitsTests {
    static func expectLimit(
        _ text: String, limits: PatternLimits, name: String, path: String? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(sourceLocation: sourceLocation) {
            try AHAPReader.read(text, file: "limit.ahap", limits: limits)
        } throws: { error in
            guard let error = error as? PatternError else { return false }
            return error.code == .invalidPatternData && error.message.contains("PatternLimits.\(name)")
                && (path == nil || error.path == path) && error.file == "limit.ahap"
        }
    }

    @Test func controlPointsPerCurve() throws {
        // The second point is garbage: the count check must fire before any point is decoded.
        let text =
            #"{"Pattern":[{"ParameterCurve":{"ParameterID":"HapticIntensityControl","Time":0,"ParameterCurveControlPoints":[{"Time":0,"ParameterValue":0},"garbage",{}]}}]}"#
        Self.expectLimit(
            text, limits: PatternLimits(maxControlPointsPerCurve: 2), name: "maxControlPointsPerCurve", path: "Pattern[0].ParameterCurve")
        #expect(throws: PatternError.self) { try AHAPReader.read(text, limits: PatternLimits(maxControlPointsPerCurve: 3)) }
    }

    @Test func parametersPerEvent() throws {
        let parameter = #"{"ParameterID":"HapticIntensity","ParameterValue":0.5}"#
        let text =
            #"{"Pattern":[{"Event":{"Time":0,"EventType":"HapticTransient","EventParameters":["#
            + Array(repeating: parameter, count: 65).joined(separator: ",") + "]}}]}"
        Self.expectLimit(text, limits: .default, name: "maxParametersPerEvent", path: "Pattern[0].Event")
        #expect(try AHAPReader.read(text, limits: PatternLimits(maxParametersPerEvent: 65)).pattern.events[0].parameters.count == 65)
    }

    @Test func patternDurationCoversTimesEventEndsAndControlPoints() {
        let limits = PatternLimits(maxPatternDuration: 10)
        Self.expectLimit(
            #"{"Pattern":[{"Event":{"Time":10.5,"EventType":"HapticTransient"}}]}"#, limits: limits, name: "maxPatternDuration")
        Self.expectLimit(
            #"{"Pattern":[{"Event":{"Time":9,"EventType":"HapticContinuous","EventDuration":2}}]}"#, limits: limits,
            name: "maxPatternDuration")
        Self.expectLimit(
            #"{"Pattern":[{"Parameter":{"ParameterID":"HapticIntensityControl","Time":11,"ParameterValue":1}}]}"#, limits: limits,
            name: "maxPatternDuration")
        Self.expectLimit(
            #"{"Pattern":[{"ParameterCurve":{"ParameterID":"HapticIntensityControl","Time":6,"ParameterCurveControlPoints":[{"Time":5,"ParameterValue":1}]}}]}"#,
            limits: limits, name: "maxPatternDuration")
    }

    @Test func fileSizeIsCheckedBeforeParsing() {
        // Not even JSON: only the size check can give invalidPatternData.
        Self.expectLimit(String(repeating: "x", count: 101), limits: PatternLimits(maxFileSize: 100), name: "maxFileSize")
    }

    @Test func valuesAndNestingAreCheckedWhileParsing() {
        Self.expectLimit("[" + String(repeating: "0,", count: 50) + "0]", limits: PatternLimits(maxValues: 10), name: "maxValues")
        // 100 000 levels would overflow a recursive parser's stack; the depth check stops at 64.
        Self.expectLimit(String(repeating: "[", count: 100_000), limits: .default, name: "maxNestingDepth")
        Self.expectLimit(
            String(repeating: #"{"a":"#, count: 65) + "1" + String(repeating: "}", count: 65), limits: .default, name: "maxNestingDepth")
    }

    @Test func entriesAreCountedBeforeDecoding() {
        let text = #"{"Pattern":[{"Event":{"Time":0,"EventType":"HapticTransient"}},"garbage",3]}"#
        Self.expectLimit(text, limits: PatternLimits(maxEntries: 2), name: "maxEntries", path: "Pattern")
    }

    @Test func theDefaultsAreTheDocumentedOnes() {
        let limits = PatternLimits.default
        #expect(limits.maxFileSize == 16 << 20)
        #expect(limits.maxEntries == 100_000)
        #expect(limits.maxControlPointsPerCurve == 16_384)
        #expect(limits.maxParametersPerEvent == 64)
        #expect(limits.maxPatternDuration == 3_600)
        #expect(limits.maxNestingDepth == 64)
        #expect(limits.maxValues == 4_000_000)
        #expect(limits.maxAudioFileSize == 32 << 20)
    }
}
