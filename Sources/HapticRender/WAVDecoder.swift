import HapticPattern

/// Decodes RIFF/WAVE bytes into an ``AudioBuffer``: pure byte work, no file access.
///
/// Supported: PCM 8-bit (unsigned), 16-bit, 24-bit and 32-bit signed integers, and 32-bit IEEE float; the
/// `WAVE_FORMAT_EXTENSIBLE` wrapper around either; 1 to ``maxChannelCount`` channels; any rate from 1 kHz to
/// 384 kHz. Unknown chunks (`JUNK`, `LIST`, `bext`, …) are skipped.
///
/// ``decode(_:name:)`` gives a playable buffer: mono and stereo as they are, more channels mixed down to stereo
/// (see ``downmixGains(channelCount:channelMask:)``). ``decodeChannels(_:name:)`` gives every channel as it is, for
/// reading back files such as the multi-channel output of `haptic render`.
///
/// Untrusted input is checked before anything is allocated: a file that is truncated, whose chunk sizes point past
/// its end, whose `blockAlign` does not match its samples, which has more than 10 000 chunks, or whose audio exceeds
/// ``maxFrameCount`` fails with `HapticErrorCode/invalidAudioResource` and a message naming the problem; so does a
/// float sample that is NaN or infinite (damage: no writer stores them). It never traps and never allocates more
/// than the bytes it was given justify.
///
/// One chunk walk reads every header, whether the file is in memory (``decode(_:name:)``) or read piece by piece
/// (``format(fileLength:name:reading:)``): it asks for each chunk's 8-byte header and the `fmt ` body only, so a
/// chunk of any size before `data` (a 70 KB `id3 ` tag) costs nothing.
///
///     let buffer = try WAVDecoder().decode(bytes, name: "Spawn.wav")
public struct WAVDecoder: Sendable {
    /// The most frames accepted (default 2^24 ≈ 5.8 minutes at 48 kHz).
    public var maxFrameCount: Int
    /// The most channels accepted (64, as ``WAVEncoder`` writes at most).
    public static let maxChannelCount = 64

    /// Every channel of a file, planar.
    public struct Channels: Sendable {
        /// Frames per second.
        public var sampleRate: Double
        /// One array of samples (−1 … 1) per channel, all the same length.
        public var channels: [[Float]]
    }

    /// Creates a decoder.
    ///
    /// - Parameter maxFrameCount: the largest number of frames accepted; longer audio is rejected.
    public init(maxFrameCount: Int = 1 << 24) {
        self.maxFrameCount = maxFrameCount
    }

    /// Decodes a complete WAV file for playback: mono or stereo as written, more channels mixed down to stereo.
    ///
    /// - Parameters:
    ///   - bytes: the file's bytes.
    ///   - name: the name used in error messages.
    /// - Returns: the decoded samples, as floats in −1 … 1 (float files are passed through as they are).
    /// - Throws: `PatternError` with code `HapticErrorCode/invalidAudioResource`.
    public func decode(_ bytes: [UInt8], name: String? = nil) throws(PatternError) -> AudioBuffer {
        let layout = try parse(bytes, name: name)
        let frames = layout.frameCount
        let channels = layout.channelCount
        if channels <= 2 {
            var samples = [Float](repeating: 0, count: frames * channels)
            try read(bytes, layout, name: name) { frame, channel, value in samples[frame * channels + channel] = value }
            return AudioBuffer(sampleRate: Double(layout.sampleRate), channelCount: channels, interleaved: samples)
        }
        let gains = Self.downmixGains(channelCount: channels, channelMask: layout.channelMask)
        var samples = [Float](repeating: 0, count: frames * 2)
        try read(bytes, layout, name: name) { frame, channel, value in
            samples[2 * frame] += gains[channel].left * value
            samples[2 * frame + 1] += gains[channel].right * value
        }
        return AudioBuffer(sampleRate: Double(layout.sampleRate), channelCount: 2, interleaved: samples)
    }

