import ArgumentParser
import Foundation
import HapticDevices
import HapticPattern
import OpenGameController

/// `haptic play`: plays a pattern file or a feedback-library pattern in real time on a device.
internal struct PlayCommand: ParsableCommand {
    internal static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a pattern file or a library pattern in real time.",
        discussion: """
            Plays through CHHapticEngine on the selected device: --device takes the forms HAPTIC_DEVICE takes \
            (evdev:/dev/input/eventN, alsa:<pcm>, simulated[:profile], wav:<path>, null); without it, haptic \
            hardware when there is some, else the simulated actuator. A wav: device is written in real time. \
            --controller plays on a game controller instead (its number in `haptic devices`, or part of its name), \
            through the engine GCDeviceHaptics makes for --locality (default, all, handles, leftHandle, rightHandle, \
            triggers, leftTrigger, rightTrigger). \
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
    @Option(help: "A game controller: its number in `haptic devices` (1, 2, …) or part of its name.")
    internal var controller: String?
    @Option(help: "With --controller: default, all, handles, leftHandle, rightHandle, triggers, leftTrigger or rightTrigger.")
    internal var locality: String?
    @Flag(help: "Loop until Ctrl-C.") internal var loop = false
    @Option(help: "Playback rate, pattern seconds per second (0.1 … 10).") internal var rate: Float = 1
    @Option(help: "Multiply haptic intensity by this factor (0 … 1).") internal var intensityScale: Double = 1

    internal func validate() throws {
        guard rate.isFinite, rate >= 0.1, rate <= 10 else { throw ValidationError("--rate must be 0.1 … 10") }
        guard intensityScale.isFinite, intensityScale >= 0, intensityScale <= 1 else {
            throw ValidationError("--intensity-scale must be 0 … 1")
        }
        if device != nil && controller != nil { throw ValidationError("--device and --controller cannot be used together") }
        try OutputDevice.validate(device)
        if let locality {
            guard controller != nil else { throw ValidationError("--locality needs --controller") }
            guard PlaybackOutput.locality(named: locality) != nil else {
                throw ValidationError(
                    "unknown --locality '\(terminalSafe(locality))' (use \(PlaybackOutput.localityNames.joined(separator: ", ")))")
            }
        }
    }

    /// Plays `pattern` with these options.
    internal func play(_ pattern: PlayablePattern) throws {
        let output: PlaybackOutput
        if let controller {
            output = try PlaybackOutput.controller(controller, locality: locality.flatMap(PlaybackOutput.locality(named:)) ?? .default)
        } else {
            output = PlaybackOutput(device: try OutputDevice.select(id: device, meter: .automatic))
        }
        let scaled = pattern.scaled(by: intensityScale)
        var details: [String] = [durationText(pattern.duration)]
        if rate != 1 { details.append("rate \(rate)") }
        if intensityScale != 1 { details.append("intensity ×\(intensityScale)") }
        if loop { details.append("looping, Ctrl-C stops") }
        try LivePlayback(pattern: scaled, output: output, loops: loop, rate: rate) {
            print(terminalSafe("Playing \(pattern.name) (\(details.joined(separator: ", "))) on \(output.id) — \(output.name)"))
            fflush(nil)
        }.run()
    }
}
