import Foundation
import HapticLoading
import HapticPattern
import HapticRender

/// A haptic and audio pattern: events, dynamic parameters and parameter curves on a common timeline.
///
/// Make a pattern from event objects, from a dictionary in AHAP shape, or from an AHAP file, then hand it to an
/// engine to make a player. A pattern is immutable: the objects and arrays passed in are copied, so changing them
/// afterwards does not change the pattern.
///
///     let pattern = try CHHapticPattern(dictionary: [
///         CHHapticPattern.Key.pattern: [[CHHapticPattern.Key.event: [
///             CHHapticPattern.Key.eventType: CHHapticEvent.EventType.hapticTransient,
///             CHHapticPattern.Key.time: 0.001,
///             CHHapticPattern.Key.eventDuration: 1.0,
///         ]]],
///     ])
///     print(pattern.duration)   // 1.001
///
/// Every initializer throws a ``CHHapticError`` whose code matches Core Haptics' and whose `localizedDescription`
/// says what is wrong and where (path inside the pattern, and line:column for files).
open class CHHapticPattern: NSObject {
    /// What a pattern holds once it is made.
    private struct Contents {
        var pattern: Pattern
        var warnings: [PatternWarning] = []
        /// The folder relative `EventWaveformPath` values resolve against (nil for patterns made from objects).
        var waveformFolder: URL?
        /// Whether waveform paths must stay inside ``waveformFolder`` (true for files).
        var confinesWaveforms = false
        /// Waveform paths already resolved (and checked) when the pattern was made.
        var resolvedWaveforms: [String: URL] = [:]
        /// The file name used in messages.
        var file: String?
        /// The length of each custom-audio file the pattern names, read when the pattern was made, for ``duration``.
        var audioDurations: [WaveformSource: Double] = [:]
        /// Custom audio the loader already decoded (a tool that checked the file first), used instead of decoding
        /// the files again.
        var decodedAudio: [WaveformSource: AudioBuffer] = [:]
    }

    private let contents: Contents

    /// The program the engine compiled from this pattern, so that `makePlayer(with:)` does not compile again.
    package let programCache = PatternProgramCache()

    // MARK: Making patterns

    /// Creates a pattern from events and dynamic parameters.
    ///
    ///     let tap = CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0)
    ///     let dim = CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.5, relativeTime: 0)
    ///     let pattern = try CHHapticPattern(events: [tap], parameters: [dim])
    ///
    /// - Parameters:
    ///   - events: The events (may be empty). They are copied.
    ///   - parameters: The dynamic parameters (may be empty). They are copied.
    /// - Throws: ``CHHapticError`` — `invalidEventType`, `invalidParameterType`, `invalidEventTime` (negative, NaN or
    ///   infinite times), `invalidEventDuration`, `badParameterEntry` (NaN values) or `invalidPatternData` (limits).
    ///
    /// - Note: OpenCoreHaptics checks events when the pattern is made and applies the same size limits as for files
    ///   (at most 100 000 entries, 64 parameters per event, times up to one hour). Whether a sustained continuous
    ///   event has a duration is checked when a player is made, as in Core Haptics.
    public init(events: [CHHapticEvent], parameters: [CHHapticDynamicParameter]) throws {
        contents = try CHHapticPattern.facade { () throws(PatternError) in
            try CHHapticPattern.contents(events: events, parameters: parameters, curves: [])
        }
    }

    /// Creates a pattern from events and parameter curves.
    ///
    ///     let buzz = CHHapticEvent(eventType: .hapticContinuous, parameters: [], relativeTime: 0, duration: 1)
    ///     let fade = CHHapticParameterCurve(parameterID: .hapticIntensityControl,
    ///                                       controlPoints: [.init(relativeTime: 0, value: 1), .init(relativeTime: 1, value: 0)],
    ///                                       relativeTime: 0)
    ///     let pattern = try CHHapticPattern(events: [buzz], parameterCurves: [fade])
    ///
    /// - Parameters:
    ///   - events: The events (may be empty). They are copied.
    ///   - parameterCurves: The curves (may be empty). They are copied.
    /// - Throws: ``CHHapticError`` as for ``init(events:parameters:)``; also `invalidParameterType` for a curve on a
    ///   control that cannot be curved, and `badParameterEntry` for a control point with a bad time or value.
    public init(events: [CHHapticEvent], parameterCurves: [CHHapticParameterCurve]) throws {
        contents = try CHHapticPattern.facade { () throws(PatternError) in
            try CHHapticPattern.contents(events: events, parameters: [], curves: parameterCurves)
        }
    }

