import Foundation
import HapticAnalysis
import HapticPattern
import HapticTestSupport
import Testing

/// A sound whose pattern would not fit one pattern — more AHAP text than `PatternLimits.maxFileSize` or more entries
/// than `PatternLimits.maxEntries` — gives the pattern of its beginning and says where it stops, instead of a
/// pattern no reader accepts (an hour of dense audio used to be analyzed for 100 s and then refused).
@Suite struct PatternLimitTests {
    static let hits = SyntheticAudio.hits(seconds: 8)

    static func analysis(limits: PatternLimits) throws -> AudioAnalysis {
        try AudioAnalyzer.analyze(
            interleaved: Self.hits.audio.samples, sampleRate: 48_000, channelCount: 1,
            options: AudioAnalysisOptions(sensitivity: 1), limits: limits)
    }

    @Test func aPatternOverTheTextLimitStopsEarlyAndFits() throws {
        let whole = try Self.analysis(limits: .default)
        #expect(whole.endsEarlyAt == nil)
        let wholeText = try AHAPWriter.string(from: whole.pattern).utf8.count
        // A cap at half the whole pattern's text (the reserve for the text around the entries is half of it).
        let limits = PatternLimits(maxFileSize: wholeText)
        let cut = try Self.analysis(limits: limits)
        let end = try #require(cut.endsEarlyAt)
        #expect(end > 0 && end < whole.duration)
        let text = try AHAPWriter.string(from: cut.pattern)
        #expect(text.utf8.count <= limits.maxFileSize, "\(text.utf8.count) bytes")
        #expect(AHAPReader.check(Array(text.utf8), limits: limits).errors.isEmpty)
        // The beginning is the whole pattern's beginning: every event before the cut, none after, and each
        // continuous event with all its curves.
        #expect(cut.pattern.events == whole.pattern.events.filter { $0.time < end })
        #expect(cut.pattern.curves.allSatisfy { whole.pattern.curves.contains($0) })
        let continuous = cut.pattern.events.filter { $0.type == .hapticContinuous }
        let wholeCurves = whole.pattern.curves.filter { curve in continuous.contains { abs($0.time - curve.time) < 1e-9 } }
        #expect(wholeCurves.allSatisfy { cut.pattern.curves.contains($0) })
    }

    @Test func aPatternOverTheEntryLimitStopsEarlyWithWholeEvents() throws {
        let whole = try Self.analysis(limits: .default)
        let cap = whole.pattern.entries.count / 2
        let cut = try Self.analysis(limits: PatternLimits(maxEntries: cap))
        #expect(cut.endsEarlyAt != nil)
        #expect(cut.pattern.entries.count <= cap && cut.pattern.entries.count > 0)
        #expect(PatternValidator.playabilityErrors(in: cut.pattern).isEmpty)
    }

}
