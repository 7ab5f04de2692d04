/// One input event of a game pad, as evdev reports it: a button (`EV_KEY`) or an axis (`EV_ABS`), with the kernel's
/// code (`BTN_SOUTH` = 0x130, `ABS_X` = 0, …) and value, or the end of one report (`SYN_REPORT`).
///
/// A read of an event node can hold several reports: a stick pushed and let go between two reads arrives as
/// `ABS_X 30000, SYN_REPORT, ABS_X 0, SYN_REPORT`. The ``Kind/report`` events keep those moments apart, so that a
/// profile that moves a stick's two axes together per report still sees the push.
///
/// The Linux input reader reads these from each pad's event node; simulated pads (`HAPTIC_CONTROLLERS`) are given
/// them by tests. Whether one counts as the player using the pad is decided by HapticLinux's `PadActivityFilter`.
public struct PadInputEvent: Sendable, Hashable {
    /// What changed.
    public enum Kind: Sendable, Hashable {
        /// A button (`EV_KEY`): value 1 pressed, 0 released, 2 auto-repeat.
        case button
        /// An absolute axis (`EV_ABS`): a stick, a trigger or the d-pad's hat, at `value`.
        case axis
        /// The end of a report (`EV_SYN`/`SYN_REPORT`): the events since the previous one happened at once. Its code
        /// and value are 0.
        case report
    }

    /// Whether a button or an axis changed.
    public var kind: Kind
    /// The kernel's code of the button or axis.
    public var code: UInt16
    /// The new value.
    public var value: Int32

    /// Creates an event.
    public init(kind: Kind, code: UInt16, value: Int32) {
        self.kind = kind
        self.code = code
        self.value = value
    }

    /// A button pressed (value 1) or released (value 0).
    public static func button(_ code: UInt16, pressed: Bool) -> PadInputEvent {
        PadInputEvent(kind: .button, code: code, value: pressed ? 1 : 0)
    }

    /// An axis at `value`.
    public static func axis(_ code: UInt16, value: Int32) -> PadInputEvent {
        PadInputEvent(kind: .axis, code: code, value: value)
    }

    /// The end of a report (`SYN_REPORT`).
    public static let report = PadInputEvent(kind: .report, code: 0, value: 0)

    /// `BTN_SOUTH` (`BTN_A`, the DualSense's cross): the code of a pad's bottom face button.
    public static let southButton: UInt16 = 0x130
    /// `ABS_X`: the left stick's horizontal axis.
    public static let leftStickX: UInt16 = 0x00
    /// `ABS_Z`: the left trigger on most pads (xpad, hid-playstation).
    public static let leftTrigger: UInt16 = 0x02
    /// `ABS_HAT0X`: the d-pad's horizontal hat (−1, 0, 1).
    public static let hatX: UInt16 = 0x10
}
