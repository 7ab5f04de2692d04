import ArgumentParser
import Foundation
import HapticSystem

/// `haptic studio`: a local web page to design patterns on a timeline and feel them on the device while editing.
///
/// The server is a program of its own, `haptic-studio` (the web stack is built only for it, never for `haptic`):
/// this command checks the options, finds the server (``StudioServerProgram``), builds it on first use in a checkout,
/// and becomes it (`execv`), so Ctrl-C, the exit status and the URL on standard output are the server's own.
internal struct StudioCommand: ParsableCommand {
    internal static let configuration = CommandConfiguration(
        commandName: "studio",
        abstract: "Design patterns in the browser and feel them on the device as you edit.",
        discussion: StudioOptions.discussion + """
             The server is a program of its own, haptic-studio, found beside haptic or on PATH; in an OpenCoreHaptics \
            checkout the first `haptic studio` builds it (swift build --product haptic-studio, a few minutes).
            """
    )

    @OptionGroup internal var options: StudioOptions

    internal func run() throws {
        let plan = StudioServerProgram.plan(haptic: Self.runningExecutable, path: ProcessInfo.processInfo.environment["PATH"])
        let server: URL
        switch plan {
        case .run(let found): server = found
        case .build(let build): server = try Self.build(build)
        case .missing(let message):
            printError("haptic: error: \(message)")
            throw ExitCode(1)
        }
        // haptic strips --verbose before parsing; the server takes it the same way.
        let verbose = CommandLine.arguments.dropFirst().contains("--verbose")
        try Self.become(server, arguments: (verbose ? ["--verbose"] : []) + options.arguments)
    }

    /// This `haptic`'s executable, symbolic links resolved (`/proc/self/exe` on Linux).
    private static var runningExecutable: URL {
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: target)
        }
        return (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
    }

    /// Builds the server in its checkout, showing swift build's progress on standard error (standard output is kept
    /// for the studio's URL).
    private static func build(_ build: StudioServerProgram.Build) throws -> URL {
        printError(
            "haptic studio: the studio server (\(StudioServerProgram.name)) is not built yet; building it now, once, in \(build.package.path): \(build.commandLine)"
        )
        printError("haptic studio: it compiles the web server stack (SwiftNIO, Hummingbird): about 950 build steps, several minutes")
        let started = MonotonicClock.now()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + build.arguments
        process.currentDirectoryURL = build.package
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.standardError
        process.standardError = FileHandle.standardError
        do {
            try process.run()
        } catch {
            printError("haptic: error: cannot run swift to build \(StudioServerProgram.name): \(error.localizedDescription)")
            throw ExitCode(1)
        }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0,
            FileManager.default.isExecutableFile(atPath: build.server.path)
        else {
            printError(
                "haptic: error: building \(StudioServerProgram.name) failed (swift build exited with \(process.terminationStatus), its output is above); run `\(build.commandLine)` in \(build.package.path) to retry"
            )
            throw ExitCode(1)
        }
        let seconds = Int((MonotonicClock.now() - started).rounded())
        printError("haptic studio: built \(build.server.path) in \(seconds / 60) min \(seconds % 60) s; starting it")
        return build.server
    }

    /// Replaces this process with `server` (`execv`): signals, standard streams and the exit status become the
    /// server's. Returns only by throwing, after saying why the server could not start.
    private static func become(_ server: URL, arguments: [String]) throws -> Never {
        fflush(nil)
        do throws(SystemCallError) {
            try Posix.execv(server.path, arguments: [server.path] + arguments)
        } catch {
            printError("haptic: error: cannot start \(server.path): \(Posix.describe(errno: error.errno))")
            throw ExitCode(1)
        }
    }
}
