import HapticDevices
import HapticSystem

/// The block the extended gamepad profile calls when an element's value changes: the profile, and the element (for
/// an axis or a direction of a d-pad or thumbstick: the d-pad or thumbstick).
public typealias GCExtendedGamepadValueChangedHandler = (GCExtendedGamepad, GCControllerElement) -> Void

/// The extended gamepad profile — the GameController framework's `GCExtendedGamepad`, reached as
/// `controller.extendedGamepad`: four face buttons, two shoulders, two analog triggers, a d-pad, two thumbsticks
/// with their buttons, and the menu, options and home buttons. A DualSense's is a ``GCDualSenseGamepad``.
///
///     guard let gamepad = controller.extendedGamepad else { return }
///     gamepad.buttonA.pressedChangedHandler = { _, _, pressed in if pressed { ship.fire() } }
///     gamepad.valueChangedHandler = { gamepad, element in if element === gamepad.leftThumbstick { steer() } }
///     let thrust = gamepad.rightTrigger.value
///
/// On Linux the values come from the pad's evdev node, read without grabbing it, as the kernel's gamepad layout
/// (Documentation/input/gamepad.rst) names them: `BTN_SOUTH` is A, `BTN_EAST` B, `BTN_WEST` X, `BTN_NORTH` Y,
/// `BTN_TL`/`BTN_TR` the shoulders, `ABS_Z`/`ABS_RZ` (or `ABS_HAT2Y`/`ABS_HAT2X`, or `BTN_TL2`/`BTN_TR2`) the
/// triggers, `ABS_X`/`ABS_Y` and `ABS_RX`/`ABS_RY` the sticks (scaled with the driver's range, its flat band read as
/// 0, Y inverted so up is positive), `ABS_HAT0X`/`ABS_HAT0Y` or `BTN_DPAD_*` the d-pad, `BTN_THUMBL`/`BTN_THUMBR` the
/// stick buttons, `BTN_START` menu, `BTN_SELECT` options and `BTN_MODE` home. xpad, hid-playstation, hid-nintendo,
/// hid-steam and other drivers follow it. A pad that does not (a generic USB or DirectInput pad, an arcade stick)
/// is read through its SDL game controller mapping instead, when `SDL_GAMECONTROLLERCONFIG` or
/// `SDL_GAMECONTROLLERCONFIG_FILE` has a line for it (<doc:ControllerMappings>). Handlers run on the controller's
/// ``GCController/handlerQueue``.
///
/// Thread safety: any thread.
open class GCExtendedGamepad: GCPhysicalInputProfile, @unchecked Sendable {
    // @unchecked: the elements are immutable; the handler and the input state are behind locks.

    /// Called on ``GCController/handlerQueue`` after any element's value changes.
    open var valueChangedHandler: GCExtendedGamepadValueChangedHandler? {
        get { gamepadHandler.withLock { $0?.body } }
        set { gamepadHandler.withLock { $0 = newValue.map(GamepadHandler.init) } }
    }

    /// The d-pad.
    open var dpad: GCControllerDirectionPad { elementsOfPad.dpad }
    /// The bottom face button (a DualSense's cross).
    open var buttonA: GCControllerButtonInput { elementsOfPad.buttonA }
    /// The right face button (a DualSense's circle).
    open var buttonB: GCControllerButtonInput { elementsOfPad.buttonB }
    /// The left face button (a DualSense's square).
    open var buttonX: GCControllerButtonInput { elementsOfPad.buttonX }
    /// The top face button (a DualSense's triangle).
    open var buttonY: GCControllerButtonInput { elementsOfPad.buttonY }
    /// The left shoulder button (L1, LB).
    open var leftShoulder: GCControllerButtonInput { elementsOfPad.leftShoulder }
    /// The right shoulder button (R1, RB).
    open var rightShoulder: GCControllerButtonInput { elementsOfPad.rightShoulder }
    /// The left trigger (L2, LT), analog.
    open var leftTrigger: GCControllerButtonInput { elementsOfPad.leftTrigger }
    /// The right trigger (R2, RT), analog.
    open var rightTrigger: GCControllerButtonInput { elementsOfPad.rightTrigger }
    /// The left thumbstick.
    open var leftThumbstick: GCControllerDirectionPad { elementsOfPad.leftThumbstick }
    /// The right thumbstick.
    open var rightThumbstick: GCControllerDirectionPad { elementsOfPad.rightThumbstick }
    /// The left thumbstick's button (L3).
    open var leftThumbstickButton: GCControllerButtonInput? { elementsOfPad.leftThumbstickButton }
    /// The right thumbstick's button (R3).
    open var rightThumbstickButton: GCControllerButtonInput? { elementsOfPad.rightThumbstickButton }
    /// The menu button (Start, a DualSense's options button).
    open var buttonMenu: GCControllerButtonInput { elementsOfPad.buttonMenu }
    /// The options button (Select, Back, View, a DualSense's create button).
    open var buttonOptions: GCControllerButtonInput? { elementsOfPad.buttonOptions }
    /// The home button (the Xbox or PS button).
    open var buttonHome: GCControllerButtonInput? { elementsOfPad.buttonHome }

