import ArgumentParser
import Foundation
import Logging

/// The `haptic` command: a designer's tool for AHAP patterns.
package struct Haptic: ParsableCommand {
    /// The tool's version (`haptic --version`).
    package static let version = "0.3.0"

    /// The command's name, help and subcommands.
    package static let configuration = CommandConfiguration(
        commandName: "haptic",
        abstract: "Play, render, check and inspect haptic patterns (AHAP).",
        discussion: """
            Add --verbose (anywhere on the command line) to see the library's diagnostics on standard error: the \
            output chosen and why, fallbacks, underruns, dropped voices, run slots filling up, hot-plug.
            """,
        version: "haptic \(version) (OpenCoreHaptics)",
        subcommands: [
            ValidateCommand.self, InfoCommand.self, RenderCommand.self, ConvertCommand.self, PlotCommand.self,
            DevicesCommand.self, LintCommand.self, PlayCommand.self, LibraryCommand.self, BounceCommand.self, LatencyCommand.self,
            FromAudioCommand.self,
            StudioCommand.self, TriggerCommand.self, BridgeCommand.self, PadCommand.self,
        ]
    )

    /// Creates the root command (ArgumentParser fills in the options).
    package init() {}

    /// Bootstraps logging (`--verbose`: every message from debug up on standard error; otherwise errors only, since
    /// each command prints its own warnings), then runs the command the arguments name and exits.
    package static func runFromCommandLine() {
        main(commandLineWithLogging())
    }

    /// Bootstraps logging as ``runFromCommandLine()`` does and returns the command line's arguments without
    /// `--verbose` (which may stand anywhere), for the tool's other programs (`haptic-studio`).
    package static func commandLineWithLogging() -> [String] {
        var arguments = Array(CommandLine.arguments.dropFirst())
        let verbose = arguments.contains("--verbose")
        arguments.removeAll { $0 == "--verbose" }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = verbose ? .debug : .error
            return handler
        }
        return arguments
    }
}
