import HapticSystem

/// The block a direction pad or thumbstick calls when its position changes: the pad, and its x and y values.
public typealias GCControllerDirectionPadValueChangedHandler = (GCControllerDirectionPad, Float, Float) -> Void

/// A d-pad or a thumbstick — the GameController framework's `GCControllerDirectionPad`: two axes, and the same
/// position as four buttons.
///
///     gamepad.leftThumbstick.valueChangedHandler = { _, x, y in ship.thrust(x: x, y: y) }
///     if gamepad.dpad.up.isPressed { menu.moveUp() }
///
/// ``xAxis`` and ``yAxis`` run from −1 to 1 (right and up positive). ``up``, ``down``, ``left`` and ``right`` are
/// analog buttons holding the positive or negative part of their axis, so at most one of each pair is pressed. The
/// handlers run on the controller's ``GCController/handlerQueue``: the axes' and buttons' own, then this pad's once
/// per change of position.
///
/// Thread safety: any thread.
open class GCControllerDirectionPad: GCControllerElement, @unchecked Sendable {
    // @unchecked: the elements are immutable; the handler is behind `handler`, a lock.

    /// The horizontal axis, −1 (left) … 1 (right).
    public let xAxis: GCControllerAxisInput
    /// The vertical axis, −1 (down) … 1 (up).
    public let yAxis: GCControllerAxisInput
    /// The upward part of ``yAxis``, as a button.
    public let up: GCControllerButtonInput
    /// The downward part of ``yAxis``, as a button.
    public let down: GCControllerButtonInput
    /// The leftward part of ``xAxis``, as a button.
    public let left: GCControllerButtonInput
    /// The rightward part of ``xAxis``, as a button.
    public let right: GCControllerButtonInput

    /// Called on ``GCController/handlerQueue`` whenever the position changes.
    open var valueChangedHandler: GCControllerDirectionPadValueChangedHandler? {
        get { handler.withLock { $0?.body } }
        set { handler.withLock { $0 = newValue.map(Handler.init) } }
    }

    /// Sets the position as the pad would (each clamped to −1 … 1), without calling any handler.
    open func setValueForXAxis(_ xAxis: Float, yAxis: Float) { _ = update(x: xAxis, y: yAxis) }

    private let handler = LockedState<Handler?>(nil)

    private struct Handler: @unchecked Sendable {
        let body: GCControllerDirectionPadValueChangedHandler
    }

    internal init(localizedName: String, isAnalog: Bool) {
        xAxis = GCControllerAxisInput(localizedName: localizedName + " X Axis", isAnalog: true)
        yAxis = GCControllerAxisInput(localizedName: localizedName + " Y Axis", isAnalog: true)
        up = GCControllerButtonInput(localizedName: localizedName + " Up", isAnalog: isAnalog)
        down = GCControllerButtonInput(localizedName: localizedName + " Down", isAnalog: isAnalog)
        left = GCControllerButtonInput(localizedName: localizedName + " Left", isAnalog: isAnalog)
        right = GCControllerButtonInput(localizedName: localizedName + " Right", isAnalog: isAnalog)
        super.init(localizedName: localizedName, isAnalog: isAnalog)
        for element in [xAxis, yAxis, up, down, left, right] as [GCControllerElement] { element.place(names: [], in: self) }
    }

    /// The x value (−1 … 1) now.
    internal var x: Float { xAxis.value }
    /// The y value (−1 … 1) now.
    internal var y: Float { yAxis.value }

    /// Takes a new position; returns whether it changed and the handler calls it triggers, in order: the axes', the
    /// buttons', then this pad's.
    internal func update(x: Float, y: Float) -> (changed: Bool, calls: [InputCall]) {
        var calls: [InputCall] = []
        var changed = false
        for result in [
            xAxis.update(x), yAxis.update(y), up.update(Swift.max(y, 0)), down.update(Swift.max(-y, 0)), left.update(Swift.max(-x, 0)),
            right.update(Swift.max(x, 0)),
        ] {
            changed = changed || result.changed
            calls += result.calls
        }
        guard changed else { return (false, []) }
        if let handler = handler.withLock({ $0 }) {
            let (x, y) = (xAxis.value, yAxis.value)
            calls.append(InputCall { handler.body(self, x, y) })
        }
        return (true, calls)
    }
}
