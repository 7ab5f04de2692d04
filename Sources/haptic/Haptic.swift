import ArgumentParser

/// The `haptic` command: a designer's tool for AHAP patterns.
@main
struct Haptic: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "haptic",
        abstract: "Play, render, check and inspect haptic patterns (AHAP).",
        subcommands: [
            ValidateCommand.self, InfoCommand.self, RenderCommand.self, ConvertCommand.self, PlotCommand.self,
            DevicesCommand.self, LintCommand.self, PlayCommand.self, LibraryCommand.self, BounceCommand.self,
        ]
    )
}
