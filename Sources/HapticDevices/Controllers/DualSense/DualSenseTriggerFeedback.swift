/// What a DualSense says about its adaptive triggers: per trigger, where its arm stopped, the effect's status and
/// which effect is running — the device model's view of the pad's input report (HapticLinux's `DualSenseInputReport`
/// decodes it from the wire).
public struct DualSenseTriggerFeedback: Sendable, Hashable {
    /// One trigger's state, as the pad reports it (each value as read: callers range-check).
    public struct Trigger: Sendable, Hashable {
        /// Where the trigger's arm stopped, 0 (at rest) … 9.
        public var stopLocation: UInt8
        /// The effect's status: 0 ready (or not loaded, not vibrating), 1 loading (firing, vibrating), 2 fired.
        public var status: UInt8
        /// The running effect: 0 none, 1 feedback, 2 weapon, 3 vibration.
        public var effect: UInt8

        /// A trigger state.
        public init(stopLocation: UInt8, status: UInt8, effect: UInt8) {
            self.stopLocation = stopLocation
            self.status = status
            self.effect = effect
        }
    }

    /// The left trigger (L2).
    public var left: Trigger
    /// The right trigger (R2).
    public var right: Trigger

    /// Both triggers' states.
    public init(left: Trigger, right: Trigger) {
        self.left = left
        self.right = right
    }
}
