import Dispatch
import Foundation
import HapticDevices
import HapticSystem

/// The block ``GCMotion`` calls on the controller's handler queue when its values change.
public typealias GCMotionValueChangedHandler = (GCMotion) -> Void

/// A controller's motion sensors — the GameController framework's `GCMotion`, reached as `controller.motion`: the
/// acceleration the pad feels, split into gravity and the player's own, and how fast it turns.
///
///     guard let motion = controller.motion else { return }         // no motion sensors
///     if motion.sensorsRequireManualActivation { motion.sensorsActive = true }
///     motion.valueChangedHandler = { motion in
///         steer(motion.rotationRate.z)                              // radians per second
///         if motion.userAcceleration.y < -2 { swing() }             // in g
///     }
///
/// On Linux the values come from the pad's motion-sensor evdev node (hid-playstation's "… Motion Sensors" beside a
/// DualSense's or DualShock 4's gamepad node, hid-nintendo's for a Switch Pro Controller), read only while
/// ``sensorsActive`` is `true` — as on Apple's DualSense, ``sensorsRequireManualActivation`` is `true`, so nothing is
/// read until the game asks. Each axis is scaled by the resolution the driver gives it (units per g, units per
/// degree per second); a node whose resolution is 0 or absurd is ignored and a warning names the axis.
///
/// Units are Apple's: acceleration in g, rotation rate in radians per second. Axes are the ones SDL's Apple back-end
/// finds in Apple's `GCMotion` of a DualSense (its `SDL_mfijoystick.m` turns them back into SDL's pad axes), so code
/// written against Apple's reads the same signs here: a pad lying flat feels ``acceleration`` (0, −1, 0), and turning
/// it anticlockwise seen from above gives a positive ``rotationRate`` `z`. ``gravity`` and ``userAcceleration`` are
/// split from ``acceleration`` by an exponential low-pass filter: each report moves gravity 1/32 of the way to the
/// acceleration (a time constant of 32 reports, about 0.13 s at the DualSense's 250 reports a second on Bluetooth),
/// the first report after activation sets it outright, and the player's acceleration is what remains.
/// ``hasAttitude`` is `false`: no attitude is fused from these sensors yet (see <doc:DifferencesFromGameController>).
///
/// Simulated pads declared with motion (`HAPTIC_CONTROLLERS=simulated:dualsense+motion`) take scripted sensor events.
///
/// Thread safety: any thread.
open class GCMotion: NSObject, @unchecked Sendable {
    // @unchecked: every mutable value is behind `state`, `handler` or `activation`.

    /// The controller these sensors belong to (`nil` once it is gone).
    open var controller: GCController? { owner.withLock { $0.controller } }

    /// Called on the controller's ``GCController/handlerQueue`` after each batch of sensor reports that changed the
    /// values (a batch is what one read of the node gave; the handler reads the latest values).
    open var valueChangedHandler: GCMotionValueChangedHandler? {
        get { handler.withLock { $0?.body } }
        set { handler.withLock { $0 = newValue.map(Handler.init) } }
    }

    /// `true`: the game turns the sensors on with ``sensorsActive`` (as for Apple's DualSense and DualShock 4).
    open var sensorsRequireManualActivation: Bool { true }

    /// Whether the sensors are read: `false` until the game sets it; while `false` the pad's motion node is not read
    /// and the values stay as they were. Turning them on again starts afresh from the node's present values, and
    /// restarts the gravity filter.
    open var sensorsActive: Bool {
        get { state.withLock { $0.active } }
        set {
            let tell = state.withLock { s -> Bool in
                defer { s.active = newValue }
                // On again: the node is opened afresh, so its ranges and present values are taken again with its
                // next batch, and the gravity filter restarts.
                if newValue && !s.active {
                    s.seeded = false
                    s.scale = nil
                }
                return s.active != newValue && s.problem == nil
            }
            if tell, let activation = activation.withLock({ $0 }) { activation(newValue) }
        }
    }

    /// `true`: ``gravity`` and ``userAcceleration`` are given, split from the accelerometer by a low-pass filter.
    open var hasGravityAndUserAcceleration: Bool { true }

    /// Whether ``rotationRate`` is measured: `true` for a pad with a gyroscope (every pad whose driver gives a
    /// motion node has one; `false` if its node turns out to have no `ABS_RX`, `ABS_RY`, `ABS_RZ`).
    open var hasRotationRate: Bool { state.withLock { $0.hasRotationRate } }

