import HapticPattern
import HapticRender
import HapticSystem
import OpenHapticFeedback
import Testing

@Suite struct FeedbackLintTests {
    func tap(_ time: Double, _ intensity: Float = 0.5, _ sharpness: Float = 0.5) -> Event {
        Event(
            type: .hapticTransient, time: time,
            parameters: [EventParameter(.hapticIntensity, intensity), EventParameter(.hapticSharpness, sharpness)])
    }

    func buzz(_ time: Double, _ duration: Double, _ intensity: Float = 0.5) -> Event {
        Event(type: .hapticContinuous, time: time, duration: duration, parameters: [EventParameter(.hapticIntensity, intensity)])
    }

    func rules(_ findings: [FeedbackLintFinding]) -> [String] { findings.map(\.rule) }

    @Test func cleanPatternHasNoFindings() {
        #expect(FeedbackLint.lint(Pattern(events: [tap(0), tap(0.05), buzz(0.1, 0.2)])).isEmpty)
    }

    @Test func fusingTransients() {
        let findings = FeedbackLint.lint(Pattern(events: [tap(0), tap(0.012), tap(0.2), tap(0.2)]))
        #expect(rules(findings) == ["transient-fusion", "transient-fusion"])
        #expect(findings[0].location == "Pattern[1]")
        #expect(findings[0].message.contains("12 ms"))
        #expect(findings[0].guideline == .twoPulseFusion)
        #expect(findings[0].severity == .warning)
        #expect(FeedbackLint.lint(Pattern(events: [tap(0), tap(0.025)])).isEmpty, "25 ms is enough")
    }

    @Test func longContinuousInAppContext() {
        let findings = FeedbackLint.lint(Pattern(events: [buzz(0, 4)]))
        #expect(rules(findings) == ["continuous-too-long", "long-feedback"])
        #expect(findings[0].guideline == .preferShort)
        #expect(findings[1].severity == .note)
        var game = FeedbackLint.Configuration()
        game.longContinuousDuration = 10
        game.discreteFeedbackDuration = 10
        #expect(FeedbackLint.lint(Pattern(events: [buzz(0, 4)]), configuration: game).isEmpty)
    }

    @Test func clippingWhenOverlapsSumPastOne() {
        let findings = FeedbackLint.lint(Pattern(events: [buzz(0, 0.3, 0.7), tap(0.1, 0.6), tap(0.2, 0.2)]))
        #expect(rules(findings) == ["clipping"])
        #expect(findings[0].location == "Pattern[1]")
        #expect(findings[0].message.contains("1.3"))
        #expect(findings[0].guideline == .intensityRange)
        // Stacked transients at the same time clip too (and fuse).
        #expect(Set(rules(FeedbackLint.lint(Pattern(events: [tap(0, 0.8), tap(0, 0.8)])))) == ["clipping", "transient-fusion"])
        #expect(FeedbackLint.lint(Pattern(events: [buzz(0, 0.3, 0.5), tap(0.1, 0.5)])).isEmpty, "exactly 1 is fine")
    }

    @Test func eventsBeyondThirtySeconds() {
        let findings = FeedbackLint.lint(Pattern(events: [tap(31), buzz(0, 35, 0.2), buzz(29, 2, 0.2)]))
        let limit = findings.filter { $0.rule == "beyond-time-limit" }
        #expect(limit.count == 3, "\(findings)")  // starts past 30; cut to 30 s; ends past 30
        #expect(limit.allSatisfy { $0.guideline == .thirtySecondLimit })
    }

    @Test func oppositeOutcomesAndMeaningMismatch() throws {
        let log = try TriggerLogEntry.parse(
            jsonLines: """
                {"time": 0, "feedback": "success", "outcome": "saved"}
                {"time": 5, "feedback": "success", "outcome": "upload failed"}
                {"time": 9, "feedback": "warning", "outcome": "low battery"}
                {"time": 12, "feedback": "failure", "outcome": "payment accepted"}

                """)
        #expect(log.count == 4)
        #expect(log[3].line == 4)
        let findings = FeedbackLint.lint(log: log)
        #expect(rules(findings) == ["opposite-outcomes", "meaning-mismatch", "meaning-mismatch"])
        #expect(findings[0].location == "line 2")
        #expect(findings[0].guideline == .consistency)
        #expect(findings[1].guideline == .documentedMeanings)
        #expect(findings[2].message.contains("\"error\""), "failure is the watch's name for error")
    }

    @Test func tiresomeRates() {
        let burst = (0..<20).map { TriggerLogEntry(time: Double($0) * 0.04, feedback: "selection", line: $0 + 1) }
        let findings = FeedbackLint.lint(log: burst)
        #expect(rules(findings) == ["tiresome-rate"])
        #expect(findings[0].guideline == .segregation)
        #expect(findings[0].location == "line 13")

        let steady = (0..<90).map { TriggerLogEntry(time: Double($0) * 0.5, feedback: "impact") }
        let sustained = FeedbackLint.lint(log: steady)
        #expect(rules(sustained) == ["tiresome-rate"])
        #expect(sustained[0].guideline == .avoidOverusing)

        let calm = (0..<30).map { TriggerLogEntry(time: Double($0) * 2.5, feedback: "success", outcome: "sent") }
        #expect(FeedbackLint.lint(log: calm).isEmpty)
    }

