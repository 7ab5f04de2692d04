import Foundation
import HapticSystem

/// The physical inputs of a controller by name — the GameController framework's `GCPhysicalInputProfile`, reached
/// as `controller.physicalInputProfile`.
///
///     let fire = controller.physicalInputProfile.buttons[GCInputButtonA]
///     let trigger = controller.physicalInputProfile.buttons[GCInputRightTrigger] as? GCDualSenseAdaptiveTrigger
///
/// Every element of the controller's ``GCExtendedGamepad`` is here under Apple's input name (``GCInputButtonA``,
/// ``GCInputLeftThumbstick``, …): buttons and triggers in ``buttons``, the d-pad and the thumbsticks in ``dpads``,
/// the axes of those in ``axes`` (`"Left Thumbstick X Axis"`, …), and a DualSense's or DualShock 4's two touch points,
/// besides their direction pads, in ``touchpads``.
///
/// Thread safety: any thread.
open class GCPhysicalInputProfile: NSObject, @unchecked Sendable {
    // @unchecked: the dictionaries are immutable after init; the handler and the queue are behind locks.

    /// Every element, by name.
    open var elements: [String: GCControllerElement] { namedElements }

    /// The buttons and triggers, by name.
    open var buttons: [String: GCControllerButtonInput] { namedButtons }

    /// The axes, by name.
    open var axes: [String: GCControllerAxisInput] { namedAxes }

    /// The d-pad and the thumbsticks, by name.
    open var dpads: [String: GCControllerDirectionPad] { namedDpads }

    /// The touchpads, by name: a DualSense's or DualShock 4's two touch points (``GCInputDualShockTouchpadOne`` and
    /// ``GCInputDualShockTouchpadTwo``, over the direction pads of those names in ``dpads``); none on other pads.
    open var touchpads: [String: GCControllerTouchpad] { namedTouchpads }

    /// The touchpads, as a set.
    open var allTouchpads: Set<GCControllerTouchpad> { Set(namedTouchpads.values) }

    /// The element named `key`, or `nil`.
    open subscript(key: String) -> GCControllerElement? { namedElements[key] }

    /// Called on ``GCController/handlerQueue`` after any element's value changes, with the element (for an axis or
    /// a direction of a d-pad or thumbstick: the d-pad or thumbstick).
    open var valueDidChangeHandler: ((GCPhysicalInputProfile, GCControllerElement) -> Void)? {
        get { profileHandler.withLock { $0?.body } }
        set { profileHandler.withLock { $0 = newValue.map(ProfileHandler.init) } }
    }

    private let namedElements: [String: GCControllerElement]
    private let namedButtons: [String: GCControllerButtonInput]
    private let namedAxes: [String: GCControllerAxisInput]
    private let namedDpads: [String: GCControllerDirectionPad]
    private let namedTouchpads: [String: GCControllerTouchpad]
    private let profileHandler = LockedState<ProfileHandler?>(nil)
    /// Where handlers run: the controller's ``GCController/handlerQueue``.
    internal let handlerQueue = LockedState(DispatchQueue.main)

    private struct ProfileHandler: @unchecked Sendable {
        let body: (GCPhysicalInputProfile, GCControllerElement) -> Void
    }

    /// A profile of `buttons`, `dpads` and `touchpads` by name; `placesElements`: whether the elements take those
    /// names and their collections (`false` for a second view of elements another profile named). A touchpad shares
    /// its name with the direction pad it is over, which keeps that name in ``elements``.
    internal init(
        buttons: [String: GCControllerButtonInput], dpads: [String: GCControllerDirectionPad] = [:],
        touchpads: [String: GCControllerTouchpad] = [:], placesElements: Bool = true
    ) {
        var axes: [String: GCControllerAxisInput] = [:]
        for (name, dpad) in dpads {
            axes[name + " X Axis"] = dpad.xAxis
            axes[name + " Y Axis"] = dpad.yAxis
        }
        var elements: [String: GCControllerElement] = [:]
        for (name, button) in buttons { elements[name] = button }
        for (name, dpad) in dpads { elements[name] = dpad }
        for (name, axis) in axes { elements[name] = axis }
        namedButtons = buttons
        namedAxes = axes
        namedDpads = dpads
        namedTouchpads = touchpads
        namedElements = elements
        guard placesElements else { return }
        for (name, element) in elements { element.place(names: [name], in: element.collection) }
        for (name, touchpad) in touchpads { touchpad.place(names: [name], in: nil) }
    }

    /// Whether the profile is a snapshot's (its values are set by the game, with `setStateFrom(_:)`).
    internal var isSnapshot: Bool { snapshotState.withLock { $0 } }
    private let snapshotState = LockedState(false)

    /// Makes the profile a snapshot's.
    internal func markSnapshot() { snapshotState.withLock { $0 = true } }

    /// Sets each button and d-pad of this profile to the value of `other`'s element of the same name, and each
    /// touchpad to its touch state, without calling any handler.
    internal func copyValues(from other: GCPhysicalInputProfile) {
        for (name, button) in other.buttons { _ = buttons[name]?.update(button.value) }
        for (name, pad) in other.dpads { _ = dpads[name]?.update(x: pad.xAxis.value, y: pad.yAxis.value) }
        for (name, touchpad) in other.touchpads { touchpads[name]?.copyTouch(from: touchpad) }
    }

    /// Runs `calls`, then the profile's handlers for each of `changed`, on the handler queue, in order.
    internal func deliver(_ calls: [InputCall], changed: [GCControllerElement]) {
        guard !calls.isEmpty || !changed.isEmpty else { return }
        let handlers =
            profileCalls(changed)
            + [profileHandler.withLock { $0 }].compactMap { $0 }.flatMap { handler in
                changed.map { element in InputCall { handler.body(self, element) } }
            }
        let all = calls + handlers
        handlerQueue.withLock { $0 }.async { for call in all { call.body() } }
    }

    /// The calls of a subclass's own value-changed handler for `changed` (``GCExtendedGamepad/valueChangedHandler``).
    internal func profileCalls(_ changed: [GCControllerElement]) -> [InputCall] { [] }
}
