extension NSHapticFeedbackManager {
    /// The macOS feedback patterns, with AppKit's raw values.
    ///
    /// | Pattern | Raw | Library pattern |
    /// |---|---|---|
    /// | generic | 0 | `generic`: one neutral tap |
    /// | alignment | 1 | `alignment`: one snappy tap |
    /// | levelChange | 2 | `level-change`: one firm, deep tap |
    public enum FeedbackPattern: Int, Sendable, Hashable, CaseIterable {
        /// Feedback with no particular meaning.
        case generic = 0
        /// Something lined up (a guide, an edge).
        case alignment = 1
        /// A pressure or value level changed.
        case levelChange = 2

        /// The library pattern played.
        var patternName: String {
            switch self {
            case .generic: "generic"
            case .alignment: "alignment"
            case .levelChange: "level-change"
            }
        }
    }
}
