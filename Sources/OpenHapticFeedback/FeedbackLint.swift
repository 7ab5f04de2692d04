import HapticPattern

/// HIG lint for haptics: checks patterns and trigger logs against Apple's Human Interface Guidelines, Core
/// Haptics' limits and the perception research, and names the guideline behind every finding.
///
/// Pure functions over values: no files, no clocks, no output. `haptic lint <file|log>` is the command-line
/// front end.
///
/// **Pattern rules**
///
/// | Rule | Severity | Flags |
/// |---|---|---|
/// | `continuous-too-long` | warning | a continuous haptic event longer than 3 s (in app context) |
/// | `transient-fusion` | warning | two like transients (intensity and sharpness within 0.1) less than 25 ms apart: meant as two taps, felt as one |
/// | `transient-fusion` | note | unlike transients less than 25 ms apart (a compound tap), or a run of three or more (a texture): one note per run |
/// | `clipping` | warning | overlapping haptic events whose intensities sum past 1 for 50 ms or more (the sum is clamped) |
/// | `clipping` | note | a shorter clipped overlap, such as a transient on a continuous event (its accent is lost) |
/// | `beyond-time-limit` | warning | events starting or ending past 30 s, continuous durations over 30 s (cut silently) |
/// | `long-feedback` | note | a pattern longer than 1 s (too long for a discrete event) |
///
/// **Trigger-log rules** (see ``TriggerLogEntry`` for the log format)
///
/// | Rule | Severity | Flags |
/// |---|---|---|
/// | `unknown-feedback` | error | a name that is neither a library name nor an Apple feedback name |
/// | `opposite-outcomes` | warning | one feedback used for both positive and negative outcomes |
/// | `meaning-mismatch` | warning | `success` for a failure, `error` for a success |
/// | `tiresome-rate` | warning | more than 12 feedbacks within 1 s, or more than 60 within 60 s |
/// | `clashing-feedback` | note | two different feedbacks less than 25 ms apart (felt as one) |
///
///     let findings = FeedbackLint.lint(try AHAPReader.read(text).pattern)
///     let logFindings = FeedbackLint.lint(log: try TriggerLogEntry.parse(jsonLines: log))
///
/// Rules can be switched off (``Configuration/disabledRules``; `haptic lint --disable rule`), and the thresholds
/// are set so that deliberate designs — Apple's own samples use compound taps, textures and transients on
/// continuous events — are notes, not warnings.
///
/// Thread safety: pure; call from any thread.
public enum FeedbackLint {
    // MARK: Patterns

    /// Checks a pattern.
    ///
    /// - Parameters:
    ///   - pattern: the pattern.
    ///   - audioDurations: the length in seconds of each custom-audio resource (as the loader decoded them), so the
    ///     pattern's length counts its sounds as `haptic info` and playback do; resources missing here count as 0.
    ///   - configuration: the thresholds.
    /// - Returns: the findings in entry order (pattern-wide findings last).
    public static func lint(
        _ pattern: Pattern, audioDurations: [WaveformSource: Double] = [:], configuration: Configuration = Configuration()
    ) -> [FeedbackLintFinding] {
        var findings: [FeedbackLintFinding] = []
        let events: [(index: Int, event: Event)] = pattern.entries.enumerated().compactMap { index, entry in
            if case .event(let event) = entry { return (index, event) }
            return nil
        }
        func at(_ index: Int) -> String { "Pattern[\(index)]" }

        for (index, event) in events
        where event.type == .hapticContinuous
            && event.playbackDuration > configuration.longContinuousDuration
        {
            findings.append(
                FeedbackLintFinding(
                    rule: "continuous-too-long", severity: .warning,
                    message:
                        "a continuous haptic lasting \(seconds(event.playbackDuration)) is long for app feedback (limit \(seconds(configuration.longContinuousDuration))); shorten it or make it a sequence of short haptics",
                    guideline: .preferShort, location: at(index), index: index))
        }

        for (index, event) in events {
            if event.type.isContinuous && event.duration > PatternLimits.continuousEventMaximumDuration {
                findings.append(
                    FeedbackLintFinding(
                        rule: "beyond-time-limit", severity: .warning,
                        message:
                            "a continuous event of \(seconds(event.duration)) is cut to \(seconds(PatternLimits.continuousEventMaximumDuration)) without an error",
                        guideline: .thirtySecondLimit, location: at(index), index: index))
            }
            if event.time > configuration.maximumTime {
                findings.append(
                    FeedbackLintFinding(
                        rule: "beyond-time-limit", severity: .warning,
                        message: "the event starts at \(seconds(event.time)), past \(seconds(configuration.maximumTime))",
                        guideline: .thirtySecondLimit, location: at(index), index: index))
            } else if event.time + event.fullDuration > configuration.maximumTime {
                findings.append(
                    FeedbackLintFinding(
                        rule: "beyond-time-limit", severity: .warning,
                        message:
                            "the event ends at \(seconds(event.time + event.fullDuration)), past \(seconds(configuration.maximumTime))",
                        guideline: .thirtySecondLimit, location: at(index), index: index))
            }
        }

        findings += fusion(events, configuration: configuration, at: at)
        findings += clipping(events, configuration: configuration, at: at)

        let duration = pattern.duration(audioDurations: audioDurations)
        if duration > configuration.discreteFeedbackDuration {
            findings.append(
                FeedbackLintFinding(
                    rule: "long-feedback", severity: .note,
                    message:
                        "the pattern lasts \(seconds(duration)); feedback for a discrete event should be short (under \(seconds(configuration.discreteFeedbackDuration)))",
                    guideline: .preferShort, location: "Pattern", index: nil))
        }
        return inEntryOrder(findings.filter { !configuration.disabledRules.contains($0.rule) })
    }

