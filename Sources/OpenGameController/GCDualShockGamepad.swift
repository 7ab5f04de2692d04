/// A DualShock 4's gamepad profile — the GameController framework's `GCDualShockGamepad`: the extended gamepad, with
/// the touchpad's button and its two touch points.
///
///     guard let dualShock = controller.extendedGamepad as? GCDualShockGamepad else { return }
///     dualShock.touchpadPrimary.valueChangedHandler = { _, x, y in cursor.move(toX: x, y: y) }
///
/// On Linux the touchpad is a node of its own beside the gamepad's (hid-playstation's "… Touchpad"): its click
/// (`BTN_LEFT`) is ``touchpadButton`` and its two touch slots (`ABS_MT_SLOT` 0 and 1) are ``touchpadPrimary`` and
/// ``touchpadSecondary``, each −1 … 1 from the touchpad's left to right edge (x) and bottom to top edge (y), and 0, 0
/// while no finger is on it. Whether a finger is on them, and the moments one lands, moves and lifts, are the
/// profile's ``GCPhysicalInputProfile/touchpads`` under the same names (a ``GCControllerTouchpad`` over each).
///
/// Thread safety: any thread.
open class GCDualShockGamepad: GCExtendedGamepad, @unchecked Sendable {
    // @unchecked: immutable after init; the elements lock their own state.

    /// The touchpad's button: pressing the touchpad down.
    open var touchpadButton: GCControllerButtonInput { elementsOfPad.touchpad!.button }
    /// Where the first finger on the touchpad is (0, 0 when none is).
    open var touchpadPrimary: GCControllerDirectionPad { elementsOfPad.touchpad!.primary }
    /// Where the second finger on the touchpad is (0, 0 when none is).
    open var touchpadSecondary: GCControllerDirectionPad { elementsOfPad.touchpad!.secondary }

    /// A DualShock 4's gamepad.
    internal init() { super.init(extras: .touchpad) }
}
