import HapticPattern
import OpenCoreHaptics

/// The standard feedback patterns: one short AHAP pattern per feedback, designed from the documented feel of
/// Apple's system feedback.
///
/// The patterns live as AHAP files in `Sources/OpenHapticFeedback/Library/` (check them with
/// `haptic validate` and `haptic lint`) and are embedded in the module, so they load without a resource bundle —
/// command-line tools copied anywhere still find them. A test keeps the embedded copy identical to the files.
///
///     let pattern = FeedbackLibrary.pattern(named: "success")!        // HapticPattern.Pattern
///     let chPattern = try FeedbackLibrary.hapticPattern(named: "error") // CHHapticPattern, for an engine
///     print(FeedbackLibrary.ahap(named: "selection")!)                // the AHAP text
///
/// See <doc:PatternLibrary> for each pattern's design.
///
/// Thread safety: immutable; call from any thread.
public enum FeedbackLibrary {
    /// The names of every library pattern, sorted.
    public static let names: [String] = embeddedAHAP.keys.sorted()

    /// Every library pattern, parsed once.
    static let effects: [String: FeedbackEffect] = {
        var result: [String: FeedbackEffect] = [:]
        for (name, text) in embeddedAHAP {
            do {
                let document = try AHAPReader.read(text, file: "\(name).ahap")
                result[name] = FeedbackEffect(name: name, pattern: document.pattern)
            } catch {
                // The test suite parses every file; a broken library pattern is a bug in this module.
                fatalError("Internal inconsistency: library pattern \(name).ahap does not parse: \(error)")
            }
        }
        return result
    }()

    /// The library pattern called `name`.
    ///
    ///     let tick = FeedbackLibrary.pattern(named: "selection")
    ///
    /// - Parameter name: a name from ``names``, for example `"success"` or `"impact-rigid"`.
    /// - Returns: the pattern, or `nil` for an unknown name.
    public static func pattern(named name: String) -> Pattern? {
        effects[name]?.pattern
    }

    /// The library effect called `name` (the pattern plus its name).
    ///
    /// - Parameter name: a name from ``names``.
    /// - Returns: the effect, or `nil` for an unknown name.
    public static func effect(named name: String) -> FeedbackEffect? {
        effects[name]
    }

    /// The AHAP text of the library pattern called `name`, exactly as shipped.
    ///
    ///     try FeedbackLibrary.ahap(named: "warning")!.write(toFile: "warning.ahap", atomically: true, encoding: .utf8)
    ///
    /// - Parameter name: a name from ``names``.
    /// - Returns: the text, or `nil` for an unknown name.
    public static func ahap(named name: String) -> String? {
        embeddedAHAP[name]
    }

    /// The library pattern called `name` as a `CHHapticPattern`, ready for `CHHapticEngine.makePlayer(with:)`.
    ///
    ///     let player = try engine.makePlayer(with: FeedbackLibrary.hapticPattern(named: "success"))
    ///
    /// - Parameter name: a name from ``names``.
    /// - Returns: the pattern.
    /// - Throws: `CHHapticError` with code `.fileNotFound` for an unknown name.
    public static func hapticPattern(named name: String) throws -> CHHapticPattern {
        guard let pattern = pattern(named: name) else {
            throw CHHapticError(.fileNotFound)
        }
        return CHHapticPattern(pattern: pattern)
    }

    /// The library name a feedback is known by, accepting Apple's spellings as well as the library's own:
    /// `"levelChange"` → `"level-change"`, `"directionUp"` → `"increase"`, `"failure"` → `"error"`,
    /// `"impact"` → `"impact-medium"`, `"heavy"` → `"impact-heavy"`. Case and `-`/`_`/`.`/space are ignored.
    ///
    ///     FeedbackLibrary.canonicalName(for: "pathComplete")   // "path-complete"
    ///
    /// - Parameter name: a feedback name from any of the vocabularies.
    /// - Returns: the library name, or `nil` if nothing matches.
    public static func canonicalName(for name: String) -> String? {
        let key = String(name.lowercased().filter { $0.isLetter || $0.isNumber })
        if let match = squashedNames[key] { return match }
        return aliases[key]
    }

    /// Library names without separators → library names.
    private static let squashedNames: [String: String] = Dictionary(
        uniqueKeysWithValues: names.map { (String($0.filter { $0.isLetter || $0.isNumber }), $0) })

    /// Other vocabularies' spellings (squashed) → library names.
    private static let aliases: [String: String] = [
        "impact": "impact-medium", "light": "impact-light", "medium": "impact-medium", "heavy": "impact-heavy",
        "soft": "impact-soft", "rigid": "impact-rigid", "solid": "impact-solid",
        "impactlight": "impact-light", "impactmedium": "impact-medium", "impactheavy": "impact-heavy",
        "directionup": "increase", "directiondown": "decrease", "failure": "error",
        "selectionchanged": "selection",
    ]
}
