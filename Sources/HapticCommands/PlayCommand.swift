import ArgumentParser
import Foundation
import HapticDevices

/// `haptic play`: plays a pattern file or a feedback-library pattern in real time on a device.
internal struct PlayCommand: ParsableCommand {
    internal static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a pattern file or a library pattern in real time.",
        discussion: """
            Plays through CHHapticEngine on the selected device: --device takes the forms HAPTIC_DEVICE takes \
            (evdev:/dev/input/eventN, alsa:<pcm>, simulated[:profile], wav:<path>, null); without it, haptic \
            hardware when there is some, else the simulated actuator. A wav: device is written in real time. \
            The argument is an AHAP (or .plist) file — AudioCustom waveforms resolve relative to its folder — or a \
            name from `haptic library list`. When standard error is a terminal the simulated actuator shows a live \
            meter. --intensity-scale multiplies every haptic event's intensity (the events themselves, so it is \
            exact from the first sample and still applies under the pattern's own intensity controls and curves). \
            Ctrl-C stops the player, lets the output fall silent and exits with 130. Exits 0 when the pattern has \
            played out, 1 for a bad pattern (file:line:column: error: …) or a device that cannot be opened.
            """
    )

    @Argument(help: "An AHAP file, or a library pattern name (e.g. success, impact-heavy).") internal var pattern: String
    @OptionGroup internal var options: PlaybackOptions

    internal func run() throws {
        try options.play(try PlayablePattern.resolve(pattern))
    }
}

/// The options `play` and `library play` share.
internal struct PlaybackOptions: ParsableArguments {
    @Option(help: "The output: evdev:/dev/input/eventN, alsa:<pcm>, simulated[:profile], wav:<path> or null.")
    internal var device: String?
    @Flag(help: "Loop until Ctrl-C.") internal var loop = false
    @Option(help: "Playback rate, pattern seconds per second (0.1 … 10).") internal var rate: Float = 1
    @Option(help: "Multiply haptic intensity by this factor (0 … 1).") internal var intensityScale: Double = 1

    internal func validate() throws {
        guard rate.isFinite, rate >= 0.1, rate <= 10 else { throw ValidationError("--rate must be 0.1 … 10") }
        guard intensityScale.isFinite, intensityScale >= 0, intensityScale <= 1 else {
            throw ValidationError("--intensity-scale must be 0 … 1")
        }
    }

    /// Plays `pattern` with these options.
    internal func play(_ pattern: PlayablePattern) throws {
        let output = try OutputDevice.select(id: device, meter: .automatic)
        let scaled = pattern.scaled(by: intensityScale)
        var details: [String] = [formatSeconds(pattern.duration)]
        if rate != 1 { details.append("rate \(rate)") }
        if intensityScale != 1 { details.append("intensity ×\(intensityScale)") }
        if loop { details.append("looping, Ctrl-C stops") }
        try LivePlayback(pattern: scaled, device: output, loops: loop, rate: rate) {
            print(terminalSafe("Playing \(pattern.name) (\(details.joined(separator: ", "))) on \(output.info.id) — \(output.info.name)"))
            fflush(nil)
        }.run()
    }
}
