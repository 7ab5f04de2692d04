/// Encodes planar float channels as a RIFF/WAVE file: pure byte work, no file access.
///
/// Any number of channels (the `haptic render` tool writes haptic drive, acceleration and stereo audio side by
/// side); 32-bit IEEE float (`WAVE_FORMAT_EXTENSIBLE` when there are more than two channels) or 16-bit PCM with
/// clipping to −1 … 1.
///
///     let bytes = WAVEncoder(format: .float32).encode(channels: [left, right], sampleRate: 48_000)
public struct WAVEncoder: Sendable {
    /// The sample format written.
    public enum SampleFormat: Sendable, Hashable {
        /// 32-bit IEEE float (values written as they are).
        case float32
        /// 16-bit signed integer PCM (values clipped to −1 … 1).
        case int16
    }

    /// The sample format written.
    public var format: SampleFormat

    /// Creates an encoder.
    public init(format: SampleFormat = .float32) {
        self.format = format
    }

    /// The largest sample data a WAV file can describe: its sizes are 32-bit (4 GiB less the header).
    public static let maxDataBytes = Int(UInt32.max) - 80

    /// Bytes per frame for `channelCount` channels in this format.
    public func bytesPerFrame(channelCount: Int) -> Int { (format == .float32 ? 4 : 2) * channelCount }

    /// Encodes channels of equal length (shorter channels are padded with silence).
    ///
    /// - Parameters:
    ///   - channels: one array per channel (1 … 64).
    ///   - sampleRate: frames per second.
    /// - Returns: the complete file.
    public func encode(channels: [[Float]], sampleRate: Int) -> [UInt8] {
        precondition(!channels.isEmpty && channels.count <= 64, "WAVEncoder: 1 … 64 channels")
        let frameCount = channels.map(\.count).max() ?? 0
        var out = header(
            channelCount: channels.count, sampleRate: sampleRate, dataBytes: frameCount * bytesPerFrame(channelCount: channels.count))
        out += samples(channels: channels, frames: 0..<frameCount)
        return out
    }

    /// The file header for `channelCount` channels (1 … 64) followed by `dataBytes` bytes of samples. Its two size
    /// fields are at ``riffSizeOffset`` and at ``dataSizeOffset(headerCount:)``; a file written as it grows updates
    /// them in place.
    public func header(channelCount: Int, sampleRate: Int, dataBytes: Int) -> [UInt8] {
        precondition(channelCount >= 1 && channelCount <= 64, "WAVEncoder: 1 … 64 channels")
        let bytesPerSample = format == .float32 ? 4 : 2
        let blockAlign = bytesPerSample * channelCount
        let extensible = channelCount > 2
        let fmtSize = extensible ? 40 : 16
        var out: [UInt8] = []
        func put32(_ v: Int) { for s in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: v >> s)) } }
        func put16(_ v: Int) {
            out.append(UInt8(truncatingIfNeeded: v))
            out.append(UInt8(truncatingIfNeeded: v >> 8))
        }
        func tag(_ s: String) { out.append(contentsOf: Array(s.utf8)) }
        let formatCode = format == .float32 ? 3 : 1
        tag("RIFF")
        put32(4 + 8 + fmtSize + 8 + dataBytes)
        tag("WAVE")
        tag("fmt ")
        put32(fmtSize)
        put16(extensible ? 0xFFFE : formatCode)
        put16(channelCount)
        put32(sampleRate)
        put32(sampleRate * blockAlign)
        put16(blockAlign)
        put16(bytesPerSample * 8)
        if extensible {
            put16(22)
            put16(bytesPerSample * 8)
            put32(0)  // cbSize, valid bits, channel mask (unspecified)
            put16(formatCode)  // sub-format GUID: code + KSDATAFORMAT_SUBTYPE suffix
            out.append(contentsOf: [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71])
        }
        tag("data")
        put32(dataBytes)
        return out
    }

    /// Where the RIFF chunk size sits in a header (its value is the file size less 8).
    public static let riffSizeOffset = 4

    /// Where the data chunk size sits in a header of `headerCount` bytes.
    public static func dataSizeOffset(headerCount: Int) -> Int { headerCount - 4 }

    /// The interleaved sample bytes of `frames` of `channels` (frames past a channel's end are silence).
    public func samples(channels: [[Float]], frames: Range<Int>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(frames.count * bytesPerFrame(channelCount: channels.count))
        for frame in frames {
            for channel in channels {
                let v = frame < channel.count ? channel[frame] : 0
                if format == .float32 {
                    withUnsafeBytes(of: v.bitPattern.littleEndian) { out.append(contentsOf: $0) }
                } else {
                    let clipped = v.isNaN ? 0 : Swift.min(Swift.max(v, -1), 1)
                    withUnsafeBytes(of: Int16((clipped * 32_767).rounded()).littleEndian) { out.append(contentsOf: $0) }
                }
            }
        }
        return out
    }
}