    /// Creates a pattern from a dictionary with the structure of an AHAP file.
    ///
    /// Values may be strings, numbers, Booleans, arrays, and dictionaries keyed by ``Key`` or by `String` (such as
    /// the output of `JSONSerialization`); ``CHHapticEvent/EventType``, ``CHHapticEvent/ParameterID`` and
    /// ``CHHapticDynamicParameter/ID`` values stand for their raw strings. Unknown keys are ignored.
    ///
    ///     let pattern = try CHHapticPattern(dictionary: [
    ///         .pattern: [
    ///             [CHHapticPattern.Key.event: [CHHapticPattern.Key.eventType: CHHapticEvent.EventType.hapticTransient,
    ///                                          CHHapticPattern.Key.time: 0.0]],
    ///             ["Parameter": ["ParameterID": "HapticIntensityControl", "Time": 0.2, "ParameterValue": 0.5]],
    ///         ],
    ///     ])
    ///
    /// - Parameter patternDict: The pattern dictionary.
    /// - Throws: ``CHHapticError`` — `invalidPatternDictionary` (no `Pattern` array, an empty one, wrong types),
    ///   `badEventEntry`, `badParameterEntry`, `invalidEventType`, `invalidEventTime`, `invalidEventDuration`,
    ///   `invalidParameterType`, `notSupported` (a `Version` outside 1.0 … 1.1), or `invalidPatternData` (limits).
    ///   The message names the path, for example `Pattern[0].Event`.
    ///
    /// - Note: A relative ``Key/eventWaveformPath`` resolves against the current working directory at the time the
    ///   pattern is made, or, in a dictionary from ``exportDictionary()``, against the folder of the pattern it was
    ///   exported from (named in its `Metadata`); Core Haptics does not document what it resolves against.
    public init(dictionary patternDict: [CHHapticPattern.Key: Any]) throws {
        var pairs: [(key: String, value: Any)] = []
        pairs.reserveCapacity(patternDict.count)
        for (key, value) in patternDict { pairs.append((key.rawValue, value)) }
        contents = try CHHapticPattern.facade { () throws(PatternError) in try CHHapticPattern.contents(dictionaryPairs: pairs) }
    }

    /// Creates a pattern from a dictionary with `String` keys, such as the result of `JSONSerialization`.
    ///
    ///     let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]
    ///     let pattern = try CHHapticPattern(dictionary: json)
    ///
    /// - Parameter patternDict: The pattern dictionary.
    /// - Throws: ``CHHapticError`` as for ``init(dictionary:)-([CHHapticPattern.Key:Any])``.
    ///
    /// - Note: An OpenCoreHaptics addition. On Apple platforms a `[String: Any]` dictionary bridges to
    ///   `[CHHapticPattern.Key: Any]`; on Linux there is no such bridging, so this overload takes its place.
    public init(dictionary patternDict: [String: Any]) throws {
        let pairs = patternDict.map { (key: $0.key, value: $0.value) }
        contents = try CHHapticPattern.facade { () throws(PatternError) in try CHHapticPattern.contents(dictionaryPairs: pairs) }
    }

    /// Creates a pattern from an AHAP file.
    ///
    ///     let url = Bundle.main.url(forResource: "Boing", withExtension: "ahap")!
    ///     let pattern = try CHHapticPattern(contentsOf: url)
    ///
    /// A relative `EventWaveformPath` resolves against the file's folder; it must name an existing file and may not
    /// leave the folder, not even through a symbolic link.
    ///
    /// - Parameter ahapURL: A file URL ending in `.ahap` or `.json`.
    /// - Throws: ``CHHapticError`` — `fileNotFound` (not a file URL, no such file, a folder), `notSupported` (another
    ///   extension), `invalidPatternData` (larger than 16 MiB or another limit), and the codes of
    ///   ``init(dictionary:)-([CHHapticPattern.Key:Any])`` with the line and column; `badEventEntry` for a waveform
    ///   path that does not exist or leaves the folder.
    ///
    /// - Note: Core Haptics reads the file with a strict JSON parser. OpenCoreHaptics also accepts trailing commas and
    ///   comments (Apple's own sample files contain trailing commas) and reports them as warnings. Like Core Haptics,
    ///   it refuses other extensions, including `.plist`; `CHHapticEngine.playPattern(from:)` reads property lists.
    public init(contentsOf ahapURL: URL) throws {
        contents = try CHHapticPattern.facade { () throws(PatternError) in
            try CHHapticPattern.contents(fileURL: ahapURL, checkingExtension: true)
        }
    }

