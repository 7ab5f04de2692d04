import ArgumentParser
import Foundation
import HapticLoading
import HapticPattern
import OpenCoreHaptics
import OpenHapticFeedback

/// What `play` and `library play` play: an AHAP file checked like `validate` does, or a pattern of the feedback
/// library, optionally with its haptic intensity scaled.
internal struct PlayablePattern {
    /// The name shown to the user (the path as given, or the library name).
    internal var name: String
    /// The pattern-model pattern.
    internal var model: Pattern
    /// What the loader read, for a file (its folder confines waveform paths); `nil` for library patterns.
    internal var loaded: LoadedPattern?

    /// The pattern's length in seconds, release tails and custom audio included.
    internal var duration: Double { model.duration(audioDurations: loaded?.audioDurations ?? [:]) }

    /// Resolves `argument`: an existing file is read as a pattern; otherwise a feedback-library name (any spelling
    /// ``FeedbackLibrary/canonicalName(for:)`` accepts); otherwise, if it looks like a path, the file error.
    ///
    /// - Throws: `ExitCode(1)` after printing `file:line:col: error: …` for a bad pattern file, or the library's
    ///   names for a name that is neither a file nor a library pattern.
    internal static func resolve(_ argument: String) throws -> PlayablePattern {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory)
        let looksLikePath =
            argument.contains("/")
            || [".ahap", ".json", ".plist", ".haptic"].contains { argument.lowercased().hasSuffix($0) }
        if !exists && !looksLikePath {
            return try library(argument)
        }
        return try file(argument)
    }

    /// The library pattern called `name` (Apple's spellings accepted).
    ///
    /// - Throws: `ExitCode(1)` after printing the library's names, for an unknown name.
    internal static func library(_ name: String) throws -> PlayablePattern {
        guard let canonical = FeedbackLibrary.canonicalName(for: name), let model = FeedbackLibrary.pattern(named: canonical) else {
            printError(
                "haptic: error: no pattern file or library pattern named '\(name)'; library patterns: \(FeedbackLibrary.names.joined(separator: ", "))"
            )
            throw ExitCode(1)
        }
        return PlayablePattern(name: canonical, model: model, loaded: nil)
    }

    /// The pattern file at `path`, with every check `validate` runs (custom audio must exist in its folder).
    ///
    /// - Throws: `ExitCode(1)` after printing the located errors.
    internal static func file(_ path: String) throws -> PlayablePattern {
        let checked = PatternLoader.check(path, otherExtensions: .ahap)
        for warning in checked.warnings { printError(warning.description) }
        guard checked.errors.isEmpty, let loaded = checked.loaded else {
            printPatternErrors(checked.errors, file: path)
            throw ExitCode(1)
        }
        return PlayablePattern(name: path, model: loaded.pattern, loaded: loaded)
    }

    /// The pattern with every haptic event's intensity multiplied by `scale` (0 … 1).
    ///
    /// The events themselves are scaled, so the result is exact from the first sample and survives the pattern's
    /// own `HapticIntensityControl` parameters and curves (which multiply event intensities too). A dynamic
    /// parameter sent at start would ramp in over a few milliseconds and be replaced by the first intensity control
    /// of the pattern (Boing.ahap has one at 15 ms).
    internal func scaled(by scale: Double) -> PlayablePattern {
        guard scale != 1 else { return self }
        var copy = self
        let factor = Float(scale)
        copy.model.entries = model.entries.map { entry in
            guard case .event(var event) = entry, event.type.applicableParameters.contains(.hapticIntensity) else { return entry }
            let value = event.value(of: .hapticIntensity) * factor
            event.parameters.removeAll { $0.id == .hapticIntensity }
            event.parameters.append(EventParameter(.hapticIntensity, value))
            return .event(event)
        }
        return copy
    }

    /// The pattern as a `CHHapticPattern` for an engine. Waveform paths were checked to stay inside the file's
    /// folder by ``file(_:)``.
    internal var hapticPattern: CHHapticPattern {
        guard let loaded else { return CHHapticPattern(pattern: model) }
        return CHHapticPattern(pattern: model, loadedFrom: loaded)
    }
}