    /// Transients closer than the fusion interval, grouped into runs: a pair of like taps is a warning (meant as two,
    /// felt as one); a pair of unlike taps (a compound tap, like Apple's heartbeat) or a run of three or more (a
    /// texture) is one note per run.
    private static func fusion(
        _ events: [(index: Int, event: Event)], configuration: Configuration, at: (Int) -> String
    ) -> [FeedbackLintFinding] {
        let transients = events.filter { $0.event.type == .hapticTransient }.sorted { $0.event.time < $1.event.time }
        var runs: [[(index: Int, event: Event)]] = []
        for transient in transients {
            if let last = runs.last?.last, transient.event.time - last.event.time < configuration.fusionInterval {
                runs[runs.count - 1].append(transient)
            } else {
                runs.append([transient])
            }
        }
        var findings: [FeedbackLintFinding] = []
        for run in runs where run.count > 1 {
            let (a, b) = (run[0], run[1])
            let gap = b.event.time - a.event.time
            if run.count == 2 {
                let alike =
                    abs(a.event.value(of: .hapticIntensity) - b.event.value(of: .hapticIntensity)) <= 0.1
                    && abs(a.event.value(of: .hapticSharpness) - b.event.value(of: .hapticSharpness)) <= 0.1
                findings.append(
                    FeedbackLintFinding(
                        rule: "transient-fusion", severity: alike ? .warning : .note,
                        message: alike
                            ? "this transient starts \(milliseconds(gap)) after \(at(a.index)), which is just like it; taps closer than \(milliseconds(configuration.fusionInterval)) are felt as one, so space them further apart or merge them into one stronger tap"
                            : "this transient starts \(milliseconds(gap)) after \(at(a.index)); the two are felt as one compound tap (fine if that is the intent)",
                        guideline: .twoPulseFusion, location: at(b.index), index: b.index))
            } else {
                let span = run[run.count - 1].event.time - a.event.time
                findings.append(
                    FeedbackLintFinding(
                        rule: "transient-fusion", severity: .note,
                        message:
                            "\(run.count) transients within \(milliseconds(span)), each less than \(milliseconds(configuration.fusionInterval)) after the one before, are felt as a texture, not as separate taps (fine if that is the intent)",
                        guideline: .twoPulseFusion, location: at(a.index), index: a.index))
            }
        }
        return findings
    }

