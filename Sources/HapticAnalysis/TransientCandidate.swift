/// A hit the onset detector found, before the pattern is assembled: strengths stay in decibels until the loudest
/// moment of the whole sound is known.
struct TransientCandidate: Sendable, Hashable {
    /// Seconds from the start of the audio.
    var time: Double
    /// The hit's strength in dB relative to full scale: its peak level, lowered when it rises little above what
    /// came before.
    var strength: Float
    /// The hit's brightness as sharpness, 0 … 1.
    var sharpness: Float
}
