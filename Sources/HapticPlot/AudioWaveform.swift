import HapticRender

/// The outline of a custom-audio event's sound for drawing: the lowest and highest sample (channels averaged,
/// scaled by the event's volume) over each slice of time.
///
///     let waveform = AudioWaveform(buffer, volume: 0.8)
///     waveform.range(from: 0, to: 0.01)   // (-0.6, 0.7)
struct AudioWaveform {
    let buffer: AudioBuffer
    let volume: Float
    let loops: Bool

    init(_ buffer: AudioBuffer, volume: Float, loops: Bool = false) {
        self.buffer = buffer
        self.volume = volume
        self.loops = loops
    }

    /// The lowest and highest value between `start` and `end` seconds of the event (the audio repeats when
    /// ``loops``; past its end without looping it is silent), within −1 … 1.
    func range(from start: Double, to end: Double) -> (low: Float, high: Float) {
        let frames = buffer.frameCount
        guard frames > 0, end > start else { return (0, 0) }
        let first = Int((start * buffer.sampleRate).rounded(.down))
        let last = Swift.max(first + 1, Int((end * buffer.sampleRate).rounded(.up)))
        var low: Float = 0, high: Float = 0
        var frame = first
        while frame < last {
            var index = frame
            if index >= frames {
                guard loops else { break }
                index %= frames
            }
            var value: Float = 0
            for channel in 0..<buffer.channelCount { value += buffer.sample(frame: index, channel: channel) }
            value = value / Float(buffer.channelCount) * volume
            low = Swift.min(low, value)
            high = Swift.max(high, value)
            frame += 1
        }
        return (Swift.max(low, -1), Swift.min(high, 1))
    }
}
