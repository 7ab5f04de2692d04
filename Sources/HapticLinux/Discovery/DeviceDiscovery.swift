import HapticDevices
import HapticRender
import HapticSystem
import Logging

/// Finds the outputs of this machine and picks the default one.
///
/// The order is: the `HAPTIC_DEVICE` override when set (`evdev:/dev/input/eventN`, `alsa:<pcm>`, `simulated`,
/// `simulated:<profile>`, `wav:<path>`, `null`; see `DeviceSpecifier`); otherwise haptic hardware — evdev force-feedback nodes
/// (`/dev/input/event*`, in number order), then ALSA PCMs of known haptic controllers — and finally the simulated
/// actuator, which is always there.
///
///     let selection = DeviceDiscovery.defaultSelection(environment: ProcessEnvironment.current)
///     try selection.device.start(format: DeviceFormat(sampleRate: 1_000, maxBlockFrames: 8))
///
/// The corresponding calls are `opendir`/`readdir` on `/dev/input`, then `open`, `EVIOCGNAME`, `EVIOCGBIT` and
/// `EVIOCGEFFECTS` on each node; `dlopen("libasound.so.2")` and `/proc/asound/cards` for ALSA.
///
/// - Thread safety: every function may be called from any thread.
/// - Real-time safety: none; never call these on the render thread (they open files and allocate).
public enum DeviceDiscovery {
    /// The environment variable that overrides the default device.
    public static let overrideVariable = "HAPTIC_DEVICE"

    /// Every device found and every candidate skipped, best first; the simulated actuator is always last.
    ///
    /// - Parameter environment: the process environment (for `HAPTIC_INPUT_DIR`, which replaces `/dev/input` for tests).
    public static func devices(environment: [String: String] = ProcessEnvironment.current) -> DiscoveryReport {
        var found: [DiscoveredDevice] = []
        var skipped: [SkippedDevice] = []
        var notes: [String] = []
        #if os(Linux)
        let directory = environment["HAPTIC_INPUT_DIR"] ?? "/dev/input"
        let (nodes, listingProblem) = eventNodes(in: directory)
        if let listingProblem { notes.append(listingProblem) }
        for path in nodes {
            switch EvdevProbe.probe(path: path, system: LinuxEvdevSystemCalls()) {
            case .success(let capabilities): found.append(describe(capabilities))
            case .failure(let error): skipped.append(SkippedDevice(id: "evdev:\(path)", reason: error.message, code: error.code))
            }
        }
        let alsa = AlsaDiscovery.scan()
        found += alsa.devices
        skipped += alsa.skipped
        notes += alsa.notes
        #else
        notes.append("evdev and ALSA back-ends exist on Linux only")
        #endif
        let simulated = SimulatedDevice()
        found.append(DiscoveredDevice(info: simulated.info, capabilities: ["actuator model: \(simulated.info.profile.name)", "audio"]))
        return DiscoveryReport(devices: found, skipped: skipped, notes: notes)
    }

    /// The device `HAPTIC_DEVICE` (or `id`) names.
    ///
    /// - Parameters:
    ///   - id: `evdev:/dev/input/eventN`, `alsa:<pcm>[?options]`, `simulated`, `simulated:<profile name>`,
    ///     `wav:<path>` or `null` (the grammar and its ranges: `DeviceSpecifier`).
    ///   - meter: whether a simulated actuator may draw its live meter on standard error (a tool that draws on the
    ///     terminal itself switches it off).
    /// - Throws: `DeviceError`: `DeviceError.Code.notFound` for a malformed string, a missing node or a `wav:`
    ///   path whose folder does not exist, `DeviceError.Code.permissionDenied` for a `wav:` folder that cannot be
    ///   written, or what opening the device reported.
    public static func makeDevice(id: String, meter: SimulatedDevice.Meter = .automatic) throws(DeviceError) -> any HapticDevice {
        switch try DeviceSpecifier(parsing: id) {
        case .null: return NullDevice()
        case .simulated(let profile):
            guard let profile else { return SimulatedDevice(meter: meter) }
            return SimulatedDevice(profile: profile, meter: meter)
        case .wav(let path):
            // Checked here, like every other device's node or PCM, so an unusable recording falls back to the
            // simulated actuator with a diagnostic instead of failing the engine's start.
            try WAVDevice.checkFolder(of: path)
            return WAVDevice(path: path)
        case .evdev(let path):
            #if os(Linux)
            let capabilities = try EvdevProbe.probe(path: path, system: LinuxEvdevSystemCalls()).get()
            return EvdevDevice(capabilities: capabilities, configuration: EvdevConfiguration(profile: profile(for: capabilities)))
            #else
            throw DeviceError(.unsupported, "evdev:\(path): evdev exists on Linux only")
            #endif
        case .alsa(let configuration):
            #if os(Linux)
            return try AlsaDevice(configuration: configuration)
            #else
            throw DeviceError(.unsupported, "\(configuration.id): ALSA exists on Linux only")
            #endif
        }
    }

