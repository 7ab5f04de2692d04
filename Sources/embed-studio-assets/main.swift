// The studio's page as Swift: `embed-studio-assets <Web folder> <output.swift>` writes `StudioAssets.files`, every
// file under the folder (names starting with "." left out) by its path there, as a raw string literal. Run by the
// StudioAssets build-tool plugin for HapticStudio; never by hand.
import Foundation

/// A raw multi-line Swift string literal holding `text` exactly: no escape or interpolation inside it can apply.
func literal(_ text: String) -> String {
    var hashes = 1
    while text.contains("\"\"\"" + String(repeating: "#", count: hashes)) || text.contains("\\" + String(repeating: "#", count: hashes)) {
        hashes += 1
    }
    let fence = String(repeating: "#", count: hashes)
    // A multi-line literal drops the newline before its closing delimiter: an empty last line keeps the file's own.
    let body = text.hasSuffix("\n") ? text : text + "\n"
    return fence + "\"\"\"\n" + body + "\n\"\"\"" + fence
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("embed-studio-assets: error: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else { fail("usage: embed-studio-assets <Web folder> <output.swift>") }
let web = URL(fileURLWithPath: arguments[1], isDirectory: true).standardizedFileURL
let output = URL(fileURLWithPath: arguments[2])
guard let walker = FileManager.default.enumerator(at: web, includingPropertiesForKeys: [.isRegularFileKey]) else {
    fail("cannot read the folder \(web.path)")
}
var paths: [String] = []
for case let file as URL in walker where !file.lastPathComponent.hasPrefix(".") {
    guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
    paths.append(String(file.standardizedFileURL.path.dropFirst(web.path.count + 1)))
}
paths.sort()
var swift = """
    // Built by the StudioAssets plugin from Sources/HapticStudio/Web: edit the files there.

    extension StudioAssets {
        /// The page's files by path under Web/, as written there.
        static let files: [String: String] = [

    """
for path in paths {
    let text: String
    do {
        text = try String(contentsOf: web.appending(path: path), encoding: .utf8)
    } catch {
        fail("\(path): not UTF-8 text: \(error.localizedDescription)")
    }
    swift += "\"\(path)\": \(literal(text)),\n"
}
swift += "]\n}\n"
do {
    try Data(swift.utf8).write(to: output, options: .atomic)
} catch {
    fail("cannot write \(output.path): \(error.localizedDescription)")
}