    /// The length of a WAV file's audio in seconds, from its header, without decoding the samples.
    ///
    /// The file is checked as ``decode(_:name:)`` checks it, so a length is returned only for a file that decodes.
    ///
    ///     let seconds = try WAVDecoder().duration(bytes, name: "Knock.wav")   // 0.3
    ///
    /// - Parameters:
    ///   - bytes: the file's bytes.
    ///   - name: the name used in error messages.
    /// - Returns: frames divided by the sample rate.
    /// - Throws: `PatternError` with code `HapticErrorCode/invalidAudioResource`.
    public func duration(_ bytes: [UInt8], name: String? = nil) throws(PatternError) -> Double {
        let layout = try parse(bytes, name: name)
        return Double(layout.frameCount) / Double(layout.sampleRate)
    }

    /// Decodes a complete WAV file keeping every channel.
    ///
    /// - Parameters:
    ///   - bytes: the file's bytes.
    ///   - name: the name used in error messages.
    /// - Returns: the sample rate and one array per channel.
    /// - Throws: `PatternError` with code `HapticErrorCode/invalidAudioResource`.
    public func decodeChannels(_ bytes: [UInt8], name: String? = nil) throws(PatternError) -> Channels {
        let layout = try parse(bytes, name: name)
        var channels = [[Float]](repeating: [Float](repeating: 0, count: layout.frameCount), count: layout.channelCount)
        try read(bytes, layout, name: name) { frame, channel, value in channels[channel][frame] = value }
        return Channels(sampleRate: Double(layout.sampleRate), channels: channels)
    }

    /// Left and right gains that mix `channelCount` channels down to stereo.
    ///
    /// With a `WAVE_FORMAT_EXTENSIBLE` speaker mask, the channels take the speakers of the mask's set bits in order:
    /// front left and right go to their side at gain 1, other left or right speakers (back, side, top, left/right of
    /// centre) to their side at −3 dB, centre speakers to both sides at −3 dB, and the LFE channel is dropped. Without
    /// a mask (or for channels past its bits), channel 0 goes left, 1 right, and the rest alternate left and right.
    /// Each side is then scaled by 1 / (sum of its gains) when that sum exceeds 1, so a full-scale file cannot clip.
    public static func downmixGains(channelCount: Int, channelMask: Int) -> [(left: Float, right: Float)] {
        let half: Float = 0.707_106_8
        var gains: [(left: Float, right: Float)] = []
        var bit = 0
        for channel in 0..<channelCount {
            var speaker = -1
            while bit < 32 {
                if channelMask & (1 << bit) != 0 {
                    speaker = bit
                    bit += 1
                    break
                }
                bit += 1
            }
            switch speaker {
            case 0: gains.append((1, 0))  // front left
            case 1: gains.append((0, 1))  // front right
            case 3: gains.append((0, 0))  // LFE
            case 2, 8, 11, 13, 16: gains.append((half, half))  // centres: front, back, top, top front, top back
            case 4, 6, 9, 12, 15: gains.append((half, 0))  // back, front-left-of-centre, side, top front, top back
            case 5, 7, 10, 14, 17: gains.append((0, half))
            default: gains.append(channel % 2 == 0 ? (1, 0) : (0, 1))
            }
        }
        let leftSum = gains.reduce(0) { $0 + $1.left }
        let rightSum = gains.reduce(0) { $0 + $1.right }
        let leftScale = leftSum > 1 ? 1 / leftSum : 1
        let rightScale = rightSum > 1 ? 1 / rightSum : 1
        return gains.map { ($0.left * leftScale, $0.right * rightScale) }
    }

