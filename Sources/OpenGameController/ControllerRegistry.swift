import Dispatch
import Foundation
import HapticDevices
import HapticEngine
import HapticSystem
import OpenCoreHaptics

/// The controllers the app sees: discovered once on first use through its `ControllerSource`, then kept current by
/// the source's watch (on Linux, HapticLinux's `DeviceMonitor` of `/dev/input`), with connect and disconnect posted
/// on `NotificationCenter.default`.
///
/// The source is the registry's only way to the platform: the system's (`ControllerSource.system(environment:)`,
/// handed on by OpenCoreHaptics), or one a test builds. Tests make their own registry and install it with
/// ``install(_:)``.
package final class ControllerRegistry: @unchecked Sendable {
    /// Makes the device that plays a controller's actuators.
    package typealias DeviceMaker = ControllerSource.DeviceMaker

    // @unchecked: mutable state is behind `state`; notifications go out on `queue`.

    /// Where the controllers, their devices and their input come from.
    package let source: ControllerSource
    private let clock: EngineClockMode
    private let watchesHotPlug: Bool
    /// Where notifications are posted from, in order.
    package let queue: DispatchQueue
    private let state = LockedState(State())
    /// The pads' input: which one is ``GCController/current``.
    let input: ControllerInput

    private struct State {
        var started = false
        var controllers: [GCController] = []
        var stopWatching: (@Sendable () -> Void)?
        var discoveryCompletion: UncheckedCompletion?
        var discoveryGeneration = 0
    }

    /// A registry over `source`.
    ///
    /// - Parameters:
    ///   - source: where controllers, their devices and their input come from.
    ///   - clock: the clock of the engines controllers make (manual in tests).
    ///   - watchesHotPlug: whether to watch for controllers coming and going.
    package init(source: ControllerSource, clock: EngineClockMode = .realTime, watchesHotPlug: Bool = true) {
        self.source = source
        self.clock = clock
        self.watchesHotPlug = watchesHotPlug
        queue = DispatchQueue(label: "OpenGameController.controllers")
        input = ControllerInput(queue: queue, reading: source.readInput)
    }

    /// A registry over the system's controllers as `environment` places them (`HAPTIC_INPUT_DIR`,
    /// `HAPTIC_SYSFS_ROOT`, `HAPTIC_CONTROLLERS`).
    ///
    /// - Parameters:
    ///   - environment: the process environment to read.
    ///   - clock: the clock of the engines controllers make (manual in tests).
    ///   - watchesHotPlug: whether to watch the input directory for controllers coming and going.
    ///   - makeDevice: makes the device that plays a controller (tests replace it; `nil`: the system's).
    package convenience init(
        environment: [String: String] = ProcessEnvironment.current, clock: EngineClockMode = .realTime, watchesHotPlug: Bool = true,
        makeDevice: DeviceMaker? = nil
    ) {
        var source = ControllerSource.system(environment: environment)
        if let makeDevice { source.makeDevice = makeDevice }
        self.init(source: source, clock: clock, watchesHotPlug: watchesHotPlug)
    }

    private static let installed = LockedState<ControllerRegistry?>(nil)

    /// The registry `GCController`'s class members use: the installed one, else the process's.
    package static var current: ControllerRegistry {
        installed.withLock { registry in
            if let registry { return registry }
            let made = ControllerRegistry()
            registry = made
            return made
        }
    }

    /// Replaces the current registry (the old one stops watching).
    package static func install(_ registry: ControllerRegistry) {
        let old = installed.withLock { slot -> ControllerRegistry? in
            defer { slot = registry }
            return slot
        }
        old?.shutdown()
    }

    // MARK: Queries

    /// The connected controllers, in discovery order.
    package func controllers() -> [GCController] {
        startIfNeeded()
        return state.withLock { $0.controllers }
    }

    /// The controller the player used most recently (connecting counts as a use; see ``CurrentControllerTracker``).
    func mostRecent() -> GCController? {
        startIfNeeded()
        return input.tracker.current
    }

    // MARK: Discovery

    func startDiscovery(completion: UncheckedCompletion?) {
        startIfNeeded()
        let generation = state.withLock { s -> Int in
            if let pending = s.discoveryCompletion { queue.async { pending.body() } }
            s.discoveryCompletion = completion
            s.discoveryGeneration += 1
            return s.discoveryGeneration
        }
        queue.asyncAfter(deadline: .now() + 60) { [self] in endDiscovery(generation: generation) }
    }

    func stopDiscovery() {
        let generation = state.withLock { $0.discoveryGeneration }
        endDiscovery(generation: generation)
    }

    private func endDiscovery(generation: Int) {
        let completion = state.withLock { s -> UncheckedCompletion? in
            guard s.discoveryGeneration == generation else { return nil }
            defer { s.discoveryCompletion = nil }
            return s.discoveryCompletion
        }
        if let completion { queue.async { completion.body() } }
    }

    /// Discovers the controllers present, starts watching, and posts them as connected. Once.
    private func startIfNeeded() {
        let first = state.withLock { s -> Bool in
            defer { s.started = true }
            return !s.started
        }
        guard first else { return }
        let report = source.discover()
        for problem in report.problems { DeviceLog.logger.warning("game controllers: \(problem)") }
        let found = report.controllers.map { GCController(info: $0, clock: clock, source: source) }
        state.withLock { s in s.controllers = found }
        // The current controller is updated before any of these notifications is delivered.
        input.connected(found) { for controller in found { post(.GCControllerDidConnect, controller) } }
        guard watchesHotPlug else { return }
        // A strong capture: the source's watch keeps the registry until shutdown() stops it (a weak reference to a
        // registry that lives for the whole process would leave LeakSanitizer a side table it cannot trace).
        let stop = source.watch(report.controllers) { [self] change in handle(change) }
        state.withLock { $0.stopWatching = stop }
    }

    /// A controller came or went (on the source's watching thread).
    private func handle(_ change: ControllerSource.Change) {
        switch change {
        case .connected(let info):
            let controller = state.withLock { s -> GCController? in
                guard !s.controllers.contains(where: { $0.info.id == info.id }) else { return nil }
                let made = GCController(info: info, clock: clock, source: source)
                s.controllers.append(made)
                return made
            }
            if let controller {
                DeviceLog.logger.notice("game controller connected: \(controller.info.name) (\(controller.info.id))")
                input.connected([controller]) { post(.GCControllerDidConnect, controller) }
            }
        case .disconnected(let id):
            let controller = state.withLock { s -> GCController? in
                guard let index = s.controllers.firstIndex(where: { $0.info.id == id }) else { return nil }
                return s.controllers.remove(at: index)
            }
            if let controller {
                DeviceLog.logger.notice("game controller disconnected: \(controller.info.name) (\(controller.info.id))")
                controller.disconnect()
                input.disconnected(controller) { post(.GCControllerDidDisconnect, controller) }
            }
        }
    }

    private func post(_ name: NSNotification.Name, _ controller: GCController) {
        let sendable = UncheckedCompletion { NotificationCenter.default.post(name: name, object: controller) }
        queue.async { sendable.body() }
    }

    /// Stops watching (a registry replaced by ``install(_:)``).
    package func shutdown() {
        input.shutdown()
        let stop = state.withLock { s -> (@Sendable () -> Void)? in
            defer { s.stopWatching = nil }
            return s.stopWatching
        }
        stop?()
    }
}
