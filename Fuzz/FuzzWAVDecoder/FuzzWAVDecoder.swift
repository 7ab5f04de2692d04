// libFuzzer harness: untrusted RIFF/WAVE bytes → WAVDecoder, with invariants: the output is bounded by the input,
// samples are finite, a decoded buffer re-encoded as 32-bit float decodes to the same samples, and decoding in
// pieces (the header from the first bytes, then blocks of frames, as `haptic from-audio` reads) gives the samples
// decoding the whole file gives.

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

/// The header read from the first 4 KiB and the samples decoded 1000 frames at a time equal the whole file's.
private func checkPieces(_ bytes: [UInt8]) {
    // A fmt chunk beyond the first 4 KiB is refused by the piecewise reader only.
    guard let format = try? decoder.format(ofPrefix: Array(bytes.prefix(4_096)), fileLength: bytes.count, name: "fuzz.wav") else { return }
    guard let whole = try? decoder.decodeChannels(bytes, name: "fuzz.wav") else {
        fatalError("FuzzWAVDecoder invariant: the header reads in pieces but the whole file does not decode")
    }
    require(format.channelCount == whole.channels.count && format.frameCount == (whole.channels.first?.count ?? 0), "shapes differ")
    let output = UnsafeMutableBufferPointer<Float>.allocate(capacity: 1_000 * format.channelCount)
    defer { output.deallocate() }
    var frame = 0
    var offset = format.data.lowerBound
    bytes.withUnsafeBytes { raw in
        while frame < format.frameCount {
            let end = Swift.min(offset + 1_000 * format.bytesPerFrame, format.data.lowerBound + format.frameCount * format.bytesPerFrame)
            let count = decoder.decodeFrames(UnsafeRawBufferPointer(rebasing: raw[offset..<end]), format: format, into: output)
            require(count > 0, "no progress at frame \(frame)")
            for f in 0..<count {
                for c in 0..<format.channelCount {
                    let a = output[f * format.channelCount + c]
                    let b = whole.channels[c][frame + f]
                    require(a == b || (a.isNaN && b.isNaN), "frame \(frame + f) channel \(c): \(a) in pieces, \(b) whole")
                }
            }
            frame += count
            offset += count * format.bytesPerFrame
        }
    }
}
