import HapticSystem

/// The block a touchpad calls when a finger lands on it, moves on it or lifts from it: the touchpad, the touch's x and
/// y values, the touchpad button's value and whether that button is pressed.
public typealias GCControllerTouchpadHandler = (GCControllerTouchpad, Float, Float, Float, Bool) -> Void

/// A touch surface with a button — the GameController framework's `GCControllerTouchpad`: where a finger is
/// (``touchSurface``), whether one is on it (``touchState``), and the surface's click (``button``).
///
///     let touchpad = controller.physicalInputProfile.touchpads[GCInputDualShockTouchpadOne]
///     touchpad?.touchDown = { _, x, y, _, _ in stroke.begin(atX: x, y: y) }
///     touchpad?.touchMoved = { _, x, y, _, _ in stroke.extend(toX: x, y: y) }
///     touchpad?.touchUp = { _, _, _, _, _ in stroke.end() }
///
/// ``touchDown`` runs when a finger lands, ``touchMoved`` each time it moves while on the surface, and ``touchUp``
/// when it lifts (with the last position it had); they run on the controller's ``GCController/handlerQueue``, after
/// the handlers of ``touchSurface`` for the same report. While no finger is on the surface, ``touchSurface`` reads
/// 0, 0.
///
/// On Linux a DualSense's and a DualShock 4's profile list two of these in ``GCPhysicalInputProfile/touchpads``,
/// ``GCInputDualShockTouchpadOne`` and ``GCInputDualShockTouchpadTwo``, one per touch slot of the touchpad's evdev
/// node (a finger is on a slot while its `ABS_MT_TRACKING_ID` is not −1). Their ``touchSurface`` is the profile's
/// `touchpadPrimary` or `touchpadSecondary` direction pad and their ``button`` its `touchpadButton`, the same objects.
///
/// Thread safety: any thread.
open class GCControllerTouchpad: GCControllerElement, @unchecked Sendable {
    // @unchecked: the sub-elements are immutable; the touch state and the handlers are behind `state`, a lock.

    /// The state of a touch on a touchpad — Apple's `GCControllerTouchpad.TouchState` (`GCTouchState` in
    /// Objective-C).
    public enum TouchState: Int, Sendable {
        /// No finger is on the surface (or one just lifted).
        case up = 0
        /// A finger just landed on the surface.
        case down = 1
        /// A finger on the surface moved since it landed (Apple's also counts a later report of a finger that did
        /// not move).
        case moving = 2
    }

    /// The button of the touchpad: pressing the surface down.
    public let button: GCControllerButtonInput

    /// Where the finger is on the surface: x −1 … 1 left to right, y −1 … 1 bottom to top (or, with
    /// ``reportsAbsoluteTouchSurfaceValues`` off, how far it moved from where it landed); 0, 0 while no finger is on
    /// it.
    public let touchSurface: GCControllerDirectionPad

    /// Whether a finger is on the surface: ``TouchState/down`` when it landed, ``TouchState/moving`` once it moved,
    /// ``TouchState/up`` when none is.
    open var touchState: TouchState { state.withLock { $0.touchState } }

    /// Whether ``touchSurface`` reports where the finger is on the surface (`true`, the default, as Apple's) or how
    /// far it moved from where it landed (`false`: the offset, in the surface's −1 … 1 units, kept within a length of
    /// 1 — a virtual stick centred where the finger landed).
    open var reportsAbsoluteTouchSurfaceValues: Bool {
        get { state.withLock { $0.absolute } }
        set { state.withLock { $0.absolute = newValue } }
    }

    /// Called on ``GCController/handlerQueue`` when a finger lands on the surface.
    open var touchDown: GCControllerTouchpadHandler? {
        get { state.withLock { $0.down?.body } }
        set { state.withLock { $0.down = newValue.map(Handler.init) } }
    }

    /// Called on ``GCController/handlerQueue`` each time the finger moves on the surface (not when it lands or
    /// lifts).
    open var touchMoved: GCControllerTouchpadHandler? {
        get { state.withLock { $0.moved?.body } }
        set { state.withLock { $0.moved = newValue.map(Handler.init) } }
    }

    /// Called on ``GCController/handlerQueue`` when the finger lifts from the surface, with the last position it had.
    open var touchUp: GCControllerTouchpadHandler? {
        get { state.withLock { $0.up?.body } }
        set { state.withLock { $0.up = newValue.map(Handler.init) } }
    }