    /// Where a file's samples are and how they are stored: what ``format(fileLength:name:reading:)`` reads from
    /// the header of a file, to decode the rest in pieces (``decodeFrames(_:format:into:firstFrame:name:)``).
    public struct Format: Sendable, Hashable {
        /// The format code: 1 integer PCM, 3 IEEE float.
        var code: Int
        /// Channels per frame.
        public var channelCount: Int
        /// Frames per second.
        public var sampleRate: Int
        /// Bytes per sample: 1, 2, 3 or 4.
        public var bytesPerSample: Int
        /// The `WAVE_FORMAT_EXTENSIBLE` speaker mask (0 without one).
        public var channelMask: Int
        /// Where the samples are in the file, in bytes.
        public var data: Range<Int>
        /// Frames in the file.
        public var frameCount: Int

        /// Bytes per frame.
        public var bytesPerFrame: Int { bytesPerSample * channelCount }
        /// The length in seconds.
        public var duration: Double { Double(frameCount) / Double(sampleRate) }
    }

    /// The most chunks a file may have: the walk reads each one's header, so this bounds its cost.
    public static let maxChunkCount = 10_000

    /// Reads up to `count` bytes of a file from byte `offset` (fewer only where the file ends), for the chunk walk.
    public typealias HeaderReader = (_ offset: Int, _ count: Int) throws(PatternError) -> [UInt8]

    /// The format of a WAV file whose header is read piece by piece through `read`, for decoding a file too long to
    /// hold in memory in pieces.
    ///
    /// The header is checked as ``decode(_:name:)`` checks it, with the same chunk walk, against the whole file's
    /// length: `read` is asked for the 12-byte RIFF header, each chunk's 8-byte header and the `fmt ` chunk's first
    /// 40 bytes, in file order, and for nothing else (no chunk body is read, whatever its size).
    ///
    ///     let format = try WAVDecoder(maxFrameCount: .max).format(fileLength: size) { offset, count in
    ///         try file.read(count, at: offset)
    ///     }
    ///
    /// - Parameters:
    ///   - fileLength: the length of the whole file in bytes.
    ///   - name: the name used in error messages.
    ///   - read: reads the header bytes the walk asks for; its errors pass through.
    /// - Throws: `PatternError` with code `HapticErrorCode/invalidAudioResource`, or what `read` throws.
    public func format(fileLength: Int, name: String? = nil, reading read: HeaderReader) throws(PatternError) -> Format {
        try walk(length: fileLength, name: name, read: read)
    }

    /// Decodes whole frames of a file in `format` from `bytes` (which start on a frame boundary inside the data
    /// chunk) into `output`, interleaved as in the file.
    ///
    /// - Parameters:
    ///   - bytes: samples of the data chunk.
    ///   - format: the file's format.
    ///   - output: where the samples go.
    ///   - firstFrame: the frame of the file `bytes` start at (for messages).
    ///   - name: the name used in error messages.
    /// - Returns: the number of frames decoded: as many as both `bytes` and `output` hold.
    /// - Throws: `PatternError` with code `HapticErrorCode/invalidAudioResource` for a float sample that is NaN or
    ///   infinite.
    public func decodeFrames(
        _ bytes: UnsafeRawBufferPointer, format: Format, into output: UnsafeMutableBufferPointer<Float>, firstFrame: Int = 0,
        name: String? = nil
    ) throws(PatternError) -> Int {
        let frames = Swift.min(bytes.count / format.bytesPerFrame, output.count / format.channelCount)
        let raw = bytes.bindMemory(to: UInt8.self)
        var index = 0
        var p = 0
        for _ in 0..<frames * format.channelCount {
            let value = Self.sample(raw, at: p, code: format.code, bytesPerSample: format.bytesPerSample)
            guard value.isFinite else {
                throw Self.damaged(value, frame: firstFrame + index / format.channelCount, format: format, name: name)
            }
            output[index] = value
            index += 1
            p += format.bytesPerSample
        }
        return frames
    }

