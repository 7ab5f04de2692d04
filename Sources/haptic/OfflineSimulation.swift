import ArgumentParser
import Foundation
import HapticPattern
import HapticRender
import OpenCoreHaptics

/// Renders a pattern offline with the real mixer and models the actuator's response, for `haptic plot`.
///
/// Stopgap until `HapticRender.OfflineRenderer` and `ActuatorSimulator` land on main: the same mixer, and the same
/// physical models described in ARCHITECTURE (a band-pass resonator at the profile's f0/Q for PCM devices; motors
/// that spin up and down with the profile's time constants, vibrating at a frequency ∝ speed with an amplitude
/// ∝ speed², for amplitude and two-motor devices). The mixer renders in one block: on main (1bd680c) rendering in
/// smaller blocks loses signal after the first block.
struct OfflineSimulation {
    var sampleRate: Double
    /// The haptic bus amplitude, 0 … 1.
    var amplitude: [Float]
    /// The simulated acceleration, g.
    var acceleration: [Float]
    /// Custom-audio events that could not be loaded (they are left out of the render).
    var skippedAudio: Int

    /// Renders `pattern` for `seconds` with `profile`; custom audio resolves against `folder`.
    static func render(_ pattern: Pattern, seconds: Double, profile: ActuatorProfile, folder: URL) throws -> OfflineSimulation {
        let sampleRate = profile.preferredSampleRate
        var audio: [WaveformSource: AudioBuffer] = [:]
        var skipped = 0
        var entries: [Pattern.Entry] = []
        for entry in pattern.entries {
            if case .event(let event) = entry, event.type == .audioCustom {
                guard case .path(let path)? = event.waveform,
                    let url = try? PatternFile.resolveWaveform(path, relativeTo: folder),
                    let data = FileManager.default.contents(atPath: url.path),
                    let buffer = try? WAVDecoder().decode(Array(data), name: path)
                else {
                    skipped += 1
                    continue
                }
                audio[.path(path)] = buffer
            }
            entries.append(entry)
        }
        var playable = pattern
        playable.entries = entries
        let program = try PatternProgram(pattern: playable, audio: audio)
        let frames = Swift.max(1, Int((seconds * sampleRate).rounded()))
        let mixer = Mixer(configuration: MixerConfiguration(sampleRate: sampleRate, maxBlockFrames: frames), profile: profile)
        guard let handle = mixer.allocatePlayer() else { throw ValidationError("no player available") }
        _ = mixer.enqueue(.start(handle, program: .passRetained(program), atFrame: 0, offset: 0))
        let storage = BusStorage(capacity: frames)
        mixer.render(frameCount: frames, haptic: storage.haptic, audio: storage.audio)
        let amplitude = Array(storage.haptic.amplitude.prefix(frames))
        let acceleration = simulate(profile: profile, sampleRate: sampleRate, drive: Array(storage.haptic.drive.prefix(frames)),
                                    strong: Array(storage.haptic.strong.prefix(frames)), weak: Array(storage.haptic.weak.prefix(frames)))
        withExtendedLifetime(program) {}
        return OfflineSimulation(sampleRate: sampleRate, amplitude: amplitude, acceleration: acceleration, skippedAudio: skipped)
    }

    /// The actuator's acceleration in g for the bus signals.
    static func simulate(profile: ActuatorProfile, sampleRate: Double, drive: [Float], strong: [Float], weak: [Float]) -> [Float] {
        let peak = Float(profile.peakAcceleration)
        switch profile.mode {
        case .pcm:
            // RBJ band-pass with 0 dB peak gain at f0: a steady sine at resonance of amplitude 1 gives `peak` g.
            let f0 = Swift.min(Swift.max(profile.resonanceFrequency, 1), sampleRate * 0.45)
            let w0 = 2 * Double.pi * f0 / sampleRate
            let alpha = sin(w0) / (2 * Swift.max(profile.qualityFactor, 0.3))
            let a0 = 1 + alpha
            let b0 = Float(alpha / a0), b2 = Float(-alpha / a0)
            let a1 = Float(-2 * cos(w0) / a0), a2 = Float((1 - alpha) / a0)
            var x1: Float = 0, x2: Float = 0, y1: Float = 0, y2: Float = 0
            return drive.map { x in
                let y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2
                x2 = x1
                x1 = x
                y2 = y1
                y1 = y
                return y * peak
            }
        case .amplitude:
            return motor(drive, frequency: profile.frequencyMax, profile: profile, sampleRate: sampleRate).map { $0 * peak }
        case .twoMotor:
            let a = motor(strong, frequency: profile.frequencyMin, profile: profile, sampleRate: sampleRate)
            let b = motor(weak, frequency: profile.frequencyMax, profile: profile, sampleRate: sampleRate)
            return zip(a, b).map { ($0 + $1) * 0.5 * peak }
        }
    }

    /// An eccentric-mass motor: speed follows the level with spin-up/down time constants; it vibrates at a frequency
    /// ∝ speed with an amplitude ∝ speed².
    static func motor(_ level: [Float], frequency: Double, profile: ActuatorProfile, sampleRate: Double) -> [Float] {
        let up = Float(1 - exp(-1 / (Swift.max(profile.spinUpTime, 1e-3) * sampleRate)))
        let down = Float(1 - exp(-1 / (Swift.max(profile.spinDownTime, 1e-3) * sampleRate)))
        var speed: Float = 0
        var phase = 0.0
        return level.map { target in
            speed += (target - speed) * (target > speed ? up : down)
            phase += frequency * Double(speed) / sampleRate
            if phase >= 1 { phase -= 1 }
            return speed * speed * Float(sin(2 * Double.pi * phase))
        }
    }
}
