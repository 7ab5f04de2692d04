import Foundation

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

    /// Runs `haptic` with `arguments` in `directory` (default: the package root) with a timeout, and optionally
    /// under a virtual-memory limit (`ulimit -v`, in KiB) to prove that memory stays bounded.
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
        // Read both pipes concurrently so a chatty child cannot fill one and block.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        DispatchQueue.global().async(group: group) { outData = out.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            throw FixtureError("haptic \(arguments.joined(separator: " ")) timed out after \(timeout) s")
        }
        process.waitUntilExit()
        group.wait()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self), signaled: process.terminationReason == .uncaughtSignal)
    }
}
