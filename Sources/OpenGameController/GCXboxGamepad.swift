import HapticDevices

/// An Xbox pad's gamepad profile — the GameController framework's `GCXboxGamepad`: the extended gamepad, with an
/// Elite pad's four paddles and a Series pad's share button.
///
///     guard let xbox = controller.extendedGamepad as? GCXboxGamepad else { return }
///     xbox.paddleButton1?.pressedChangedHandler = { _, _, pressed in if pressed { ship.boost() } }
///
/// On Linux the paddles are xpad's `BTN_TRIGGER_HAPPY5` … `BTN_TRIGGER_HAPPY8` (P1 upper right, P2 lower right,
/// P3 upper left, P4 lower left) and the share button is xpad's `KEY_RECORD`; each element is there only when the
/// pad's node reports its code (`nil` otherwise, as on Apple's platforms for a pad without it).
///
/// Thread safety: any thread.
open class GCXboxGamepad: GCExtendedGamepad, @unchecked Sendable {
    // @unchecked: immutable after init; the elements lock their own state.

    /// The paddle labelled P1 on the back (upper right), or `nil` on a pad without paddles.
    open var paddleButton1: GCControllerButtonInput? { paddle(0) }
    /// The paddle labelled P2 on the back (lower right), or `nil` on a pad without paddles.
    open var paddleButton2: GCControllerButtonInput? { paddle(1) }
    /// The paddle labelled P3 on the back (upper left), or `nil` on a pad without paddles.
    open var paddleButton3: GCControllerButtonInput? { paddle(2) }
    /// The paddle labelled P4 on the back (lower left), or `nil` on a pad without paddles.
    open var paddleButton4: GCControllerButtonInput? { paddle(3) }
    /// The share button (Xbox Series pads), or `nil` on a pad without one.
    open var buttonShare: GCControllerButtonInput? { elementsOfPad.buttonShare }

    private func paddle(_ index: Int) -> GCControllerButtonInput? {
        index < elementsOfPad.paddles.count ? elementsOfPad.paddles[index] : nil
    }

    /// An Xbox gamepad with the paddles and the share button among `extraButtons` (evdev codes).
    internal init(extraButtons: Set<UInt16>) {
        var extras: KernelGamepadLayout.Extras = []
        if ControllerInfo.paddleButtons.allSatisfy(extraButtons.contains) { extras.insert(.paddles) }
        if extraButtons.contains(ControllerInfo.shareButton) { extras.insert(.share) }
        super.init(extras: extras)
    }
}