    /// Creates a pattern from a file for `CHHapticEngine.playPattern(from:)`: any extension is read as JSON, except
    /// `.plist`, which is read as a property list. Waveform paths follow the same rules as ``init(contentsOf:)``.
    ///
    /// - Parameter fileURL: The file.
    /// - Throws: ``CHHapticError`` as for ``init(contentsOf:)``, without the `notSupported` extension check.
    package convenience init(playableFileAt fileURL: URL) throws(CHHapticError) {
        self.init(
            contents: try CHHapticPattern.facade { () throws(PatternError) in
                try CHHapticPattern.contents(fileURL: fileURL, checkingExtension: false)
            })
    }

    /// Creates a pattern from in-memory AHAP data (JSON, else a property list), for
    /// `CHHapticEngine.playPattern(from: Data)`. Relative waveform paths resolve against the working directory.
    ///
    /// - Parameter data: The pattern data.
    /// - Throws: ``CHHapticError`` with the reader's codes.
    package convenience init(data: Data) throws(CHHapticError) {
        self.init(
            contents: try CHHapticPattern.facade { () throws(PatternError) in
                let document = try PatternLoader.read(data: data)
                let folder = CHHapticPattern.waveformFolder(of: document.pattern)
                return Contents(
                    pattern: document.pattern, warnings: document.warnings, waveformFolder: folder,
                    audioDurations: CHHapticPattern.unconfinedAudioDurations(of: document.pattern, folder: folder))
            })
    }

    /// Wraps a pattern-model pattern (for the engine and tools). The pattern is not checked.
    ///
    /// - Parameters:
    ///   - pattern: The pattern.
    ///   - waveformFolder: The folder relative `EventWaveformPath` values resolve against.
    ///   - audioDurations: The lengths of the pattern's custom audio, for ``duration``.
    package convenience init(pattern: Pattern, waveformFolder: URL? = nil, audioDurations: [WaveformSource: Double] = [:]) {
        self.init(contents: Contents(pattern: pattern, waveformFolder: waveformFolder, audioDurations: audioDurations))
    }

    /// A pattern the loader read from a file, its model possibly changed by a tool (`haptic play
    /// --intensity-scale`): waveform paths stay confined to the file's folder, exactly as for
    /// ``init(contentsOf:)``.
    ///
    /// - Parameters:
    ///   - pattern: The pattern to play (the loaded one, or a variant of it with the same waveform paths).
    ///   - loaded: What the loader read: the folder, the resolved waveform files and the audio lengths.
    package convenience init(pattern: Pattern, loadedFrom loaded: LoadedPattern) {
        self.init(
            contents: Contents(
                pattern: pattern, warnings: loaded.warnings, waveformFolder: loaded.folder, confinesWaveforms: true,
                resolvedWaveforms: loaded.waveformFiles, file: loaded.file, audioDurations: loaded.audioDurations,
                decodedAudio: loaded.audio))
    }

    /// The one initializer the package's own ways of making a pattern end in. It is private, so that the only
    /// designated initializers other modules see are Core Haptics' (a subclass that overrides them all inherits the
    /// rest).
    private init(contents: Contents) {
        self.contents = contents
    }

    /// Custom audio decoded when the pattern was loaded (see ``init(pattern:loadedFrom:)``), by waveform.
    package var decodedAudio: [WaveformSource: AudioBuffer] { contents.decodedAudio }

    // MARK: Reading patterns

    /// The pattern's length in seconds.
    ///
    /// The latest of: each event's start plus its duration (including the release tail of sustained continuous
    /// events; a transient's duration pads the pattern), each dynamic parameter's time, and each curve's start plus
    /// its last control point's time. A custom-audio event without a duration lasts as long as its audio file.
    ///
    ///     let tap = CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0.5, duration: 1)
    ///     try CHHapticPattern(events: [tap], parameters: []).duration   // 1.5
    ///
    /// - Note: The length of each `EventWaveformPath` file is read from its header when the pattern is made (from a
    ///   file, a dictionary or data). An event that plays a resource registered with an engine
    ///   (``CHHapticEvent/init(audioResourceID:parameters:relativeTime:duration:)``) counts only for its duration: the
    ///   resource belongs to an engine, which the pattern does not know. So does a waveform file that is missing or
    ///   does not decode (making a player reports it).
    open var duration: TimeInterval { contents.pattern.duration(audioDurations: contents.audioDurations) }

