import Dispatch
import Foundation
import HapticInterchange
import HapticLoading
import HapticPattern
import HapticRender

/// One open page: reads its messages, answers each in order (a malformed one with an error, never a crash), and
/// pushes playback events. When the WebSocket closes — the tab closed, the browser quit, a message too large —
/// playback stops and the output closes before the session ends, so nothing is left vibrating.
///
/// Every request runs on the server's ``StudioWorker``, never on Swift's concurrency pool, and one at a time: the
/// session's state (`known`, the analyzer's cache, the playback) is touched by one request after the other, each
/// awaited before the next starts — which is why the class may be sent to the worker's threads (`@unchecked`).
/// Reading is bounded by a ``StudioSessionFlow``: the reader keeps reading (so pings and pongs are answered while a
/// request runs) until requests or queued replies pass their caps, then waits for the client to catch up; a client
/// that stops reading altogether is closed once one write has waited ``StudioLimits/stuckClientTimeout``.
package final class StudioSession: @unchecked Sendable {
    private let folder: StudioFolder
    /// Where playback can go.
    package let outputs: StudioOutputs
    /// The session's caps and time limits.
    package let limits: StudioLimits
    /// The server's list of live playbacks (the session adds its own while it runs).
    package let registry: StudioPlaybackRegistry
    let analyzer = PatternAnalyzer()
    /// The outputs as listed when the session began.
    package var known: [StudioOutput] = []
    /// The session's playback, once its transport made it.
    package var playback: StudioPlayback?
    /// A request that outlived its time limit and still runs: the next one waits for it.
    package var overrunning: StudioWorker.Job?

    /// Creates a session for one WebSocket.
    package init(folder: StudioFolder, outputs: StudioOutputs, limits: StudioLimits, registry: StudioPlaybackRegistry) {
        self.registry = registry
        self.folder = folder
        self.outputs = outputs
        self.limits = limits
    }

    /// A message that could not be read, and the reply that says so.
    package struct Refusal: Error {
        package var reply: String
    }

    /// The message in `text`, or the reply refusing it as malformed.
    package static func decode(_ text: String) -> Result<StudioMessage, Refusal> {
        do {
            return .success(try JSONDecoder().decode(StudioMessage.self, from: Data(text.utf8)))
        } catch {
            return .failure(
                Refusal(reply: StudioReply.failure(nil, "malformed message (expected a JSON object with a \"type\"): \(describe(error))")))
        }
    }

    /// The reply to a message that was read: its request's result, or its refusal with the code the page acts on.
    package func reply(to message: StudioMessage, playback: StudioPlayback) -> String {
        do throws(StudioError) {
            return try dispatch(message.request.get(), id: message.id, playback: playback)
        } catch {
            return StudioReply.failure(message.id, error.message, code: error.code)
        }
    }

    private func dispatch(_ request: StudioRequest, id: Int?, playback: StudioPlayback) throws(StudioError) -> String {
        switch request {
        case .hello:
            return StudioReply.success(
                id,
                Hello(
                    folder: folder.root.lastPathComponent, schema: StudioSchema(), outputs: known,
                    output: playback.currentOutputID, importFromAudio: StudioImport.isAvailable, maxMessageBytes: limits.maxMessageBytes))
        case .list:
            let listing = folder.listing()
            return StudioReply.success(
                id, Listing(patterns: listing.patterns, exports: listing.exports, audio: listing.audio, truncated: listing.truncated))
        case .open(let file): return StudioReply.success(id, try open(file.path))
        case .analyze(let fields): return StudioReply.success(id, try analyze(fields))
        case .save(let fields): return StudioReply.success(id, try save(fields))
        case .export(let fields): return StudioReply.success(id, try export(fields))
        case .play(let fields):
            let take = try take(fields.take, loops: fields.loop ?? false, fresh: true)
            try playback.play(take)
            return StudioReply.success(id, Played(output: playback.currentOutputID))
        case .update(let fields):
            // An edit while looping: the next pass plays it. A pattern that does not play is kept out. The page
            // sends the same text to `analyze` next: it is read once, for both.
            let take = try take(fields, loops: true, fresh: false)
            playback.update(take)
            return StudioReply.success(id, Played(output: playback.currentOutputID))
        case .stop:
            playback.stop()
            return StudioReply.success(id, Played(output: playback.currentOutputID))
        case .outputs:
            known = outputs.list()
            return StudioReply.success(id, Outputs(outputs: known, output: playback.currentOutputID))
        case .output(let choice):
            try playback.selectOutput(choice.output, known: known)
            return StudioReply.success(id, Outputs(outputs: known, output: choice.output))
        case .importAudio(let fields): return StudioReply.success(id, try StudioImport.fromAudio(fields, folder: folder))
        }
    }

    // MARK: Files

    private func open(_ path: String) throws(StudioError) -> Opened {
        let relative = try folder.path(path)
        let check = PatternLoader.check(beneath: folder.descriptor, relative, displayName: path)
        guard let loaded = check.loaded else {
            throw StudioError(check.errors.map(\.description).joined(separator: "\n"))
        }
        let text: String
        do {
            text = try AHAPWriter.string(from: loaded.pattern)
        } catch {
            throw StudioError("\(path): cannot be shown as AHAP: \(error.message)")
        }
        // On bytes: the folder is everything before the last 0x2F.
        let isAHAP = loaded.format == .ahap
        let savePath = (isAHAP ? relative : relative.replacingExtension(with: "ahap")).description
        return Opened(
            path: path, dir: relative.parent.description, format: loaded.format.rawValue, ahap: text, savePath: savePath,
            notes: loaded.conversionNotes.map { Note(code: $0.code, severity: $0.severity.rawValue, message: $0.message) })
    }

    private func save(_ request: StudioRequest.Save) throws(StudioError) -> Saved {
        let path = request.path
        let ext = try folder.path(path).pathExtension
        guard ext == "ahap" || ext == "json" else {
            throw StudioError("save writes AHAP: name the file .ahap or .json (use Export for .haptic, Android, Web and gamepad)")
        }
        let pattern = try parse(request.ahap)
        let text: String
        do {
            text = try AHAPWriter.string(from: pattern)
        } catch {
            throw StudioError("the pattern cannot be written as AHAP: \(error.message)")
        }
        // Round trip: what is written must read back as exactly this pattern.
        guard (try? AHAPReader.read(Array(text.utf8)).pattern) == pattern else {
            throw StudioError("the written AHAP would not read back as the same pattern; nothing was saved")
        }
        try folder.write(Array(text.utf8), to: path, replace: request.replace == true)
        return Saved(path: path, ahap: text, bytes: text.utf8.count)
    }

    private func export(_ request: StudioRequest.Export) throws(StudioError) -> Exported {
        let path = request.path
        let name = request.format
        guard let format = PatternExport.Format(rawValue: name), format != .ahap else {
            throw StudioError("unknown export format '\(name)'; choose haptic, android, web or gamepad")
        }
        let ext = try folder.path(path).pathExtension
        let allowed: Set<String> =
            switch format {
            case .haptic: ["haptic"]
            case .android: ["json", "kt"]
            case .web, .gamepad: ["json", "js"]
            case .ahap: ["ahap"]
            }
        guard allowed.contains(ext) else {
            throw StudioError("the \(name) export is named .\(allowed.sorted().joined(separator: " or ."))")
        }
        let step = request.step ?? 25
        guard (1...1_000).contains(step) else { throw StudioError("the export step must be 1 … 1000 ms") }
        let pattern = try parse(request.ahap)
        let conversion: Conversion<String>
        do throws(PatternExport.Failure) {
            conversion = try PatternExport.text(
                pattern, as: format, fileExtension: ext, stepMilliseconds: step)
        } catch {
            throw StudioError("the pattern \(error.message)")
        }
        try folder.write(Array(conversion.value.utf8), to: path, replace: request.replace == true)
        return Exported(
            path: path, format: name, lossless: conversion.isLossless,
            notes: conversion.notes.map { Note(code: $0.code, severity: $0.severity.rawValue, message: $0.message) },
            preview: String(conversion.value.prefix(4_000)))
    }

    // MARK: Patterns

    /// The page's AHAP as a pattern (the reader's first error otherwise).
    private func parse(_ text: String) throws(StudioError) -> Pattern {
        do {
            return try AHAPReader.read(Array(text.utf8)).pattern
        } catch {
            throw StudioError("the pattern does not read as AHAP: \(error.description)")
        }
    }

    /// The folder the page's pattern lives in (`dir`), checked on bytes and opened beneath the studio's folder: its
    /// custom audio is read beneath it.
    private func patternFolder(_ pattern: StudioRequest.Pattern) throws(StudioError) -> RelativePath {
        let (path, _) = try folder.subfolder(pattern.dir ?? "")
        return path
    }

    private var profile: ActuatorProfile {
        let id = playback?.currentOutputID
        let name = known.first { $0.id == id }?.profile
        return name.flatMap { ActuatorProfile.builtIn(named: $0) } ?? .simulatedTapticLRA
    }

    private func analyze(_ request: StudioRequest.Analyze) throws(StudioError) -> PatternAnalysis {
        let text = request.pattern.ahap
        let columns = request.columns ?? 1_000
        guard (1...limits.maxColumns).contains(columns) else { throw StudioError("columns must be 1 … \(limits.maxColumns)") }
        var window: ClosedRange<Double>?
        if let from = request.window.from, let to = request.window.to {
            guard from.isFinite, to.isFinite, from >= 0, to > from, to - from <= 3_600 else {
                throw StudioError("the window must be 0 ≤ from < to, at most an hour wide")
            }
            window = from...to
        }
        let patternFolder = try patternFolder(request.pattern)
        return try analyzer.analyze(
            ahap: text, name: request.pattern.path ?? "untitled.ahap", beneath: folder.descriptor, in: patternFolder, window: window,
            columns: columns, profile: profile, maxEntries: limits.maxPatternEntries
        ).analysis
    }

    /// What `play` and `update` play; `fresh` reads the text and its audio again even when the analyzer holds them.
    private func take(_ request: StudioRequest.Take, loops: Bool, fresh: Bool) throws(StudioError) -> StudioTake {
        let check = analyzer.check(
            ahap: request.pattern.ahap, name: request.pattern.path ?? "untitled.ahap", beneath: folder.descriptor,
            in: try patternFolder(request.pattern), fresh: fresh)
        guard check.isValid, let loaded = check.loaded else {
            let first = check.errors.first.map(\.description) ?? "the pattern cannot be read"
            throw StudioError("cannot play: \(first)")
        }
        try PatternAnalyzer.checkSize(loaded.pattern, maxEntries: limits.maxPatternEntries)
        var selection: ClosedRange<Double>?
        if let from = request.selection.from, let to = request.selection.to {
            guard from.isFinite, to.isFinite, from >= 0, to > from else { throw StudioError("the selection must be 0 ≤ from < to") }
            selection = from...to
        }
        return StudioTake(loaded: loaded, loops: loops, selection: selection)
    }

    // MARK: Pushes and replies

    /// The push message that tells the page of a playback event.
    package static func push(_ event: StudioPlayback.Event) -> String {
        switch event {
        case .pass(let offset, let duration, let delay, let loops):
            return StudioReply.push("pass", Pass(offset: offset, duration: duration, delay: delay, loop: loops))
        case .stopped(let reason): return StudioReply.push("stopped", Message(message: reason))
        case .failed(let message): return StudioReply.push("failed", Message(message: message))
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.keyNotFound(_, let context), DecodingError.dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        default: return "\(error)"
        }
    }

    private struct Hello: Encodable {
        var folder: String
        var schema: StudioSchema
        var outputs: [StudioOutput]
        var output: String
        var importFromAudio: Bool
        var maxMessageBytes: Int
    }

    private struct Listing: Encodable {
        var patterns: [String]
        /// The studio's exports (Android, Web, gamepad JSON; Kotlin, JavaScript): listed, never opened as patterns.
        var exports: [String]
        var audio: [String]
        var truncated: Bool
    }

    private struct Note: Encodable {
        var code: String
        var severity: String
        var message: String
    }

    private struct Opened: Encodable {
        var path: String
        var dir: String
        var format: String
        var ahap: String
        var savePath: String
        var notes: [Note]
    }

    private struct Saved: Encodable {
        var path: String
        var ahap: String
        var bytes: Int
    }

    private struct Exported: Encodable {
        var path: String
        var format: String
        var lossless: Bool
        var notes: [Note]
        var preview: String
    }

    private struct Played: Encodable {
        var output: String
    }

    private struct Outputs: Encodable {
        var outputs: [StudioOutput]
        var output: String
    }

    private struct Pass: Encodable {
        var offset: Double
        var duration: Double
        var delay: Double
        var loop: Bool
    }

    private struct Message: Encodable {
        var message: String
    }
}
