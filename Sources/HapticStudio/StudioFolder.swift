import Foundation
import HapticLoading

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder the studio works in, and the only place it reads or writes: every path the page sends is relative to
/// it and is resolved, symbolic links followed, before use. Paths that are absolute, contain `..`, or lead outside
/// through a link are refused.
///
///     let folder = try StudioFolder(path: "patterns")
///     let url = try folder.resolve("Knock.ahap")          // inside, or StudioError
package struct StudioFolder: Sendable {
    /// The folder, with symbolic links resolved.
    package let root: URL
    /// What a listing may return.
    package let limits: StudioLimits

    /// The file extensions listed as patterns.
    package static let patternExtensions: Set<String> = ["ahap", "json", "plist", "haptic"]
    /// The file extensions listed as audio (what the renderer decodes: WAV).
    package static let audioExtensions: Set<String> = ["wav", "wave"]

    /// Opens `path` as the studio's folder.
    ///
    /// - Throws: ``StudioError`` when it does not exist or is not a folder.
    package init(path: String, limits: StudioLimits = .default) throws(StudioError) {
        guard let real = Self.realPath(path) else { throw StudioError("cannot open the folder '\(path)': it does not exist") }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw StudioError("'\(path)' is not a folder")
        }
        root = URL(fileURLWithPath: real, isDirectory: true)
        self.limits = limits
    }

    /// The file (or folder) `relative` names inside the folder.
    ///
    /// - Parameters:
    ///   - relative: a path relative to the folder; `""` or `"."` is the folder itself.
    ///   - mustExist: `false` for a file about to be created: then its parent folder must exist (inside).
    /// - Throws: ``StudioError`` for an absolute path, a `..` component, a path through a link that leads outside,
    ///   or (when `mustExist`) a missing file.
    package func resolve(_ relative: String, mustExist: Bool = true) throws(StudioError) -> URL {
        guard relative.utf8.count <= 1_024 else { throw StudioError("the path is too long (over 1024 bytes)") }
        guard !relative.contains("\0") else { throw StudioError("the path contains a NUL character") }
        guard !relative.hasPrefix("/") else {
            throw StudioError("'\(relative)': absolute paths are refused; paths are relative to the folder")
        }
        let components = relative.split(separator: "/", omittingEmptySubsequences: true)
        guard !components.contains("..") else { throw StudioError("'\(relative)': '..' is refused; the studio stays inside its folder") }
        let clean = components.filter { $0 != "." }.joined(separator: "/")
        if clean.isEmpty { return root }
        let candidate = root.path + "/" + clean
        if let real = Self.realPath(candidate) {
            guard isInside(real) else { throw StudioError("'\(relative)' leads outside the folder (through a symbolic link)") }
            return URL(fileURLWithPath: real)
        }
        guard !mustExist else { throw StudioError("'\(relative)' does not exist in the folder") }
        // A new file: its parent must exist and be inside; the file itself must not be a dangling link.
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: candidate)) != nil {
            throw StudioError("'\(relative)' is a symbolic link to a missing file; refusing to write through it")
        }
        let parent = (candidate as NSString).deletingLastPathComponent
        guard let realParent = Self.realPath(parent) else {
            throw StudioError("the folder of '\(relative)' does not exist inside the studio's folder")
        }
        guard isInside(realParent) || realParent == root.path else {
            throw StudioError("'\(relative)' leads outside the folder (through a symbolic link)")
        }
        return URL(fileURLWithPath: realParent + "/" + (candidate as NSString).lastPathComponent)
    }

    /// The path of `url` relative to the folder (`url` must be inside it).
    package func relativePath(of url: URL) -> String {
        let path = url.path
        guard path.hasPrefix(root.path + "/") else { return url.lastPathComponent }
        return String(path.dropFirst(root.path.count + 1))
    }

    /// The pattern files and audio files of the folder and its subfolders (up to ``StudioLimits/maxListingDepth``,
    /// hidden files skipped, links leading outside left out), sorted, at most ``StudioLimits/maxListedFiles`` in all.
    package func listing() -> (patterns: [String], audio: [String], truncated: Bool) {
        var patterns: [String] = []
        var audio: [String] = []
        var truncated = false
        var queue: [(path: String, depth: Int)] = [("", 0)]
        var visited: Set<String> = [root.path]
        while !queue.isEmpty, !truncated {
            let (relativeFolder, depth) = queue.removeFirst()
            let folderPath = relativeFolder.isEmpty ? root.path : root.path + "/" + relativeFolder
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folderPath) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                let relative = relativeFolder.isEmpty ? name : relativeFolder + "/" + name
                guard let real = Self.realPath(root.path + "/" + relative), isInside(real) else { continue }
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    if depth + 1 <= limits.maxListingDepth, visited.insert(real).inserted { queue.append((relative, depth + 1)) }
                    continue
                }
                let ext = (name as NSString).pathExtension.lowercased()
                if Self.patternExtensions.contains(ext) {
                    patterns.append(relative)
                } else if Self.audioExtensions.contains(ext) {
                    audio.append(relative)
                } else {
                    continue
                }
                if patterns.count + audio.count >= limits.maxListedFiles {
                    truncated = true
                    break
                }
            }
        }
        return (patterns.sorted(), audio.sorted(), truncated)
    }

    /// Replaces (or creates) `relative` with `bytes`: a temporary file beside it, then a rename, so the previous
    /// file is never lost, also when the write fails.
    ///
    /// - Throws: ``StudioError`` for a path outside the folder or a failed write (with the system's reason).
    @discardableResult
    package func write(_ bytes: [UInt8], to relative: String) throws(StudioError) -> URL {
        let url = try resolve(relative, mustExist: false)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw StudioError("'\(relative)' is a folder")
        }
        do {
            try AtomicFile.write(bytes, to: url)
        } catch {
            throw StudioError(error.description)
        }
        return url
    }

    /// Whether a resolved path is strictly inside the folder.
    private func isInside(_ real: String) -> Bool {
        real.hasPrefix(root.path.hasSuffix("/") ? root.path : root.path + "/")
    }

    /// `realpath(3)`: the absolute path with every link resolved, or `nil` when it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
