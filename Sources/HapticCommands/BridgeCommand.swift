import ArgumentParser
import Foundation
import HapticLinux
import HapticSystem

/// `haptic bridge`: PipeWire sinks for Bluetooth DualSense haptics and sound to touch from chosen applications, in the
/// foreground, with a live meter of what routes where.
struct BridgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridge",
        abstract: "Play games' DualSense haptics on a Bluetooth DualSense, and any application's sound as touch on any pad (PipeWire).",
        discussion: """
            Each DualSense on Bluetooth gets a PipeWire sink shaped like its USB sound card (4 channels, 48 kHz, front \
            left/right and rear left/right, named "Wireless Controller"): channels 3 and 4 play on its voice coils, \
            channels 1 and 2 (the pad's speaker) are not played. The sink comes and goes with the pad.

            Sound to touch: --app NAME captures an application's output (its application or node name), --node ID a \
            node, --monitor everything the default sink plays; the sound plays on every pad (voice coils as a carrier \
            or the sound's low band, rumble motors through the actuator translator). Settings per application and per \
            pad come from ~/.config/opencorehaptics/bridge.conf and --rule, one statement each: \
            'app firefox gain=1.5 curve=0.7 floor=0.1 to=all', 'device xbox floor=0.15', 'sink to=all', \
            'bridge quantum=256' (docs/haptic-bridge.md has the grammar).

            Needs libpipewire-0.3 and a running PipeWire; the DualSense's hidraw node must be writable (haptic devices \
            says how). Runs until Ctrl-C; as a systemd user service, give --quiet.
            """
    )

    @Option(name: .customLong("app"), help: ArgumentHelp("Capture an application's sound: NAME, or NAME key=value …", valueName: "name"))
    var apps: [String] = []
    @Option(name: .customLong("node"), help: ArgumentHelp("Capture a node (id, serial or name), key=value … after it.", valueName: "node"))
    var nodes: [String] = []
    @Flag(help: "Capture everything the default sink plays (its monitor).") var monitor = false
    @Option(name: .customLong("rule"), help: ArgumentHelp("A configuration statement ('device xbox gain=1.2').", valueName: "statement"))
    var rules: [String] = []
    @Option(help: ArgumentHelp("The configuration file (default ~/.config/opencorehaptics/bridge.conf).", valueName: "file"))
    var config: String?
    @Flag(name: .customLong("no-config"), help: "Read no configuration file.") var noConfig = false
    @Option(help: "The graph quantum to ask for, 64 … 2048 frames at 48 kHz (default 256: 5.3 ms).") var quantum: Int?
    @Flag(name: .customLong("no-bluetooth-sinks"), help: "Make no sinks for Bluetooth DualSense pads.") var noBluetoothSinks = false
    @Flag(name: .customLong("virtual-sink"), help: "Also make a DualSense-shaped sink tied to no pad.") var virtualSink = false
    @Option(name: .customLong("sink-to"), help: ArgumentHelp("Pads the sinks also play on (all, 2, xbox, …).", valueName: "pads"))
    var sinkTo: String?
    @Option(
        help: ArgumentHelp("Simulated controllers, one HAPTIC_CONTROLLERS item a line, re-read when the file changes.", valueName: "file"))
    var controllers: String?
    @Option(
        name: .customLong("pad-pipe"),
        help: ArgumentHelp("A Bluetooth DualSense whose 0x32 reports go to this FIFO (for a recorder; tests).", valueName: "fifo"))
    var padPipes: [String] = []
    @Option(name: .customLong("timing-log"), help: ArgumentHelp("Write one line per timed event to this file.", valueName: "file"))
    var timingLog: String?
    @Flag(help: "No live meter: a line per change (for a service or a log).") var quiet = false
    @Option(help: ArgumentHelp("Stop after this many seconds.", valueName: "seconds")) var duration: Double?

    /// The configuration the file and the options make, in that order (a later statement adds to or overrides an
    /// earlier one).
    func bridgeConfiguration(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> BridgeConfiguration {
        var configuration = BridgeConfiguration()
        if !noConfig, let path = config ?? Self.defaultConfigPath(environment: environment) {
            guard let data = FileManager.default.contents(atPath: path) else {
                if config == nil { return try applyOptions(to: configuration) }
                throw ValidationError("--config \(path): the file cannot be read")
            }
            guard data.count <= BridgeConfiguration.maxBytes else {
                throw ValidationError("\(path): \(data.count) bytes; a configuration holds at most \(BridgeConfiguration.maxBytes)")
            }
            do {
                configuration = try BridgeConfiguration.parse(String(decoding: data, as: UTF8.self), source: path)
            } catch {
                throw ValidationError(error.description)
            }
        }
        return try applyOptions(to: configuration)
    }

    private func applyOptions(to base: BridgeConfiguration) throws -> BridgeConfiguration {
        var configuration = base
        var statements: [(String, String)] = []
        statements += apps.enumerated().map { ("app " + Self.nameOrStatement($1), "--app \($0 + 1)") }
        statements += nodes.enumerated().map { ("node " + Self.nameOrStatement($1), "--node \($0 + 1)") }
        if monitor { statements.append(("monitor", "--monitor")) }
        if let quantum { statements.append(("bridge quantum=\(quantum)", "--quantum")) }
        if noBluetoothSinks { statements.append(("sink bluetooth=off", "--no-bluetooth-sinks")) }
        if virtualSink { statements.append(("sink virtual=on", "--virtual-sink")) }
        if let sinkTo { statements.append(("sink to=\(sinkTo)", "--sink-to")) }
        statements += rules.enumerated().map { ($1, "--rule \($0 + 1)") }
        for (statement, location) in statements {
            do {
                try configuration.apply(statement: statement, location: location)
            } catch {
                throw ValidationError(error.description)
            }
        }
        return configuration
    }

    /// A value without `=` is a name as it is (quoted for the grammar); one with `=` is statement text.
    static func nameOrStatement(_ value: String) -> String {
        value.contains("=")
            ? value : "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// `$XDG_CONFIG_HOME/opencorehaptics/bridge.conf` (or `~/.config/…`).
    static func defaultConfigPath(environment: [String: String]) -> String? {
        let base = environment["XDG_CONFIG_HOME"] ?? environment["HOME"].map { $0 + "/.config" }
        return base.map { $0 + "/opencorehaptics/bridge.conf" }
    }

    func validate() throws {
        if let duration, !(duration.isFinite && duration > 0) { throw ValidationError("--duration must be a positive number of seconds") }
        for path in padPipes where path.isEmpty || path.utf8.contains(0) { throw ValidationError("--pad-pipe needs a path") }
        _ = try bridgeConfiguration()
    }

    func run() throws {
        #if os(Linux)
        try BridgeSession(command: self).run()
        #else
        throw ValidationError("haptic bridge needs Linux and PipeWire")
        #endif
    }
}
