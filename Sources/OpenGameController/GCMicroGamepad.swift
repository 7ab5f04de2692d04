import HapticSystem

/// The block the micro gamepad profile calls when an element's value changes: the profile, and the element (for an
/// axis or a direction of the d-pad: the d-pad).
public typealias GCMicroGamepadValueChangedHandler = (GCMicroGamepad, GCControllerElement) -> Void

/// The micro gamepad profile — the GameController framework's `GCMicroGamepad`, reached as
/// `controller.microGamepad`: a d-pad, the A and X buttons and the menu button, the Siri Remote's controls.
///
///     guard let micro = controller.microGamepad else { return }
///     micro.buttonA.pressedChangedHandler = { _, _, pressed in if pressed { menu.select() } }
///
/// Every pad here has an extended gamepad, and its micro gamepad is a second view of the same elements:
/// ``dpad`` is ``GCExtendedGamepad/dpad``, ``buttonA`` ``GCExtendedGamepad/buttonA``, ``buttonX``
/// ``GCExtendedGamepad/buttonX`` and ``buttonMenu`` ``GCExtendedGamepad/buttonMenu`` (the same objects, so a handler set
/// through either is the element's). Its ``valueChangedHandler`` runs, on the controller's
/// ``GCController/handlerQueue``, when one of those four changes. ``GCController/physicalInputProfile`` stays the
/// extended gamepad, as on Apple's platforms for a pad with both profiles.
///
/// Thread safety: any thread.
open class GCMicroGamepad: GCPhysicalInputProfile, @unchecked Sendable {
    // @unchecked: the elements are immutable; the handler and the settings are behind locks.

    /// Called on ``GCController/handlerQueue`` after the value of ``dpad``, ``buttonA``, ``buttonX`` or
    /// ``buttonMenu`` changes.
    open var valueChangedHandler: GCMicroGamepadValueChangedHandler? {
        get { state.withLock { $0.handler?.body } }
        set { state.withLock { $0.handler = newValue.map(Handler.init) } }
    }

    /// The d-pad (the extended gamepad's).
    open var dpad: GCControllerDirectionPad { pad }
    /// The primary button (the extended gamepad's A: the bottom face button).
    open var buttonA: GCControllerButtonInput { a }
    /// The secondary button (the extended gamepad's X: the left face button).
    open var buttonX: GCControllerButtonInput { x }
    /// The menu button (the extended gamepad's).
    open var buttonMenu: GCControllerButtonInput { menu }

    /// Whether the d-pad reports where the finger is on a touch surface (`true`) or how far it moved from where it
    /// first touched (`false`, Apple's default). A pad's d-pad and sticks report their position either way: the
    /// setting is kept and has no effect here.
    open var reportsAbsoluteDpadValues: Bool {
        get { state.withLock { $0.absolute } }
        set { state.withLock { $0.absolute = newValue } }
    }

    /// Whether the d-pad's values follow the controller turned on its side (Apple's default `false`). Pads are not
    /// turned: the setting is kept and has no effect here.
    open var allowsRotation: Bool {
        get { state.withLock { $0.rotation } }
        set { state.withLock { $0.rotation = newValue } }
    }

    private let pad: GCControllerDirectionPad
    private let a: GCControllerButtonInput
    private let x: GCControllerButtonInput
    private let menu: GCControllerButtonInput
    private let state = LockedState(Settings())

    private struct Settings {
        var handler: Handler?
        var absolute = false
        var rotation = false
    }

    private struct Handler: @unchecked Sendable {
        let body: GCMicroGamepadValueChangedHandler
    }

    /// A micro gamepad over the extended gamepad's `dpad`, `buttonA`, `buttonX` and `buttonMenu` (their names and
    /// collections stay the extended gamepad's).
    internal init(
        dpad: GCControllerDirectionPad, buttonA: GCControllerButtonInput, buttonX: GCControllerButtonInput,
        buttonMenu: GCControllerButtonInput
    ) {
        pad = dpad
        a = buttonA
        x = buttonX
        menu = buttonMenu
        super.init(
            buttons: [GCInputButtonA: buttonA, GCInputButtonX: buttonX, GCInputButtonMenu: buttonMenu], dpads: [GCInputDirectionPad: dpad],
            placesElements: false)
    }

    /// Copies the d-pad's, A's, X's and menu's values from `microGamepad`, without calling handlers, when this is a
    /// snapshot's micro gamepad; otherwise it does nothing, as Apple's.
    open func setStateFrom(_ microGamepad: GCMicroGamepad) {
        guard isSnapshot else { return }
        _ = pad.update(x: microGamepad.dpad.xAxis.value, y: microGamepad.dpad.yAxis.value)
        _ = a.update(microGamepad.buttonA.value)
        _ = x.update(microGamepad.buttonX.value)
        _ = menu.update(microGamepad.buttonMenu.value)
    }

    /// The calls of this profile's handlers for those of `changed` that are its elements, in order.
    internal func calls(for changed: [GCControllerElement]) -> [InputCall] {
        let mine = changed.filter { $0 === pad || $0 === a || $0 === x || $0 === menu }
        guard !mine.isEmpty else { return [] }
        let handler = state.withLock { $0.handler }
        let profileHandler = valueDidChangeHandler
        var calls: [InputCall] = []
        for element in mine {
            if let handler { calls.append(InputCall { handler.body(self, element) }) }
            if let profileHandler { calls.append(InputCall { profileHandler(self, element) }) }
        }
        return calls
    }
}
