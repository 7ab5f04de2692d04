import Foundation
import HapticSystem

/// Runs the built `haptic` executable, as a user would from a shell.
public enum CommandRunner {
    /// The output of one run.
    public struct Result: Sendable {
        /// Exit status.
        public var status: Int32
        /// Standard output.
        public var stdout: String
        /// Standard error.
        public var stderr: String
        /// Whether a signal ended the process (a Swift runtime trap, a crash); ``status`` is then the signal.
        public var signaled: Bool = false
        /// CPU time the process used (user and system), seconds: its own work, which a busy machine does not
        /// stretch. Read from `/proc` while it ran (the last 10 ms may be missing).
        public var cpuSeconds: Double = 0
        /// Time the process's threads spent runnable but waiting for a CPU, seconds: what the machine's load added
        /// to its wall-clock time (Linux's scheduler statistics; 0 where they are missing).
        public var queuedSeconds: Double = 0
        /// Wall-clock time from launch to exit, seconds.
        public var wallSeconds: Double = 0
        /// How long the run would have taken on an idle machine, about: the wall-clock time less the time its threads
        /// waited for a CPU. Unlike ``cpuSeconds`` it counts the time the process waited of its own accord (a sleep,
        /// a read that blocks), which a test of "returns at once" must see.
        public var unloadedSeconds: Double { Swift.max(0, wallSeconds - queuedSeconds) }
    }

    /// Whether this is a sanitizer build (`.ci/sanitizers.sh` sets `OPENCOREHAPTICS_SANITIZER`).
    public static var sanitizerBuild: Bool { ProcessInfo.processInfo.environment["OPENCOREHAPTICS_SANITIZER"] != nil }

    /// The `haptic` binary next to the test bundle (SwiftPM builds it first because the test target depends on it).
    public static var hapticURL: URL {
        get throws {
            var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent("haptic")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                directory = directory.deletingLastPathComponent()
            }
            throw FixtureError("haptic executable not found near \(CommandLine.arguments[0])")
        }
    }

    /// Runs `haptic` with `arguments` in `directory` (default: the package root) with a time limit, and optionally
    /// under a virtual-memory limit (`ulimit -v`, in KiB) to prove that memory stays bounded.
    ///
    /// `timeout` bounds the CPU time the process may use, which is what a test of "bounded time" asks about: a
    /// command that took 5 s on an idle machine took 70 s under a CPU hog, its CPU time the same. A process that waits
    /// without working (a hang) is stopped after `timeout` × 10 s of wall-clock time (at least 5 minutes). Either way
    /// the run throws.
    public static func haptic(
        _ arguments: [String], in directory: URL = Fixtures.packageRoot, environment: [String: String] = [:],
        timeout: TimeInterval = 60, memoryLimitKiB: Int? = nil
    ) throws -> Result {
        let process = Process()
        // Sanitizer builds reserve terabytes of address space for their shadow memory: a `ulimit -v` would only stop
        // them from starting. The tests whose point is the limit are skipped there (``sanitizerBuild``).
        if let memoryLimitKiB, !sanitizerBuild {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -v \(memoryLimitKiB) && exec \"$0\" \"$@\"", try hapticURL.path] + arguments
        } else {
            process.executableURL = try hapticURL
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes concurrently so a chatty child cannot fill one and block, each on a thread of its own: on
        // Dispatch's global queue, two reads that last as long as the child held threads that Swift's concurrency pool
        // shares on Linux (the studio tests' servers in this process stalled), and a read that waited for a free thread
        // left the child blocked on a full pipe (a 1 s lint took 41 s).
        let outData = LockedState(Data())
        let errData = LockedState(Data())
        let readers = [(out, outData), (err, errData)].compactMap { pipe, data in
            SystemThread.spawn(name: "runner-read") { data.withLock { $0 = pipe.fileHandleForReading.readDataToEndOfFile() } }
        }
        let wallLimit = Swift.max(timeout * 10, 300)
        let launched = Date()
        let deadline = launched.addingTimeInterval(wallLimit)
        var usage = ProcessUsage()
        while process.isRunning {
            usage.look(at: process.processIdentifier)
            if usage.cpuSeconds > timeout || Date() >= deadline {
                process.terminate()
                process.waitUntilExit()
                for reader in readers { reader.join() }  // the pipes close with the process
                let what = usage.cpuSeconds > timeout ? "used more than \(timeout) s of CPU" : "did not end within \(wallLimit) s"
                throw FixtureError("haptic \(arguments.joined(separator: " ")) \(what)")
            }
            usleep(10_000)
        }
        process.waitUntilExit()
        let wall = Date().timeIntervalSince(launched)
        for reader in readers { reader.join() }
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData.withLock { $0 }, as: UTF8.self),
            stderr: String(decoding: errData.withLock { $0 }, as: UTF8.self), signaled: process.terminationReason == .uncaughtSignal,
            cpuSeconds: usage.cpuSeconds, queuedSeconds: usage.queuedSeconds, wallSeconds: wall)
    }
}

/// A running process's CPU time and the time its threads waited for a CPU, as last read from `/proc`.
private struct ProcessUsage {
    private(set) var cpuSeconds = 0.0
    /// The latest time queued of each thread seen (a thread that ends keeps its last reading).
    private var queuedByThread: [String: Double] = [:]
    var queuedSeconds: Double { queuedByThread.values.reduce(0, +) }
    private static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

    mutating func look(at pid: Int32) {
        // /proc/<pid>/stat: "pid (name) state …"; utime and stime are the 12th and 13th fields after the name.
        if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") {
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) {
                cpuSeconds = Swift.max(cpuSeconds, (user + system) / Self.ticksPerSecond)
            }
        }
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for task in tasks {
            guard let schedstat = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8),
                let field = schedstat.split(separator: " ").dropFirst().first, let queued = Double(field)
            else { continue }
            queuedByThread[task] = Swift.max(queuedByThread[task] ?? 0, queued / 1e9)
        }
    }
}
