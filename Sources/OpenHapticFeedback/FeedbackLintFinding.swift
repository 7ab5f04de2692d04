/// One problem ``FeedbackLint`` found, with the guideline it comes from.
///
///     for finding in FeedbackLint.lint(pattern) { print(finding) }
///     // warning: [transient-fusion] Pattern[1]: transients 12 ms apart fuse into one tap … (Perception › …)
///
/// Thread safety: a value type.
public struct FeedbackLintFinding: Sendable, Hashable, CustomStringConvertible {
    /// A stable identifier of the rule, such as `transient-fusion` or `opposite-outcomes`.
    public var rule: String
    /// How serious it is.
    public var severity: Severity
    /// What is wrong and what to do.
    public var message: String
    /// The guideline the rule comes from.
    public var guideline: FeedbackGuideline
    /// Where: `Pattern[3]` for a pattern entry, `line 12` for a trigger log line.
    public var location: String
    /// The pattern entry index (0-based) or log line (1-based) the finding points at, if any.
    public var index: Int?

    /// Creates a finding.
    ///
    /// - Parameters:
    ///   - rule: the rule identifier.
    ///   - severity: note, warning or error.
    ///   - message: the explanation.
    ///   - guideline: the source of the rule.
    ///   - location: a human-readable location.
    ///   - index: the entry index or line number.
    public init(
        rule: String, severity: Severity, message: String, guideline: FeedbackGuideline, location: String,
        index: Int? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.guideline = guideline
        self.location = location
        self.index = index
    }

    /// `severity: [rule] location: message (guideline)`.
    public var description: String {
        "\(severity.rawValue): [\(rule)] \(location): \(message) (\(guideline.title); \(guideline.source))"
    }
}
