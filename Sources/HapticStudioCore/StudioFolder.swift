import Foundation
import HapticLoading
import HapticSystem

/// The folder the studio works in, and the only place it reads or writes. Every path the page sends is relative to
/// it, checked on its bytes (``RelativePath``: no `..`, not absolute), and opened by the kernel beneath the folder's
/// descriptor at the moment of use (``FolderDescriptor``: `openat2(RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS)`, or a
/// walk name by name with `O_NOFOLLOW`). Symbolic links are not followed, also links that stay inside; writes go
/// through the descriptor of the file's folder, and never replace a file without the page's confirmation.
///
///     let folder = try StudioFolder(path: "patterns")
///     try folder.write(Array(text.utf8), to: "Knock.ahap", replace: false)   // inside, or StudioError
package struct StudioFolder: Sendable {
    /// The folder, for display (its name in the page, its path in the terminal): nothing is opened by it.
    package let root: URL
    /// The folder's descriptor, which every file operation goes through.
    package let descriptor: FolderDescriptor
    /// What a listing may return.
    package let limits: StudioLimits

    /// The file extensions listed as patterns (a `.json` that reads as an export is listed as an export).
    package static let patternExtensions: Set<String> = ["ahap", "json", "plist", "haptic"]
    /// The file extensions listed as exports: the studio's Kotlin and JavaScript exports.
    package static let exportExtensions: Set<String> = ["kt", "js"]
    /// The file extensions listed as audio (what the renderer decodes: WAV).
    package static let audioExtensions: Set<String> = ["wav", "wave"]

    /// Opens `path` as the studio's folder.
    ///
    /// - Parameter resolution: how paths beneath it are opened (tests force the component walk).
    /// - Throws: ``StudioError`` when it does not exist or is not a folder.
    package init(path: String, limits: StudioLimits = .default, resolution: FolderDescriptor.Resolution = .automatic) throws(StudioError) {
        do {
            descriptor = try FolderDescriptor(path: path, resolution: resolution)
        } catch {
            throw StudioError(error.message)
        }
        let shown = try? Posix.realpath(path)
        root = URL(fileURLWithPath: shown ?? path, isDirectory: true)
        self.limits = limits
    }

    /// `relative` checked on its bytes.
    ///
    /// - Throws: ``StudioError`` for an absolute path, a `..` component, a NUL, a path too long.
    package func path(_ relative: String) throws(StudioError) -> RelativePath {
        do {
            return try RelativePath(relative)
        } catch {
            throw StudioError(error)
        }
    }

    /// The subfolder `relative` (`""`: the folder), opened beneath the folder.
    ///
    /// - Throws: ``StudioError``: the path's problems, a link on it, a file where a folder is needed, nothing there.
    package func subfolder(_ relative: String) throws(StudioError) -> (path: RelativePath, folder: FolderDescriptor) {
        let path = try path(relative)
        do {
            return (path, try descriptor.folder(path))
        } catch {
            throw StudioError(error)
        }
    }

    /// The pattern files, exports and audio files of the folder and its subfolders (up to
    /// ``StudioLimits/maxListingDepth``, hidden names and symbolic links left out), sorted, at most
    /// ``StudioLimits/maxListedFiles`` in all. A `.json` file whose first bytes read as an Android, Web or gamepad
    /// export (``ExportRecognizer``) is an export, not a pattern.
    package func listing() -> (patterns: [String], exports: [String], audio: [String], truncated: Bool) {
        var patterns: [String] = []
        var exports: [String] = []
        var audio: [String] = []
        var truncated = false
        var queue: [(path: RelativePath, folder: FolderDescriptor, depth: Int)] = [(.folder, descriptor, 0)]
        while !queue.isEmpty, !truncated {
            let (relativeFolder, folder, depth) = queue.removeFirst()
            guard let entries = try? folder.entries() else { continue }
            for entry in entries.sorted(by: { $0.name.lexicographicallyPrecedes($1.name) }) where entry.name.first != 0x2E {
                let relative = relativeFolder.appending(name: entry.name)
                switch entry.type {
                case .folder:
                    if depth + 1 <= limits.maxListingDepth, let child = try? descriptor.folder(relative) {
                        queue.append((relative, child, depth + 1))
                    }
                    continue
                case .file: break
                case .symbolicLink, .other: continue
                }
                let ext = relative.pathExtension
                if ext == "json", isExport(relative) {
                    exports.append(relative.description)
                } else if Self.patternExtensions.contains(ext) {
                    patterns.append(relative.description)
                } else if Self.exportExtensions.contains(ext) {
                    exports.append(relative.description)
                } else if Self.audioExtensions.contains(ext) {
                    audio.append(relative.description)
                } else {
                    continue
                }
                if patterns.count + exports.count + audio.count >= limits.maxListedFiles {
                    truncated = true
                    break
                }
            }
        }
        return (patterns.sorted(), exports.sorted(), audio.sorted(), truncated)
    }

    /// Whether the file `relative` starts like one of the studio's JSON exports (its first bytes, read beneath the
    /// folder).
    private func isExport(_ relative: RelativePath) -> Bool {
        guard let file = try? InputGate.open(beneath: descriptor, relative, kind: .pattern()) else { return false }
        var prefix = [UInt8](repeating: 0, count: ExportRecognizer.prefixLength)
        let count = (try? prefix.withUnsafeMutableBytes { try file.readFully(into: $0) }) ?? 0
        return ExportRecognizer.format(ofPrefix: prefix[0..<count]) != nil
    }

    /// Creates or replaces `relative` with `bytes` through the descriptor of its folder: a temporary file beside it,
    /// then a rename, so the previous file is never lost, also when the write fails. A new file gets `0666` less the
    /// umask; a replaced one keeps its permissions.
    ///
    /// - Parameter replace: the page's confirmation that an existing file may be replaced.
    /// - Throws: ``StudioError`` with the code `exists` when the file exists and `replace` is not `true`; for a
    ///   read-only file (never replaced), a folder or link of that name, a path outside the folder, or a failed write
    ///   (with the system's reason).
    package func write(_ bytes: [UInt8], to relative: String, replace: Bool) throws(StudioError) {
        let path = try path(relative)
        do {
            try descriptor.write(bytes, to: path, replace: replace)
        } catch {
            if error.kind == .exists {
                throw StudioError(
                    "'\(path)' already exists; nothing was written. Confirm to replace it (replace: true), or choose another name",
                    code: StudioError.existsCode)
            }
            throw StudioError(error)
        }
    }
}
