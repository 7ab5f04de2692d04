extension GCDualSenseAdaptiveTrigger {
    /// The modes of an adaptive trigger.
    public enum Mode: Int, Sendable, Hashable {
        /// No effect.
        case off = 0
        /// Resistance from a start position on (or per position).
        case feedback = 1
        /// Resistance between a start and an end position that gives way, like a weapon's trigger.
        case weapon = 2
        /// Vibration from a start position on (or per position).
        case vibration = 3
        /// Resistance changing linearly between a start and an end position.
        case slopeFeedback = 4
    }
}