    /// The pattern as a dictionary in AHAP shape, which ``init(dictionary:)-([CHHapticPattern.Key:Any])`` reads back
    /// into the same pattern.
    ///
    ///     let dictionary = try pattern.exportDictionary()
    ///     let copy = try CHHapticPattern(dictionary: dictionary)
    ///
    /// - Returns: A dictionary with ``Key/version`` and ``Key/pattern`` (and `Metadata` when the source had one). A
    ///   pattern whose custom audio has relative paths (from a file: relative to its folder) also gets
    ///   `Metadata.OpenCoreHapticsWaveformFolder`, that folder's path, so the dictionary read back finds the audio
    ///   and keeps the pattern's length wherever the working directory is.
    /// - Throws: `CHHapticError.Code.operationNotPermitted` when an event plays a registered audio resource, which
    ///   cannot be written as a path.
    ///
    /// - Note: The top level is keyed by ``Key``; nested dictionaries are `[String: Any]` with numbers as `Double`
    ///   and event types and parameter IDs as `String` (on Apple platforms they are bridged Foundation objects).
    open func exportDictionary() throws -> [CHHapticPattern.Key: Any] {
        var pattern = contents.pattern
        // Relative waveform paths are relative to this pattern's folder (an AHAP file's), which a dictionary does not
        // carry: name it in the metadata, so that init(dictionary:) finds the audio (and its length) wherever the
        // working directory is. The paths stay as written, so the dictionary saved beside the file still reads.
        // Metadata that is not a dictionary is the app's and is kept as it is: the folder is then not named.
        let metadataTakesTheFolder =
            switch pattern.metadata {
            case nil, .object?: true
            default: false
            }
        if let folder = contents.waveformFolder, metadataTakesTheFolder,
            pattern.events.contains(where: { if case .path(let path)? = $0.waveform { !path.hasPrefix("/") } else { false } })
        {
            var pairs: [(key: String, value: AHAPValue)] = []
            if case .object(let existing)? = pattern.metadata { pairs = existing.filter { $0.key != Self.waveformFolderKey } }
            pairs.append((Self.waveformFolderKey, .string(folder.path)))
            pattern.metadata = .object(pairs)
        }
        let value = try CHHapticPattern.facade { () throws(PatternError) in try AHAPWriter.value(from: pattern) }
        var result: [CHHapticPattern.Key: Any] = [:]
        if case .object(let pairs) = value {
            for pair in pairs { result[CHHapticPattern.Key(rawValue: pair.key)] = pair.value.foundationValue }
        }
        return result
    }

    // MARK: Package interface for the engine

    /// The validated pattern-model value, for compiling and playing.
    package var pattern: Pattern { contents.pattern }

    /// Things the reader accepted but flagged (trailing commas, unknown keys, clamped values, …).
    package var warnings: [PatternWarning] { contents.warnings }

    /// The folder relative `EventWaveformPath` values resolve against: the AHAP file's folder, the working directory
    /// when the pattern was made from a dictionary or data, `nil` for patterns made from objects.
    package var waveformFolder: URL? { contents.waveformFolder }

    /// The audio file an `AudioCustom` event's `EventWaveformPath` names.
    ///
    /// For files the path was resolved (inside the file's folder, symbolic links followed) when the pattern was made.
    /// Otherwise absolute paths are used as they are and relative ones resolve against ``waveformFolder``.
    ///
    /// - Parameter path: The `EventWaveformPath` value.
    /// - Returns: The file's URL.
    /// - Throws: `badEventEntry` when the file does not exist or leaves the pattern's folder.
    package func waveformURL(for path: String) throws(PatternError) -> URL {
        if let url = contents.resolvedWaveforms[path] { return url }
        if contents.confinesWaveforms, let folder = contents.waveformFolder {
            return try WaveformFile.resolve(path, in: folder, file: contents.file)
        }
        return try WaveformFile.resolveUnconfined(path, in: contents.waveformFolder, file: contents.file)
    }

    /// The `Metadata` key under which ``exportDictionary()`` names the folder relative waveform paths resolve
    /// against, and ``init(dictionary:)-([CHHapticPattern.Key:Any])`` reads it back.
    static let waveformFolderKey = "OpenCoreHapticsWaveformFolder"

