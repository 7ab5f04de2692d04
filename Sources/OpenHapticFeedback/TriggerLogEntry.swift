import Foundation

/// One line of a trigger log: a feedback an app played (or asked to play), when, and what happened in the app.
///
/// **The trigger-log format** is JSON Lines: one JSON object per line, blank lines ignored.
///
///     {"time": 12.050, "feedback": "success", "outcome": "saved"}
///     {"time": 12.930, "feedback": "error", "outcome": "upload failed", "source": "UploadButton"}
///     {"time": 13.001, "feedback": "selection", "intensity": 0.8}
///
/// | Key | Type | Required | Meaning |
/// |---|---|---|---|
/// | `time` | number | yes | seconds on any clock that does not jump (only differences matter) |
/// | `feedback` | string | yes | a library name (`success`, `impact-heavy`) or an Apple name (`levelChange`, `directionUp`, `failure`) |
/// | `outcome` | string | no | what happened in the app, in words (`saved`, `payment declined`) |
/// | `intensity` | number | no | 0 … 1 |
/// | `source` | string | no | the control or screen that triggered it |
/// | `decision` | string | no | what the ``FeedbackCenter`` did: `played`, `disabled`, `silent`, `coalesced`, `rateLimited` |
///
/// Unknown keys are ignored. ``FeedbackLint/lint(log:configuration:)`` checks a log against the HIG.
///
/// Thread safety: a value type.
public struct TriggerLogEntry: Sendable, Hashable, Codable {
    /// Seconds.
    public var time: Double
    /// The feedback name as written.
    public var feedback: String
    /// What happened in the app, if recorded.
    public var outcome: String?
    /// The intensity, if recorded.
    public var intensity: Double?
    /// The triggering control or screen, if recorded.
    public var source: String?
    /// The center's ``FeedbackDecision`` raw value, in logs written by ``FeedbackCenter/setTriggerLog(_:)``.
    public var decision: String?
    /// The 1-based line the entry was read from (not encoded).
    public var line: Int?

    private enum CodingKeys: String, CodingKey {
        case time, feedback, outcome, intensity, source, decision
    }

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - time: seconds.
    ///   - feedback: the feedback name.
    ///   - outcome: what happened.
    ///   - intensity: 0 … 1.
    ///   - source: the triggering control.
    ///   - decision: the center's decision.
    ///   - line: the line it came from.
    public init(
        time: Double, feedback: String, outcome: String? = nil, intensity: Double? = nil, source: String? = nil,
        decision: String? = nil, line: Int? = nil
    ) {
        self.time = time
        self.feedback = feedback
        self.outcome = outcome
        self.intensity = intensity
        self.source = source
        self.decision = decision
        self.line = line
    }

    /// Reads a JSON Lines trigger log.
    ///
    ///     let entries = try TriggerLogEntry.parse(jsonLines: String(contentsOfFile: "triggers.jsonl"))
    ///
    /// - Parameter text: the log.
    /// - Returns: the entries in file order, each with its ``line``.
    /// - Throws: ``TriggerLogError`` naming the first line that is not an object with a numeric `time` and a
    ///   string `feedback`.
    public static func parse(jsonLines text: String) throws(TriggerLogError) -> [TriggerLogEntry] {
        var entries: [TriggerLogEntry] = []
        let decoder = JSONDecoder()
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            do {
                var entry = try decoder.decode(TriggerLogEntry.self, from: Data(line.utf8))
                guard entry.time.isFinite else { throw TriggerLogError(line: offset + 1, message: "time is not finite") }
                entry.line = offset + 1
                entries.append(entry)
            } catch let error as TriggerLogError {
                throw error
            } catch {
                throw TriggerLogError(
                    line: offset + 1,
                    message: "expected a JSON object with a numeric \"time\" and a string \"feedback\" (\(Self.describe(error)))")
            }
        }
        return entries
    }

    /// The log line for this entry (keys in a fixed order, no trailing newline).
    ///
    /// - Returns: one line of JSON.
    public func jsonLine() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self), let text = String(data: data, encoding: .utf8) else { return "{}" }
        return text
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context): "wrong type at \"\(context.codingPath.map(\.stringValue).joined(separator: "."))\""
        case DecodingError.valueNotFound(_, let context): "null at \"\(context.codingPath.map(\.stringValue).joined(separator: "."))\""
        case DecodingError.dataCorrupted: "not valid JSON"
        default: "\(error)"
        }
    }
}
