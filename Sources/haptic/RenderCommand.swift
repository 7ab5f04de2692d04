import ArgumentParser

/// `haptic render`: offline rendering to WAV (implemented with the renderer).
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render", abstract: "Render a pattern to a WAV file.")
    @Argument(help: "The AHAP file.") var file: String
    func run() throws {
        throw ValidationError("render is not available yet")
    }
}
