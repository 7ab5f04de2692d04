import HapticPattern

/// Decodes RIFF/WAVE bytes into an ``AudioBuffer``: pure byte work, no file access.
///
/// Supported: PCM 8-bit (unsigned), 16-bit, 24-bit and 32-bit signed integers, and 32-bit IEEE float; the
/// `WAVE_FORMAT_EXTENSIBLE` wrapper around either; 1 or 2 channels; any rate from 1 kHz to 384 kHz. Unknown chunks
/// (`JUNK`, `LIST`, `bext`, …) are skipped.
///
/// Untrusted input is checked before anything is allocated: a file that is truncated, whose chunk sizes point past
/// its end, or whose audio exceeds ``maxFrameCount`` fails with ``HapticErrorCode/invalidAudioResource`` and a
/// message naming the problem. It never traps and never allocates more than the bytes it was given justify.
///
///     let buffer = try WAVDecoder().decode(bytes, name: "Spawn.wav")
public struct WAVDecoder: Sendable {
    /// The most frames accepted (default 2^24 ≈ 5.8 minutes at 48 kHz).
    public var maxFrameCount: Int

    /// Creates a decoder.
    ///
    /// - Parameter maxFrameCount: the largest number of frames accepted; longer audio is rejected.
    public init(maxFrameCount: Int = 1 << 24) {
        self.maxFrameCount = maxFrameCount
    }

    /// Decodes a complete WAV file.
    ///
    /// - Parameters:
    ///   - bytes: the file's bytes.
    ///   - name: the name used in error messages.
    /// - Returns: the decoded samples, as floats in −1 … 1 (float files are passed through, NaN becomes 0).
    /// - Throws: ``PatternError`` with code ``HapticErrorCode/invalidAudioResource``.
    public func decode(_ bytes: [UInt8], name: String? = nil) throws(PatternError) -> AudioBuffer {
        func fail(_ message: String) -> PatternError {
            PatternError(.invalidAudioResource, "not a usable WAV file: \(message)", file: name)
        }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        func tag(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }

        guard bytes.count >= 12 else { throw fail("only \(bytes.count) bytes, shorter than a RIFF header") }
        guard tag(0) == "RIFF" || tag(0) == "RF64" else { throw fail("no RIFF header") }
        guard tag(8) == "WAVE" else { throw fail("RIFF form is \"\(tag(8))\", not WAVE") }

        var format: (code: Int, channels: Int, rate: Int, blockAlign: Int, bits: Int)?
        var data: Range<Int>?
        var offset = 12
        var chunkCount = 0
        while offset + 8 <= bytes.count {
            chunkCount += 1
            if chunkCount > 10_000 { throw fail("more than 10 000 chunks") }
            let id = tag(offset)
            let declared = u32(offset + 4)
            let body = offset + 8
            let remaining = bytes.count - body
            if id == "data" {
                // 0xFFFFFFFF (and RF64's placeholder) mean "to the end of the file", as streaming writers do.
                if declared == 0xFFFF_FFFF || tag(0) == "RF64" {
                    data = body..<bytes.count
                } else if declared > remaining {
                    throw fail("the data chunk claims \(declared) bytes but only \(remaining) follow (truncated file?)")
                } else {
                    data = body..<body + declared
                }
                if format != nil { break }
            } else if id == "fmt " {
                guard declared >= 16 else { throw fail("the fmt chunk is \(declared) bytes; at least 16 are needed") }
                guard declared <= remaining else { throw fail("the fmt chunk claims \(declared) bytes but only \(remaining) follow") }
                var code = u16(body)
                if code == 0xFFFE {
                    guard declared >= 40 else { throw fail("WAVE_FORMAT_EXTENSIBLE fmt chunk is only \(declared) bytes") }
                    code = u16(body + 24)  // first two bytes of the sub-format GUID
                }
                format = (code, u16(body + 2), u32(body + 4), u16(body + 12), u16(body + 14))
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
        guard format.channels == 1 || format.channels == 2 else {
            throw fail("\(format.channels) channels; only mono and stereo are supported")
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
        // Trust the sample width over a lying blockAlign.
        if format.blockAlign != 0 && format.blockAlign != frameBytes {
            throw fail("blockAlign \(format.blockAlign) does not match \(format.channels) × \(format.bits)-bit samples")
        }
        let frameCount = data.count / frameBytes
        guard frameCount <= maxFrameCount else {
            throw fail("\(frameCount) frames exceed the limit of \(maxFrameCount)")
        }
        let sampleCount = frameCount * format.channels
        var samples = [Float](repeating: 0, count: sampleCount)
        bytes.withUnsafeBufferPointer { raw in
            var p = data.lowerBound
            for i in 0..<sampleCount {
                let value: Float
                switch (format.code, bytesPerSample) {
                case (1, 1): value = (Float(raw[p]) - 128) / 128
                case (1, 2): value = Float(Int16(bitPattern: UInt16(raw[p]) | UInt16(raw[p + 1]) << 8)) / 32_768
                case (1, 3):
                    let u = UInt32(raw[p]) << 8 | UInt32(raw[p + 1]) << 16 | UInt32(raw[p + 2]) << 24
                    value = Float(Int32(bitPattern: u) >> 8) / 8_388_608
                case (1, _):
                    let u = UInt32(raw[p]) | UInt32(raw[p + 1]) << 8 | UInt32(raw[p + 2]) << 16 | UInt32(raw[p + 3]) << 24
                    value = Float(Int32(bitPattern: u)) / 2_147_483_648
                default:
                    let u = UInt32(raw[p]) | UInt32(raw[p + 1]) << 8 | UInt32(raw[p + 2]) << 16 | UInt32(raw[p + 3]) << 24
                    let f = Float(bitPattern: u)
                    value = f.isFinite ? f : 0
                }
                samples[i] = value
                p += bytesPerSample
            }
        }
        return AudioBuffer(sampleRate: Double(format.rate), channelCount: format.channels, interleaved: samples)
    }
}
