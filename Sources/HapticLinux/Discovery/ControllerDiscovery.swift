import HapticDevices
import HapticRender
import HapticSystem

/// Finds the game controllers of this machine: evdev nodes with force feedback and gamepad buttons (in node order),
/// then the simulated controllers `HAPTIC_CONTROLLERS` lists, in its order.
///
///     let found = ControllerDiscovery.controllers()
///     for controller in found.controllers { print(controller.name, controller.category.rawValue) }
///
/// A DualSense plugged in by USB also has a USB audio interface whose rear channel pair drives its voice coils: when
/// sysfs shows both on the same USB device and alsa-lib loads, the controller's handles play there, as PCM (so
/// sharpness is a frequency); otherwise the kernel's rumble emulation through evdev plays them.
///
/// - Thread safety: every function may be called from any thread.
/// - Real-time safety: none (it opens files and allocates).
public enum ControllerDiscovery {
    /// The environment variable listing simulated controllers (`simulated:<xbox|dualsense|generic>[=wav:<path>]`,
    /// comma-separated).
    public static let simulatedVariable = "HAPTIC_CONTROLLERS"

    /// What ``controllers(environment:)`` found.
    public struct Report: Sendable, Hashable {
        /// The controllers, real ones first.
        public var controllers: [ControllerInfo]
        /// Problems worth telling a user: a malformed `HAPTIC_CONTROLLERS`, an unreadable input directory.
        public var problems: [String]
    }

    /// The controllers present now: evdev nodes with force feedback and gamepad buttons, and joysticks with force
    /// feedback that an SDL game controller mapping line (`SDL_GAMECONTROLLERCONFIG`, `SDL_GAMECONTROLLERCONFIG_FILE`)
    /// names.
    ///
    /// - Parameter environment: the process environment (`HAPTIC_INPUT_DIR` replaces `/dev/input` and
    ///   `HAPTIC_SYSFS_ROOT` replaces `/sys`, for tests; `HAPTIC_CONTROLLERS` adds simulated controllers; SDL's two
    ///   variables give the mappings).
    public static func controllers(environment: [String: String] = ProcessEnvironment.current) -> Report {
        #if os(Linux)
        // A bad mapping line is the user's to fix: it is one of the report's problems (file or variable, line:column),
        // so `haptic devices` shows it even with no pad plugged in.
        let mappings = PadMappingDatabase.load(environment: environment)
        let report = controllers(environment: environment, mappings: mappings) { path in
            EvdevProbe.probe(path: path, system: LinuxEvdevSystemCalls())
        }
        return Report(controllers: report.controllers, problems: report.problems + mappings.messages)
        #else
        return simulatedControllers(environment: environment)
        #endif
    }

    #if os(Linux)
    /// ``controllers(environment:)`` with its own probe of evdev nodes (tests), a joystick with an SDL mapping line in
    /// `mappings` counting as a controller (``EvdevCapabilities/isGameController(mappings:)``).
    package static func controllers(
        environment: [String: String], mappings: PadMappingDatabase = PadMappingDatabase(),
        probe: (String) -> Result<EvdevCapabilities, DeviceError>
    ) -> Report {
        var controllers: [ControllerInfo] = []
        var problems: [String] = []
        let directory = environment["HAPTIC_INPUT_DIR"] ?? "/dev/input"
        let sysfsRoot = environment["HAPTIC_SYSFS_ROOT"] ?? "/sys"
        let (nodes, listingProblem) = DeviceDiscovery.eventNodes(in: directory)
        if let listingProblem, environment[simulatedVariable] == nil { problems.append(listingProblem) }
        let hidrawDirectory = environment[hidrawDirectoryVariable] ?? "/dev"
        for path in nodes {
            guard case .success(let capabilities) = probe(path), capabilities.isGameController(mappings: mappings) else { continue }
            controllers.append(controller(capabilities, sysfsRoot: sysfsRoot, hidrawDirectory: hidrawDirectory))
        }
        let simulated = simulatedControllers(environment: environment)
        return Report(controllers: controllers + simulated.controllers, problems: problems + simulated.problems)
    }
    #endif

    /// The simulated controllers `HAPTIC_CONTROLLERS` lists, in its order; each bad item is one of the report's
    /// problems (with its position) and the others still apply.
    public static func simulatedControllers(environment: [String: String] = ProcessEnvironment.current) -> Report {
        var controllers: [ControllerInfo] = []
        var problems: [String] = []
        if let list = environment[simulatedVariable], !list.isEmpty {
            // A bad item is reported and skipped; the others still apply.
            let parsed = SimulatedControllerSpec.parse(list: list)
            for (index, spec) in parsed.specs.enumerated() { controllers.append(simulated(spec, number: index + 1)) }
            problems += parsed.problems
        }
        return Report(controllers: controllers, problems: problems)
    }

    /// The description of the simulated controller `spec`, the `number`th of `HAPTIC_CONTROLLERS`.
    public static func simulated(_ spec: SimulatedControllerSpec, number: Int) -> ControllerInfo {
        let id = "simulated:\(spec.profileName)#\(number)"
        return ControllerInfo(
            id: id, name: spec.name, category: spec.category, busType: spec.transport == .bluetooth ? 5 : 0, actuators: spec.actuators,
            hapticDeviceID: id, simulation: spec)
    }

