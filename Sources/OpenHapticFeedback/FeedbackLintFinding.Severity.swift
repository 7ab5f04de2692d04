extension FeedbackLintFinding {
    /// How serious a finding is. `haptic lint` fails on warnings and errors, not on notes.
    public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable {
        /// Worth a look; often intentional.
        case note
        /// Likely to feel wrong or to break a guideline.
        case warning
        /// Will not play as written.
        case error

        /// Notes < warnings < errors.
        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            let order: [Severity] = [.note, .warning, .error]
            return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
        }
    }
}
