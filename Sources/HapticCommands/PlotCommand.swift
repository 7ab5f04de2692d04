import ArgumentParser
import Foundation
import HapticInterchange
import HapticLoading
import HapticPattern
import HapticPlot
import HapticRender

/// `haptic plot`: a timeline of a pattern as SVG or PNG — events, the intensity and sharpness envelopes after
/// curves and controls, audio events, and the simulated acceleration of an actuator.
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw a pattern's timeline (events, envelopes, simulated acceleration) as SVG or PNG.",
        discussion: """
            A title and a legend, then lanes on one time axis that covers the whole pattern: events (continuous \
            haptic events as blocks shaded by intensity, transients as stems, custom audio at its real length with \
            its waveform); intensity after parameter curves and dynamic parameters, with transients as stems and \
            curve control points as diamonds, on a 0–1 scale; sharpness on a 0–1 scale; and the acceleration of the \
            simulated actuator (--profile) from an offline render, on a ± peak scale. Labels that do not fit are \
            shortened or left out, never overlapped. The format follows the output's extension: .svg (with \
            tooltips) or .png (anti-aliased, with an embedded font, deflated with the system's zlib).
            """
    )

    @Argument(help: "The AHAP file.") var file: String
    @Option(name: .shortAndLong, help: "The output file (.svg or .png).") var output: String
    @Option(help: "Actuator profile for the acceleration lane: \(ActuatorProfile.builtIns.map(\.name).joined(separator: ", ")).")
    var profile = ActuatorProfile.simulatedTapticLRA.name
    @Option(help: "Image width in pixels.") var width = 1200
    @Option(help: "Image height in pixels.") var height = 720

    func validate() throws {
        let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
        guard ext == "svg" || ext == "png" else {
            throw ValidationError("the output must end in .svg or .png (got '\(output)')")
        }
        guard ActuatorProfile.builtIn(named: profile) != nil else {
            throw ValidationError(
                "unknown profile '\(profile)'; choose one of \(ActuatorProfile.builtIns.map(\.name).joined(separator: ", "))")
        }
        guard (320...8_000).contains(width) else { throw ValidationError("--width must be 320 … 8000 pixels") }
        guard (240...8_000).contains(height) else { throw ValidationError("--height must be 240 … 8000 pixels") }
    }

    func run() throws {
        let result = PatternLoader.check(file, otherExtensions: .ahap)
        let errors = result.errors.filter { !$0.path.hasSuffix("EventWaveformPath") }
        guard let document = result.document, errors.isEmpty else {
            printPatternErrors(errors, file: file)
            throw ExitCode(1)
        }
        let pattern = document.pattern
        let actuator = ActuatorProfile.builtIn(named: profile)!
        // The axis covers the whole pattern, custom audio included (lengths from the files' headers).
        let span = TimelinePlot.span(forDuration: result.duration)
        let simulation: OfflineSimulation
        do {
            simulation = try OfflineSimulation.render(
                pattern, seconds: Swift.min(span, 120), profile: actuator, folder: URL(fileURLWithPath: file).deletingLastPathComponent())
        } catch let error as PatternError {
            printError("\(file): error: cannot render: \(error.message)")
            throw ExitCode(1)
        }
        let name = URL(fileURLWithPath: file).lastPathComponent
        let input = TimelineInput(
            name: name, pattern: pattern, audio: simulation.audio, acceleration: simulation.acceleration,
            accelerationSampleRate: simulation.sampleRate, profileName: actuator.name)
        let scene = TimelinePlot(input, width: width, height: height).scene()
        let url = URL(fileURLWithPath: output)
        do {
            if url.pathExtension.lowercased() == "svg" {
                try AtomicFile.write(scene.svg(title: name), to: url)
            } else {
                try AtomicFile.write(scene.png(), to: url)
            }
        } catch {
            printError("\(output): error: \(error)")
            throw ExitCode(1)
        }
        let peak = simulation.acceleration.map { abs($0) }.max() ?? 0
        print(
            terminalSafe(
                "\(output): \(width)×\(height), \(durationText(input.duration)), \(pattern.events.count) event\(pattern.events.count == 1 ? "" : "s"), peak acceleration \(String(format: "%.2f", peak)) g (\(actuator.name))"
            ))
        if simulation.skippedAudio > 0 {
            printError(
                "\(file): warning: \(simulation.skippedAudio) custom audio event(s) could not be loaded; they are drawn as outlines of unknown length and are silent in the render"
            )
        }
    }
}
