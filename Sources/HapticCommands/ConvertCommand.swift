import ArgumentParser
import Foundation
import HapticInterchange
import HapticLoading
import HapticPattern

/// `haptic convert`: AHAP ↔ Lofelt/Meta `.haptic`, and AHAP → Android, Web vibration and gamepad rumble, with a
/// report of every approximation.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert between AHAP and .haptic, or export AHAP for Android, the Web and gamepads.",
        discussion: """
            Formats: ahap (.ahap), haptic (Lofelt/Meta .haptic v1), android (VibrationEffect waveform and \
            composition: .json, or a Kotlin function with .kt), web (navigator.vibrate array: .json or .js), \
            gamepad (Gamepad API dual-rumble effects: .json or .js). The input may be AHAP (.ahap, .json, .plist) \
            or .haptic. Every lossy step is printed (what was approximated and by how much); --json prints the \
            report as JSON.
            """
    )

    /// The output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case ahap, haptic, android, web, gamepad
    }

    @Argument(help: "The input file (AHAP or .haptic).") var input: String
    @Option(name: .shortAndLong, help: "The output file.") var output: String
    @Option(name: .long, help: "The output format (default: from the output's extension).") var to: Format?
    @Option(help: "Step in milliseconds for android, web and gamepad output, 1 … 1000 (android: at least 25).") var step: Int = 25
    @Flag(help: "Print the conversion report as JSON.") var json = false

    func validate() throws {
        let most = AndroidVibrationEffect.maximumStepMilliseconds
        guard (1...most).contains(step) else { throw ValidationError("--step must be 1 … \(most) ms (android: at least 25)") }
        _ = try outputFormat()
    }

    func outputFormat() throws -> Format {
        if let to { return to }
        switch URL(fileURLWithPath: output).pathExtension.lowercased() {
        case "ahap": return .ahap
        case "haptic": return .haptic
        case "kt": return .android
        default:
            throw ValidationError(
                "cannot tell the output format from '\(output)'; pass --to \(Format.allCases.map(\.rawValue).joined(separator: "|"))")
        }
    }

    func run() throws {
        let format = try outputFormat()
        let (pattern, sourceFormat, readNotes) = try readInput()
        var notes = readNotes
        let outputExtension = URL(fileURLWithPath: output).pathExtension.lowercased()
        let text: String
        do throws(PatternExport.Failure) {
            let export = try PatternExport.text(
                pattern, as: PatternExport.Format(rawValue: format.rawValue)!, fileExtension: outputExtension, stepMilliseconds: step,
                sourceName: URL(fileURLWithPath: input).lastPathComponent)
            text = export.value
            notes += export.notes
        } catch {
            if error.problems.isEmpty { printError("\(input): error: the converted pattern \(error.message)") }
            for problem in error.problems {
                printError("\(input): error: the converted pattern would not validate: \(problem.description)")
            }
            throw ExitCode(1)
        }
        do {
            try AtomicFile.write(text, to: URL(fileURLWithPath: output))
        } catch {
            printError("\(output): error: \(error)")
            throw ExitCode(1)
        }
        let ordered = notes.filter(\.isLossy) + notes.filter { !$0.isLossy }
        if json {
            let report = Report(
                input: input, output: output, from: sourceFormat, to: format.rawValue,
                lossless: !ordered.contains(where: \.isLossy), notes: ordered)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print(terminalSafe("\(input) (\(sourceFormat)) → \(output) (\(format.rawValue))"))
            if !ordered.contains(where: \.isLossy) { print("  lossless") }
            for note in ordered { print(terminalSafe("  \(note)")) }
        }
    }

    /// The machine-readable report.
    struct Report: Encodable {
        var input: String
        var output: String
        var from: String
        var to: String
        var lossless: Bool
        var notes: [ConversionNote]
    }

    /// Reads AHAP or `.haptic`; `.haptic` is converted to a pattern (with its own notes).
    private func readInput() throws -> (Pattern, String, [ConversionNote]) {
        let url = URL(fileURLWithPath: input)
        let ext = url.pathExtension.lowercased()
        var isHaptic = ext == "haptic"
        if ext == "json", let bytes = try? InputGate.read(input, kind: .pattern()),
            let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        {
            isHaptic = object["signals"] != nil && object["Pattern"] == nil
        }
        if isHaptic {
            let bytes: [UInt8]
            do {
                bytes = try InputGate.read(input, kind: .pattern())
            } catch {
                printError(error.description)
                throw ExitCode(1)
            }
            do throws(HapticFileError) {
                // Held to the AHAP reader's limits too, as every other command reads .haptic (PatternLoader).
                let conversion = try HapticFile.decode(bytes, file: input).pattern(within: .default)
                return (conversion.value, "haptic", conversion.notes)
            } catch {
                var located = error
                located.file = located.file ?? input
                printError(located.description)
                throw ExitCode(1)
            }
        }
        let result = PatternLoader.check(input, otherExtensions: .ahap)
        // A missing audio file does not stop a conversion: audio is dropped (and reported) or kept as a path.
        let errors = result.errors.filter { !$0.path.hasSuffix("EventWaveformPath") }
        guard let document = result.document, errors.isEmpty else {
            printPatternErrors(errors, file: input)
            throw ExitCode(1)
        }
        return (document.pattern, "ahap", [])
    }
}
