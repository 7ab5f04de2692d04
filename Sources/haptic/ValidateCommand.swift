import ArgumentParser
import Foundation
import HapticPattern
import OpenCoreHaptics

/// `haptic validate`: checks AHAP files the way Core Haptics would load and play them.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check AHAP (or .plist) pattern files.",
        discussion: """
            Prints each problem as file:line:column: error: path: message (code, raw value), like a compiler, and \
            exits 1 if any file has an error. Warnings (trailing commas, unknown keys, clamped values, …) are \
            printed too but do not fail the run unless --strict is given.
            """
    )

    @Argument(help: "Pattern files to check.") var files: [String]
    @Flag(help: "Treat warnings as errors.") var strict = false
    @Flag(name: .shortAndLong, help: "Print nothing for valid files without warnings.") var quiet = false

    func run() throws {
        var failed = 0
        for path in files {
            let result = PatternChecker.check(path)
            for warning in result.warnings { printError(warning.description) }
            for error in result.errors { printError(error.description) }
            let bad = !result.errors.isEmpty || (strict && !result.warnings.isEmpty)
            if bad {
                failed += 1
            } else if !quiet {
                print("\(path): ok (\(result.summary))")
            }
        }
        if failed > 0 {
            printError("\(failed) of \(files.count) file\(files.count == 1 ? "" : "s") failed validation")
            throw ExitCode(1)
        }
    }
}

/// Loading plus every check `validate` runs, shared with `info`.
enum PatternChecker {
    struct Result {
        var document: AHAPDocument?
        var errors: [PatternError] = []
        var warnings: [PatternWarning] = []
        /// The length of each custom-audio file found beside the pattern (files that do not decode are left out).
        var audioDurations: [WaveformSource: Double] = [:]
        /// The pattern's length as `CHHapticPattern.duration` gives it: custom audio counts for its file's length.
        var duration: Double { document?.pattern.duration(audioDurations: audioDurations) ?? 0 }
        var summary: String {
            guard let pattern = document?.pattern else { return "unreadable" }
            return "\(pattern.entries.count) entries, \(formatSeconds(duration))"
        }
    }

    static func check(_ path: String) -> Result {
        var result = Result()
        let url = URL(fileURLWithPath: path)
        let document: AHAPDocument
        do {
            document = try PatternFile.read(url, displayName: path)
        } catch {
            result.errors.append(error)
            return result
        }
        result.document = document
        result.warnings = document.warnings
        for (entry, error) in PatternValidator.playabilityErrors(in: document.pattern) {
            result.errors.append(document.locate(error, entry: entry))
        }
        // Custom audio must exist inside the pattern's folder.
        let folder = url.deletingLastPathComponent()
        for (index, entry) in document.pattern.entries.enumerated() {
            guard case .event(let event) = entry, case .path(let waveform) = event.waveform else { continue }
            do {
                let file = try PatternFile.resolveWaveform(waveform, relativeTo: folder)
                if result.audioDurations[.path(waveform)] == nil, let seconds = try? AudioResourceFile.duration(file) {
                    result.audioDurations[.path(waveform)] = seconds
                }
            } catch {
                var located = document.locate(error, entry: index)
                located.path = "Pattern[\(index)].Event.EventWaveformPath"
                result.errors.append(located)
            }
        }
        return result
    }
}

/// Prints to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// `0.25 s` / `1.5 s` / `12 ms`.
func formatSeconds(_ seconds: Double) -> String {
    if seconds < 1 { return "\(Int((seconds * 1000).rounded())) ms" }
    return String(format: "%.3g s", seconds)
}
