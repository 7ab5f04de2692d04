import Foundation
import HapticPattern

/// Finds the file an `EventWaveformPath` names, confined to the pattern's folder.
package enum WaveformFile {
    /// Resolves `path` against `folder` (the pattern file's folder) and checks that it stays inside it after
    /// following symbolic links, and that the file exists.
    ///
    /// - Parameters:
    ///   - path: the `EventWaveformPath` value (relative; no `..` out of the folder).
    ///   - folder: the pattern file's folder.
    ///   - file: the pattern's name for messages.
    /// - Returns: the resolved file URL.
    /// - Throws: ``PatternError`` with `badEventEntry` when the path is absolute, escapes the folder (also through a
    ///   symbolic link) or does not exist.
    package static func resolve(_ path: String, in folder: URL, file: String? = nil) throws(PatternError) -> URL {
        if let problem = AHAPReader.problem(withWaveformPath: path, policy: .confinedToFolder) {
            throw PatternError(.badEventEntry, problem, file: file)
        }
        let root = folder.standardizedFileURL.resolvingSymlinksInPath()
        let candidate = root.appendingPathComponent(path).standardizedFileURL
        guard FileManager.default.fileExists(atPath: candidate.path) else {
            throw PatternError(.badEventEntry, "EventWaveformPath \"\(path)\" does not exist (looked in \(root.path))", file: file)
        }
        let resolved = candidate.resolvingSymlinksInPath()
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        // On bytes: Swift's hasPrefix calls "café" (one code point) and "cafe\u{301}" equal; the kernel does not.
        guard resolved.path.utf8.starts(with: rootPath.utf8) else {
            throw PatternError(
                .badEventEntry, "EventWaveformPath \"\(path)\" leads outside the pattern's folder (to \(resolved.path))", file: file)
        }
        return resolved
    }

    /// Resolves a path of a pattern the app built itself (a dictionary, data): absolute as it is, relative against
    /// `folder`; no confinement, since the app is not untrusted input.
    ///
    /// - Throws: ``PatternError`` with `badEventEntry` for an empty path or one that does not exist.
    package static func resolveUnconfined(_ path: String, in folder: URL?, file: String? = nil) throws(PatternError) -> URL {
        if let problem = AHAPReader.problem(withWaveformPath: path, policy: .unrestricted) {
            throw PatternError(.badEventEntry, problem, file: file)
        }
        let url: URL
        if path.hasPrefix("/") {
            url = URL(fileURLWithPath: path)
        } else if let folder {
            url = folder.appendingPathComponent(path)
        } else {
            url = URL(fileURLWithPath: path)
        }
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw PatternError(.badEventEntry, "EventWaveformPath \"\(path)\" does not exist (\(url.path))", file: file)
        }
        return url.standardizedFileURL
    }
}
