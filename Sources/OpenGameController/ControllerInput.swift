import Dispatch
import HapticDevices
import HapticSystem

/// The input side of the controllers: each batch of a pad's events goes to its profile's elements
/// (``GCExtendedGamepad``), and a use makes the pad ``GCController/current``. Real pads' input comes from the registry's `ControllerSource` (on Linux, HapticLinux's `PadInputReader`:
/// read-only, never grabbed); simulated pads (`HAPTIC_CONTROLLERS`) take the events a test gives them
/// (``ControllerRegistry/simulateInput(_:on:)``), judged by the same `PadActivityFilter`. Both report to the
/// ``CurrentControllerTracker``.
///
/// - Thread safety: any thread.
final class ControllerInput: Sendable {
    /// Which controller is current, and its notifications.
    let tracker: CurrentControllerTracker
    /// Connected pads whose input the source reads, by controller ID.
    private let pads: LockedState<[String: GCController]>
    /// Simulated pads' filters, by controller.
    private let simulated = LockedState<[ObjectIdentifier: (controller: GCController, filter: PadActivityFilter)]>([:])
    private let reader: (any PadInputReading)?
    /// Controllers (by ID) used before the tracker knew them: a button held when their nodes were opened, whose
    /// present state comes before the connection is announced. They count as used right after it.
    private let usedBeforeConnection: LockedState<Set<String>>

    /// Input for a registry that posts on `queue`; `reading` starts the source's reader of real pads' input.
    init(queue: DispatchQueue, reading: @Sendable (@escaping @Sendable (PadInputBatch) -> Void) -> (any PadInputReading)?) {
        let tracker = CurrentControllerTracker(queue: queue)
        let pads = LockedState<[String: GCController]>([:])
        let early = LockedState<Set<String>>([])
        self.tracker = tracker
        self.pads = pads
        usedBeforeConnection = early
        reader = reading { batch in
            guard let controller = pads.withLock({ $0[batch.controllerID] }) else { return }
            controller.receive(batch.events, axes: batch.axes, from: batch.node)
            // Motion is never a use: a pad on a table shakes its sensors.
            if batch.isUse, batch.node != .motion, !tracker.used(controller) {
                early.withLock { _ = $0.insert(batch.controllerID) }
            }
        }
    }

    /// `controllers` connected (the last becomes current); their input is read from now on. `announce` posts their
    /// connection: it runs once the current controller is updated, before the current-controller notifications are
    /// queued.
    ///
    /// Real pads' nodes are opened first: the reader delivers their present state (a button held while the pad was
    /// plugged in, a stick already pushed) before `announce`, so an observer of `GCControllerDidConnect` reads the
    /// pad's elements as they are. A held button is a use: the pad becomes current right after the connection.
    func connected(_ controllers: [GCController], announce: () -> Void) {
        for controller in controllers {
            if let spec = controller.info.simulation {
                let filter = PadActivityFilter(axes: spec.axisRanges)
                simulated.withLock { $0[ObjectIdentifier(controller)] = (controller, filter) }
            } else {
                pads.withLock { $0[controller.info.id] = controller }
            }
        }
        for controller in controllers where !controller.info.isSimulated {
            let info = controller.info
            // Weak: the reader's handler keeps the pads, and a pad its motion, whose activation this is.
            controller.motion?.setActivation { [weak self] active in self?.reader?.setMotionActive(info, active) }
            reader?.watch(controller.info)
        }
        tracker.connected(controllers, announce: announce)
        for controller in controllers where usedBeforeConnection.withLock({ $0.remove(controller.info.id) != nil }) {
            tracker.used(controller)
        }
    }

    /// `controller` disconnected: its input is no longer read, and it stops being current. `announce` posts the
    /// disconnection, as in ``connected(_:announce:)``.
    func disconnected(_ controller: GCController, announce: () -> Void) {
        controller.motion?.setActivation(nil)
        if !controller.info.isSimulated {
            pads.withLock { pads in if pads[controller.info.id] === controller { pads[controller.info.id] = nil } }
            usedBeforeConnection.withLock { _ = $0.remove(controller.info.id) }
            reader?.forget(controller.info)
        }
        simulated.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(controller)) }
        tracker.disconnected(controller, announce: announce)
    }

    /// A simulated pad's input events, as one batch: its profile's elements take them, and the result is whether they
    /// counted as the player using the pad (it is then current).
    func simulate(_ events: [PadInputEvent], on controller: GCController) -> Bool {
        let judged = simulated.withLock { entries -> (counted: Bool, axes: [UInt16: PadAxisRange])? in
            guard var entry = entries[ObjectIdentifier(controller)], entry.controller === controller else { return nil }
            defer { entries[ObjectIdentifier(controller)] = entry }
            var counted = false
            for event in events where entry.filter.isActivity(event) { counted = true }
            return (counted, entry.filter.ranges)
        }
        guard let judged else { return false }
        controller.receive(events, axes: judged.axes)
        if judged.counted { tracker.used(controller) }
        return judged.counted
    }

    /// A simulated pad's motion-sensor events, as one batch of its motion node (with the ranges of
    /// `SimulatedControllerSpec.motionAxisRanges`): its ``GCMotion`` takes them while its sensors are active. Never a
    /// use of the pad. Returns whether the pad is simulated, connected and declared with motion.
    func simulateMotion(_ events: [PadInputEvent], on controller: GCController) -> Bool {
        guard let spec = controller.info.simulation, spec.hasMotion,
            simulated.withLock({ $0[ObjectIdentifier(controller)]?.controller === controller })
        else { return false }
        controller.receive(events, axes: spec.motionAxisRanges, from: .motion)
        return true
    }

    /// Stops reading.
    func shutdown() { reader?.stop() }
}
