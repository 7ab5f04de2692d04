import Foundation
import HapticPattern

/// Loads pattern files from disk: AHAP (JSON) or the same structure as a property list (`.plist`).
///
/// Shared by `CHHapticPattern(contentsOf:)`, `CHHapticEngine.playPattern(from:)` and the `haptic` tool, so that
/// every entry point applies the same limits and the same waveform-path rules.
package enum PatternFile {
    /// Reads and decodes the file at `url`.
    ///
    /// - Throws: ``PatternError`` — `fileNotFound` for a missing file or a non-file URL, `invalidPatternData` for a file
    ///   over ``PatternLimits/maxFileSize`` (checked before reading), and the reader's errors otherwise.
    package static func read(_ url: URL, limits: PatternLimits = .default, displayName: String? = nil) throws(PatternError) -> AHAPDocument {
        let name = displayName ?? url.path
        guard url.isFileURL else { throw PatternError(.fileNotFound, "\(url) is not a file URL", file: name) }
        let attributes: [FileAttributeKey: Any]
        do {
            // Follow symbolic links first: attributesOfItem describes the link itself (a few bytes), not the file
            // that would be read.
            attributes = try FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        } catch {
            throw PatternError(.fileNotFound, "no such file", file: name)
        }
        if attributes[.type] as? FileAttributeType == .typeDirectory {
            throw PatternError(.fileNotFound, "is a directory, not a pattern file", file: name)
        }
        // A FIFO or a device (/dev/zero) reports size 0 and then never ends: read regular files only.
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw PatternError(.fileNotFound, "is not a regular file", file: name)
        }
        if let size = (attributes[.size] as? NSNumber)?.intValue, size > limits.maxFileSize {
            throw PatternError(
                .invalidPatternData, "the file is \(size) bytes; the limit is \(limits.maxFileSize) (PatternLimits.maxFileSize)",
                file: name)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PatternError(.fileNotFound, "cannot read the file: \(error.localizedDescription)", file: name)
        }
        if url.pathExtension.lowercased() == "plist" {
            return try readPropertyList(data, file: name, limits: limits, waveformPaths: .confinedToFolder)
        }
        return try AHAPReader.read(Array(data), file: name, limits: limits)
    }

    /// Decodes in-memory data: JSON first, then a property list (as `playPattern(from: Data)` does).
    package static func read(data: Data, file: String? = nil, limits: PatternLimits = .default) throws(PatternError) -> AHAPDocument {
        let bytes = Array(data)
        let looksLikePropertyList = bytes.starts(with: Array("bplist".utf8)) || bytes.starts(with: Array("<?xml".utf8))
            || bytes.starts(with: Array("<plist".utf8))
        if looksLikePropertyList {
            return try readPropertyList(data, file: file, limits: limits, waveformPaths: .unrestricted)
        }
        return try AHAPReader.read(bytes, file: file, limits: limits, waveformPaths: .unrestricted)
    }

    /// Decodes a property list (XML or binary) holding the AHAP structure.
    ///
    /// - Throws: ``PatternError`` — `invalidPatternData` for data over ``PatternLimits/maxFileSize`` or nesting
    ///   deeper than ``PatternLimits/maxNestingDepth``, `invalidPatternDictionary` for data that is not a property
    ///   list or not a dictionary, or a binary property list holding sets, UIDs or reserved object types (refused
    ///   before Foundation parses them; see `BinaryPropertyListCheck`), and the reader's errors otherwise.
    package static func readPropertyList(
        _ data: Data, file: String?, limits: PatternLimits, waveformPaths: AHAPReader.WaveformPathPolicy
    ) throws(PatternError) -> AHAPDocument {
        guard data.count <= limits.maxFileSize else {
            throw PatternError(.invalidPatternData, "the property list is \(data.count) bytes; the limit is \(limits.maxFileSize) (PatternLimits.maxFileSize)", file: file)
        }
        if let problem = data.withUnsafeBytes({ BinaryPropertyListCheck.problem(in: $0) }) {
            throw PatternError(.invalidPatternDictionary, "not a usable property list: \(problem)", file: file)
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw PatternError(.invalidPatternDictionary, "not a valid property list: \(error.localizedDescription)", file: file)
        }
        let converted: AHAPValue?
        do {
            converted = try AHAPValue.converting(object, maxDepth: limits.maxNestingDepth)
        } catch {
            var located = error
            located.file = file
            throw located
        }
        guard let value = converted else {
            throw PatternError(.invalidPatternDictionary, "the property list does not hold a dictionary", file: file)
        }
        return try AHAPReader.read(value: value, file: file, limits: limits, waveformPaths: waveformPaths)
    }

    /// Resolves an `EventWaveformPath` against the pattern file's folder and checks it stays there after following
    /// symbolic links, and that the file exists.
    ///
    /// - Throws: ``PatternError`` with `badEventEntry` when the path escapes the folder or does not exist.
    package static func resolveWaveform(_ path: String, relativeTo folder: URL, file: String? = nil) throws(PatternError) -> URL {
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
        guard resolved.path.hasPrefix(rootPath) else {
            throw PatternError(.badEventEntry, "EventWaveformPath \"\(path)\" leads outside the pattern's folder (to \(resolved.path))", file: file)
        }
        return resolved
    }
}
