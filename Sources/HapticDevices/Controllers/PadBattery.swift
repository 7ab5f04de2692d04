/// A pad's battery as the system reports it: its charge and whether it is charging (Linux: the pad's `power_supply`
/// node in sysfs).
package struct PadBattery: Sendable, Hashable {
    /// Whether the battery is charging.
    package enum State: Sendable, Hashable {
        /// The system does not say.
        case unknown
        /// Running on the battery (also "Not charging": plugged in but held).
        case discharging
        /// Charging.
        case charging
        /// Full (and plugged in).
        case full
    }

    /// The charge, 0 … 1.
    package var level: Float
    /// Whether it is charging.
    package var state: State

    /// A battery at `level` (clamped to 0 … 1) in `state`.
    package init(level: Float, state: State) {
        self.level = level.isFinite ? Swift.min(Swift.max(level, 0), 1) : 0
        self.state = state
    }
}
