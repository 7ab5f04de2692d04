/// Decoded audio: interleaved 32-bit float samples at a sample rate, shared read-only by programs and voices.
///
/// An `AudioBuffer` is immutable after creation, so it can be shared between threads and read on the render thread
/// without locks. The samples live in memory allocated once at creation and freed when the last reference goes;
/// the render thread never owns a reference (programs keep their buffers alive).
///
///     let tone = AudioBuffer(sampleRate: 48_000, channelCount: 1, interleaved: [0, 0.5, 1, 0.5])
///     print(tone.frameCount)   // 4
public final class AudioBuffer: @unchecked Sendable {
    // @unchecked: the only stored state is immutable after init; `storage` is written once in init.

    /// Frames per second of the samples.
    public let sampleRate: Double
    /// 1 (mono) or 2 (stereo).
    public let channelCount: Int
    /// Number of frames (samples per channel).
    public let frameCount: Int
    /// The interleaved samples (`frameCount × channelCount`).
    let storage: UnsafeMutableBufferPointer<Float>

    /// Creates a buffer by copying interleaved samples.
    ///
    /// - Parameters:
    ///   - sampleRate: frames per second (must be > 0).
    ///   - channelCount: 1 or 2.
    ///   - interleaved: `frameCount × channelCount` samples, frame by frame. Extra trailing samples are ignored.
    public init(sampleRate: Double, channelCount: Int, interleaved: [Float]) {
        precondition(sampleRate > 0 && sampleRate.isFinite, "AudioBuffer: sample rate must be positive")
        precondition(channelCount == 1 || channelCount == 2, "AudioBuffer: 1 or 2 channels")
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.frameCount = interleaved.count / channelCount
        let count = frameCount * channelCount
        storage = .allocate(capacity: Swift.max(count, 1))
        storage.initialize(repeating: 0)
        _ = interleaved.withUnsafeBufferPointer { source in
            UnsafeMutableBufferPointer(rebasing: storage[0..<count]).initialize(from: source[0..<count])
        }
    }

    deinit { storage.deallocate() }

    /// The length in seconds.
    public var duration: Double { Double(frameCount) / sampleRate }

    /// The sample of `channel` at `frame` (no bounds forgiveness: both must be in range).
    public func sample(frame: Int, channel: Int) -> Float {
        precondition(frame >= 0 && frame < frameCount && channel >= 0 && channel < channelCount)
        return storage[frame * channelCount + channel]
    }

    /// The samples of one channel as an array (for tests and tools).
    public func channel(_ channel: Int) -> [Float] {
        precondition(channel >= 0 && channel < channelCount)
        return (0..<frameCount).map { storage[$0 * channelCount + channel] }
    }
}
