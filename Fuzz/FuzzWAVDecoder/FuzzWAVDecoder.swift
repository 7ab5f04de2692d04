// libFuzzer harness: untrusted RIFF/WAVE bytes → WAVDecoder, with invariants: the output is bounded by the input,
// samples are finite, and a decoded buffer re-encoded as 32-bit float decodes to the same samples.

import HapticPattern
import HapticRender

private func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("FuzzWAVDecoder invariant: \(message())") }
}

/// Small enough that a fuzzed header cannot make a run allocate much; large enough for the seeds.
private let decoder = WAVDecoder(maxFrameCount: 1 << 20)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWAVDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let buffer: AudioBuffer
    do {
        buffer = try decoder.decode(bytes, name: "fuzz.wav")
    } catch {
        require(error.code == .invalidAudioResource, "wrong code \(error.code): \(error)")
        require(error.file == "fuzz.wav" && !error.message.isEmpty, "error without file or message: \(error)")
        return 0
    }
    require(buffer.channelCount == 1 || buffer.channelCount == 2, "\(buffer.channelCount) channels")
    require(buffer.sampleRate >= 1_000 && buffer.sampleRate <= 384_000, "sample rate \(buffer.sampleRate)")
    require(buffer.frameCount <= decoder.maxFrameCount, "\(buffer.frameCount) frames over the cap")
    // Every sample comes from at least one input byte: the decoder never allocates more than the input justifies.
    require(buffer.frameCount * buffer.channelCount <= bytes.count, "\(buffer.frameCount) frames from \(bytes.count) bytes")
    let channels = (0..<buffer.channelCount).map { buffer.channel($0) }
    for channel in channels {
        for sample in channel { require(sample.isFinite, "non-finite sample \(sample)") }
    }
    // Float32 re-encoding is lossless.
    let encoded = WAVEncoder(format: .float32).encode(channels: channels, sampleRate: Int(buffer.sampleRate))
    do {
        let again = try decoder.decode(encoded)
        require(again.channelCount == buffer.channelCount && again.frameCount == buffer.frameCount, "re-encoded shape differs")
        for (index, channel) in channels.enumerated() {
            require(again.channel(index) == channel, "re-encoded samples differ in channel \(index)")
        }
    } catch {
        fatalError("FuzzWAVDecoder invariant: re-encoded audio does not decode: \(error)")
    }
    return 0
}
