import HapticSystem

/// The block an axis calls when its value changes: the axis and its value (−1 … 1).
public typealias GCControllerAxisValueChangedHandler = (GCControllerAxisInput, Float) -> Void

/// One axis of a thumbstick or direction pad — the GameController framework's `GCControllerAxisInput`.
///
///     let steer = gamepad.leftThumbstick.xAxis.value   // −1 (left) … 1 (right)
///
/// Values run from −1 to 1: right and up are positive, as on Apple platforms (evdev's Y axes grow downwards, so
/// they are inverted). A stick's value inside its driver's flat band reads 0. Handlers run on the controller's
/// ``GCController/handlerQueue``.
///
/// Thread safety: any thread.
open class GCControllerAxisInput: GCControllerElement, @unchecked Sendable {
    // @unchecked: the value and the handler are behind `input`, a lock.

    /// The axis's value, −1 … 1.
    open var value: Float { input.withLock { $0.value } }

    /// Called on ``GCController/handlerQueue`` whenever ``value`` changes.
    open var valueChangedHandler: GCControllerAxisValueChangedHandler? {
        get { input.withLock { $0.valueChanged?.body } }
        set { input.withLock { $0.valueChanged = newValue.map(Handler.init) } }
    }

    /// Sets the value as the pad would (clamped to −1 … 1), without calling any handler.
    open func setValue(_ value: Float) { _ = update(value) }

    private let input = LockedState(Input())

    private struct Input {
        var value: Float = 0
        var valueChanged: Handler?
    }

    private struct Handler: @unchecked Sendable {
        let body: GCControllerAxisValueChangedHandler
    }

    /// Takes `value` (clamped to −1 … 1); returns whether it changed and the handler call it triggers.
    internal func update(_ value: Float) -> (changed: Bool, calls: [InputCall]) {
        let clamped = value.isFinite ? Swift.min(Swift.max(value, -1), 1) : 0
        return input.withLock { s -> (Bool, [InputCall]) in
            guard clamped != s.value else { return (false, []) }
            s.value = clamped
            guard let handler = s.valueChanged else { return (true, []) }
            return (true, [InputCall { handler.body(self, clamped) }])
        }
    }
}
