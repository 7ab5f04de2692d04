/// The extended gamepad profile — the GameController framework's `GCExtendedGamepad`, reached as
/// `controller.extendedGamepad`. Every controller here has one; a DualSense's is a ``GCDualSenseGamepad``.
///
///     if let dualSense = controller.extendedGamepad as? GCDualSenseGamepad {
///         dualSense.rightTrigger.setModeWeaponWithStartPosition(0.2, endPosition: 0.6, resistiveStrength: 1)
///     }
///
/// Its input elements (sticks, buttons, d-pad) are not part of this module (see <doc:DifferencesFromGameController>).
///
/// Thread safety: any thread.
open class GCExtendedGamepad: GCPhysicalInputProfile, @unchecked Sendable {
    // @unchecked: no state of its own.
}