    /// Makes the device that plays `controller`'s actuators: the evdev node, the DualSense's ALSA PCM (USB) or hidraw
    /// coils (Bluetooth), or a `SimulatedControllerDevice` (`SimulatedDualSenseCoilDevice` for a Bluetooth DualSense).
    /// Every engine of one controller must share the device object (the registry makes one per controller).
    ///
    /// - Throws: `DeviceError` from opening the device.
    public static func makeDevice(for controller: ControllerInfo) throws(DeviceError) -> any HapticDevice {
        if let spec = controller.simulation {
            if spec.transport == .bluetooth { return SimulatedDualSenseCoilDevice(spec: spec, id: controller.id, name: controller.name) }
            return SimulatedControllerDevice(spec: spec, id: controller.id, name: controller.name)
        }
        #if os(Linux)
        if let path = bluetoothCoilsPath(of: controller.hapticDeviceID) { return HidrawCoilDevice(path: path, name: controller.name) }
        #endif
        return try DeviceDiscovery.makeDevice(id: controller.hapticDeviceID)
    }

    /// The prefix of the device ID of a Bluetooth DualSense's voice coils: `hidraw:` and the node.
    public static let bluetoothCoilsPrefix = "hidraw:"

    /// The hidraw node of a `hidraw:<node>` device ID, or `nil` for any other ID.
    public static func bluetoothCoilsPath(of deviceID: String) -> String? {
        guard deviceID.utf8.starts(with: bluetoothCoilsPrefix.utf8) else { return nil }
        return String(deviceID.dropFirst(bluetoothCoilsPrefix.count))
    }

    #if os(Linux)
    /// The environment variable that replaces `/dev` as the folder of hidraw nodes (tests).
    public static let hidrawDirectoryVariable = "HAPTIC_HIDRAW_DIR"

    /// The controller an evdev node with `capabilities` is: category from its IDs, and for a DualSense on USB with
    /// its audio card present (and alsa-lib loadable), the voice coils on the card's rear channel pair; on Bluetooth,
    /// the voice coils through its hidraw node when this process may write it (else the kernel's rumble emulation
    /// through evdev, ``bluetoothCoilsProblem(_:)`` says why); for any DualSense (USB or Bluetooth), the hidraw node its
    /// adaptive triggers are written to; for a DualSense or DualShock 4, the evdev node of its touchpad; for any pad
    /// whose driver registers one, its battery's `power_supply` directory and its motion sensors' evdev node.
    package static func controller(
        _ capabilities: EvdevCapabilities, sysfsRoot: String = "/sys", hidrawDirectory: String = "/dev"
    ) -> ControllerInfo {
        let category = ControllerCategory(vendorID: capabilities.vendorID, productID: capabilities.productID)
        var actuators: ControllerActuators = capabilities.supportsRumble ? .twoHandles : .oneHandle
        var hapticDeviceID = "evdev:\(capabilities.path)"
        if category == .dualSense, AlsaLibrary.loadProblem == nil,
            let usb = SysfsTopology.usbDevice(ofEventNode: capabilities.path, sysfsRoot: sysfsRoot),
            let card = SysfsTopology.soundCards(onUSBDevice: usb, sysfsRoot: sysfsRoot).first
        {
            hapticDeviceID = dualSenseVoiceCoilsID(card: card)
            actuators = [.twoHandles, .voiceCoils]
        }
        let hidrawPath =
            category == .dualSense
            ? HidrawTopology.hidrawNode(ofEventNode: capabilities.path, sysfsRoot: sysfsRoot, deviceDirectory: hidrawDirectory) : nil
        if category == .dualSense, capabilities.busType == 5, let hidrawPath, HidrawTriggerOutput.writeProblem(path: hidrawPath) == nil {
            hapticDeviceID = bluetoothCoilsPrefix + hidrawPath
            actuators = [.twoHandles, .voiceCoils]
        }
        return ControllerInfo(
            id: "evdev:\(capabilities.path)", name: capabilities.name, category: category, vendorID: capabilities.vendorID,
            productID: capabilities.productID, busType: capabilities.busType, actuators: actuators, hapticDeviceID: hapticDeviceID,
            evdevPath: capabilities.path, hidrawPath: hidrawPath,
            touchpadPath: category == .dualSense || category == .dualShock4
                ? SysfsTopology.touchpadNode(ofEventNode: capabilities.path, name: capabilities.name, sysfsRoot: sysfsRoot) : nil,
            extraButtons: capabilities.extraButtons,
            batteryPath: PowerSupply.batteryDirectory(ofEventNode: capabilities.path, sysfsRoot: sysfsRoot), version: capabilities.version,
            keyCodes: capabilities.keyCodes,
            motionPath: SysfsTopology.motionSensorNode(ofEventNode: capabilities.path, sysfsRoot: sysfsRoot))
    }

    /// Why a Bluetooth DualSense's voice coils are not played (its handles rumble through evdev instead): no hidraw
    /// node, or one this process may not write (with the udev rule). `nil` when they play, or `controller` is not a
    /// Bluetooth DualSense.
    public static func bluetoothCoilsProblem(_ controller: ControllerInfo) -> String? {
        guard controller.category == .dualSense, controller.busType == 5, controller.simulation == nil else { return nil }
        guard let path = controller.hidrawPath else {
            return
                "no hidraw node beside \(controller.evdevPath ?? controller.id) (a kernel without hidraw?): the handles rumble through evdev"
        }
        guard let problem = HidrawTriggerOutput.writeProblem(path: path) else { return nil }
        return problem + "\nuntil then the handles rumble through evdev (the kernel's emulation) instead of playing the voice coils"
    }
    #endif

    /// The `alsa:` device ID of a DualSense's voice coils on ALSA card `card`: 4 channels, the speaker on 1/2, the
    /// left and right coils on 3/4.
    package static func dualSenseVoiceCoilsID(card: Int) -> String {
        AlsaConfiguration(pcm: "hw:\(card)", channelCount: 4, audioChannels: [0, 1], hapticChannels: [2, 3], profile: .voiceCoil).id
    }
}
