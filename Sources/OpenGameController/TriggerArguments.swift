import HapticDevices

/// Apple's normalised trigger arguments (0 … 1) turned into the pad's zones and levels, each checked: a value that
/// is not finite refuses the call; one outside 0 … 1 is clamped. Both are reported in one message naming the
/// method and the argument.
internal struct TriggerArguments {
    /// The method, as Apple spells it (`setModeFeedbackWithStartPosition(_:resistiveStrength:)`).
    internal let method: String
    internal private(set) var problems: [String] = []
    /// Whether the call must be ignored.
    internal private(set) var isRefused = false

    internal init(_ method: String) { self.method = method }

    /// `value` clamped to 0 … 1 (0 when it is not finite, and the call is refused).
    internal mutating func unit(_ value: Float, _ name: String) -> Float {
        guard value.isFinite else {
            problems.append("\(name) is \(value), not a number between 0 and 1")
            isRefused = true
            return 0
        }
        let clamped = Swift.min(Swift.max(value, 0), 1)
        if clamped != value { problems.append("\(name) \(value) is outside 0 … 1; \(clamped) is used") }
        return clamped
    }

    /// The zone (0 … 9) of a position.
    internal mutating func zone(_ value: Float, _ name: String) -> Int { Int((unit(value, name) * 9).rounded()) }

    /// The level (0 … 8) of a strength or amplitude.
    internal mutating func level(_ value: Float, _ name: String) -> Int { Int((unit(value, name) * 8).rounded()) }

    /// The vibration frequency in Hz (1 … 255) of a normalised frequency.
    internal mutating func frequency(_ value: Float, _ name: String) -> Int { 1 + Int((unit(value, name) * 254).rounded()) }

    /// Refuses the call with `problem`.
    internal mutating func refuse(_ problem: String) {
        problems.append(problem)
        isRefused = true
    }

    /// The message for the problems found, or `nil` when there were none.
    internal var message: String? {
        guard !problems.isEmpty else { return nil }
        return "GCDualSenseAdaptiveTrigger.\(method): " + problems.joined(separator: "; ") + (isRefused ? "; the call is ignored" : "")
    }
}
