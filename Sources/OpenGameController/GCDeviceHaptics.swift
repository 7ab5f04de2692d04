import Foundation
import HapticDevices
import HapticEngine
import HapticRender
import HapticSystem
import OpenCoreHaptics

/// A game controller's haptics: which localities it has, and a `CHHapticEngine` for each.
///
///     guard let haptics = controller.haptics else { return }
///     if haptics.supportedLocalities.contains(.leftHandle) {
///         let engine = haptics.createEngine(withLocality: .leftHandle)
///     }
///
/// Every engine of one controller plays into the same device output: a left-handle engine and a right-handle engine
/// playing at once become one rumble effect carrying both motors (or one PCM stream for both voice coils), mixed with
/// any `CHHapticEngine()` bound to the same evdev node.
///
/// Thread safety: any thread.
open class GCDeviceHaptics: NSObject, @unchecked Sendable {
    // @unchecked: the mutable parts (the device, the engines) are behind `state`, a lock.

    /// The localities ``createEngine(withLocality:)`` makes engines for. Always holds ``GCHapticsLocality/default``
    /// and ``GCHapticsLocality/all``.
    public let supportedLocalities: Set<GCHapticsLocality>

    let controllerInfo: ControllerInfo
    private let clock: EngineClockMode
    private let makeDevice: ControllerRegistry.DeviceMaker
    private let state = LockedState(State())

    private struct State {
        /// The controller's device, shared by its engines (made on the first engine).
        var device: (any HapticDevice)?
        var engines: [WeakEngine] = []
        var isDisconnected = false
    }

    private struct WeakEngine {
        weak var engine: CHHapticEngine?
    }

    init(controller: ControllerInfo, clock: EngineClockMode, makeDevice: @escaping ControllerRegistry.DeviceMaker) {
        controllerInfo = controller
        self.clock = clock
        self.makeDevice = makeDevice
        supportedLocalities = Self.localities(for: controller.actuators)
    }

    /// The localities a controller with `actuators` supports.
    package static func localities(for actuators: ControllerActuators) -> Set<GCHapticsLocality> {
        var localities: Set<GCHapticsLocality> = [.default, .all, .handles]
        if actuators.contains(.twoHandles) { localities.formUnion([.leftHandle, .rightHandle]) }
        if actuators.contains(.triggerMotors) { localities.formUnion([.triggers, .leftTrigger, .rightTrigger]) }
        return localities
    }

    /// Makes an engine that plays on `locality`, or `nil` when the controller has no actuator there (triggers on a pad
    /// whose kernel driver exposes no trigger motors, for example) or is disconnected.
    ///
    /// The engine is not started. It plays continuous events up to ``GCHapticDurationInfinite`` long (other engines
    /// cut them at 30 s). When the controller disconnects it stops, its stopped handler gets
    /// `CHHapticEngine.StoppedReason.gameControllerDisconnect`, and it does not come back: a controller plugged in
    /// again is a new ``GCController`` with new engines.
    open func createEngine(withLocality locality: GCHapticsLocality) -> CHHapticEngine? {
        guard supportedLocalities.contains(locality), let route = locality.route else { return nil }
        return state.withLock { s -> CHHapticEngine? in
            guard !s.isDisconnected else { return nil }
            let device: any HapticDevice
            if let made = s.device {
                device = made
            } else {
                guard let made = try? makeDevice(controllerInfo) else { return nil }
                s.device = made
                device = made
            }
            let engine = CHHapticEngine(
                device: device, clock: clock, route: route, continuousDurationCap: Double(GCHapticDurationInfinite),
                watchesForReturn: false)
            s.engines.removeAll { $0.engine == nil }
            s.engines.append(WeakEngine(engine: engine))
            return engine
        }
    }

    /// The controller went away: every engine still running stops with `.gameControllerDisconnect` (once: an engine
    /// that already noticed the removal itself has stopped), no engine of it starts again (a restart would reach
    /// whatever device takes the node next, such as the same pad plugged in again as a new controller), and no new
    /// engine is made.
    func disconnect() {
        let engines = state.withLock { s -> [CHHapticEngine] in
            s.isDisconnected = true
            return s.engines.compactMap(\.engine)
        }
        let explanation = "\(controllerInfo.name) was disconnected; a controller plugged in again is a new GCController"
        for engine in engines { engine.runtime.endForGood(.gameControllerDisconnect, because: explanation) }
    }
}