    /// The micro gamepad view of this gamepad's d-pad, A, X and menu buttons (``GCController/microGamepad``).
    internal let microGamepad: GCMicroGamepad
    internal let elementsOfPad: KernelGamepadLayout.Elements
    private let gamepadHandler = LockedState<GamepadHandler?>(nil)
    private let layout: LockedState<KernelGamepadLayout>
    /// The pad's SDL mapping, when it has one: its gamepad node's input goes through it instead of ``layout``.
    private let mappedLayout = LockedState<MappedGamepadLayout?>(nil)

    private struct GamepadHandler: @unchecked Sendable {
        let body: GCExtendedGamepadValueChangedHandler
    }

    /// A gamepad whose triggers are `leftTrigger` and `rightTrigger` (a DualSense's adaptive triggers), or plain
    /// analog buttons, with the `extras` of its kind of pad.
    internal init(
        leftTrigger: GCControllerButtonInput? = nil, rightTrigger: GCControllerButtonInput? = nil, extras: KernelGamepadLayout.Extras = []
    ) {
        let elements = KernelGamepadLayout.Elements(leftTrigger: leftTrigger, rightTrigger: rightTrigger, extras: extras)
        elementsOfPad = elements
        layout = LockedState(KernelGamepadLayout(elements: elements))
        microGamepad = GCMicroGamepad(
            dpad: elements.dpad, buttonA: elements.buttonA, buttonX: elements.buttonX, buttonMenu: elements.buttonMenu)
        super.init(buttons: elements.buttons, dpads: elements.dpads, touchpads: elements.touchpads)
    }

    /// Applies a batch of the pad's input events from its `node` (axes scaled with `axes`, the driver's ranges),
    /// then runs the handlers of what changed on the handler queue.
    internal func apply(_ events: [PadInputEvent], axes: [UInt16: PadAxisRange], node: PadInputNode = .gamepad) {
        if node == .gamepad, let (calls, changed) = mappedLayout.withLock({ $0?.apply(events, axes: axes) }) {
            deliver(calls, changed: changed)
            return
        }
        let (calls, changed) = layout.withLock { $0.apply(events, axes: axes, node: node) }
        deliver(calls, changed: changed)
    }

    /// Routes the input of the pad's gamepad node through `mapping` (an SDL game controller mapping line) instead of
    /// the kernel's gamepad layout; the node reports the key codes `keyCodes` (SDL numbers buttons by them).
    internal func route(through mapping: PadMapping, keyCodes: [UInt16]) {
        let mapped = MappedGamepadLayout(elements: elementsOfPad, mapping: mapping, keyCodes: keyCodes)
        mappedLayout.withLock { $0 = mapped }
    }

    /// Copies every element's value from `extendedGamepad` (by Apple's input names), without calling handlers, when
    /// this gamepad is a snapshot's (``GCController/capture()``, ``GCController/withExtendedGamepad()``); on a pad's
    /// own gamepad it does nothing, as Apple's.
    open func setStateFrom(_ extendedGamepad: GCExtendedGamepad) {
        guard isSnapshot else { return }
        copyValues(from: extendedGamepad)
    }

    /// Makes this gamepad and its micro view a snapshot's.
    override internal func markSnapshot() {
        super.markSnapshot()
        microGamepad.markSnapshot()
    }

    override internal func profileCalls(_ changed: [GCControllerElement]) -> [InputCall] {
        var calls: [InputCall] = []
        if let handler = gamepadHandler.withLock({ $0 }) {
            calls = changed.map { element in InputCall { handler.body(self, element) } }
        }
        return calls + microGamepad.calls(for: changed)
    }
}
