import ArgumentParser
import Foundation
import HapticDevices
import HapticLinux
import OpenGameController

/// `haptic devices`: every output found on this machine, with its capabilities, and why other candidates were
/// skipped (permissions, no force feedback, no sound card, libasound missing).
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract:
            "List haptic and audio outputs (evdev force feedback, ALSA, simulated), game controllers and their localities, and why others were skipped."
    )

    @Flag(help: "Print JSON instead of text.") var json = false

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let report = DeviceDiscovery.devices(environment: environment)
        let selection = DeviceDiscovery.defaultSelection(environment: environment)
        var listing = DeviceListing(
            report: report, selection: selection, controllers: ControllerDiscovery.controllers(environment: environment),
            facts: .system(environment: environment))
        listing.bridges = BridgeListing.running(environment: environment)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(listing), as: UTF8.self))
        } else {
            print(listing.text)
        }
    }
}

/// What `devices` reports.
struct DeviceListing: Encodable {
    struct Device: Encodable {
        var id: String
        var name: String
        var kind: String
        var hardware: Bool
        var haptics: Bool
        var audio: Bool
        var profile: String
        var capabilities: [String]
    }
    struct Controller: Encodable {
        var number: Int
        var id: String
        var name: String
        var productCategory: String
        var vendorID: String
        var productID: String
        var playsOn: String
        var localities: [String]
        /// USB or Bluetooth, for a real DualSense.
        var transport: String?
        /// Whether a DualSense's adaptive triggers can be set, and why not.
        var adaptiveTriggers: String?
        /// Whether a DualSense's voice coils play, through what, and why not.
        var voiceCoils: String?
        /// The class of its `extendedGamepad` profile: `GCDualSenseGamepad`, `GCXboxGamepad`, `GCExtendedGamepad`, ….
        var inputProfile: String
        /// Its light bar and player LEDs (`nil`: none).
        var light: Light?
        /// Its battery (`nil`: the system reports none).
        var battery: Battery?
        /// Its motion sensors (`nil`: none).
        var motion: Motion?
    }
    struct Skipped: Encodable {
        var id: String
        var code: String
        var reason: String
    }
    var devices: [Device]
    var controllers: [Controller]
    var skipped: [Skipped]
    var notes: [String]
    var defaultDevice: String
    var defaultReason: String
    var overrideProblem: String?
    /// Running `haptic bridge` processes and what each routes where.
    var bridges: [BridgeListing] = []

    init(
        report: DiscoveryReport, selection: DeviceDiscovery.Selection, controllers found: ControllerDiscovery.Report, facts: PadFacts
    ) {
        let order = PlaybackOutput.localities
        controllers = found.controllers.enumerated().map { index, info in
            let supported = GCDeviceHaptics.localities(for: info.actuators)
            return Controller(
                number: index + 1, id: info.id, name: info.name, productCategory: info.category.rawValue,
                vendorID: String(format: "%04x", info.vendorID), productID: String(format: "%04x", info.productID),
                playsOn: info.hapticDeviceID, localities: order.filter { supported.contains($0.1) }.map(\.0),
                transport: info.category == .dualSense ? DualSenseTransport(busType: info.busType)?.rawValue : nil,
                adaptiveTriggers: Self.adaptiveTriggers(info), voiceCoils: Self.voiceCoils(info),
                inputProfile: ControllerProfiles.profileName(for: info), light: Self.light(info, facts: facts),
                battery: Self.battery(info, facts: facts), motion: Self.motion(info, facts: facts))
        }
        devices = report.devices.map {
            Device(
                id: $0.info.id, name: $0.info.name, kind: $0.info.kind.rawValue, hardware: $0.info.isHardware,
                haptics: $0.info.supportsHaptics, audio: $0.info.supportsAudio, profile: $0.info.profile.name,
                capabilities: $0.capabilities)
        }
        skipped = report.skipped.map { Skipped(id: $0.id, code: $0.code.rawValue, reason: $0.reason) }
        // Device and controller discovery both look at /dev/input: a note they share is shown once.
        var seen: Set<String> = []
        notes = (report.notes + found.problems).filter { seen.insert($0).inserted }
        defaultDevice = selection.device.info.id
        defaultReason = selection.reason
        overrideProblem = selection.overrideProblem?.description
    }

