/// A button or trigger of a controller — the GameController framework's class for pressable elements.
///
/// Input (``GCControllerElement`` values, pressed state, value-changed handlers) is not part of this module: a
/// button here is only what carries output, the DualSense's ``GCDualSenseAdaptiveTrigger``
/// (see <doc:DifferencesFromGameController>).
///
/// Thread safety: any thread.
open class GCControllerButtonInput: GCControllerElement, @unchecked Sendable {
    // @unchecked: no state of its own.
}
