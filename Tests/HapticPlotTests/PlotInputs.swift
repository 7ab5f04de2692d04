import Foundation
import HapticPattern
import HapticPlot
import HapticRender
import HapticTestSupport

/// Timeline inputs built from the project's own fixtures: the pattern, its custom audio decoded from the files
/// beside it, and a made-up acceleration (the layout only scales it).
enum PlotInputs {
    static func fixture(_ name: String, acceleration: [Float]? = nil) throws -> TimelineInput {
        let url = Fixtures.ownPattern(name)
        let pattern = try AHAPReader.read(try String(contentsOf: url, encoding: .utf8), file: name).pattern
        var audio: [WaveformSource: AudioBuffer] = [:]
        for event in pattern.events {
            guard case .path(let path)? = event.waveform else { continue }
            let bytes = [UInt8](try Data(contentsOf: url.deletingLastPathComponent().appendingPathComponent(path)))
            audio[.path(path)] = try WAVDecoder().decode(bytes, name: path)
        }
        let rate = 8_000.0
        let seconds = TimelinePlot.span(forDuration: pattern.duration(audioDurations: audio.mapValues(\.duration)))
        let samples =
            acceleration
            ?? (0..<Int(seconds * rate)).map { (i: Int) -> Float in
                let t = Double(i)
                return Float(0.8 * sin(t * 0.13) * exp(-t / 4_000))
            }
        return TimelineInput(
            name: name, pattern: pattern, audio: audio, acceleration: samples, accelerationSampleRate: rate, profileName: "test-profile")
    }

    /// A crowded pattern: many transients, several overlapping audio events of unknown length, curves with many
    /// points and dynamic parameters — everything that makes labels compete for room.
    static func crowded() -> TimelineInput {
        var entries: [Pattern.Entry] = []
        for i in 0..<40 {
            entries.append(
                .event(
                    Event(type: .hapticTransient, time: Double(i) * 0.05, parameters: [EventParameter(.hapticIntensity, Float(i % 5) / 4)]))
            )
        }
        for i in 0..<6 {
            entries.append(
                .event(
                    Event(
                        type: .audioCustom, time: Double(i) * 0.3, duration: i % 2 == 0 ? 0 : 0.4,
                        waveform: .path("sounds/a-rather-long-file-name-number-\(i).wav"))))
        }
        entries.append(
            .event(Event(type: .hapticContinuous, time: 0.2, duration: 1.5, parameters: [EventParameter(.hapticSharpness, 0.3)])))
        entries.append(
            .curve(
                ParameterCurve(
                    id: .hapticIntensityControl, time: 0.2,
                    controlPoints: (0..<16).map { ControlPoint(time: Double($0) * 0.1, value: Float($0 % 3) / 2) })))
        entries.append(
            .curve(
                ParameterCurve(
                    id: .hapticSharpnessControl, time: 0.2,
                    controlPoints: [ControlPoint(time: 0, value: -0.3), ControlPoint(time: 1.5, value: 0.5)])))
        entries.append(.parameter(DynamicParameter(id: .hapticIntensityControl, value: 0.4, time: 1.9)))
        entries.append(.parameter(DynamicParameter(id: .audioVolumeControl, value: 0.4, time: 0.9)))
        let pattern = Pattern(entries: entries)
        return TimelineInput(
            name: "a-crowded-pattern-with-a-long-name.ahap", pattern: pattern, audio: [:],
            acceleration: (0..<4_000).map { Float(sin(Double($0))) * 1.234 }, accelerationSampleRate: 2_000, profileName: "two-motor-pad")
    }
}