    /// The chosen default device and why.
    public struct Selection: Sendable {
        /// The device to start.
        public var device: any HapticDevice
        /// Why this one, in words (`HAPTIC_DEVICE=…`, `first haptic hardware`, `no haptic hardware found`).
        public var reason: String
        /// The problem with the `HAPTIC_DEVICE` override when it could not be used (the simulated actuator is
        /// chosen instead).
        public var overrideProblem: DeviceError?
    }

    /// Picks the default device: the override, else the first haptic hardware, else the simulated actuator.
    ///
    /// The choice and its reason are logged (`DeviceLog`): at debug level, and at warning level when the
    /// override cannot be used.
    public static func defaultSelection(
        environment: [String: String] = ProcessEnvironment.current, logger: Logger = DeviceLog.logger,
        meter: SimulatedDevice.Meter = .automatic
    ) -> Selection {
        let selection = select(environment: environment, meter: meter)
        if let problem = selection.overrideProblem {
            logger.warning("\(selection.reason): \(problem)", metadata: ["device": "\(selection.device.info.id)"])
        } else {
            logger.debug("output: \(selection.device.info.name) (\(selection.reason))", metadata: ["device": "\(selection.device.info.id)"])
        }
        return selection
    }

    private static func select(environment: [String: String], meter: SimulatedDevice.Meter) -> Selection {
        if let id = environment[overrideVariable], !id.isEmpty {
            do {
                let device = try makeDevice(id: id, meter: meter)
                #if os(Linux)
                // A PCM is checked by opening it, as an evdev node is by probing it: one that cannot be opened falls
                // back like any unusable override, instead of failing the engine's start.
                if let alsa = device as? AlsaDevice { try alsa.checkOpens() }
                #endif
                return Selection(device: device, reason: "\(overrideVariable)=\(id)", overrideProblem: nil)
            } catch {
                return Selection(
                    device: SimulatedDevice(meter: meter), reason: "\(overrideVariable)=\(id) is not usable; using the simulated actuator",
                    overrideProblem: error)
            }
        }
        let report = devices(environment: environment)
        for candidate in report.hapticHardware {
            do {
                let device = try makeDevice(id: candidate.info.id)
                return Selection(device: device, reason: "first haptic hardware (\(candidate.info.name))", overrideProblem: nil)
            } catch {
                DeviceLog.logger.notice("skipping \(candidate.info.id): \(error)")
            }
        }
        return Selection(
            device: SimulatedDevice(meter: meter), reason: "no haptic hardware found; using the simulated actuator", overrideProblem: nil)
    }

    /// ``defaultSelection(environment:logger:meter:)``'s device.
    public static func defaultDevice(environment: [String: String] = ProcessEnvironment.current) -> any HapticDevice {
        defaultSelection(environment: environment).device
    }

    #if os(Linux)
    /// The actuator profile for an evdev node: phone vibrators (names with "vibra") take the amplitude profile,
    /// everything else the two-motor pad.
    package static func profile(for capabilities: EvdevCapabilities) -> ActuatorProfile {
        capabilities.name.lowercased().contains("vibra") ? .phoneVibraERM : .twoMotorPad
    }

    package static func describe(_ capabilities: EvdevCapabilities) -> DiscoveredDevice {
        let device = EvdevDevice(capabilities: capabilities, configuration: EvdevConfiguration(profile: profile(for: capabilities)))
        var words: [String] = []
        if capabilities.supportsRumble { words.append("FF_RUMBLE") }
        if capabilities.supportsPeriodicSine { words.append("FF_PERIODIC(sine)") }
        if capabilities.supportsGain { words.append("FF_GAIN") }
        words.append("effect slots: \(capabilities.effectSlots)")
        if capabilities.hasGamepadButtons { words.append("gamepad buttons") }
        var discovered = DiscoveredDevice(info: device.info, capabilities: words)
        discovered.evdevCapabilities = capabilities
        return discovered
    }

    /// `directory/eventN` paths in number order, or why the directory could not be read.
    package static func eventNodes(in directory: String) -> ([String], String?) {
        let names: [[UInt8]]
        do throws(SystemCallError) {
            names = try Posix.directoryEntries(AT_FDCWD, directory)
        } catch {
            return ([], "\(directory): \(Posix.describe(errno: error.errno)) (no evdev devices)")
        }
        var numbers: [Int] = []
        for name in names {
            let name = String(decoding: name, as: UTF8.self)
            if name.hasPrefix("event"), let number = Int(name.dropFirst(5)) { numbers.append(number) }
        }
        return (numbers.sorted().map { "\(directory)/event\($0)" }, nil)
    }
    #endif
}
