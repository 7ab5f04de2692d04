import Foundation

/// Test audio with known truth: hits at known times, tones with fades, silence, all from a fixed-seed generator
/// so every run hears the same sound.
///
///     var audio = SyntheticAudio(seconds: 2)
///     audio.addNoiseBurst(at: 0.5, amplitude: 0.6)
///     audio.addThump(at: 1.2, amplitude: 0.8)
public struct SyntheticAudio: Sendable {
    /// Frames per second.
    public let sampleRate: Double
    /// The mono samples.
    public var samples: [Float]
    private var seed: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// Silence of `seconds` at `sampleRate`.
    public init(seconds: Double, sampleRate: Double = 48_000) {
        self.sampleRate = sampleRate
        samples = [Float](repeating: 0, count: Int(seconds * sampleRate))
    }

    /// Seconds of audio.
    public var duration: Double { Double(samples.count) / sampleRate }

    /// A uniformly distributed value in −1 … 1 (xorshift64*: the same sequence on every platform).
    public mutating func noise() -> Float {
        seed ^= seed >> 12
        seed ^= seed << 25
        seed ^= seed >> 27
        let value = (seed &* 0x2545_F491_4F6C_DD1D) >> 40
        return Float(value) / Float(1 << 23) - 1
    }

    private mutating func add(at time: Double, seconds: Double, _ sample: (inout SyntheticAudio, Double) -> Float) {
        let first = Int((time * sampleRate).rounded())
        let count = Int(seconds * sampleRate)
        for i in 0..<count where first + i < samples.count && first + i >= 0 {
            samples[first + i] += sample(&self, Double(i) / sampleRate)
        }
    }

    /// White noise that starts at full `amplitude` at `time` and decays with a 15 ms time constant (a hi-hat, a
    /// click): bright, short.
    public mutating func addNoiseBurst(at time: Double, amplitude: Float) {
        add(at: time, seconds: 0.08) { audio, t in audio.noise() * amplitude * Float(exp(-t / 0.015)) }
    }

    /// A kick-like thump at `time`: a sine falling from 90 to 50 Hz, 2 ms attack, 60 ms decay: dull, low.
    public mutating func addThump(at time: Double, amplitude: Float) {
        add(at: time, seconds: 0.3) { _, t in
            // The phase of a frequency 50 + 40·e^(−t / 30 ms), integrated.
            let phase = 2 * Double.pi * (50 * t + 40 * 0.03 * (1 - exp(-t / 0.03)))
            let envelope = Swift.min(1, t / 0.002) * exp(-t / 0.06)
            return amplitude * Float(sin(phase) * envelope)
        }
    }

    /// A sine of `frequency` from `time` for `seconds`, fading in and out linearly over the given times.
    public mutating func addTone(
        at time: Double, seconds: Double, frequency: Double, amplitude: Float, fadeIn: Double = 0, fadeOut: Double = 0
    ) {
        add(at: time, seconds: seconds) { _, t in
            var gain = 1.0
            if fadeIn > 0 { gain = Swift.min(gain, t / fadeIn) }
            if fadeOut > 0 { gain = Swift.min(gain, (seconds - t) / fadeOut) }
            return amplitude * Float(sin(2 * Double.pi * frequency * t) * Swift.max(0, gain))
        }
    }

    /// Background noise at `amplitude` over the whole signal.
    public mutating func addBackgroundNoise(amplitude: Float) {
        for i in samples.indices { samples[i] += noise() * amplitude }
    }

    /// The samples with `offset` added and then clipped to −1 … 1 (an overdriven recording with a DC offset).
    public func clippedWithOffset(gain: Float, offset: Float) -> [Float] {
        samples.map { Swift.min(1, Swift.max(-1, $0 * gain + offset)) }
    }

    /// Hits (noise bursts and thumps) at irregular times 0.26 … 0.45 s apart, louder and softer, with their
    /// kinds; the test material for onset precision and recall.
    public static func hits(seconds: Double = 8, sampleRate: Double = 48_000) -> (audio: SyntheticAudio, bursts: [Double], thumps: [Double])
    {
        var audio = SyntheticAudio(seconds: seconds, sampleRate: sampleRate)
        var bursts: [Double] = []
        var thumps: [Double] = []
        var time = 0.3
        var index = 0
        let gaps = [0.31, 0.45, 0.26, 0.38, 0.29, 0.42, 0.34, 0.27]
        let amplitudes: [Float] = [0.9, 0.5, 0.7, 0.35, 0.8, 0.6]
        while time < seconds - 0.4 {
            let amplitude = amplitudes[index % amplitudes.count]
            if index % 3 == 1 {
                audio.addThump(at: time, amplitude: amplitude)
                thumps.append(time)
            } else {
                audio.addNoiseBurst(at: time, amplitude: amplitude)
                bursts.append(time)
            }
            time += gaps[index % gaps.count]
            index += 1
        }
        audio.addBackgroundNoise(amplitude: 0.002)
        return (audio, bursts, thumps)
    }
}