    /// The folder a pattern made from a dictionary or data resolves relative waveform paths against: the one its
    /// metadata names (an exported pattern's), else the working directory.
    private static func waveformFolder(of pattern: Pattern) -> URL {
        if case .object(let pairs)? = pattern.metadata,
            let named = pairs.last(where: { $0.key == waveformFolderKey }), case .string(let path) = named.value, path.hasPrefix("/")
        {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    }

    /// The lengths of the audio files of a pattern made from a dictionary or data (see ``duration``).
    private static func unconfinedAudioDurations(of pattern: Pattern, folder: URL) -> [WaveformSource: Double] {
        AudioResourceLoader.durations(of: pattern) { path in try WaveformFile.resolveUnconfined(path, in: folder) }
    }

    // MARK: Building

    /// Runs `body`, turning a ``PatternError`` into a ``CHHapticError``.
    private static func facade<T>(_ body: () throws(PatternError) -> T) throws(CHHapticError) -> T {
        do {
            return try body()
        } catch {
            throw CHHapticError(error)
        }
    }

    private static func contents(
        events: [CHHapticEvent], parameters: [CHHapticDynamicParameter], curves: [CHHapticParameterCurve]
    ) throws(PatternError) -> Contents {
        let limits = PatternLimits.default
        let count = events.count + parameters.count + curves.count
        guard count <= limits.maxEntries else {
            throw PatternError(
                .invalidPatternData, "the pattern has \(count) entries; the limit is \(limits.maxEntries) (PatternLimits.maxEntries)")
        }
        var entries: [Pattern.Entry] = []
        entries.reserveCapacity(count)
        for event in events {
            entries.append(.event(try event.model(path: "Pattern[\(entries.count)].Event", limits: limits)))
        }
        for parameter in parameters {
            entries.append(.parameter(try parameter.model(path: "Pattern[\(entries.count)].Parameter", limits: limits)))
        }
        for curve in curves {
            entries.append(.curve(try curve.model(path: "Pattern[\(entries.count)].ParameterCurve", limits: limits)))
        }
        return Contents(pattern: Pattern(entries: entries))
    }

    private static func contents(dictionaryPairs: [(key: String, value: Any)]) throws(PatternError) -> Contents {
        var object: [(key: String, value: AHAPValue)] = []
        object.reserveCapacity(dictionaryPairs.count)
        for pair in dictionaryPairs {
            // Depth 1: the values sit inside the top-level dictionary.
            object.append(
                (pair.key, try AHAPValue.converting(pair.value, depth: 1, maxDepth: PatternLimits.default.maxNestingDepth) ?? .null))
        }
        object.sort { $0.key < $1.key }
        let document = try AHAPReader.read(value: .object(object), limits: .default, waveformPaths: .unrestricted)
        let folder = waveformFolder(of: document.pattern)
        return Contents(
            pattern: document.pattern, warnings: document.warnings, waveformFolder: folder,
            audioDurations: unconfinedAudioDurations(of: document.pattern, folder: folder))
    }

    private static func contents(fileURL: URL, checkingExtension: Bool) throws(PatternError) -> Contents {
        let name = fileURL.isFileURL ? fileURL.path : fileURL.absoluteString
        guard fileURL.isFileURL else {
            throw PatternError(.fileNotFound, "\(fileURL.absoluteString) is not a file URL", file: name)
        }
        if checkingExtension {
            // Core Haptics reads only .ahap and .json here (property lists go through playPattern(from:)).
            let pathExtension = fileURL.pathExtension.lowercased()
            guard pathExtension == "ahap" || pathExtension == "json" else {
                throw PatternError(
                    .notSupported,
                    "CHHapticPattern(contentsOf:) reads .ahap and .json files, not \(pathExtension.isEmpty ? "files without an extension" : "." + pathExtension)",
                    file: name)
            }
        }
        // Core Haptics reads AHAP JSON here; playPattern(from:) also reads property lists and .haptic files, and
        // reads other extensions as JSON.
        let loaded = try PatternLoader.load(
            fileURL, displayName: name, formats: checkingExtension ? [.ahap] : Set(PatternFileFormat.allCases),
            otherExtensions: checkingExtension ? nil : .ahap)
        return Contents(
            pattern: loaded.pattern, warnings: loaded.warnings, waveformFolder: loaded.folder, confinesWaveforms: true,
            resolvedWaveforms: loaded.waveformFiles, file: name, audioDurations: loaded.audioDurations)
    }
}
