import Foundation
import HapticInterchange
import HapticPattern
import Testing

/// `.haptic` and AHAP agree on limits in both directions: a `.haptic` file is accepted only when the pattern it
/// stands for is, and what the converter writes as `.haptic` is a file the reader accepts.
@Suite struct HapticFileLimitsTests {
    /// `count` emphasis points 50 ms apart over a continuous amplitude.
    static func emphasisFile(points count: Int) -> HapticFile {
        var amplitude = (0..<count).map {
            HapticFile.AmplitudeBreakpoint(
                time: Double($0) * 0.05, amplitude: 0.3, emphasis: HapticFile.Emphasis(amplitude: 0.8, frequency: 0.5))
        }
        amplitude.append(HapticFile.AmplitudeBreakpoint(time: Double(count) * 0.05, amplitude: 0))
        return HapticFile(amplitude: amplitude, frequency: [])
    }

    @Test func aFileStandingForMoreEntriesThanAPatternMayHoldIsRefused() throws {
        let file = Self.emphasisFile(points: 30)
        let entries = file.pattern().value.entries.count
        #expect(entries > 60)
        let error = try #require(throws: HapticFileError.self) { try file.pattern(within: PatternLimits(maxEntries: 60)) }
        #expect(error.code == .invalidPatternData && error.path == "signals.continuous.envelopes.amplitude")
        #expect(error.message.contains("\(entries) entries (30 transients for its emphasis points"), "\(error)")
        #expect(error.message.contains("more than the 60 a pattern may hold (PatternLimits.maxEntries)"))
        #expect(try file.pattern(within: .default).value.entries.count == entries)
    }

    /// A file may sound up to the last instant the limits allow, with an emphasis point there: its conversion must
    /// not reach past the limit with the continuous event's 20 ms tail or the transient's pulse window (found by
    /// FuzzHapticFile: the reader refused the converted AHAP, "the event ends at 3600.02 s").
    @Test func aFileSoundingToTheLimitConvertsToAPatternTheReaderAccepts() throws {
        let limit = PatternLimits.default.maxPatternDuration
        let file = HapticFile(
            amplitude: [
                HapticFile.AmplitudeBreakpoint(time: limit - 0.5, amplitude: 0.4),
                HapticFile.AmplitudeBreakpoint(
                    time: limit, amplitude: 0.6, emphasis: HapticFile.Emphasis(amplitude: 0.9, frequency: 0.2)),
            ],
            frequency: [])
        let pattern = file.pattern().value
        let text = try AHAPWriter.bytes(from: pattern)
        let check = AHAPReader.check(text, file: "converted.ahap")
        #expect(check.errors.isEmpty, "\(check.errors)")
        #expect(pattern.events.allSatisfy { $0.time + $0.duration <= limit })
        #expect(pattern.curves.allSatisfy { curve in curve.controlPoints.allSatisfy { curve.time + $0.time <= limit } })
        // The transient still plays at the limit, and the continuous signal sounds up to its window.
        #expect(pattern.events.contains { $0.type == .hapticTransient && $0.time == limit })
        #expect(pattern.events.contains { $0.type == .hapticContinuous && $0.time + $0.duration > limit - 0.01 })
    }

    /// A continuous event whose intensity wiggles: every millisecond sample is a breakpoint at the default tolerance.
    static func wiggle(seconds: Double, transients: Int = 0) -> Pattern {
        var entries: [Pattern.Entry] = [.event(Event(type: .hapticContinuous, time: 0, duration: seconds))]
        let steps = Int(seconds / 0.01)
        for k in stride(from: 0, to: steps, by: 15) {
            let points = (0..<Swift.min(16, steps - k + 1)).map { j in
                ControlPoint(time: Double(j) * 0.01, value: (k + j) % 2 == 0 ? 0.5 : 0.53)
            }
            entries.append(.curve(ParameterCurve(id: .hapticIntensityControl, time: Double(k) * 0.01, controlPoints: points)))
        }
        for i in 0..<transients {
            entries.append(.event(Event(type: .hapticTransient, time: seconds + 0.1 + Double(i) * 0.05)))
        }
        return Pattern(version: 1, entries: entries)
    }

    @Test func anEnvelopeOverTheBreakpointLimitIsThinnedWithANote() throws {
        let pattern = Self.wiggle(seconds: 2)
        let plain = HapticFile.converting(pattern).value
        #expect(plain.amplitude.count > 150)
        let limits = PatternLimits(maxEntries: 150)
        let conversion = try HapticFile.converting(pattern, within: limits)
        #expect(conversion.value.amplitude.count <= 150 && conversion.value.frequency.count <= 150)
        #expect(conversion.notes.contains { $0.code == "envelope-thinned" && $0.isLossy }, "\(conversion.notes)")
        // What it writes reads back under the same limits.
        let text = conversion.value.encoded()
        #expect(throws: Never.self) { try HapticFile.decode(Array(text.utf8), limits: limits).pattern(within: limits) }
    }

    @Test func aPatternWhoseTransientsAloneExceedTheLimitIsRefused() throws {
        let pattern = Self.wiggle(seconds: 0.2, transients: 200)
        let error = try #require(throws: HapticFileError.self) {
            try HapticFile.converting(pattern, within: PatternLimits(maxEntries: 150))
        }
        #expect(error.code == .invalidPatternData && error.message.contains("PatternLimits.maxEntries"), "\(error)")
    }
}
