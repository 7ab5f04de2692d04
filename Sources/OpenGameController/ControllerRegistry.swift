import Dispatch
import Foundation
import HapticDevices
import HapticEngine
import HapticLinux
import HapticRender
import HapticSystem
import Logging

/// The controllers the app sees: discovered once on first use, then kept current by watching `/dev/input`
/// (HapticLinux's `DeviceMonitor`), with connect and disconnect posted on `NotificationCenter.default`.
///
/// Tests make their own (an injected environment, probe and clock) and install it with ``install(_:)``.
package final class ControllerRegistry: @unchecked Sendable {
    /// Makes the device that plays a controller's actuators.
    package typealias DeviceMaker = @Sendable (ControllerInfo) throws -> any HapticDevice

    // @unchecked: mutable state is behind `state`; notifications go out on `queue`.

    private let environment: [String: String]
    private let clock: EngineClockMode
    private let makeDevice: DeviceMaker
    #if os(Linux)
    private let probe: @Sendable (String) -> Result<EvdevCapabilities, DeviceError>
    #endif
    private let watchesHotPlug: Bool
    /// Where notifications are posted from, in order.
    package let queue: DispatchQueue
    private let state = LockedState(State())
    /// The pads' input: which one is ``GCController/current``.
    let input: ControllerInput

    private struct State {
        var started = false
        var controllers: [GCController] = []
        #if os(Linux)
        var monitor: DeviceMonitor?
        #endif
        var discoveryCompletion: UncheckedCompletion?
        var discoveryGeneration = 0
    }

    #if os(Linux)
    /// A registry over `environment` (`HAPTIC_INPUT_DIR`, `HAPTIC_SYSFS_ROOT`, `HAPTIC_CONTROLLERS`).
    ///
    /// - Parameters:
    ///   - environment: the process environment to read.
    ///   - clock: the clock of the engines controllers make (manual in tests).
    ///   - watchesHotPlug: whether to watch the input directory for controllers coming and going.
    ///   - probe: how an evdev node is probed (tests replace it).
    ///   - makeDevice: makes the device that plays a controller (tests replace it).
    package init(
        environment: [String: String] = ProcessEnvironment.current, clock: EngineClockMode = .realTime, watchesHotPlug: Bool = true,
        probe: @escaping @Sendable (String) -> Result<EvdevCapabilities, DeviceError> = { path in
            EvdevProbe.probe(path: path, system: LinuxEvdevSystemCalls())
        },
        makeDevice: @escaping DeviceMaker = { info in try ControllerDiscovery.makeDevice(for: info) }
    ) {
        self.environment = environment
        self.clock = clock
        self.makeDevice = makeDevice
        self.watchesHotPlug = watchesHotPlug
        self.probe = probe
        queue = DispatchQueue(label: "OpenGameController.controllers")
        input = ControllerInput(queue: queue, readsEvdev: true)
    }
    #else
    /// A registry over `environment` (`HAPTIC_CONTROLLERS`).
    package init(
        environment: [String: String] = ProcessEnvironment.current, clock: EngineClockMode = .realTime, watchesHotPlug: Bool = true,
        makeDevice: @escaping DeviceMaker = { info in try ControllerDiscovery.makeDevice(for: info) }
    ) {
        self.environment = environment
        self.clock = clock
        self.makeDevice = makeDevice
        self.watchesHotPlug = watchesHotPlug
        queue = DispatchQueue(label: "OpenGameController.controllers")
        input = ControllerInput(queue: queue, readsEvdev: false)
    }
    #endif

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
        #if os(Linux)
        let report = ControllerDiscovery.controllers(environment: environment, probe: probe)
        #else
        let report = ControllerDiscovery.simulatedControllers(environment: environment)
        #endif
        for problem in report.problems { DeviceLog.logger.warning("game controllers: \(problem)") }
        let found = report.controllers.map { GCController(info: $0, clock: clock, makeDevice: makeDevice) }
        state.withLock { s in s.controllers = found }
        // The current controller is updated before any of these notifications is delivered.
        input.connected(found) { for controller in found { post(.GCControllerDidConnect, controller) } }
        #if os(Linux)
        if watchesHotPlug { startMonitor() }
        #endif
    }

    #if os(Linux)
    private func startMonitor() {
        let directory = environment["HAPTIC_INPUT_DIR"] ?? "/dev/input"
        let monitor = DeviceMonitor(directory: directory, probe: probe)
        do {
            // A strong capture: the monitor's thread keeps the registry until shutdown() stops it (a weak reference to
            // a registry that lives for the whole process would leave LeakSanitizer a side table it cannot trace).
            try monitor.start { [self] event in handle(event) }
        } catch {
            // A machine without an input directory (a container, CI) has nothing to watch: not worth a notice.
            let level: Logger.Level = error.code == .notFound ? .debug : .notice
            DeviceLog.logger.log(level: level, "game controllers: not watching \(directory) for controllers: \(error)")
            return
        }
        state.withLock { $0.monitor = monitor }
        // A pad unplugged between discovery and the monitor's first scan is unknown to the monitor, which reports
        // removals only of nodes it saw: drop it here, in the monitor's order of events.
        let discovered = state.withLock { $0.controllers.compactMap(\.info.evdevPath) }
        for path in discovered where !Posix.exists(path) {
            monitor.queue.async { [self] in handle(.removed(id: "evdev:\(path)")) }
        }
    }

    /// A node came or went (on the monitor's queue).
    private func handle(_ event: DeviceMonitor.Event) {
        switch event {
        case .added(let device):
            guard let capabilities = device.evdevCapabilities, capabilities.isGameController else { return }
            let sysfsRoot = environment["HAPTIC_SYSFS_ROOT"] ?? "/sys"
            let controller = state.withLock { s -> GCController? in
                guard !s.controllers.contains(where: { $0.info.evdevPath == capabilities.path }) else { return nil }
                let hidrawDirectory = environment[ControllerDiscovery.hidrawDirectoryVariable] ?? "/dev"
                let info = ControllerDiscovery.controller(capabilities, sysfsRoot: sysfsRoot, hidrawDirectory: hidrawDirectory)
                let made = GCController(info: info, clock: clock, makeDevice: makeDevice)
                s.controllers.append(made)
                return made
            }
            if let controller {
                DeviceLog.logger.notice("game controller connected: \(controller.info.name) (\(controller.info.id))")
                input.connected([controller]) { post(.GCControllerDidConnect, controller) }
            }
        case .removed(let id):
            let controller = state.withLock { s -> GCController? in
                guard let index = s.controllers.firstIndex(where: { $0.info.evdevPath.map { "evdev:\($0)" } == id }) else { return nil }
                return s.controllers.remove(at: index)
            }
            if let controller {
                DeviceLog.logger.notice("game controller disconnected: \(controller.info.name) (\(controller.info.id))")
                controller.disconnect()
                input.disconnected(controller) { post(.GCControllerDidDisconnect, controller) }
            }
        }
    }
    #endif

    private func post(_ name: NSNotification.Name, _ controller: GCController) {
        let sendable = UncheckedCompletion { NotificationCenter.default.post(name: name, object: controller) }
        queue.async { sendable.body() }
    }

    /// Stops watching (a registry replaced by ``install(_:)``).
    package func shutdown() {
        input.shutdown()
        #if os(Linux)
        let monitor = state.withLock { s -> DeviceMonitor? in
            defer { s.monitor = nil }
            return s.monitor
        }
        monitor?.stop()
        #endif
    }
}
