import Foundation
import PackagePlugin

/// Builds the studio page's files (`Sources/HapticStudio/Web`) into HapticStudio as Swift string literals, at build
/// time: the page stays plain HTML, CSS and JavaScript in the repository, and no generated Swift is committed. The
/// command runs again whenever a file of the page changes (every file is an input).
@main
struct StudioAssets: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let web = target.directoryURL.appending(path: "Web")
        let output = context.pluginWorkDirectoryURL.appending(path: "StudioAssets+Files.swift")
        var inputs: [URL] = []
        if let files = FileManager.default.enumerator(at: web, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let file as URL in files where !file.lastPathComponent.hasPrefix(".") {
                if (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { inputs.append(file) }
            }
        }
        return [
            .buildCommand(
                displayName: "Embedding the studio's page (\(inputs.count) files)",
                executable: try context.tool(named: "embed-studio-assets").url,
                arguments: [web.path, output.path],
                inputFiles: inputs.sorted { $0.path < $1.path },
                outputFiles: [output])
        ]
    }
}
