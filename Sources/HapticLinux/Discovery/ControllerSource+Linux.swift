import HapticDevices
import HapticSystem
import Logging

extension ControllerSource {
    /// This machine's game controllers, as `environment` places them: evdev nodes with force feedback and gamepad
    /// buttons under `HAPTIC_INPUT_DIR` (default `/dev/input`), their sysfs (`HAPTIC_SYSFS_ROOT`) and hidraw nodes
    /// (`HAPTIC_HIDRAW_DIR`), then the simulated controllers `HAPTIC_CONTROLLERS` lists. Hot-plug through a
    /// ``DeviceMonitor`` of the input directory, each controller's device from ``ControllerDiscovery/makeDevice(for:)``,
    /// a DualSense's triggers through its hidraw node (``HidrawTriggerOutput``) or a simulated pad's record
    /// (``SimulatedDualSenseTriggers``), and the pads' input through a `PadInputReader`, routed through the SDL game
    /// controller mapping `SDL_GAMECONTROLLERCONFIG_FILE` or `SDL_GAMECONTROLLERCONFIG` gives a pad (`PadMappingDatabase`;
    /// their problems are the discovery's). On other systems: the simulated controllers only.
    ///
    /// - Parameter environment: the process environment to read.
    package static func linux(environment: [String: String] = ProcessEnvironment.current) -> ControllerSource {
        #if os(Linux)
        return linux(environment: environment) { path in EvdevProbe.probe(path: path, system: LinuxEvdevSystemCalls()) }
        #else
        let mappings = PadMappingDatabase.load(environment: environment)
        return ControllerSource(
            discover: { Discovery(ControllerDiscovery.simulatedControllers(environment: environment), mappings: mappings) },
            makeDevice: { info in try ControllerDiscovery.makeDevice(for: info) },
            triggerOutput: { info in triggerOutput(for: info, hidraw: nil) }, mappings: mappings)
        #endif
    }

    /// The trigger output of a simulated DualSense (its record), or of a real one whose hidraw node is `hidraw`; one
    /// that refuses every write with the reason when there is no node.
    private static func triggerOutput(
        for info: ControllerInfo, hidraw: ((String, DualSenseTransport) -> any DualSenseTriggerOutput)?
    ) -> any DualSenseTriggerOutput {
        let transport = DualSenseTransport(busType: info.busType) ?? .usb
        if info.isSimulated { return SimulatedDualSenseTriggers(transport: transport) }
        if let path = info.hidrawPath, let hidraw { return hidraw(path, transport) }
        return UnavailableTriggerOutput(
            problem: "\(info.name) (\(info.id)): no hidraw node beside its evdev node (a kernel without hidraw, or a pad not"
                + " driven by hid-playstation), so its adaptive triggers cannot be set")
    }

    #if os(Linux)
    /// ``linux(environment:)`` with its own probe of evdev nodes (tests: files that stand for pads).
    package static func linux(
        environment: [String: String], probe: @escaping @Sendable (String) -> Result<EvdevCapabilities, DeviceError>
    ) -> ControllerSource {
        let mappings = PadMappingDatabase.load(environment: environment)
        return ControllerSource(
            discover: {
                Discovery(ControllerDiscovery.controllers(environment: environment, mappings: mappings, probe: probe), mappings: mappings)
            },
            watch: { known, handler in
                watch(environment: environment, mappings: mappings, probe: probe, known: known, handler: handler)
            },
            makeDevice: { info in try ControllerDiscovery.makeDevice(for: info) },
            triggerOutput: { info in
                triggerOutput(for: info) { path, transport in HidrawTriggerOutput(path: path, transport: transport) }
            },
            readInput: { handler in LinuxPadInput(handler: handler) },
            readBattery: { info in
                // hid-playstation registers the battery after the input devices: a pad caught at its hot-plug may have
                // had none yet, so it is looked for again.
                let sysfsRoot = environment["HAPTIC_SYSFS_ROOT"] ?? "/sys"
                let directory =
                    info.batteryPath ?? info.evdevPath.flatMap { PowerSupply.batteryDirectory(ofEventNode: $0, sysfsRoot: sysfsRoot) }
                return directory.flatMap(PowerSupply.battery(directory:))
            },
            lights: { info in
                info.evdevPath.flatMap { LEDClassLights(ofEventNode: $0, sysfsRoot: environment["HAPTIC_SYSFS_ROOT"] ?? "/sys") }
            }, mappings: mappings)
    }

