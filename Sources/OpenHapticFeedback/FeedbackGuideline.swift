/// The guideline or finding a lint rule comes from: Apple's Human Interface Guidelines, Core Haptics'
/// documented limits, or published perception research (cited by title and DOI, so a reader can find it).
///
///     print(FeedbackGuideline.avoidOverusing)   // HIG › Playing haptics › Avoid overusing haptics (https://…)
///
/// Thread safety: a value type.
public struct FeedbackGuideline: Sendable, Hashable, CustomStringConvertible {
    /// The guideline's title, as a path: "HIG › Playing haptics › Use haptics consistently".
    public var title: String
    /// Where to read it: a URL or a citation.
    public var source: String

    /// Creates a guideline reference.
    ///
    /// - Parameters:
    ///   - title: the title.
    ///   - source: a URL or citation.
    public init(title: String, source: String) {
        self.title = title
        self.source = source
    }

    /// `title (source)`.
    public var description: String { "\(title) (\(source))" }

    private static let hig = "https://developer.apple.com/design/human-interface-guidelines/playing-haptics"

    /// HIG: use the system's feedback according to its documented meaning.
    public static let documentedMeanings = FeedbackGuideline(
        title: "HIG › Playing haptics › Use system-provided haptic patterns according to their documented meanings",
        source: hig)
    /// HIG: use haptics consistently, one feel per meaning.
    public static let consistency = FeedbackGuideline(
        title: "HIG › Playing haptics › Use haptics consistently", source: hig)
    /// HIG: haptics that are fine now and then become tiresome when frequent.
    public static let avoidOverusing = FeedbackGuideline(
        title: "HIG › Playing haptics › Avoid overusing haptics", source: hig)
    /// HIG: discrete events call for short haptics; long ones are for sustained experiences.
    public static let preferShort = FeedbackGuideline(
        title: "HIG › Playing haptics › Prefer short haptics for discrete events", source: hig)
    /// Core Haptics: a continuous event lasts at most 30 s; longer ones are cut short silently.
    public static let thirtySecondLimit = FeedbackGuideline(
        title: "Core Haptics › CHHapticEvent duration: continuous events are limited to 30 s",
        source: "https://developer.apple.com/documentation/corehaptics/chhapticevent/duration")
    /// Core Haptics: intensity is 0 … 1; overlapping events that sum past 1 are clamped, flattening the design.
    public static let intensityRange = FeedbackGuideline(
        title: "Core Haptics › HapticIntensity is 0 … 1; overlapping events that sum past 1 clip",
        source: "https://developer.apple.com/documentation/corehaptics/chhapticevent/parameterid/hapticintensity")
    /// Perception: two brief pulses less than about 25 ms apart are felt as one.
    public static let twoPulseFusion = FeedbackGuideline(
        title: "Perception › Two-pulse fusion threshold ≈ 25 ms",
        source:
            "Petrosino & Fucci, \"Temporal resolution of successive brief stimuli for the tongue and hand\", Bull. Psychonomic Soc. 22(3):208–210, 1984, DOI 10.3758/BF03333807"
    )
    /// Perception: pulses closer than about 80–90 ms stream into a buzz instead of separate events.
    public static let segregation = FeedbackGuideline(
        title: "Perception › Pulses closer than 80–90 ms (faster than ~12 per second) stop feeling separate",
        source:
            "Jurado et al., \"Critical Repetition Rates for Perceptual Segregation…\", Timing & Time Perception 2021, DOI 10.1163/22134468-bja10043"
    )
}