    /// Whether `info`'s adaptive triggers can be set: `nil` for a controller without them.
    static func adaptiveTriggers(_ info: ControllerInfo) -> String? {
        guard info.category == .dualSense else { return nil }
        // A simulated pad's reports are encoded as a real pad would receive them but written nowhere.
        if info.isSimulated { return "simulated: no pad receives the reports; haptic trigger prints each one" }
        guard let path = info.hidrawPath else {
            return "not usable: no hidraw node beside \(info.evdevPath ?? info.id) (a kernel without hidraw?)"
        }
        #if os(Linux)
        if let problem = HidrawTriggerOutput.writeProblem(path: path) { return "not usable: \(problem)" }
        #endif
        return "usable through \(path)"
    }

    /// Whether `info`'s voice coils play (USB audio, or report `0x32` through hidraw on Bluetooth) and why not: `nil`
    /// for a controller without them.
    static func voiceCoils(_ info: ControllerInfo) -> String? {
        guard info.category == .dualSense else { return nil }
        let bluetooth = info.busType == 5
        if let spec = info.simulation {
            // Where the simulation records, so the user can find it (the modelled coils, and on Bluetooth the PCM the
            // reports carry).
            let how = bluetooth ? "simulated on Bluetooth (3 kHz 8-bit PCM in report 0x32, " : "simulated ("
            guard let path = spec.recordingPath else {
                return how + "not recorded: add =wav:<path> to the HAPTIC_CONTROLLERS item to record them)"
            }
            guard bluetooth else { return how + "modelled, recorded to \(path))" }
            return how + "recorded to \(SimulatedDualSenseCoilDevice.coilPath(forRecording: path)); modelled, recorded to \(path))"
        }
        if info.actuators.contains(.voiceCoils) {
            #if os(Linux)
            if let path = ControllerDiscovery.bluetoothCoilsPath(of: info.hapticDeviceID) {
                return "usable through \(path) (3 kHz 8-bit PCM in report 0x32)"
            }
            #endif
            return "usable through \(info.hapticDeviceID) (the USB audio card's rear channel pair)"
        }
        #if os(Linux)
        if bluetooth, let problem = ControllerDiscovery.bluetoothCoilsProblem(info) { return "not usable: \(problem)" }
        #endif
        return
            "not usable: \(bluetooth ? "no hidraw node" : "no USB audio card found for it (or alsa-lib missing)"); the handles rumble through evdev"
    }

    var text: String {
        var lines = ["Devices (best first):"]
        for d in devices {
            var what: [String] = []
            if d.haptics { what.append("haptics") }
            if d.audio { what.append("audio") }
            lines.append(
                "  \(d.id)  '\(d.name)'  [\(d.kind)\(d.hardware ? ", hardware" : "")] \(what.joined(separator: "+")), profile \(d.profile)")
            if !d.capabilities.isEmpty { lines.append("      \(d.capabilities.joined(separator: ", "))") }
        }
        lines.append(
            controllers.isEmpty
                ? "Game controllers: none (HAPTIC_CONTROLLERS=simulated:xbox or simulated:dualsense adds a simulated one)"
                : "Game controllers:")
        for c in controllers {
            let ids = c.vendorID == "0000" ? "" : " \(c.vendorID):\(c.productID)"
            lines.append("  \(c.number). '\(c.name)'  [\(c.productCategory)\(ids)] \(c.id), plays on \(c.playsOn)")
            lines.append(
                "      localities: \(c.localities.joined(separator: ", "))  (haptic play <file> --controller \(c.number) --locality …)")
            if let transport = c.transport { lines.append("      connected by \(transport)") }
            lines += Self.padLines(c)
            if let coils = c.voiceCoils { lines.append("      voice coils: \(coils)") }
            if let triggers = c.adaptiveTriggers {
                lines.append("      adaptive triggers: \(triggers)  (haptic trigger <mode> … --controller \(c.number))")
            }
        }
        if !skipped.isEmpty {
            lines.append("Skipped:")
            for s in skipped { lines.append("  \(s.id): \(s.reason)") }
        }
        for note in notes { lines.append("Note: \(note)") }
        lines += BridgeListing.text(bridges)
        lines.append("Default: \(defaultDevice) (\(defaultReason))")
        if let overrideProblem { lines.append("HAPTIC_DEVICE problem: \(overrideProblem)") }
        // Kernel device names and paths are not ours: show them terminal-safe.
        return lines.map(terminalSafe).joined(separator: "\n")
    }
}
