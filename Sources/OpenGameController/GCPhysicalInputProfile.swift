import Foundation

/// The physical inputs of a controller by name — the GameController framework's `GCPhysicalInputProfile`, reached
/// as `controller.physicalInputProfile`.
///
///     let trigger = controller.physicalInputProfile.buttons[GCInputRightTrigger] as? GCDualSenseAdaptiveTrigger
///
/// Only elements that carry output are listed: a DualSense's two adaptive triggers under ``GCInputLeftTrigger`` and
/// ``GCInputRightTrigger``; other controllers list none (see <doc:DifferencesFromGameController>).
///
/// Thread safety: any thread.
open class GCPhysicalInputProfile: NSObject, @unchecked Sendable {
    // @unchecked: immutable after init.

    /// Every element, by name.
    open var elements: [String: GCControllerElement] { buttons }

    /// The buttons and triggers, by name.
    open var buttons: [String: GCControllerButtonInput] { namedButtons }

    private let namedButtons: [String: GCControllerButtonInput]

    internal init(buttons: [String: GCControllerButtonInput]) { namedButtons = buttons }
}
