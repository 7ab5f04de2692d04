import ArgumentParser
import Foundation
import HapticLoading
import HapticPattern
import OpenCoreHaptics

/// `haptic validate`: checks AHAP files the way Core Haptics would load and play them.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check pattern files (AHAP, .plist, .haptic).",
        discussion: """
            Prints every problem of each file (not only the first) as file:line:column: error: path: message \
            (code, raw value), like a compiler, and exits 1 if any file has an error. Custom audio is checked as \
            playback reads it: inside the pattern's folder, present, and decodable. Warnings (trailing commas, unknown keys, clamped values, …) are \
            printed too but do not fail the run unless --strict is given.
            """
    )

    @Argument(help: "Pattern files to check.") var files: [String]
    @Flag(help: "Treat warnings as errors.") var strict = false
    @Flag(name: .shortAndLong, help: "Print nothing for valid files without warnings.") var quiet = false

    func run() throws {
        var failed = 0
        for path in files {
            let result = PatternLoader.check(path, otherExtensions: .ahap)
            for warning in result.warnings { printError(warning.description) }
            printPatternErrors(result.errors, file: path)
            let bad = !result.errors.isEmpty || (strict && !result.warnings.isEmpty)
            if bad {
                failed += 1
            } else if !quiet {
                print(terminalSafe("\(path): ok (\(result.summary))"))
            }
        }
        if failed > 0 {
            printError("\(failed) of \(files.count) file\(files.count == 1 ? "" : "s") failed validation")
            throw ExitCode(1)
        }
    }
}

/// What the commands show of a checked pattern file (``PatternLoader/check(_:displayName:limits:otherExtensions:)`` finds every
/// problem; each command decides which it can live with).
extension PatternCheck {
    /// The reader's document, when the file could be read.
    var document: AHAPDocument? { loaded?.document }
    /// The length of each custom-audio file found beside the pattern.
    var audioDurations: [WaveformSource: Double] { loaded?.audioDurations ?? [:] }
    /// The pattern's length as `CHHapticPattern.duration` gives it: custom audio counts for its file's length.
    var duration: Double { loaded?.duration ?? 0 }
    /// "8 entries, 1.44 s".
    var summary: String {
        guard let pattern = loaded?.pattern else { return "unreadable" }
        let count = pattern.entries.count
        return "\(count) \(count == 1 ? "entry" : "entries"), \(durationText(duration))"
    }
}

/// Prints one line to standard error, terminal-safe (messages carry file names and pattern text).
package func printError(_ line: String) {
    FileHandle.standardError.write(Data((terminalSafe(line) + "\n").utf8))
}
