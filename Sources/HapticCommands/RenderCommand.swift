import ArgumentParser
import Foundation
import HapticDevices
import HapticLoading
import HapticPattern
import HapticRender
import HapticSystem
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
    @Option(help: "Frames per second.") var sampleRate: Double = 48_000
    @Option(help: "Seconds to render (default: until the last sound ends, plus 0.1 s).") var duration: Double?
    @Flag(help: "Write 16-bit integer samples instead of 32-bit float.") var int16 = false

    /// The channel names, in file order (`audio` is two channels: left and right).
    static let channelNames = ["haptic", "amplitude", "sharpness", "strong", "weak", "acceleration", "audio"]

    /// The requested channels, checked: known names, and at most 64 WAV channels in all.
    private var channelList: [String] {
        get throws {
            let names = channels.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard !names.isEmpty, names.allSatisfy(Self.channelNames.contains) else {
                throw ValidationError("--channels takes a comma-separated list of \(Self.channelNames.joined(separator: ", "))")
            }
            let count = names.reduce(0) { $0 + ($1 == "audio" ? 2 : 1) }
            guard count <= 64 else { throw ValidationError("--channels asks for \(count) WAV channels; a WAV file holds at most 64") }
            return names
        }
    }

    func validate() throws {
        guard sampleRate.isFinite, sampleRate >= 1_000, sampleRate <= 384_000 else {
            throw ValidationError("--sample-rate must be 1000 … 384000")
        }
        if let duration, !(duration.isFinite && duration >= 0 && duration <= 3_600) {
            throw ValidationError("--duration must be 0 … 3600 seconds")
        }
        _ = try channelList
    }

    func run() throws {
        let names = try channelList
        let actuator = try loadProfile()

        let checked = PatternLoader.check(file, otherExtensions: .ahap)
        for warning in checked.warnings { printError(warning.description) }
        guard checked.errors.isEmpty, let document = checked.document else {
            printPatternErrors(checked.errors, file: file)
            throw ExitCode(1)
        }
        // The pattern's custom audio, through the gate and within its budget, as play reads it.
        let audio: [WaveformSource: AudioBuffer]
        do {
            audio = try AudioResourceLoader.load(document.pattern) { path throws(PatternError) in
                guard let url = checked.loaded?.waveformFiles[path] else {
                    throw PatternError(.badEventEntry, "EventWaveformPath \"\(path)\" was not resolved", file: file)
                }
                return url
            }
        } catch {
            printError(error.description)
            throw ExitCode(1)
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
        let seconds = duration ?? Swift.min(program.soundingDuration + 0.1, 3_600)
        let frameCount = Int((seconds * sampleRate).rounded())
        let encoder = WAVEncoder(format: int16 ? .int16 : .float32)
        let channelCount = names.reduce(0) { $0 + ($1 == "audio" ? 2 : 1) }
        guard frameCount * encoder.bytesPerFrame(channelCount: channelCount) <= WAVEncoder.maxDataBytes else {
            printError(
                "\(output): error: \(durationText(seconds)) of \(channelCount) channel\(channelCount == 1 ? "" : "s") at \(Int(sampleRate)) Hz is more than the 4 GiB a WAV file holds; "
                    + "render fewer channels, --int16, a lower --sample-rate or a shorter --duration")
            throw ExitCode(1)
        }
        // Stream block by block into the file: memory stays bounded however long the render is, and the file's
        // header is valid after every block.
        let writer: WAVFileWriter
        do {
            writer = try WAVFileWriter(
                path: output, channelCount: channelCount, sampleRate: Int(sampleRate), format: int16 ? .int16 : .float32)
        } catch {
            printError("\(output): error: cannot write: \(error.message)")
            throw ExitCode(1)
        }
        var failure: Int32?
        var columns = [[Float]](repeating: [], count: channelCount)
        let summary = OfflineRenderer.stream(
            program: program, frameCount: frameCount,
            configuration: MixerConfiguration(sampleRate: sampleRate, maxBlockFrames: 4_096, playerCapacity: 1, voiceCapacity: 4_096),
            profile: actuator
        ) { block in
            var c = 0
            for name in names {
                switch name {
                case "haptic": columns[c] = Array(block.drive)
                case "amplitude": columns[c] = Array(block.amplitude)
                case "sharpness": columns[c] = Array(block.sharpness)
                case "strong": columns[c] = Array(block.strong)
                case "weak": columns[c] = Array(block.weak)
                case "acceleration": columns[c] = Array(block.acceleration)
                default:
                    columns[c] = Array(block.audioLeft)
                    c += 1
                    columns[c] = Array(block.audioRight)
                }
                c += 1
            }
            let bytes = encoder.samples(channels: columns, frames: 0..<block.frameCount)
            failure = bytes.withUnsafeBytes { writer.append($0) }
            return failure == nil
        }
        writer.close()
        if let failure {
            printError("\(output): error: cannot write: \(Posix.describe(errno: failure)) (errno \(failure))")
            throw ExitCode(1)
        }
        let layout = names.flatMap { $0 == "audio" ? ["audio-left", "audio-right"] : [$0] }.joined(separator: ", ")
        print(
            terminalSafe(
                "\(output): \(frameCount) frame\(frameCount == 1 ? "" : "s") at \(Int(sampleRate)) Hz (\(durationText(seconds))), channels: \(layout), profile \(actuator.name)"
                    + (summary.clippedFrameCount > 0
                        ? ", \(summary.clippedFrameCount) frame\(summary.clippedFrameCount == 1 ? "" : "s") clipped" : "")))
    }

    /// A built-in profile by name, or a JSON file.
    private func loadProfile() throws -> ActuatorProfile {
        if let builtIn = ActuatorProfile.builtIn(named: profile) { return builtIn }
        guard FileManager.default.fileExists(atPath: profile) else {
            throw ValidationError("--profile: no built-in profile or file named \"\(profile)\"")
        }
        do {
            let bytes = try InputGate.read(profile, kind: .profile)
            let object = try JSONSerialization.jsonObject(with: Data(bytes))
            guard let value = AHAPValue(foundationValue: object) else { throw ValidationError("\(profile): not a JSON object") }
            return try ActuatorProfile(value: value)
        } catch let error as PatternError {
            printError("\(profile): error: \(error.message) (\(error.code), \(error.code.rawValue))")
            throw ExitCode(1)
        } catch let error as ValidationError {
            throw error
        } catch {
            printError("\(profile): error: not valid JSON: \(error.localizedDescription)")
            throw ExitCode(1)
        }
    }
}