    /// Calls `body(frame, channel, value)` for every sample, in file order.
    private func read(_ bytes: [UInt8], _ layout: Format, name: String?, _ body: (Int, Int, Float) -> Void) throws(PatternError) {
        let bytesPerSample = layout.bytesPerSample
        let code = layout.code
        let damage: PatternError? = bytes.withUnsafeBufferPointer { raw in
            var p = layout.data.lowerBound
            for frame in 0..<layout.frameCount {
                for channel in 0..<layout.channelCount {
                    let value = Self.sample(raw, at: p, code: code, bytesPerSample: bytesPerSample)
                    guard value.isFinite else { return Self.damaged(value, frame: frame, format: layout, name: name) }
                    body(frame, channel, value)
                    p += bytesPerSample
                }
            }
            return nil
        }
        if let damage { throw damage }
    }

    /// The error for a float sample that is not a number: a damaged file, not a silent one.
    private static func damaged(_ value: Float, frame: Int, format: Format, name: String?) -> PatternError {
        let seconds = (Double(frame) / Double(format.sampleRate) * 1_000).rounded() / 1_000
        return PatternError(
            .invalidAudioResource,
            "not a usable WAV file: damaged: the float sample at frame \(frame) (\(seconds) s) is \(value.isNaN ? "NaN" : "\(value)"); samples must be finite numbers",
            file: name)
    }

    /// The sample stored at `p` (little-endian), as a float: integers scaled to −1 … 1, float samples as they are.
    @inline(__always)
    private static func sample(_ raw: UnsafeBufferPointer<UInt8>, at p: Int, code: Int, bytesPerSample: Int) -> Float {
        switch (code, bytesPerSample) {
        case (1, 1): return (Float(raw[p]) - 128) / 128
        case (1, 2): return Float(Int16(bitPattern: UInt16(raw[p]) | UInt16(raw[p + 1]) << 8)) / 32_768
        case (1, 3):
            let u = UInt32(raw[p]) << 8 | UInt32(raw[p + 1]) << 16 | UInt32(raw[p + 2]) << 24
            return Float(Int32(bitPattern: u) >> 8) / 8_388_608
        case (1, _):
            let u = UInt32(raw[p]) | UInt32(raw[p + 1]) << 8 | UInt32(raw[p + 2]) << 16 | UInt32(raw[p + 3]) << 24
            return Float(Int32(bitPattern: u)) / 2_147_483_648
        default:
            let u = UInt32(raw[p]) | UInt32(raw[p + 1]) << 8 | UInt32(raw[p + 2]) << 16 | UInt32(raw[p + 3]) << 24
            return Float(bitPattern: u)
        }
    }

    /// Checks a whole file in memory and finds its format and samples, before anything is allocated.
    private func parse(_ bytes: [UInt8], name: String?) throws(PatternError) -> Format {
        try walk(length: bytes.count, name: name) { offset, count throws(PatternError) in
            guard offset < bytes.count else { return [] }
            return Array(bytes[offset..<Swift.min(offset + count, bytes.count)])
        }
    }

    /// The chunk walk: reads the RIFF header and the chunks' headers through `read`, checks every size against the
    /// file's `length`, and finds the format and the samples.
    private func walk(length: Int, name: String?, read: HeaderReader) throws(PatternError) -> Format {
        func fail(_ message: String) -> PatternError {
            PatternError(.invalidAudioResource, "not a usable WAV file: \(message)", file: name)
        }
        func u16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ bytes: [UInt8], _ at: Int) -> Int { u16(bytes, at) | u16(bytes, at + 2) << 16 }
        func tag(_ bytes: [UInt8], _ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }

        let riff = try read(0, 12)
        guard riff.count >= 12 else { throw fail("only \(riff.count) bytes, shorter than a RIFF header") }
        guard tag(riff, 0) == "RIFF" || tag(riff, 0) == "RF64" else { throw fail("no RIFF header") }
        guard tag(riff, 8) == "WAVE" else { throw fail("RIFF form is \"\(tag(riff, 8))\", not WAVE") }
        let isRF64 = tag(riff, 0) == "RF64"

