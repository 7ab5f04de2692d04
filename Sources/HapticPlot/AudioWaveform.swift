import HapticRender

/// The outline of a custom-audio event's sound for drawing: the lowest and highest sample (channels averaged,
/// multiplied by a gain) over each slice of time.
///
///     let waveform = AudioWaveform(buffer, gain: 0.8)
///     waveform.range(from: 0, to: 0.01)   // (-0.6, 0.7)
struct AudioWaveform {
    let buffer: AudioBuffer
    /// The gain applied to the samples.
    let gain: Float
    let loops: Bool

    /// The largest absolute value of the channel-averaged samples.
    static func peak(of buffer: AudioBuffer) -> Float {
        var peak: Float = 0
        for frame in 0..<buffer.frameCount {
            var value: Float = 0
            for channel in 0..<buffer.channelCount { value += buffer.sample(frame: frame, channel: channel) }
            peak = Swift.max(peak, abs(value / Float(buffer.channelCount)))
        }
        return peak
    }

    /// The gain that draws `buffer` at an event's `volume`: the shape matters more than the level, so the file's peak
    /// fills the height at full volume, half of it at volume 0.
    static func displayGain(for buffer: AudioBuffer, volume: Float) -> Float {
        (0.5 + 0.5 * volume) / Swift.max(peak(of: buffer), 0.01)
    }

    init(_ buffer: AudioBuffer, gain: Float, loops: Bool = false) {
        self.buffer = buffer
        self.gain = gain
        self.loops = loops
    }

    /// The lowest and highest value between `start` and `end` seconds of the event (the audio repeats when
    /// ``loops``; past its end without looping it is silent), within −1 … 1.
    func range(from start: Double, to end: Double) -> (low: Float, high: Float) {
        let frames = buffer.frameCount
        guard frames > 0, end > start else { return (0, 0) }
        let first = Int((start * buffer.sampleRate).rounded(.down))
        let last = Swift.max(first + 1, Int((end * buffer.sampleRate).rounded(.up)))
        var low: Float = 0
        var high: Float = 0
        var frame = first
        while frame < last {
            var index = frame
            if index >= frames {
                guard loops else { break }
                index %= frames
            }
            var value: Float = 0
            for channel in 0..<buffer.channelCount { value += buffer.sample(frame: index, channel: channel) }
            value = value / Float(buffer.channelCount) * gain
            low = Swift.min(low, value)
            high = Swift.max(high, value)
            frame += 1
        }
        return (Swift.max(low, -1), Swift.min(high, 1))
    }
}
