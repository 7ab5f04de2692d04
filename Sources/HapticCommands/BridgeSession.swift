#if os(Linux)
import ArgumentParser
import Foundation
import HapticLinux
import HapticSystem

/// One run of `haptic bridge`: starts the bridge, shows what it does (a live meter on a terminal, a line per change
/// otherwise), keeps the runtime file `haptic devices` reads, and stops everything on Ctrl-C, SIGTERM or
/// `--duration`.
struct BridgeSession {
    let command: BridgeCommand

    func run() throws {
        // A FIFO or socket whose reader went away must be an error to handle (EPIPE), not the end of the process.
        signal(SIGPIPE, SIG_IGN)
        let environment = ProcessInfo.processInfo.environment
        let configuration = try command.bridgeConfiguration(environment: environment)
        if let problem = PipeWireLibrary.loadProblem {
            printError("haptic: error: \(problem)")
            throw ExitCode(1)
        }
        let log: BridgeTimingLog?
        do {
            log = try command.timingLog.map { path throws(SystemCallError) in try BridgeTimingLog(path: path) }
        } catch {
            printError(terminalSafe("haptic: error: --timing-log \(command.timingLog ?? ""): \(error)"))
            throw ExitCode(1)
        }
        let bridge = HapticBridge(
            configuration: configuration, environment: environment, controllersFile: command.controllers,
            extraPads: command.padPipes.enumerated().map { BridgePad.reportPipe(path: $1, number: $0 + 1) }, timingLog: log)
        let stopped = ThreadMilestone()
        let interrupt = InterruptSignal { _ in stopped.signal() }
        defer { interrupt.cancel() }
        bridge.start()
        let stateFile = BridgeStateFile(environment: environment)
        let meter = !command.quiet && Posix.isatty(1)
        let start = MonotonicClock.now()
        var drawn = 0
        var lastSummary: [String] = []
        print(terminalSafe("haptic bridge: \(BridgeMeter.routingLine(configuration))"))
        while true {
            // The meter's redraw paces this loop; a signal ends the wait at once.
            if stopped.wait(until: MonotonicClock.now() + (meter ? 0.1 : 1.0)) { break }
            if let duration = command.duration, MonotonicClock.now() - start >= duration { break }
            let status = bridge.status()
            let summary = BridgeMeter.summary(status)
            if summary != lastSummary {
                stateFile.write(status, configuration: configuration)
                if !meter {
                    for line in summary where !lastSummary.contains(line) { print(terminalSafe(line)) }
                    fflush(nil)
                }
                lastSummary = summary
            }
            if meter { drawn = BridgeMeter.draw(BridgeMeter.lines(status, width: BridgeMeter.columns()), replacing: drawn) }
        }
        let final = bridge.status()
        bridge.stop()
        if meter { _ = BridgeMeter.draw([], replacing: drawn) }
        stateFile.remove()
        for line in BridgeMeter.latencyReport(final) { print(terminalSafe(line)) }
        fflush(nil)
    }
}

/// `$XDG_RUNTIME_DIR/opencorehaptics/bridge-<pid>.json`: what a running bridge routes where, for `haptic devices`.
struct BridgeStateFile {
    /// The folder the files live in, or `nil` without `XDG_RUNTIME_DIR`.
    let folder: String?

    /// The file's contents.
    struct Contents: Codable, Equatable {
        var pid: Int32
        var pipeWire: String
        var sinks: [String]
        var captures: [String]
        var pads: [String]
    }

    init(environment: [String: String]) {
        folder = environment["XDG_RUNTIME_DIR"].map { $0 + "/opencorehaptics" }
    }

    private var path: String? { folder.map { $0 + "/bridge-\(getpid()).json" } }

    func write(_ status: BridgeStatus, configuration: BridgeConfiguration) {
        guard let folder, let path else { return }
        let numbers = Dictionary(status.pads.map { ($0.number, $0.name) }, uniquingKeysWith: { a, _ in a })
        func target(_ source: BridgeStatus.Source) -> String {
            source.label + " → "
                + (source.padNumbers.isEmpty ? "no pad" : source.padNumbers.map { "\($0). \(numbers[$0] ?? "?")" }.joined(separator: ", "))
        }
        let contents = Contents(
            pid: getpid(), pipeWire: status.pipeWire, sinks: status.sources.filter { $0.key.hasPrefix("sink:") }.map(target),
            captures: status.sources.filter { $0.key.hasPrefix("capture:") }.map(target),
            pads: status.pads.map { "\($0.number). \($0.name) (\($0.device))" })
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        guard let data = try? JSONEncoder().encode(contents) else { return }
        let temporary = path + ".tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        try? Posix.renameat(AT_FDCWD, temporary, AT_FDCWD, path)
    }

    func remove() {
        if let path { try? Posix.unlinkat(AT_FDCWD, path) }
    }

    /// The running bridges' files (a file whose process is gone is skipped).
    static func running(environment: [String: String]) -> [Contents] {
        guard let folder = environment["XDG_RUNTIME_DIR"].map({ $0 + "/opencorehaptics" }),
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
        else { return [] }
        return names.sorted().compactMap { name -> Contents? in
            guard name.hasPrefix("bridge-"), name.hasSuffix(".json"), let data = FileManager.default.contents(atPath: folder + "/" + name),
                data.count < 1_000_000, let contents = try? JSONDecoder().decode(Contents.self, from: data),
                kill(contents.pid, 0) == 0 || errno == EPERM
            else { return nil }
            return contents
        }
    }
}
#endif