    /// `false`: on Linux no attitude is fused from the accelerometer and gyroscope yet, so ``attitude`` is the
    /// identity; a game integrates ``rotationRate`` itself (see <doc:DifferencesFromGameController>).
    open var hasAttitude: Bool { false }

    /// `false` (Apple deprecated it for ``hasAttitude`` and ``hasRotationRate``): there is no attitude.
    @available(*, deprecated, message: "use hasAttitude and hasRotationRate")
    open var hasAttitudeAndRotationRate: Bool { false }

    /// The gravity the controller feels, in its own axes, in g: the low-pass filtered ``acceleration``.
    open var gravity: GCAcceleration { state.withLock { $0.gravity } }

    /// The acceleration the player gives the controller, in g: ``acceleration`` minus ``gravity``.
    open var userAcceleration: GCAcceleration { state.withLock { $0.userAcceleration } }

    /// The controller's total acceleration, gravity included, in g.
    open var acceleration: GCAcceleration { state.withLock { $0.acceleration } }

    /// The identity, (0, 0, 0, 1): no attitude is computed (``hasAttitude`` is `false`).
    open var attitude: GCQuaternion { state.withLock { $0.attitude } }

    /// How fast the controller turns about each of its axes, in radians per second.
    open var rotationRate: GCRotationRate { state.withLock { $0.rotationRate } }

    /// Sets ``gravity``, when this is a snapshot's motion (``GCController/capture()``); on a pad's own motion it does
    /// nothing, as Apple's.
    open func setGravity(_ gravity: GCAcceleration) { setIfSnapshot { $0.gravity = gravity } }

    /// Sets ``userAcceleration`` on a snapshot's motion; nothing on a pad's own.
    open func setUserAcceleration(_ userAcceleration: GCAcceleration) { setIfSnapshot { $0.userAcceleration = userAcceleration } }

    /// Sets ``acceleration`` on a snapshot's motion; nothing on a pad's own.
    open func setAcceleration(_ acceleration: GCAcceleration) { setIfSnapshot { $0.acceleration = acceleration } }

    /// Sets ``attitude`` on a snapshot's motion; nothing on a pad's own.
    open func setAttitude(_ attitude: GCQuaternion) { setIfSnapshot { $0.attitude = attitude } }

    /// Sets ``rotationRate`` on a snapshot's motion; nothing on a pad's own.
    open func setRotationRate(_ rotationRate: GCRotationRate) { setIfSnapshot { $0.rotationRate = rotationRate } }

    /// Copies every value of `motion` into this snapshot's motion; nothing on a pad's own.
    open func setStateFrom(_ motion: GCMotion) {
        let values = motion.state.withLock { $0 }
        setIfSnapshot { s in
            s.gravity = values.gravity
            s.userAcceleration = values.userAcceleration
            s.acceleration = values.acceleration
            s.attitude = values.attitude
            s.rotationRate = values.rotationRate
        }
    }

    // MARK: Internals

    private struct Handler: @unchecked Sendable {
        let body: GCMotionValueChangedHandler
    }

    private struct Owner: @unchecked Sendable {
        weak var controller: GCController?
    }

    /// The values, the filter and the node's scale.
    internal struct State: Sendable {
        var active = false
        var hasRotationRate: Bool
        var gravity = GCAcceleration()
        var userAcceleration = GCAcceleration()
        var acceleration = GCAcceleration()
        var attitude = GCQuaternion(x: 0, y: 0, z: 0, w: 1)
        var rotationRate = GCRotationRate()
        /// Whether gravity has had its first report since activation.
        var seeded = false
        /// The node's scale, once its ranges were checked.
        var scale: MotionSensorScale?
        /// Why the node is ignored.
        var problem: String?
        /// The latest raw value of `ABS_X` … `ABS_RZ`.
        var raw: [Int32] = Array(repeating: 0, count: 6)

        /// Takes the raw values as one report.
        mutating func sample() {
            guard let scale else { return }
            acceleration = scale.acceleration((raw[0], raw[1], raw[2]))
            rotationRate = scale.rotationRate((raw[3], raw[4], raw[5]))
            if seeded {
                let k = GCMotion.gravityFilter
                gravity = GCAcceleration(
                    x: gravity.x + k * (acceleration.x - gravity.x), y: gravity.y + k * (acceleration.y - gravity.y),
                    z: gravity.z + k * (acceleration.z - gravity.z))
            } else {
                gravity = acceleration
                seeded = true
            }
            userAcceleration = GCAcceleration(
                x: acceleration.x - gravity.x, y: acceleration.y - gravity.y, z: acceleration.z - gravity.z)
        }
    }

