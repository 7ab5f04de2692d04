import Foundation
import HapticInterchange
import HapticPattern

/// The one way a pattern file comes in: `CHHapticPattern(contentsOf:)`, the engine's `playPattern(from:)` and every
/// `haptic` command read patterns through it.
///
///     let loaded = try PatternLoader.load(URL(fileURLWithPath: "Boing.ahap"))
///     print(loaded.pattern.events.count, loaded.duration)
///
/// It reads the file through the ``InputGate`` (regular files only, ``PatternLimits/maxFileSize`` while reading),
/// decodes it by format (AHAP JSON, the same structure as a property list, or a `.haptic` file, converted), and
/// resolves every `EventWaveformPath` inside the file's folder. ``check(_:displayName:limits:otherExtensions:)`` goes on to find every
/// problem `validate` reports: each broken entry, what would stop playback, and audio files that would not play.
package enum PatternLoader {
    /// Reads the pattern file at `url`.
    ///
    /// - Parameters:
    ///   - url: a file URL.
    ///   - displayName: the name used in messages (default: the path).
    ///   - limits: the caps for untrusted input.
    ///   - formats: the formats accepted (a file of another format is `notSupported`).
    ///   - otherExtensions: how a file whose extension names no format is read (`nil`: it is `notSupported`).
    /// - Returns: the pattern with its warnings, waveform files and audio lengths.
    /// - Throws: ``PatternError`` with Apple's code, the file, the JSON path and line:column: the gate's errors,
    ///   the reader's first error, or a waveform path that escapes the folder or does not exist (`badEventEntry`).
    package static func load(
        _ url: URL, displayName: String? = nil, limits: PatternLimits = .default,
        formats: Set<PatternFileFormat> = Set(PatternFileFormat.allCases), otherExtensions: PatternFileFormat? = nil
    ) throws(PatternError) -> LoadedPattern {
        var unused: [PatternWarning] = []
        var (loaded, _) = try read(
            url, displayName: displayName, limits: limits, formats: formats, otherExtensions: otherExtensions, collectingErrors: false,
            warningsBeforeError: &unused)
        for (index, entry) in loaded.pattern.entries.enumerated() {
            guard case .event(let event) = entry, case .path(let path)? = event.waveform, loaded.waveformFiles[path] == nil else {
                continue
            }
            do {
                loaded.waveformFiles[path] = try WaveformFile.resolve(path, in: loaded.folder, file: loaded.file)
            } catch {
                var located = error
                located.path = "Pattern[\(index)].Event.EventWaveformPath"
                throw loaded.document.locate(located, entry: index)
            }
        }
        loaded.audioDurations = AudioResourceLoader.durations(of: loaded.pattern) { path in
            guard let url = loaded.waveformFiles[path] else { throw PatternError(.badEventEntry, "unresolved waveform") }
            return url
        }
        return loaded
    }

    /// Reads the pattern file at `path` and finds every problem `haptic validate` reports: every broken entry (not
    /// only the first), everything that would stop playback (``PatternValidator``), and every custom-audio file that
    /// escapes the folder, is missing, or would not play (decoded as playback decodes it, within the pattern's audio
    /// budget).
    ///
    /// - Returns: the errors and warnings, each located, and what could be read.
    ///
    /// - Parameter otherExtensions: how a file whose extension names no format is read (`nil`: it is an error).
    package static func check(
        _ path: String, displayName: String? = nil, limits: PatternLimits = .default, otherExtensions: PatternFileFormat? = nil
    ) -> PatternCheck {
        var errors: [PatternError]
        let loaded: LoadedPattern
        var warningsBeforeError: [PatternWarning] = []
        do {
            (loaded, errors) = try read(
                URL(fileURLWithPath: path), displayName: displayName ?? path, limits: limits,
                formats: Set(PatternFileFormat.allCases), otherExtensions: otherExtensions, collectingErrors: true,
                warningsBeforeError: &warningsBeforeError)
        } catch {
            return PatternCheck(loaded: nil, errors: [error], warnings: warningsBeforeError)
        }
        return finishCheck(loaded, errors: errors, limits: limits)
    }

    /// Checks AHAP text that is not (yet) in a file — an edit in `haptic studio` — as
    /// ``check(_:displayName:limits:otherExtensions:)`` checks a file: every broken entry, everything that would stop
    /// playback, and every custom-audio file, resolved inside `folder` (where the pattern will be saved).
    ///
    /// - Parameters:
    ///   - bytes: the AHAP JSON text.
    ///   - displayName: the name used in messages.
    ///   - folder: the folder `EventWaveformPath` values resolve against and stay inside.
    ///   - limits: the caps for untrusted input (the size cap applies to `bytes` too).
    /// - Returns: the errors and warnings, each located, and what could be read.
    package static func check(ahap bytes: [UInt8], displayName: String, folder: URL, limits: PatternLimits = .default) -> PatternCheck {
        check(ahap: bytes, displayName: displayName, folder: folder, access: nil, limits: limits)
    }

    /// Checks AHAP text as ``check(ahap:displayName:folder:limits:)`` does, its custom audio opened beneath `root`
    /// relative to `folder` (where the pattern will be saved): the studio's edits.
    package static func check(
        ahap bytes: [UInt8], displayName: String, beneath root: FolderDescriptor, in folder: RelativePath, limits: PatternLimits = .default
    ) -> PatternCheck {
        let url = URL(fileURLWithPath: root.path, isDirectory: true).appendingPathComponent(folder.description, isDirectory: true)
        return check(ahap: bytes, displayName: displayName, folder: url, access: .beneath(root, folder), limits: limits)
    }

    /// Reads the pattern file `path` beneath `root` (opened by the kernel beneath the folder's descriptor, no link
    /// followed) and checks it as ``check(_:displayName:limits:otherExtensions:)`` checks a file, its custom audio
    /// opened beneath `root` too: the studio's `open`.
    package static func check(
        beneath root: FolderDescriptor, _ path: RelativePath, displayName: String, limits: PatternLimits = .default
    ) -> PatternCheck {
        let folder = URL(fileURLWithPath: root.path, isDirectory: true).appendingPathComponent(path.parent.description, isDirectory: true)
        var errors: [PatternError]
        var loaded: LoadedPattern
        var warningsBeforeError: [PatternWarning] = []
        do throws(PatternError) {
            guard let format = PatternFileFormat(path: String(decoding: path.name, as: UTF8.self)) else {
                throw PatternError(.notSupported, "pattern files end in .ahap, .json, .plist or .haptic", file: displayName)
            }
            let bytes = try InputGate.read(beneath: root, path, kind: .pattern(limits), displayName: displayName)
            (loaded, errors) = try decode(
                bytes, format: format, isJSON: path.pathExtension == "json", name: displayName, folder: folder, limits: limits,
                formats: Set(PatternFileFormat.allCases), collectingErrors: true, warningsBeforeError: &warningsBeforeError)
        } catch {
            return PatternCheck(loaded: nil, errors: [error], warnings: warningsBeforeError)
        }
        loaded.waveformAccess = .beneath(root, path.parent)
        return finishCheck(loaded, errors: errors, limits: limits)
    }

    private static func check(
        ahap bytes: [UInt8], displayName: String, folder: URL, access: WaveformAccess?, limits: PatternLimits
    ) -> PatternCheck {
        guard bytes.count <= limits.maxFileSize else {
            let error = PatternError(
                .invalidPatternData, "the pattern is \(bytes.count) bytes; the limit is \(limits.maxFileSize)", file: displayName)
            return PatternCheck(loaded: nil, errors: [error], warnings: [])
        }
        let check = AHAPReader.check(bytes, file: displayName, limits: limits)
        guard let document = check.document else {
            let error = check.errors.first ?? PatternError(.invalidPatternDictionary, "unreadable", file: displayName)
            return PatternCheck(loaded: nil, errors: [error], warnings: check.warnings)
        }
        var loaded = LoadedPattern(pattern: document.pattern, format: .ahap, document: document, file: displayName, folder: folder)
        loaded.waveformAccess = access
        return finishCheck(loaded, errors: check.errors, limits: limits)
    }

    /// The checks after reading: playability, custom audio inside the folder, present and decodable.
    private static func finishCheck(_ loaded: LoadedPattern, errors readErrors: [PatternError], limits: PatternLimits) -> PatternCheck {
        var errors = readErrors
        var result = loaded
        let access = loaded.waveformAccess ?? .path(loaded.folder)
        let document = loaded.document
        for (entry, error) in PatternValidator.playabilityErrors(in: loaded.pattern) {
            errors.append(document.locate(error, entry: entry))
        }
        // Custom audio: inside the folder, present, and playable, as playback decodes it.
        for (index, entry) in loaded.pattern.entries.enumerated() {
            guard case .event(let event) = entry, case .path(let waveform)? = event.waveform,
                result.waveformFiles[waveform] == nil
            else { continue }
            do {
                result.waveformFiles[waveform] = try access.resolve(waveform, file: loaded.file)
            } catch {
                var error = error
                error.path = "Pattern[\(index)].Event.EventWaveformPath"
                let located = document.locate(error, entry: index)
                errors.append(located)
            }
        }
        let files = result.waveformFiles
        // Stopped (the studio's time limit passed): no audio is read.
        do throws(PatternError) {
            try WorkCancellation.checkCurrent()
        } catch {
            return PatternCheck(loaded: nil, errors: [error], warnings: loaded.warnings)
        }
        let decoded = AudioResourceLoader.loadAll(
            loaded.pattern, limits: limits,
            locate: { path throws(PatternError) in
                // Paths that did not resolve were reported above; skip them quietly here.
                guard let url = files[path] else { throw PatternError(.badEventEntry, "", file: loaded.file) }
                return url
            },
            decode: { path, url throws(PatternError) in try access.decode(path, url: url, limits: limits) })
        result.audio = decoded.audio
        for failure in decoded.failures where files[failure.path] != nil {
            var error = failure.error
            error.message = "\"\(failure.path)\": " + error.message
            var located = document.locate(error, entry: failure.entry)
            located.file = loaded.file
            errors.append(located)
        }
        for (source, buffer) in result.audio { result.audioDurations[source] = buffer.duration }
        for (path, url) in files where result.audioDurations[.path(path)] == nil && WorkCancellation.current?.isCancelled != true {
            if let seconds = try? access.duration(path, url: url, limits: limits) { result.audioDurations[.path(path)] = seconds }
        }
        let ordered = errors.sorted {
            ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0)
        }
        return PatternCheck(loaded: result, errors: ordered, warnings: loaded.warnings)
    }

    /// Decodes pattern data that is not in a file (`playPattern(from: Data)`): JSON first, else a property list.
    /// Waveform paths are not confined (the app made the data).
    package static func read(data: Data, file: String? = nil, limits: PatternLimits = .default) throws(PatternError) -> AHAPDocument {
        let bytes = Array(data)
        let looksLikePropertyList =
            bytes.starts(with: Array("bplist".utf8)) || bytes.starts(with: Array("<?xml".utf8))
            || bytes.starts(with: Array("<plist".utf8))
        if looksLikePropertyList {
            return try PropertyListPattern.read(data, file: file, limits: limits, waveformPaths: .unrestricted)
        }
        return try AHAPReader.read(bytes, file: file, limits: limits, waveformPaths: .unrestricted)
    }

    /// Reads and decodes; when `collectingErrors`, the AHAP reader's entry errors are returned instead of thrown, and
    /// when an error stops reading, the warnings found before it are left in `warningsBeforeError`.
    private static func read(
        _ url: URL, displayName: String?, limits: PatternLimits, formats: Set<PatternFileFormat>,
        otherExtensions: PatternFileFormat?, collectingErrors: Bool, warningsBeforeError: inout [PatternWarning]
    ) throws(PatternError) -> (LoadedPattern, [PatternError]) {
        let name = displayName ?? (url.isFileURL ? url.path : url.absoluteString)
        guard url.isFileURL else { throw PatternError(.fileNotFound, "\(url.absoluteString) is not a file URL", file: name) }
        guard let format = PatternFileFormat(path: url.path) ?? otherExtensions else {
            throw PatternError(
                .notSupported,
                "pattern files end in .ahap, .json, .plist or .haptic, not \(url.pathExtension.isEmpty ? "no extension" : "." + url.pathExtension)",
                file: name)
        }
        let bytes = try InputGate.read(url.path, kind: .pattern(limits), displayName: name)
        return try decode(
            bytes, format: format, isJSON: url.pathExtension.lowercased() == "json", name: name, folder: url.deletingLastPathComponent(),
            limits: limits, formats: formats, collectingErrors: collectingErrors, warningsBeforeError: &warningsBeforeError)
    }

    /// Decodes a pattern file's bytes read as `format` (a `.json` file may turn out a `.haptic` file, or an export,
    /// which is refused with a message that says so).
    private static func decode(
        _ bytes: [UInt8], format named: PatternFileFormat, isJSON: Bool, name: String, folder: URL, limits: PatternLimits,
        formats: Set<PatternFileFormat>, collectingErrors: Bool, warningsBeforeError: inout [PatternWarning]
    ) throws(PatternError) -> (LoadedPattern, [PatternError]) {
        var format = named
        if format == .ahap, isJSON {
            if looksLikeHapticFile(bytes) { format = .haptic }
            if let export = ExportRecognizer.format(ofPrefix: bytes) {
                throw PatternError(
                    .notSupported,
                    "this is \(ExportRecognizer.describe(export)), not a pattern: exports cannot be opened or played; open the pattern it was exported from",
                    file: name)
            }
        }
        guard formats.contains(format) else {
            throw PatternError(.notSupported, "\(format.rawValue) files are not read here", file: name)
        }
        switch format {
        case .ahap:
            if collectingErrors {
                let check = AHAPReader.check(bytes, file: name, limits: limits)
                guard let document = check.document else {
                    warningsBeforeError = check.warnings
                    throw check.errors.first ?? PatternError(.invalidPatternDictionary, "unreadable", file: name)
                }
                return (
                    LoadedPattern(pattern: document.pattern, format: .ahap, document: document, file: name, folder: folder), check.errors
                )
            }
            let document = try AHAPReader.read(bytes, file: name, limits: limits)
            return (LoadedPattern(pattern: document.pattern, format: .ahap, document: document, file: name, folder: folder), [])
        case .propertyList:
            let document = try PropertyListPattern.read(Data(bytes), file: name, limits: limits, waveformPaths: .confinedToFolder)
            return (LoadedPattern(pattern: document.pattern, format: .propertyList, document: document, file: name, folder: folder), [])
        case .haptic:
            let conversion: Conversion<Pattern>
            do {
                // The pattern it stands for is held to the AHAP reader's limits too (see HapticFile.pattern(within:)).
                conversion = try HapticFile.decode(bytes, file: name, limits: limits).pattern(within: limits)
            } catch {
                throw PatternError(error.code, error.message, path: error.path, location: error.location, file: name)
            }
            let document = AHAPDocument(pattern: conversion.value, file: name)
            let loaded = LoadedPattern(
                pattern: conversion.value, format: .haptic, document: document, file: name, folder: folder,
                conversionNotes: conversion.notes)
            return (loaded, [])
        }
    }

    /// Whether JSON bytes hold a `.haptic` document (a `signals` object and no `Pattern` array).
    static func looksLikeHapticFile(_ bytes: [UInt8]) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return false }
        return object["signals"] != nil && object["Pattern"] == nil
    }
}