    /// Sets the touch as the touchpad would, without calling any handler — Apple's, for a game's own snapshots and
    /// tests: `touchDown` a finger at `xAxis`, `yAxis` (``touchState`` becomes ``TouchState/down``, or
    /// ``TouchState/moving`` if a finger was already down), or none (``TouchState/up``, the surface at 0, 0); the
    /// button's value is `buttonValue`.
    open func setValueForXAxis(_ xAxis: Float, yAxis: Float, touchDown: Bool, buttonValue: Float) {
        _ = button.update(buttonValue)
        let position = state.withLock { s -> (x: Float, y: Float) in
            guard touchDown else {
                s.touchState = .up
                return (0, 0)
            }
            if s.touchState == .up { s.origin = (xAxis, yAxis) }
            s.touchState = s.touchState == .up ? .down : .moving
            s.last = (xAxis, yAxis)
            return s.surfaceValue(x: xAxis, y: yAxis)
        }
        _ = touchSurface.update(x: position.x, y: position.y)
    }

    private let state = LockedState(State())

    private struct State {
        var touchState = TouchState.up
        var absolute = true
        /// Where the finger landed, and where it was last (absolute, −1 … 1).
        var origin: (x: Float, y: Float) = (0, 0)
        var last: (x: Float, y: Float) = (0, 0)
        var down: Handler?
        var moved: Handler?
        var up: Handler?

        /// What the surface reads for a finger at `x`, `y`: that, or its offset from ``origin``.
        func surfaceValue(x: Float, y: Float) -> (x: Float, y: Float) {
            guard !absolute else { return (x, y) }
            let (dx, dy) = (x - origin.x, y - origin.y)
            let length = (dx * dx + dy * dy).squareRoot()
            return length > 1 ? (dx / length, dy / length) : (dx, dy)
        }
    }

    /// A handler, made sendable to be carried to the handler queue (it runs there only).
    private struct Handler: @unchecked Sendable {
        let body: GCControllerTouchpadHandler
    }

    /// A touchpad named `localizedName` over `touchSurface` and `button` (elements its profile also lists on their
    /// own: they keep their names and collections).
    internal init(localizedName: String, touchSurface: GCControllerDirectionPad, button: GCControllerButtonInput) {
        self.touchSurface = touchSurface
        self.button = button
        super.init(localizedName: localizedName, isAnalog: true)
    }

    /// Takes one report of the touch: a finger on the surface at `x`, `y` (−1 … 1, up positive), or none. Returns
    /// whether the touch changed and the handler calls, in order: the surface's, then ``touchDown``,
    /// ``touchMoved`` or ``touchUp``. A finger landing or lifting counts as a change even where the surface reads the
    /// same (a finger landing in the middle).
    internal func report(touching: Bool, x: Float, y: Float) -> (changed: Bool, calls: [InputCall]) {
        let step = state.withLock { s -> (surface: (x: Float, y: Float), handler: Handler?, at: (x: Float, y: Float))? in
            switch (touching, s.touchState) {
            case (false, .up):
                return nil
            case (false, _):
                s.touchState = .up
                return ((0, 0), s.up, s.surfaceValue(x: s.last.x, y: s.last.y))
            case (true, .up):
                s.touchState = .down
                s.origin = (x, y)
                s.last = (x, y)
                let at = s.surfaceValue(x: x, y: y)
                return (at, s.down, at)
            case (true, _):
                guard x != s.last.x || y != s.last.y else { return nil }
                s.touchState = .moving
                s.last = (x, y)
                let at = s.surfaceValue(x: x, y: y)
                return (at, s.moved, at)
            }
        }
        guard let step else { return (false, []) }
        var calls = touchSurface.update(x: step.surface.x, y: step.surface.y).calls
        if let handler = step.handler {
            let (value, pressed) = (button.value, button.isPressed)
            calls.append(InputCall { handler.body(self, step.at.x, step.at.y, value, pressed) })
        }
        return (true, calls)
    }

    /// Takes `other`'s touch state, where its finger landed and was last, and its setting of
    /// ``reportsAbsoluteTouchSurfaceValues``, without calling any handler (a snapshot's copy; the surface and the
    /// button are copied with the profile's other elements).
    internal func copyTouch(from other: GCControllerTouchpad) {
        let theirs = other.state.withLock { ($0.touchState, $0.origin, $0.last, $0.absolute) }
        state.withLock { s in (s.touchState, s.origin, s.last, s.absolute) = theirs }
    }
}