    @Test func unknownAndClashingFeedback() {
        let findings = FeedbackLint.lint(log: [
            TriggerLogEntry(time: 0, feedback: "kaboom", line: 1),
            TriggerLogEntry(time: 1, feedback: "success", line: 2),
            TriggerLogEntry(time: 1.01, feedback: "impact-heavy", line: 3),
        ])
        #expect(rules(findings) == ["unknown-feedback", "clashing-feedback"])
        #expect(findings[0].severity == .error)
        #expect(findings[1].severity == .note)
    }

    @Test func logParseErrorsNameTheLine() {
        #expect(throws: TriggerLogError.self) {
            try TriggerLogEntry.parse(jsonLines: "{\"time\": 1, \"feedback\": \"success\"}\n{\"time\": \"soon\"}")
        }
        do {
            _ = try TriggerLogEntry.parse(jsonLines: "\n{\"feedback\": \"success\"}")
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 2)
            #expect(error.message.contains("time"))
        }
    }

    @Test func logLinesRoundTrip() throws {
        let entry = TriggerLogEntry(time: 1.5, feedback: "error", outcome: "declined", intensity: 0.5, source: "Pay")
        let line = entry.jsonLine()
        #expect(line == #"{"feedback":"error","intensity":0.5,"outcome":"declined","source":"Pay","time":1.5}"#)
        var parsed = try TriggerLogEntry.parse(jsonLines: line)[0]
        #expect(parsed.line == 1)
        parsed.line = nil
        #expect(parsed == entry)
    }

    @Test func findingsDescribeThemselves() {
        let finding = FeedbackLint.lint(Pattern(events: [tap(0), tap(0.01)]))[0]
        #expect(finding.description.hasPrefix("warning: [transient-fusion] Pattern[1]: "))
        #expect(finding.description.contains("Petrosino"))
        typealias Severity = FeedbackLintFinding.Severity
        #expect(Severity.note < Severity.warning && Severity.warning < Severity.error)
    }
}

@Suite struct TriggerLogRecordingTests {
    /// The center's trigger log feeds `FeedbackLint` directly: a flurry of ticks is both thinned and flagged.
    @Test func centerLogIsLintable() throws {
        let rig = RecordingRig()
        let lines = LineCollector()
        rig.center.setTriggerLog { lines.append($0.jsonLine()) }
        rig.run {
            let generator = UISelectionFeedbackGenerator()
            for _ in 0..<30 {
                generator.selectionChanged()
                rig.clock.advance(by: 0.02)
            }
        }
        rig.clock.advance(by: 1)
        rig.center.play(.success, outcome: "upload failed")
        rig.center.setTriggerLog(nil)
        rig.center.play(.error)

        let entries = try TriggerLogEntry.parse(jsonLines: lines.text)
        #expect(entries.count == 31)
        #expect(entries.filter { $0.decision == "played" }.count == rig.output.plays.count - 1, "the last play was not logged")
        #expect(entries.contains { $0.decision == "coalesced" })
        #expect(entries.last?.outcome == "upload failed")
        let rules = Set(FeedbackLint.lint(log: entries).map(\.rule))
        #expect(rules == ["tiresome-rate", "meaning-mismatch"])
    }
}

final class LineCollector: Sendable {
    private let lines = LockedState<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var text: String { lines.withLock { $0.joined(separator: "\n") } }
}

/// The fusion and clipping rules tell deliberate designs (compound taps, textures, accents on a continuous event)
/// from mistakes (two like taps meant to be felt twice, long overlaps).
@Suite struct FeedbackLintThresholdTests {
    static func tap(_ time: Double, intensity: Float = 0.8, sharpness: Float = 0.5) -> Event {
        Event(
            type: .hapticTransient, time: time,
            parameters: [
                EventParameter(.hapticIntensity, intensity), EventParameter(.hapticSharpness, sharpness),
            ])
    }

    @Test func aTextureIsOneNoteAndLikeTapsAreAWarning() {
        let texture = Pattern(events: (0..<8).map { Self.tap(Double($0) * 0.02) })
        let findings = FeedbackLint.lint(texture).filter { $0.rule == "transient-fusion" }
        #expect(findings.count == 1 && findings[0].severity == .note && findings[0].message.hasPrefix("8 transients"))
        let like = FeedbackLint.lint(Pattern(events: [Self.tap(0), Self.tap(0.015)])).filter { $0.rule == "transient-fusion" }
        #expect(like.map(\.severity) == [.warning])
        let compound = FeedbackLint.lint(Pattern(events: [Self.tap(0, intensity: 1), Self.tap(0.013, intensity: 0.5)]))
            .filter { $0.rule == "transient-fusion" }
        #expect(compound.map(\.severity) == [.note])
    }

    @Test func onlyLongClippedOverlapsAreWarnings() {
        let accent = Pattern(events: [
            Event(type: .hapticContinuous, time: 0, duration: 0.5, parameters: [EventParameter(.hapticIntensity, 0.9)]),
            Self.tap(0.1),
        ])
        #expect(FeedbackLint.lint(accent).filter { $0.rule == "clipping" }.map(\.severity) == [.note])
        let layered = Pattern(events: [
            Event(type: .hapticContinuous, time: 0, duration: 0.5, parameters: [EventParameter(.hapticIntensity, 0.9)]),
            Event(type: .hapticContinuous, time: 0.1, duration: 0.3, parameters: [EventParameter(.hapticIntensity, 0.6)]),
        ])
        #expect(FeedbackLint.lint(layered).filter { $0.rule == "clipping" }.map(\.severity) == [.warning])
        var off = FeedbackLint.Configuration()
        off.disabledRules = ["clipping"]
        #expect(FeedbackLint.lint(layered, configuration: off).allSatisfy { $0.rule != "clipping" })
    }
}
