/// SwiftUI's feedback vocabulary: the values you pass to `.sensoryFeedback(_:trigger:)`, with Apple's names.
///
/// Each value plays one pattern from the ``FeedbackLibrary``; the `impact` factories also carry an intensity.
/// Play a value directly with ``FeedbackCenter/play(_:outcome:)``, or let a ``SensoryFeedbackTrigger``
/// or ``ObservedSensoryFeedback`` play it when a value changes — the framework-neutral forms of SwiftUI's
/// `.sensoryFeedback` modifiers.
///
///     FeedbackCenter.current.play(.success)
///     FeedbackCenter.current.play(.impact(weight: .heavy, intensity: 0.8))
///
/// | Value | Library pattern |
/// |---|---|
/// | `success`, `warning`, `error` | `success`, `warning`, `error` |
/// | `selection` | `selection` |
/// | `increase`, `decrease` | `increase`, `decrease` |
/// | `start`, `stop` | `start`, `stop` |
/// | `alignment`, `levelChange`, `pathComplete` | `alignment`, `level-change`, `path-complete` |
/// | `impact`, `impact(weight: .medium)` | `impact-medium` |
/// | `impact(weight: .light / .heavy)` | `impact-light` / `impact-heavy` |
/// | `impact(flexibility: .rigid / .solid / .soft)` | `impact-rigid` / `impact-solid` / `impact-soft` |
/// | `press(_:)`, `release(_:)`, `selection(_:)` (SwiftUI 26) | one pattern per control: ``PressFeedback``, ``ReleaseFeedback``, ``SelectionFeedback`` |
///
/// - Note: Apple plays some values only on some platforms (`start`/`stop` on watchOS, `levelChange` on macOS,
///   `alignment` on iOS and macOS, …). Here every value plays on every device, because a Linux machine may drive
///   a controller, a phone motor or a voice coil alike.
///
/// Thread safety: a value type.
public struct SensoryFeedback: Sendable, Hashable, CustomStringConvertible {
    /// The library pattern this value plays.
    let patternName: String
    /// The intensity it plays with, 0 … 1.
    let intensity: Double

    /// A value that plays the library pattern `patternName` at `intensity` (clamped to 0 … 1; NaN plays at 1).
    init(_ patternName: String, intensity: Double = 1) {
        self.patternName = patternName
        self.intensity = intensity.isNaN ? 1 : Swift.min(Swift.max(intensity, 0), 1)
    }

    /// A task completed successfully.
    public static let success = SensoryFeedback("success")
    /// A task produced a warning.
    public static let warning = SensoryFeedback("warning")
    /// An error occurred.
    public static let error = SensoryFeedback("error")
    /// The selection changed (a picker, a segmented control).
    public static let selection = SensoryFeedback("selection")
    /// A value increased past a significant point.
    public static let increase = SensoryFeedback("increase")
    /// A value decreased past a significant point.
    public static let decrease = SensoryFeedback("decrease")
    /// An activity started.
    public static let start = SensoryFeedback("start")
    /// An activity stopped.
    public static let stop = SensoryFeedback("stop")
    /// A dragged item lined up with something (a guide, another item).
    public static let alignment = SensoryFeedback("alignment")
    /// A pressure or value level changed (Force Touch style).
    public static let levelChange = SensoryFeedback("level-change")
    /// A drawn path was completed.
    public static let pathComplete = SensoryFeedback("path-complete")
    /// A physical impact of medium weight.
    public static let impact = SensoryFeedback("impact-medium")

    /// A physical impact of the given weight.
    ///
    ///     FeedbackCenter.current.play(.impact(weight: .light, intensity: 0.5))
    ///
    /// - Parameters:
    ///   - weight: light, medium or heavy.
    ///   - intensity: 0 … 1 (clamped); multiplies the pattern's strength.
    /// - Returns: the feedback.
    public static func impact(weight: SensoryFeedback.Weight = .medium, intensity: Double = 1.0) -> SensoryFeedback {
        SensoryFeedback(weight.patternName, intensity: intensity)
    }

    /// A physical impact between objects of the given flexibility.
    ///
    ///     FeedbackCenter.current.play(.impact(flexibility: .rigid))
    ///
    /// - Parameters:
    ///   - flexibility: rigid (crisp), solid or soft (dull).
    ///   - intensity: 0 … 1 (clamped); multiplies the pattern's strength.
    /// - Returns: the feedback.
    public static func impact(flexibility: SensoryFeedback.Flexibility, intensity: Double = 1.0) -> SensoryFeedback {
        SensoryFeedback(flexibility.patternName, intensity: intensity)
    }

    /// A physical impact of the given weight: `.impact(.light)`, `.impact(.medium)`, `.impact(.heavy)`.
    ///
    /// A convenience beyond SwiftUI, which spells this `.impact(weight: .light)`; sample code often writes the short
    /// form, so both compile here (see "Differences from Apple's frameworks" in this module's documentation).
    ///
    /// - Parameters:
    ///   - weight: light, medium or heavy.
    ///   - intensity: 0 … 1 (clamped); multiplies the pattern's strength.
    /// - Returns: the same value as ``impact(weight:intensity:)``.
    public static func impact(_ weight: SensoryFeedback.Weight, intensity: Double = 1.0) -> SensoryFeedback {
        impact(weight: weight, intensity: intensity)
    }

    /// A physical impact between objects of the given flexibility: `.impact(.rigid)`, `.impact(.solid)`,
    /// `.impact(.soft)`.
    ///
    /// A convenience beyond SwiftUI, which spells this `.impact(flexibility: .rigid)`; sample code often writes the
    /// short form (it mirrors UIKit's `UIImpactFeedbackGenerator.FeedbackStyle`), so both compile here.
    ///
    /// - Parameters:
    ///   - flexibility: rigid (crisp), solid or soft (dull).
    ///   - intensity: 0 … 1 (clamped); multiplies the pattern's strength.
    /// - Returns: the same value as ``impact(flexibility:intensity:)``.
    public static func impact(_ flexibility: SensoryFeedback.Flexibility, intensity: Double = 1.0) -> SensoryFeedback {
        impact(flexibility: flexibility, intensity: intensity)
    }

    /// The library effect this value plays.
    public var effect: FeedbackEffect {
        guard let effect = FeedbackLibrary.effect(named: patternName) else {
            fatalError("Internal inconsistency: no library pattern named \(patternName)")
        }
        return effect
    }

    /// The library pattern's name, and the intensity when it is not 1: `"success"`, `"impact-heavy@0.5"`.
    public var description: String {
        intensity == 1 ? patternName : "\(patternName)@\(intensity)"
    }
}
