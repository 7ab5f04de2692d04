import ArgumentParser
import Foundation
import HapticPattern
import HapticRender
import OpenCoreHaptics

/// `haptic render`: renders a pattern offline, deterministically, to a multichannel WAV file.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a pattern to a WAV file.",
        discussion: """
            Renders the pattern with the real-time renderer in offline mode and writes the chosen channels side by \
            side: haptic (the device drive signal for the profile), amplitude, sharpness, strong, weak (two-motor \
            split), acceleration (simulated actuator, in g) and audio (left and right). AudioCustom waveforms are \
            read relative to the pattern's folder. Profiles: \(ActuatorProfile.builtIns.map(\.name).joined(separator: ", ")), \
            or a JSON file with the keys of ActuatorProfile.
            """
    )

    @Argument(help: "The AHAP file.") var file: String
    @Option(name: .shortAndLong, help: "The WAV file to write.") var output: String
    @Option(help: "A built-in profile name or a JSON profile file.") var profile = ActuatorProfile.simulatedTapticLRA.name
    @Option(help: "Comma-separated channels: haptic, amplitude, sharpness, strong, weak, acceleration, audio.")
    var channels = "haptic,acceleration,audio"
    @Option(help: "Frames per second (default 48000).") var sampleRate: Double = 48_000
    @Option(help: "Seconds to render (default: until the last sound ends, plus 0.1 s).") var duration: Double?
    @Flag(help: "Write 16-bit integer samples instead of 32-bit float.") var int16 = false

    func run() throws {
        guard sampleRate >= 1_000 && sampleRate <= 384_000 else { throw ValidationError("--sample-rate must be 1000 … 384000") }
        if let duration, !(duration >= 0 && duration <= 3_600) { throw ValidationError("--duration must be 0 … 3600 seconds") }
        let names = channels.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let known: Set<String> = ["haptic", "amplitude", "sharpness", "strong", "weak", "acceleration", "audio"]
        guard !names.isEmpty, names.allSatisfy(known.contains) else {
            throw ValidationError("--channels takes a comma-separated list of \(known.sorted().joined(separator: ", "))")
        }
        let actuator = try loadProfile()

        let checked = PatternChecker.check(file)
        for warning in checked.warnings { printError(warning.description) }
        guard checked.errors.isEmpty, let document = checked.document else {
            for error in checked.errors { printError(error.description) }
            throw ExitCode(1)
        }
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        var audio: [WaveformSource: AudioBuffer] = [:]
        for (index, entry) in document.pattern.entries.enumerated() {
            guard case .event(let event) = entry, case .path(let path)? = event.waveform, audio[.path(path)] == nil else { continue }
            do {
                let url = try PatternFile.resolveWaveform(path, relativeTo: folder, file: file)
                let bytes = Array(try Data(contentsOf: url))
                audio[.path(path)] = try WAVDecoder().decode(bytes, name: path)
            } catch let error as PatternError {
                var located = document.locate(error, entry: index)
                located.file = file
                printError(located.description)
                throw ExitCode(1)
            }
        }
        let program: PatternProgram
        do {
            program = try PatternProgram(pattern: document.pattern, audio: audio)
        } catch {
            var located = error
            located.file = file
            printError(located.description)
            throw ExitCode(1)
        }
        let seconds = duration ?? (program.soundingDuration + 0.1)
        let result = OfflineRenderer.render(
            program: program, seconds: seconds,
            configuration: MixerConfiguration(sampleRate: sampleRate, maxBlockFrames: 512, playerCapacity: 1, voiceCapacity: 4_096),
            profile: actuator)
        var columns: [[Float]] = []
        for name in names {
            switch name {
            case "haptic": columns.append(result.drive)
            case "amplitude": columns.append(result.amplitude)
            case "sharpness": columns.append(result.sharpness)
            case "strong": columns.append(result.strong)
            case "weak": columns.append(result.weak)
            case "acceleration": columns.append(result.acceleration)
            default: columns.append(result.audioLeft); columns.append(result.audioRight)
            }
        }
        let bytes = WAVEncoder(format: int16 ? .int16 : .float32).encode(channels: columns, sampleRate: Int(sampleRate))
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: output))
        } catch {
            printError("\(output): error: cannot write: \(error.localizedDescription)")
            throw ExitCode(1)
        }
        let layout = names.flatMap { $0 == "audio" ? ["audio-left", "audio-right"] : [$0] }.joined(separator: ", ")
        print("\(output): \(result.frameCount) frames at \(Int(sampleRate)) Hz (\(formatSeconds(seconds))), channels: \(layout), profile \(actuator.name)"
            + (result.clippedFrameCount > 0 ? ", \(result.clippedFrameCount) frames clipped" : ""))
    }

    /// A built-in profile by name, or a JSON file.
    private func loadProfile() throws -> ActuatorProfile {
        if let builtIn = ActuatorProfile.builtIn(named: profile) { return builtIn }
        guard FileManager.default.fileExists(atPath: profile) else {
            throw ValidationError("--profile: no built-in profile or file named \"\(profile)\"")
        }
        do {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: profile)))
            guard let value = AHAPValue(foundationValue: object) else { throw ValidationError("\(profile): not a JSON object") }
            return try ActuatorProfile(value: value)
        } catch let error as PatternError {
            printError("\(profile): error: \(error.message)")
            throw ExitCode(1)
        } catch let error as ValidationError {
            throw error
        } catch {
            printError("\(profile): error: not valid JSON: \(error.localizedDescription)")
            throw ExitCode(1)
        }
    }
}
