import ArgumentParser
import Foundation
import HapticLoading
import HapticPattern
import OpenHapticFeedback

/// `haptic lint`: checks patterns and trigger logs against the HIG, Core Haptics' limits and perception research.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check AHAP patterns and feedback trigger logs against the Human Interface Guidelines.",
        discussion: """
            Patterns (.ahap, .plist, .haptic, or JSON with a "Pattern" key): continuous haptics longer than a few \
            seconds, like transients closer than 25 ms (they fuse; unlike ones and textures are notes), overlapping \
            events whose intensities sum past 1 for 50 ms or more (clipping; shorter overlaps are notes), events \
            beyond 30 s, patterns too long for a discrete event.

            Trigger logs (.jsonl, .ndjson, .log, or any file of JSON lines), one object per line:
              {"time": 12.05, "feedback": "success", "outcome": "saved", "source": "SaveButton"}
            with "time" in seconds and "feedback" a library name (success, impact-heavy, …) or an Apple name \
            (levelChange, directionUp, failure, …); "outcome", "intensity" and "source" are optional. Flags: one \
            feedback used for opposite outcomes, success/error used against their meaning, tiresome rates (more \
            than 12 in 1 s or 60 in 60 s), clashing feedback less than 25 ms apart, unknown names.

            Each finding prints as path:line:column: severity: [rule] where: message (guideline; source). \
            Exits 1 when there is any warning or error (notes do not fail the run). --disable switches rules off; \
            --min-severity warning hides notes.
            """
    )

    @Argument(help: "Pattern files or trigger logs.") var files: [String] = []
    @Flag(help: "Also lint the built-in feedback library.") var library = false
    @Option(name: .customLong("as"), help: "Read every file as 'pattern' or 'log' instead of guessing.") var kind: Kind?
    @Option(help: "Seconds a continuous haptic may last before it is flagged (default 3; raise it for games).")
    var longContinuous: Double?
    @Option(help: ArgumentHelp("Switch a rule off (repeatable, or comma-separated), e.g. --disable clipping.", valueName: "rule"))
    var disable: [String] = []
    @Option(help: "Show findings of this severity and above: note, warning or error.")
    var minSeverity: FeedbackLintFinding.Severity = .note

    enum Kind: String, ExpressibleByArgument {
        case pattern, log
    }

    /// Every rule name `--disable` accepts.
    static let ruleNames = [
        "continuous-too-long", "transient-fusion", "clipping", "beyond-time-limit", "long-feedback", "unknown-feedback",
        "opposite-outcomes", "meaning-mismatch", "tiresome-rate", "clashing-feedback",
    ]

    private var disabledRules: Set<String> {
        Set(disable.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } })
    }

    func validate() throws {
        if files.isEmpty && !library { throw ValidationError("give files to lint, or --library") }
        if let longContinuous, !(longContinuous.isFinite && longContinuous > 0 && longContinuous <= 3_600) {
            throw ValidationError("--long-continuous must be a number of seconds, more than 0, at most 3600")
        }
        let unknown = disabledRules.subtracting(Self.ruleNames)
        guard unknown.isEmpty else {
            throw ValidationError(
                "--disable: no rule named \(unknown.sorted().joined(separator: ", ")); rules: \(Self.ruleNames.joined(separator: ", "))")
        }
    }

    func run() throws {
        var configuration = FeedbackLint.Configuration()
        if let longContinuous { configuration.longContinuousDuration = longContinuous }
        configuration.disabledRules = disabledRules
        var counts: [FeedbackLintFinding.Severity: Int] = [:]
        var unreadable = 0

        func report(_ findings: [FeedbackLintFinding], prefix: (FeedbackLintFinding) -> String) {
            for finding in findings where finding.severity >= minSeverity {
                counts[finding.severity, default: 0] += 1
                print(terminalSafe("\(prefix(finding)): \(finding.description)"))
            }
        }

        if library {
            for name in FeedbackLibrary.names {
                report(FeedbackLint.lint(FeedbackLibrary.pattern(named: name)!, configuration: configuration)) { _ in
                    "library:\(name).ahap"
                }
            }
        }
        for path in files {
            let isLog = kind.map { $0 == .log } ?? Self.looksLikeLog(path)
            if isLog {
                let entries: [TriggerLogEntry]
                do {
                    let bytes = try InputGate.read(path, kind: .triggerLog)
                    entries = try TriggerLogEntry.parse(jsonLines: String(decoding: bytes, as: UTF8.self))
                } catch let error as PatternError {
                    printError(error.description)
                    unreadable += 1
                    continue
                } catch let error as TriggerLogError {
                    printError("\(path):\(error.line): error: \(error.message)")
                    unreadable += 1
                    continue
                } catch {
                    printError("\(path): error: cannot read: \(error.localizedDescription)")
                    unreadable += 1
                    continue
                }
                report(FeedbackLint.lint(log: entries, configuration: configuration)) { finding in
                    finding.index.map { "\(path):\($0)" } ?? path
                }
            } else {
                let checked = PatternLoader.check(path, otherExtensions: .ahap)
                guard let document = checked.document, checked.errors.isEmpty else {
                    printPatternErrors(checked.errors, file: path)
                    unreadable += 1
                    continue
                }
                let audioDurations = checked.loaded?.audioDurations ?? [:]
                report(FeedbackLint.lint(document.pattern, audioDurations: audioDurations, configuration: configuration)) { finding in
                    guard let index = finding.index, index < document.entryLocations.count else { return path }
                    let location = document.entryLocations[index]
                    return "\(path):\(location.line):\(location.column)"
                }
            }
        }
        let errors = counts[.error, default: 0]
        let warnings = counts[.warning, default: 0]
        let notes = counts[.note, default: 0]
        let total = errors + warnings + notes
        let checked = files.count + (library ? FeedbackLibrary.names.count : 0)
        print(
            "\(total) finding\(total == 1 ? "" : "s") (\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"), \(notes) note\(notes == 1 ? "" : "s")) in \(checked) file\(checked == 1 ? "" : "s")"
        )
        if errors + warnings + unreadable > 0 { throw ExitCode(1) }
    }

    /// Logs by extension; other files by content (a pattern has a "Pattern" key).
    static func looksLikeLog(_ path: String) -> Bool {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        if ["jsonl", "ndjson", "log"].contains(ext) { return true }
        if ["ahap", "plist"].contains(ext) { return false }
        guard let bytes = try? InputGate.read(path, kind: .triggerLog) else { return false }
        let text = String(decoding: bytes, as: UTF8.self)
        return !text.contains("\"Pattern\"")
    }
}

extension FeedbackLintFinding.Severity: ExpressibleByArgument {}
