/// The page's files, embedded in the binary at build time (the StudioAssets build-tool plugin writes `files` from
/// Web/; nothing generated is committed): served from memory, so the studio works offline and from a static binary
/// with nothing installed beside it.
package enum StudioAssets {
    /// One file to serve.
    package struct Asset: Sendable {
        /// The file's text.
        package var text: String
        /// Its `Content-Type`.
        package var contentType: String
    }

    /// The file at `path` under Web/ (`index.html`, `js/main.js`, …), or `nil`.
    package static func asset(_ path: String) -> Asset? {
        guard let text = files[path] else { return nil }
        return Asset(text: text, contentType: contentType(for: path))
    }

    /// Every embedded path, sorted.
    package static var paths: [String] { files.keys.sorted() }

    /// The JavaScript modules (the import map of the page lists them).
    package static var modules: [String] { paths.filter { $0.hasSuffix(".js") } }

    private static func contentType(for path: String) -> String {
        switch path.split(separator: ".").last {
        case "html": return "text/html; charset=utf-8"
        case "js": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        default: return "text/plain; charset=utf-8"
        }
    }
}
