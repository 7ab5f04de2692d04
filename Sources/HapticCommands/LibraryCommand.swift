import ArgumentParser
import Foundation
import HapticPattern
import OpenHapticFeedback

/// `haptic library`: the standard feedback patterns (success, warning, impact-heavy, …): list them or play one.
internal struct LibraryCommand: ParsableCommand {
    internal static let configuration = CommandConfiguration(
        commandName: "library",
        abstract: "List the standard feedback patterns or play one.",
        subcommands: [LibraryListCommand.self, LibraryPlayCommand.self],
        defaultSubcommand: LibraryListCommand.self
    )
}

/// `haptic library list`: name, duration (as `CHHapticPattern.duration` reports it: a lone transient is 0 ms),
/// event count and description of every library pattern.
internal struct LibraryListCommand: ParsableCommand {
    internal static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the standard feedback patterns: name, duration, events, description.")

    @Flag(help: "Print JSON instead of text.") internal var json = false

    /// One row of the listing.
    internal struct Entry: Encodable {
        internal var name: String
        internal var duration: Double
        internal var events: Int
        internal var description: String
    }

    internal func run() throws {
        let entries = FeedbackLibrary.names.compactMap { name -> Entry? in
            guard let pattern = FeedbackLibrary.pattern(named: name) else { return nil }
            var text = ""
            if case .string(let value)? = pattern.metadata?["Description"] { text = value }
            // Microseconds are the pattern's own precision: 0.1 + 0.08 is listed as 0.18, not 0.18000000000000002.
            let duration = (pattern.duration * 1_000_000).rounded() / 1_000_000
            return Entry(name: name, duration: duration, events: pattern.events.count, description: text)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(entries), as: UTF8.self))
            return
        }
        let width = entries.map(\.name.count).max() ?? 0
        for entry in entries {
            let name = entry.name.padding(toLength: width, withPad: " ", startingAt: 0)
            let duration = durationText(entry.duration)
            let events = "\(entry.events) event\(entry.events == 1 ? "" : "s")"
            print(
                "\(name)  \(String(repeating: " ", count: max(0, 6 - duration.count)))\(duration)  \(events.padding(toLength: 9, withPad: " ", startingAt: 0))  \(entry.description)"
            )
        }
    }
}

/// `haptic library play NAME`: plays a library pattern in real time (the same as `haptic play NAME`).
internal struct LibraryPlayCommand: ParsableCommand {
    internal static let configuration = CommandConfiguration(
        commandName: "play", abstract: "Play a standard feedback pattern in real time.")

    @Argument(help: "A name from `haptic library list` (Apple's spellings such as levelChange work too).")
    internal var name: String
    @OptionGroup internal var options: PlaybackOptions

    internal func run() throws {
        try options.play(try PlayablePattern.library(name))
    }
}