        var format: (code: Int, channels: Int, rate: Int, blockAlign: Int, bits: Int, mask: Int)?
        var data: Range<Int>?
        var offset = 12
        var chunkCount = 0
        while offset + 8 <= length {
            chunkCount += 1
            if chunkCount > Self.maxChunkCount { throw fail("more than 10 000 chunks (WAVDecoder.maxChunkCount)") }
            let header = try read(offset, 8)
            guard header.count == 8 else { break }
            let id = tag(header, 0)
            let declared = u32(header, 4)
            let body = offset + 8
            let remaining = length - body
            if id == "data" {
                // 0xFFFFFFFF (and RF64's placeholder) mean "to the end of the file", as streaming writers do.
                if declared == 0xFFFF_FFFF || isRF64 {
                    data = body..<length
                } else if declared > remaining {
                    throw fail("the data chunk claims \(declared) bytes but only \(remaining) follow (truncated file?)")
                } else {
                    data = body..<body + declared
                }
                if format != nil { break }
            } else if id == "fmt " {
                guard declared >= 16 else { throw fail("the fmt chunk is \(declared) bytes; at least 16 are needed") }
                guard declared <= remaining else { throw fail("the fmt chunk claims \(declared) bytes but only \(remaining) follow") }
                let fields = try read(body, Swift.min(declared, 40))
                guard fields.count == Swift.min(declared, 40) else { throw fail("the fmt chunk is cut short") }
                var code = u16(fields, 0)
                var mask = 0
                if code == 0xFFFE {
                    guard declared >= 40 else { throw fail("WAVE_FORMAT_EXTENSIBLE fmt chunk is only \(declared) bytes") }
                    mask = u32(fields, 20)  // dwChannelMask: which speaker each channel feeds
                    code = u16(fields, 24)  // first two bytes of the sub-format GUID
                }
                format = (code, u16(fields, 2), u32(fields, 4), u16(fields, 12), u16(fields, 14), mask)
                if data != nil { break }
            } else if declared > remaining {
                throw fail("chunk \"\(id)\" claims \(declared) bytes but only \(remaining) follow")
            }
            let next = body + declared + (declared & 1)  // chunks are padded to even sizes
            if next <= offset { break }
            offset = next
        }
        guard let format else { throw fail("no fmt chunk") }
        guard let data else { throw fail("no data chunk") }
        guard format.code == 1 || format.code == 3 else {
            throw fail("format code \(format.code) is not supported (only PCM = 1 and IEEE float = 3)")
        }
        guard format.channels >= 1 && format.channels <= Self.maxChannelCount else {
            throw fail("\(format.channels) channels; 1 … \(Self.maxChannelCount) are supported")
        }
        guard format.rate >= 1_000 && format.rate <= 384_000 else {
            throw fail("sample rate \(format.rate) Hz is outside 1 000 … 384 000")
        }
        let validBits: Set<Int> = format.code == 3 ? [32] : [8, 16, 24, 32]
        guard validBits.contains(format.bits) else {
            throw fail("\(format.bits)-bit \(format.code == 3 ? "float" : "integer") samples are not supported")
        }
        let bytesPerSample = format.bits / 8
        let frameBytes = bytesPerSample * format.channels
        // blockAlign is the size of a frame; a file whose blockAlign disagrees with its samples (0 included) is damaged.
        guard format.blockAlign == frameBytes else {
            throw fail(
                "blockAlign \(format.blockAlign) does not match \(format.channels) × \(format.bits)-bit samples (\(frameBytes) bytes a frame)"
            )
        }
        let frameCount = data.count / frameBytes
        guard frameCount <= maxFrameCount else {
            throw fail("\(frameCount) frames exceed the limit of \(maxFrameCount)")
        }
        return Format(
            code: format.code, channelCount: format.channels, sampleRate: format.rate, bytesPerSample: bytesPerSample,
            channelMask: format.mask, data: data, frameCount: frameCount)
    }
}
