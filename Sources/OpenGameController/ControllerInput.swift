import Dispatch
import HapticDevices
import HapticLinux
import HapticSystem

/// The input side of the controllers, as far as ``GCController/current`` needs it: which pad the player touched
/// last. Real pads are read from their evdev nodes by HapticLinux's `PadInputReader` (read-only, never grabbed);
/// simulated pads (`HAPTIC_CONTROLLERS`) take the events a test gives them (``ControllerRegistry/simulateInput(_:on:)``),
/// judged by the same `PadActivityFilter`. Both report to the ``CurrentControllerTracker``.
///
/// - Thread safety: any thread.
final class ControllerInput: Sendable {
    /// Which controller is current, and its notifications.
    let tracker: CurrentControllerTracker
    /// Evdev pads by node path.
    private let pads: LockedState<[String: GCController]>
    /// Simulated pads' filters, by controller.
    private let simulated = LockedState<[ObjectIdentifier: (controller: GCController, filter: PadActivityFilter)]>([:])
    #if os(Linux)
    private let reader: PadInputReader?
    #endif

    /// Input for a registry that posts on `queue`; `readsEvdev`: whether real pads' nodes are read.
    init(queue: DispatchQueue, readsEvdev: Bool) {
        let tracker = CurrentControllerTracker(queue: queue)
        let pads = LockedState<[String: GCController]>([:])
        self.tracker = tracker
        self.pads = pads
        #if os(Linux)
        reader =
            readsEvdev
            ? PadInputReader { path in
                if let controller = pads.withLock({ $0[path] }) { tracker.used(controller) }
            } : nil
        #endif
    }

    /// `controllers` connected (the last becomes current); their input is read from now on. `announce` posts their
    /// connection: it runs once the current controller is updated, before the current-controller notifications are
    /// queued.
    func connected(_ controllers: [GCController], announce: () -> Void) {
        for controller in controllers {
            if let spec = controller.info.simulation {
                let filter = PadActivityFilter(axes: spec.axisRanges)
                simulated.withLock { $0[ObjectIdentifier(controller)] = (controller, filter) }
            } else if let path = controller.info.evdevPath {
                pads.withLock { $0[path] = controller }
            }
        }
        tracker.connected(controllers, announce: announce)
        #if os(Linux)
        for path in controllers.compactMap(\.info.evdevPath) { reader?.watch(path: path) }
        #endif
    }

    /// `controller` disconnected: its input is no longer read, and it stops being current. `announce` posts the
    /// disconnection, as in ``connected(_:announce:)``.
    func disconnected(_ controller: GCController, announce: () -> Void) {
        if let path = controller.info.evdevPath {
            pads.withLock { pads in if pads[path] === controller { pads[path] = nil } }
            #if os(Linux)
            reader?.forget(path: path)
            #endif
        }
        simulated.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(controller)) }
        tracker.disconnected(controller, announce: announce)
    }

    /// A simulated pad's input event: whether it counted as the player using the pad (it is then current).
    func simulate(_ event: PadInputEvent, on controller: GCController) -> Bool {
        let counted = simulated.withLock { entries -> Bool in
            guard var entry = entries[ObjectIdentifier(controller)], entry.controller === controller else { return false }
            defer { entries[ObjectIdentifier(controller)] = entry }
            return entry.filter.isActivity(event)
        }
        if counted { tracker.used(controller) }
        return counted
    }

    /// Stops reading.
    func shutdown() {
        #if os(Linux)
        reader?.stop()
        #endif
    }
}
