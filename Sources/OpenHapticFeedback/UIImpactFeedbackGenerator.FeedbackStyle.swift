extension UIImpactFeedbackGenerator {
    /// The weight or material of an impact, with UIKit's raw values.
    ///
    /// | Style | Raw | Pattern | Feel |
    /// |---|---|---|---|
    /// | light | 0 | `impact-light` | one tap, intensity 0.50, sharpness 0.43 |
    /// | medium | 1 | `impact-medium` | one tap, intensity 0.70, sharpness 0.43 |
    /// | heavy | 2 | `impact-heavy` | one tap, intensity 1.00, sharpness 0.57 |
    /// | soft | 3 | `impact-soft` | one dull tap, intensity 0.79, sharpness 0 |
    /// | rigid | 4 | `impact-rigid` | one crisp tap, intensity 0.63, sharpness 1 |
    public enum FeedbackStyle: Int, Sendable, Hashable, CaseIterable {
        /// A small, light object.
        case light = 0
        /// A medium object.
        case medium = 1
        /// A large, heavy object.
        case heavy = 2
        /// A soft, flexible object: a dull tap.
        case soft = 3
        /// A hard, inflexible object: a crisp tap.
        case rigid = 4

        /// The library pattern the style plays.
        var patternName: String {
            switch self {
            case .light: "impact-light"
            case .medium: "impact-medium"
            case .heavy: "impact-heavy"
            case .soft: "impact-soft"
            case .rigid: "impact-rigid"
            }
        }
    }
}
