/// One thing a conversion did to the pattern: an approximation, a dropped feature, or a fact worth knowing.
///
/// Every lossy step of every conversion produces a note, so that nothing is approximated silently. Notes say what
/// happened and, where it can be measured, by how much (``maxError``, in the unit named by the message).
///
///     let result = try AndroidVibrationEffect.convert(pattern)
///     for note in result.notes where note.isLossy { print(note.message) }
package struct ConversionNote: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How much a note matters.
    package enum Severity: String, Sendable, Hashable, Codable {
        /// Something was approximated or dropped.
        case lossy
        /// A fact about the conversion that loses nothing (layout choices, counts).
        case info
    }

    /// A stable, machine-readable name, e.g. `"sharpness-dropped"`.
    package var code: String
    /// Whether anything was lost.
    package var severity: Severity
    /// What happened, in words, with the measured error.
    package var message: String
    /// The largest error the step introduced, when measurable (unit given in ``message``).
    package var maxError: Double?
    /// How many items the step affected, when countable.
    package var count: Int?

    /// Creates a note.
    package init(_ code: String, _ severity: Severity, _ message: String, maxError: Double? = nil, count: Int? = nil) {
        self.code = code
        self.severity = severity
        self.message = message
        self.maxError = maxError
        self.count = count
    }

    /// Whether the note reports a loss.
    package var isLossy: Bool { severity == .lossy }

    /// `approximated: message` or `note: message`.
    package var description: String { (isLossy ? "approximated: " : "note: ") + message }
}

/// Formats a number with up to `digits` decimals, without trailing zeros (`0.25`, `12`, `0.003`).
func formatNumber(_ value: Double, digits: Int = 3) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int(rounded)) }
    var text = String(rounded)
    if text.contains("e") { return text }
    while text.hasSuffix("0") { text.removeLast() }
    return text
}