    /// Findings sorted by entry (stable; pattern-wide findings last).
    private static func inEntryOrder(_ findings: [FeedbackLintFinding]) -> [FeedbackLintFinding] {
        findings.enumerated().sorted { a, b in
            let (x, y) = (a.element.index ?? Int.max, b.element.index ?? Int.max)
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
    }

    /// Haptic events that overlap with summed intensity above 1, one finding per overlapping group.
    private static func clipping(
        _ events: [(index: Int, event: Event)], configuration: Configuration, at: (Int) -> String
    ) -> [FeedbackLintFinding] {
        // Spans as the renderer plays them: a transient is a 10–20 ms pulse (shorter when sharper).
        let spans: [(index: Int, start: Double, end: Double, level: Float)] = events.compactMap { index, event in
            guard event.type.isHaptic else { return nil }
            let length =
                event.type == .hapticTransient
                ? 0.020 - 0.010 * Double(event.value(of: .hapticSharpness)) : event.fullDuration
            guard length > 0 else { return nil }
            return (index, event.time, event.time + length, event.value(of: .hapticIntensity))
        }.sorted { $0.start < $1.start }
        var findings: [FeedbackLintFinding] = []
        var reportedUntil = -Double.infinity
        for span in spans where span.start >= reportedUntil {
            let active = spans.filter { $0.start <= span.start && span.start < $0.end }
            let sum = active.reduce(Float(0)) { $0 + $1.level }
            guard sum > 1.0001, active.count > 1 else { continue }
            let others = active.filter { $0.index != span.index }.map { at($0.index) }.joined(separator: ", ")
            // How long the overlap lasts: until the first of the overlapping events ends.
            let overlap = (active.map(\.end).min() ?? span.end) - span.start
            let long = overlap >= configuration.clippingWarningDuration
            findings.append(
                FeedbackLintFinding(
                    rule: "clipping", severity: long ? .warning : .note,
                    message:
                        "at \(seconds(span.start)) this event overlaps \(others) for \(milliseconds(overlap)) with a summed intensity of \((sum * 100).rounded() / 100), which is clamped to 1"
                        + (long
                            ? "; lower the intensities or separate the events" : " (a short overlap: the accent is lost, not the shape)"),
                    guideline: .intensityRange, location: at(span.index), index: span.index))
            reportedUntil = active.map(\.end).max() ?? span.end
        }
        return findings
    }

    // MARK: Trigger logs

    /// Checks a trigger log.
    ///
    /// - Parameters:
    ///   - log: the entries (any order; rate rules sort them by time).
    ///   - configuration: the thresholds.
    /// - Returns: the findings.
    public static func lint(log: [TriggerLogEntry], configuration: Configuration = Configuration()) -> [FeedbackLintFinding] {
        var findings: [FeedbackLintFinding] = []
        func at(_ entry: TriggerLogEntry) -> String { entry.line.map { "line \($0)" } ?? "t=\(entry.time)" }

        var known: [(entry: TriggerLogEntry, name: String)] = []
        for entry in log {
            if let name = FeedbackLibrary.canonicalName(for: entry.feedback) {
                known.append((entry, name))
            } else {
                findings.append(
                    FeedbackLintFinding(
                        rule: "unknown-feedback", severity: .error,
                        message:
                            "\"\(entry.feedback)\" is not a standard feedback (known: \(FeedbackLibrary.names.joined(separator: ", ")))",
                        guideline: .documentedMeanings, location: at(entry), index: entry.line))
            }
        }

        // Meanings: one feedback, opposite outcomes; and outcomes that contradict the feedback's meaning.
        var firstByPolarity: [String: [Int: TriggerLogEntry]] = [:]
        var reportedOpposite: Set<String> = []
        for (entry, name) in known {
            guard let outcome = entry.outcome else { continue }
            let polarity = Self.polarity(of: outcome)
            guard polarity != 0 else { continue }
            if firstByPolarity[name, default: [:]][polarity] == nil { firstByPolarity[name, default: [:]][polarity] = entry }
            if let other = firstByPolarity[name]?[-polarity], !reportedOpposite.contains(name) {
                reportedOpposite.insert(name)
                findings.append(
                    FeedbackLintFinding(
                        rule: "opposite-outcomes", severity: .warning,
                        message:
                            "\"\(name)\" is played for \"\(outcome)\" here and for the opposite outcome \"\(other.outcome ?? "")\" at \(at(other)); give each meaning its own feedback",
                        guideline: .consistency, location: at(entry), index: entry.line))
            }
            let expected: Int? = name == "success" ? 1 : (name == "error" ? -1 : nil)
            if let expected, expected != polarity {
                findings.append(
                    FeedbackLintFinding(
                        rule: "meaning-mismatch", severity: .warning,
                        message:
                            "\"\(name)\" means \(expected > 0 ? "success" : "failure"), but the outcome is \"\(outcome)\"; use \(expected > 0 ? "error (or warning)" : "success")",
                        guideline: .documentedMeanings, location: at(entry), index: entry.line))
            }
        }

        let sorted = known.map(\.entry).sorted { $0.time < $1.time }
        findings += rate(sorted, limit: configuration.burstLimit, window: configuration.burstWindow, at: at)
        findings += rate(sorted, limit: configuration.sustainedLimit, window: configuration.sustainedWindow, at: at)

        let named = known.sorted { $0.entry.time < $1.entry.time }
        for (a, b) in zip(named, named.dropFirst())
        where a.name != b.name
            && b.entry.time - a.entry.time < configuration.fusionInterval
        {
            findings.append(
                FeedbackLintFinding(
                    rule: "clashing-feedback", severity: .note,
                    message:
                        "\"\(b.name)\" starts \(milliseconds(b.entry.time - a.entry.time)) after \"\(a.name)\" (\(at(a.entry))); the two are felt as one muddled feedback, so play only the one that matters",
                    guideline: .twoPulseFusion, location: at(b.entry), index: b.entry.line))
        }
        return findings.filter { !configuration.disabledRules.contains($0.rule) }
    }

    /// One finding per stretch of the log where more than `limit` feedbacks fall within `window` seconds.
    private static func rate(
        _ entries: [TriggerLogEntry], limit: Int, window: Double, at: (TriggerLogEntry) -> String
    ) -> [FeedbackLintFinding] {
        guard limit > 0, window > 0 else { return [] }
        var findings: [FeedbackLintFinding] = []
        var start = 0
        var reportedUntil = -Double.infinity
        for end in entries.indices {
            while entries[end].time - entries[start].time >= window { start += 1 }
            let count = end - start + 1
            guard count > limit, entries[end].time >= reportedUntil else { continue }
            findings.append(
                FeedbackLintFinding(
                    rule: "tiresome-rate", severity: .warning,
                    message:
                        "\(count) feedbacks within \(seconds(window)) (from \(at(entries[start]))); more than \(limit) per \(seconds(window)) becomes tiresome and loses meaning — play feedback only for significant changes",
                    guideline: window <= 1 ? .segregation : .avoidOverusing, location: at(entries[end]), index: entries[end].line))
            reportedUntil = entries[start].time + window
        }
        return findings
    }

    /// +1 for outcomes that read as success, −1 for failure, 0 when unclear. Negative words win.
    static func polarity(of outcome: String) -> Int {
        let words = Set(outcome.lowercased().split { !$0.isLetter }.map(String.init))
        if !words.isDisjoint(with: negativeWords) { return -1 }
        if !words.isDisjoint(with: positiveWords) { return 1 }
        return 0
    }

    private static let positiveWords: Set<String> = [
        "success", "succeeded", "successful", "ok", "okay", "saved", "done", "complete", "completed", "passed",
        "accepted", "approved", "sent", "confirmed", "valid", "correct", "unlocked", "paid", "added", "uploaded",
        "downloaded", "connected", "won", "win", "solved", "finished", "delivered",
    ]
    private static let negativeWords: Set<String> = [
        "failure", "fail", "failed", "fails", "error", "errors", "denied", "rejected", "invalid", "incorrect",
        "wrong", "declined", "cancelled", "canceled", "timeout", "expired", "offline", "lost", "disconnected",
        "unauthorized", "forbidden", "not", "unable", "cannot", "crash", "crashed", "refused", "missing",
    ]

    private static func seconds(_ value: Double) -> String { durationText(value) }

    private static func milliseconds(_ value: Double) -> String {
        "\(Int((value * 1000).rounded())) ms"
    }
}
