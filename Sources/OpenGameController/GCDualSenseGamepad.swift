import HapticDevices

/// A DualSense's gamepad profile — the GameController framework's `GCDualSenseGamepad`, with its two adaptive
/// triggers and its touchpad (button and two touch points, read from the touchpad's own evdev node as
/// ``GCDualShockGamepad`` describes, and as two ``GCControllerTouchpad`` in ``GCPhysicalInputProfile/touchpads``).
///
///     guard let dualSense = controller.extendedGamepad as? GCDualSenseGamepad else { return }
///     dualSense.leftTrigger.setModeFeedbackWithStartPosition(0.3, resistiveStrength: 0.5)
///
/// Both triggers write to one output: the pad's hidraw node on Linux (USB or Bluetooth), or a simulated pad's
/// record. When the gamepad (with its controller) goes away, or the process exits normally, triggers left in a mode
/// other than off are turned off.
///
/// Thread safety: any thread.
open class GCDualSenseGamepad: GCExtendedGamepad, @unchecked Sendable {
    // @unchecked: immutable after init; the triggers lock their own state.

    /// The left trigger (L2): its value is the trigger's travel, as ``GCExtendedGamepad/leftTrigger``'s.
    override open var leftTrigger: GCDualSenseAdaptiveTrigger { left }

    /// The right trigger (R2): its value is the trigger's travel, as ``GCExtendedGamepad/rightTrigger``'s.
    override open var rightTrigger: GCDualSenseAdaptiveTrigger { right }

    /// The touchpad's button: pressing the touchpad down.
    open var touchpadButton: GCControllerButtonInput { elementsOfPad.touchpad!.button }
    /// Where the first finger on the touchpad is, −1 … 1 left to right and bottom to top (0, 0 when none is).
    open var touchpadPrimary: GCControllerDirectionPad { elementsOfPad.touchpad!.primary }
    /// Where the second finger on the touchpad is (0, 0 when none is).
    open var touchpadSecondary: GCControllerDirectionPad { elementsOfPad.touchpad!.secondary }

    private let left: GCDualSenseAdaptiveTrigger
    private let right: GCDualSenseAdaptiveTrigger

    /// Where both triggers write.
    package let triggers: DualSenseTriggers

    internal init(output: any DualSenseTriggerOutput) {
        let triggers = DualSenseTriggers(output: output)
        self.triggers = triggers
        left = GCDualSenseAdaptiveTrigger(side: .left, triggers: triggers)
        right = GCDualSenseAdaptiveTrigger(side: .right, triggers: triggers)
        super.init(leftTrigger: left, rightTrigger: right, extras: .touchpad)
    }
}
