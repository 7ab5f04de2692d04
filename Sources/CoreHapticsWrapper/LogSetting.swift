import Foundation
import Logging

/// How much the library logs and whether one cause repeats: the grammar of `HAPTIC_LOG` and of the setting
/// `CoreHapticsWrapper_SetLogging` takes.
///
///     <level>[:<repeats>]
///     level:   off | critical | error | warning | notice | info | debug | trace
///     repeats: once (each cause once per destination) | all (every line)
///
/// Words are case-insensitive; spaces around them are ignored; `repeats` defaults to `once`. The default, for an
/// unset or empty value, is `warning:once`: a game's player sees what went wrong, each kind of problem once, and
/// nothing while all is well.
package struct LogSetting: Equatable, Sendable {
    /// The least severe level shown; `nil` shows nothing.
    package var level: Logger.Level?
    /// Whether a line whose cause was already shown is shown again.
    package var repeats: Bool

    /// A setting of a level (`nil`: off) and whether causes repeat.
    package init(level: Logger.Level?, repeats: Bool) {
        self.level = level
        self.repeats = repeats
    }

    /// Warnings and errors, each cause once.
    package static let `default` = LogSetting(level: .warning, repeats: false)

    /// The longest setting read, in bytes (`critical:once` is 13).
    package static let maximumLength = 64

    /// The level words, least severe last.
    private static let levels: [(word: String, level: Logger.Level?)] = [
        ("off", nil), ("critical", .critical), ("error", .error), ("warning", .warning), ("notice", .notice),
        ("info", .info), ("debug", .debug), ("trace", .trace),
    ]

    /// The setting `text` spells.
    ///
    /// - Throws: ``Problem`` saying what is wrong: too long, not a level, not `once` or `all`, more than one `:`.
    package init(parsing text: String) throws(Problem) {
        guard text.utf8.count <= Self.maximumLength else { throw Problem("longer than \(Self.maximumLength) bytes") }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { throw Problem("more than one ':'") }
        let levelWord = Self.word(parts[0])
        guard let level = Self.levels.first(where: { $0.word == levelWord }) else {
            throw Problem("'\(levelWord)' is not off, critical, error, warning, notice, info, debug or trace")
        }
        var repeats = false
        if parts.count == 2 {
            switch Self.word(parts[1]) {
            case "once": repeats = false
            case "all": repeats = true
            case let other: throw Problem("'\(other)' is not once or all")
            }
        }
        self.init(level: level.level, repeats: repeats)
    }

    /// The setting as the grammar writes it (`warning:once`); parsing it gives this setting back.
    package var description: String {
        (Self.levels.first { $0.level == level }?.word ?? "off") + (repeats ? ":all" : ":once")
    }

    /// A word without the spaces around it, in lower case.
    private static func word(_ text: Substring) -> String {
        text.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// What is wrong with a setting.
    package struct Problem: Error, Equatable, Sendable {
        /// The explanation, for a log line.
        package var reason: String

        /// A problem explained by `reason`.
        package init(_ reason: String) { self.reason = reason }
    }
}
