import HapticSystem

/// The block a button calls when its value, or its pressed state, changes: the button, its value (0 … 1) and
/// whether it is pressed.
public typealias GCControllerButtonValueChangedHandler = (GCControllerButtonInput, Float, Bool) -> Void

/// A button or trigger of a controller — the GameController framework's class for pressable elements.
///
///     gamepad.buttonA.pressedChangedHandler = { _, _, pressed in if pressed { jump() } }
///     let throttle = gamepad.rightTrigger.value   // 0 … 1, polled each frame
///
/// A digital button's value is 0 or 1. An analog trigger's value is its travel, 0 … 1, from the pad's axis (its
/// driver's range scaled); it counts as pressed from half its travel. Handlers run on the controller's
/// ``GCController/handlerQueue``.
///
/// Thread safety: any thread.
open class GCControllerButtonInput: GCControllerElement, @unchecked Sendable {
    // @unchecked: the value, pressed state and handlers are behind `input`, a lock.

    /// The button's value: 0 (released) … 1 (fully pressed).
    open var value: Float { input.withLock { $0.value } }

    /// Whether the button is pressed (an analog trigger from half its travel).
    open var isPressed: Bool { input.withLock { $0.isPressed } }

    /// Called on ``GCController/handlerQueue`` whenever ``value`` changes.
    open var valueChangedHandler: GCControllerButtonValueChangedHandler? {
        get { input.withLock { $0.valueChanged?.body } }
        set { input.withLock { $0.valueChanged = newValue.map(Handler.init) } }
    }

    /// Called on ``GCController/handlerQueue`` whenever ``isPressed`` changes.
    open var pressedChangedHandler: GCControllerButtonValueChangedHandler? {
        get { input.withLock { $0.pressedChanged?.body } }
        set { input.withLock { $0.pressedChanged = newValue.map(Handler.init) } }
    }

    /// Sets the value as the pad would (clamped to 0 … 1), without calling any handler — as Apple's, for a game's own
    /// snapshots and tests.
    open func setValue(_ value: Float) { _ = update(value) }

    /// The threshold from which an analog button counts as pressed.
    static let pressThreshold: Float = 0.5

    private let input = LockedState(Input())

    private struct Input {
        var value: Float = 0
        var isPressed = false
        var valueChanged: Handler?
        var pressedChanged: Handler?
    }

    /// A handler, made sendable to be carried to the handler queue (it runs there only).
    private struct Handler: @unchecked Sendable {
        let body: GCControllerButtonValueChangedHandler
    }

    /// Takes `value` (clamped to 0 … 1); returns the calls of the handlers it triggers, to run on the handler queue
    /// in order, and whether anything changed.
    internal func update(_ value: Float) -> (changed: Bool, calls: [InputCall]) {
        let clamped = value.isFinite ? Swift.min(Swift.max(value, 0), 1) : 0
        return input.withLock { s -> (Bool, [InputCall]) in
            guard clamped != s.value else { return (false, []) }
            s.value = clamped
            let pressed = isAnalog ? clamped >= Self.pressThreshold : clamped > 0
            var calls: [InputCall] = []
            if let handler = s.valueChanged { calls.append(InputCall { handler.body(self, clamped, pressed) }) }
            if pressed != s.isPressed {
                s.isPressed = pressed
                if let handler = s.pressedChanged { calls.append(InputCall { handler.body(self, clamped, pressed) }) }
            }
            return (true, calls)
        }
    }
}

/// A handler call carried to the controller's handler queue.
internal struct InputCall: @unchecked Sendable {
    // @unchecked: the call captures the app's handler and runs only on the handler queue.
    internal let body: () -> Void
}