    /// Watches the input directory with a ``DeviceMonitor``: a node that probes as a game controller is connected, a
    /// node reported removed is disconnected; a `known` pad whose node is already gone (unplugged between discovery
    /// and the monitor's first scan, which reports removals only of nodes it saw) is disconnected first, in the
    /// monitor's order of events.
    private static func watch(
        environment: [String: String], mappings: PadMappingDatabase,
        probe: @escaping @Sendable (String) -> Result<EvdevCapabilities, DeviceError>, known: [ControllerInfo],
        handler: @escaping @Sendable (Change) -> Void
    ) -> (@Sendable () -> Void)? {
        let directory = environment["HAPTIC_INPUT_DIR"] ?? "/dev/input"
        let sysfsRoot = environment["HAPTIC_SYSFS_ROOT"] ?? "/sys"
        let hidrawDirectory = environment[ControllerDiscovery.hidrawDirectoryVariable] ?? "/dev"
        let monitor = DeviceMonitor(directory: directory, probe: probe)
        do {
            // A strong capture of the handler: the monitor's thread keeps it until stop.
            try monitor.start { event in
                switch event {
                case .added(let device):
                    guard let capabilities = device.evdevCapabilities, capabilities.isGameController(mappings: mappings) else { return }
                    handler(
                        .connected(ControllerDiscovery.controller(capabilities, sysfsRoot: sysfsRoot, hidrawDirectory: hidrawDirectory)))
                case .removed(let id):
                    handler(.disconnected(id: id))
                }
            }
        } catch {
            // A machine without an input directory (a container, CI) has nothing to watch: not worth a notice.
            let level: Logger.Level = error.code == .notFound ? .debug : .notice
            DeviceLog.logger.log(level: level, "game controllers: not watching \(directory) for controllers: \(error)")
            return nil
        }
        for controller in known {
            guard let path = controller.evdevPath, !Posix.exists(path) else { continue }
            monitor.queue.async { handler(.disconnected(id: controller.id)) }
        }
        return { monitor.stop() }
    }
    #endif
}

extension ControllerSource.Discovery {
    /// What ``ControllerDiscovery`` found, and the problems of the mapping lines.
    init(_ report: ControllerDiscovery.Report, mappings: PadMappingDatabase) {
        self.init(controllers: report.controllers, problems: report.problems + mappings.messages)
    }
}

#if os(Linux)
/// The pads' input through a ``PadInputReader``: each real controller's evdev node, and its touchpad's node when it
/// has one, read-only, never grabbed; its motion sensors' node only while the app has motion active
/// (``setMotionActive(_:_:)``). Motion is never a use of the pad (a pad on a table shakes its sensors).
final class LinuxPadInput: PadInputReading {
    private let reader: PadInputReader
    /// Controller IDs and which of the pad's nodes, by node path.
    private let ids = LockedState<[String: (id: String, node: PadInputNode)]>([:])

    init(handler: @escaping @Sendable (PadInputBatch) -> Void) {
        let ids = ids
        reader = PadInputReader { path, events, isUse, axes in
            guard let owner = ids.withLock({ $0[path] }) else { return }
            handler(
                PadInputBatch(controllerID: owner.id, events: events, isUse: isUse && owner.node != .motion, axes: axes, node: owner.node))
        }
    }

    /// The nodes of `controller` to read while it is watched (its motion node is read only while active).
    private static func nodes(_ controller: ControllerInfo) -> [(path: String, node: PadInputNode)] {
        [controller.evdevPath.map { ($0, .gamepad) }, controller.touchpadPath.map { ($0, .touchpad) }].compactMap { $0 }
    }

    func watch(_ controller: ControllerInfo) {
        for (path, node) in Self.nodes(controller) { read(path, node: node, of: controller) }
    }

    func forget(_ controller: ControllerInfo) {
        for (path, _) in Self.nodes(controller) { stopReading(path, of: controller) }
        if let path = controller.motionPath { stopReading(path, of: controller) }
    }

    func setMotionActive(_ controller: ControllerInfo, _ active: Bool) {
        guard let path = controller.motionPath else { return }
        if active { read(path, node: .motion, of: controller) } else { stopReading(path, of: controller) }
    }

    func stop() { reader.stop() }

    private func read(_ path: String, node: PadInputNode, of controller: ControllerInfo) {
        ids.withLock { $0[path] = (controller.id, node) }
        reader.watch(path: path)
    }

    private func stopReading(_ path: String, of controller: ControllerInfo) {
        ids.withLock { ids in if ids[path]?.id == controller.id { ids[path] = nil } }
        reader.forget(path: path)
    }
}
#endif
