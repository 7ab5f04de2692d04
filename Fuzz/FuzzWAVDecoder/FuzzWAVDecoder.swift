// libFuzzer harness: untrusted RIFF/WAVE bytes → WAVDecoder, with invariants: the output is bounded by the input,
// samples are finite, a decoded buffer re-encoded as 32-bit float decodes to the same samples, and decoding in
// pieces (the header by the chunk walk reading only headers, then blocks of frames, as `haptic from-audio` reads)
// gives the samples decoding the whole file gives.

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
    checkPieces(bytes)
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

/// The header read piece by piece (the chunk walk asking for each header, as `haptic from-audio` reads a file) and
/// the samples decoded 1000 frames at a time equal the whole file's.
private func checkPieces(_ bytes: [UInt8]) {
    var asked = 0
    let format: WAVDecoder.Format
    do {
        format = try decoder.format(fileLength: bytes.count, name: "fuzz.wav") { offset, count throws(PatternError) in
            require(offset >= 0 && count >= 0 && count <= 40, "the walk asked for \(count) bytes at \(offset)")
            asked += count
            return offset < bytes.count ? Array(bytes[offset..<Swift.min(offset + count, bytes.count)]) : []
        }
    } catch {
        fatalError("FuzzWAVDecoder invariant: the whole file decodes but its header does not read in pieces: \(error)")
    }
    // The walk reads headers only: at most 12 + 8 per chunk + 40 for fmt, whatever the chunks hold.
    require(asked <= 12 + 8 * WAVDecoder.maxChunkCount + 40, "the walk read \(asked) bytes")
    guard let whole = try? decoder.decodeChannels(bytes, name: "fuzz.wav") else {
        fatalError("FuzzWAVDecoder invariant: the file decodes for playback but not channel by channel")
    }
    require(format.channelCount == whole.channels.count && format.frameCount == (whole.channels.first?.count ?? 0), "shapes differ")
    let output = UnsafeMutableBufferPointer<Float>.allocate(capacity: 1_000 * format.channelCount)
    defer { output.deallocate() }
    var frame = 0
    var offset = format.data.lowerBound
    bytes.withUnsafeBytes { raw in
        while frame < format.frameCount {
            let end = Swift.min(offset + 1_000 * format.bytesPerFrame, format.data.lowerBound + format.frameCount * format.bytesPerFrame)
            let count: Int
            do {
                count = try decoder.decodeFrames(
                    UnsafeRawBufferPointer(rebasing: raw[offset..<end]), format: format, into: output, firstFrame: frame, name: "fuzz.wav")
            } catch {
                fatalError("FuzzWAVDecoder invariant: frame \(frame) decodes whole but not in pieces: \(error)")
            }
            require(count > 0, "no progress at frame \(frame)")
            for f in 0..<count {
                for c in 0..<format.channelCount {
                    let a = output[f * format.channelCount + c]
                    let b = whole.channels[c][frame + f]
                    require(a == b, "frame \(frame + f) channel \(c): \(a) in pieces, \(b) whole")
                }
            }
            frame += count
            offset += count * format.bytesPerFrame
        }
    }
}