    /// How far each report moves ``gravity`` towards ``acceleration``: 1/32.
    internal static let gravityFilter = 1.0 / 32

    private let owner = LockedState(Owner())
    private let handler = LockedState<Handler?>(nil)
    private let state: LockedState<State>
    /// Starts or stops reading the pad's motion node (set by the registry's input for a real pad).
    private let activation = LockedState<(@Sendable (Bool) -> Void)?>(nil)
    private let isSnapshot: Bool

    /// Sensors of a pad; `hasRotationRate`: whether it has a gyroscope.
    internal init(hasRotationRate: Bool = true, snapshot: Bool = false) {
        state = LockedState(State(hasRotationRate: hasRotationRate))
        isSnapshot = snapshot
    }

    /// A snapshot's motion: `motion`'s values, set by the game from then on.
    internal convenience init(snapshotOf motion: GCMotion) {
        self.init(hasRotationRate: motion.hasRotationRate, snapshot: true)
        setStateFrom(motion)
    }

    /// The controller these sensors belong to.
    internal func attach(to controller: GCController) { owner.withLock { $0.controller = controller } }

    /// What starts and stops reading the pad's motion node (`nil`: nothing to tell; the pad was unplugged).
    internal func setActivation(_ body: (@Sendable (Bool) -> Void)?) { activation.withLock { $0 = body } }

    /// Why a motion-sensor node whose axes have `ranges` would be ignored (a resolution of 0 or an absurd one, no
    /// accelerometer axes), or `nil` when it is usable: what `haptic devices` says of a pad's node.
    package static func problem(ofRanges ranges: [UInt16: PadAxisRange]) -> String? {
        do throws(MotionSensorScale.Problem) {
            _ = try MotionSensorScale(ranges: ranges)
            return nil
        } catch {
            return error.text
        }
    }

    /// Why the pad's motion node is ignored (its resolution is 0 or absurd), or `nil`.
    internal var problem: String? { state.withLock { $0.problem } }

    private func setIfSnapshot(_ change: (inout State) -> Void) {
        guard isSnapshot else { return }
        state.withLock(change)
    }

    /// A batch of the motion node's events, whose axes have `ranges`: while active, each report (`SYN_REPORT`, and the
    /// end of the batch) is converted and filtered, then the handler runs once on the handler queue. The first batch
    /// checks the ranges; a node they refuse is ignored from then on, with a warning, and no longer read.
    internal func apply(_ events: [PadInputEvent], ranges: [UInt16: PadAxisRange]) {
        enum Outcome {
            case nothing
            case changed
            case refused(String)
        }
        let outcome = state.withLock { s -> Outcome in
            guard s.active, s.problem == nil else { return .nothing }
            if s.scale == nil {
                do throws(MotionSensorScale.Problem) {
                    let scale = try MotionSensorScale(ranges: ranges)
                    s.scale = scale
                    s.hasRotationRate = scale.unitsPerDegreePerSecond != nil
                    s.raw = (0..<6).map { ranges[UInt16($0)]?.value ?? 0 }
                } catch {
                    s.problem = error.text
                    return .refused(error.text)
                }
            }
            var changed = false
            var pending = false
            for event in events {
                switch event.kind {
                case .axis where event.code < 6:
                    s.raw[Int(event.code)] = event.value
                    pending = true
                case .report where pending:
                    s.sample()
                    pending = false
                    changed = true
                default: break
                }
            }
            if pending {
                s.sample()
                changed = true
            }
            return changed ? .changed : .nothing
        }
        switch outcome {
        case .nothing: return
        case .refused(let problem):
            let name = controller.map { "\($0.info.name) (\($0.info.id))" } ?? "a controller"
            DeviceLog.logger.warning("game controllers: the motion sensors of \(name) are ignored: \(problem)")
            activation.withLock { $0 }?(false)
        case .changed:
            guard let handler = handler.withLock({ $0 }) else { return }
            let queue = controller?.handlerQueue ?? .main
            let call = InputCall { handler.body(self) }
            queue.async { call.body() }
        }
    }
}
