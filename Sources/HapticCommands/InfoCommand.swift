import ArgumentParser
import Foundation
import HapticLoading
import HapticPattern

/// `haptic info`: what a pattern contains.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info", abstract: "Summarize a pattern: events by type, duration, curves, audio resources.")

    @Argument(help: "The pattern file.") var file: String
    @Flag(help: "Print JSON instead of text.") var json = false

    func run() throws {
        let result = PatternLoader.check(file, otherExtensions: .ahap)
        guard let document = result.document else {
            printPatternErrors(result.errors, file: file)
            throw ExitCode(1)
        }
        let info = PatternInfo(
            document.pattern, audioDurations: result.audioDurations, errors: result.errors, warnings: result.warnings)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(info), as: UTF8.self))
        } else {
            print(info.text(file: file))
        }
        printPatternErrors(result.errors, file: file)
        if !result.errors.isEmpty { throw ExitCode(1) }
    }
}

/// The facts `info` reports.
struct PatternInfo: Encodable {
    var version: Double?
    var duration: Double
    var eventCounts: [String: Int]
    var parameterCount: Int
    var curves: [Curve]
    var audioResources: [String]
    /// Seconds of each audio resource whose file was found and decodes, by path.
    var audioResourceDurations: [String: Double]
    var metadata: [String: String]
    var errorCount: Int
    var warningCount: Int

    struct Curve: Encodable {
        var parameterID: String
        var time: Double
        var controlPoints: Int
        var end: Double
    }

    init(_ pattern: Pattern, audioDurations: [WaveformSource: Double], errors: [PatternError], warnings: [PatternWarning]) {
        version = pattern.version
        duration = pattern.duration(audioDurations: audioDurations)
        eventCounts = Dictionary(grouping: pattern.events, by: \.type.rawValue).mapValues(\.count)
        parameterCount = pattern.parameters.count
        curves = pattern.curves.map {
            Curve(parameterID: $0.id.rawValue, time: $0.time, controlPoints: $0.controlPoints.count, end: $0.endTime)
        }
        audioResources = pattern.events.compactMap { if case .path(let p) = $0.waveform { return p } else { return nil } }
        var lengths: [String: Double] = [:]
        for case (.path(let path), let seconds) in audioDurations { lengths[path] = seconds }
        audioResourceDurations = lengths
        var metadata: [String: String] = [:]
        if case .object(let pairs) = pattern.metadata {
            for pair in pairs {
                if case .string(let s) = pair.value { metadata[pair.key] = s }
            }
        }
        self.metadata = metadata
        errorCount = errors.count
        warningCount = warnings.count
    }

    /// The summary as lines of text; every line is terminal-safe (file names and metadata come from the file).
    func text(file: String) -> String {
        var lines = ["\(file)"]
        lines.append("  duration: \(durationText(duration))  (version \(version.map { String($0) } ?? "1.0, implied"))")
        let events = EventType.allCases.compactMap { type in eventCounts[type.rawValue].map { "\($0) \(type.rawValue)" } }
        lines.append("  events: \(events.isEmpty ? "none" : events.joined(separator: ", "))")
        lines.append("  dynamic parameters: \(parameterCount)")
        lines.append("  curves: \(curves.count)")
        for curve in curves {
            lines.append(
                "    \(curve.parameterID) at \(durationText(curve.time)): \(curve.controlPoints) point\(curve.controlPoints == 1 ? "" : "s"), ends at \(durationText(curve.end))"
            )
        }
        if !audioResources.isEmpty {
            let described = audioResources.map { path in audioResourceDurations[path].map { "\(path) (\(durationText($0)))" } ?? path }
            lines.append("  audio resources: \(described.joined(separator: ", "))")
        }
        for key in metadata.keys.sorted() { lines.append("  \(key): \(metadata[key]!)") }
        if errorCount + warningCount > 0 {
            lines.append("  \(errorCount) error(s), \(warningCount) warning(s): run `haptic validate` for details")
        }
        return lines.map(terminalSafe).joined(separator: "\n")
    }
}
