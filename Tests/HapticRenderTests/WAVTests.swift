import HapticPattern
import HapticRender
import HapticTestSupport
import Testing

@Suite struct WAVTests {
    /// A minimal PCM/float WAV with the given raw data bytes.
    func wav(format: Int, channels: Int, rate: Int, bits: Int, data: [UInt8], dataSizeOverride: Int? = nil) -> [UInt8] {
        var out: [UInt8] = []
        func put32(_ v: Int) { for s in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: v >> s)) } }
        func put16(_ v: Int) {
            out.append(UInt8(truncatingIfNeeded: v))
            out.append(UInt8(truncatingIfNeeded: v >> 8))
        }
        out += Array("RIFF".utf8)
        put32(36 + data.count)
        out += Array("WAVE".utf8)
        out += Array("fmt ".utf8)
        put32(16)
        put16(format)
        put16(channels)
        put32(rate)
        put32(rate * channels * bits / 8)
        put16(channels * bits / 8)
        put16(bits)
        out += Array("data".utf8)
        put32(dataSizeOverride ?? data.count)
        out += data
        return out
    }

    @Test func roundTripsFloatAndInt16() throws {
        let left: [Float] = [0, 0.5, -0.5, 1, -1]
        let right: [Float] = [0.25, -0.25, 0, 0.125, 0.75]
        for format in [WAVEncoder.SampleFormat.float32, .int16] {
            let bytes = WAVEncoder(format: format).encode(channels: [left, right], sampleRate: 44_100)
            let buffer = try WAVDecoder().decode(bytes)
            #expect(buffer.sampleRate == 44_100 && buffer.channelCount == 2 && buffer.frameCount == 5)
            for i in 0..<5 {
                #expect(abs(buffer.sample(frame: i, channel: 0) - left[i]) < 1e-4)
                #expect(abs(buffer.sample(frame: i, channel: 1) - right[i]) < 1e-4)
            }
        }
        // More than two channels are written as WAVE_FORMAT_EXTENSIBLE: read back as they are, or mixed to stereo.
        let multi = WAVEncoder().encode(channels: [left, right, left], sampleRate: 8_000)
        let planar = try WAVDecoder().decodeChannels(multi)
        #expect(planar.sampleRate == 8_000 && planar.channels == [left, right, left])
        let mixed = try WAVDecoder().decode(multi)
        #expect(mixed.channelCount == 2 && mixed.frameCount == 5)
        for i in 0..<5 {
            // No mask: channels 0 and 2 go left (scaled by 1/2), channel 1 right.
            #expect(abs(mixed.sample(frame: i, channel: 0) - left[i]) < 1e-6)
            #expect(abs(mixed.sample(frame: i, channel: 1) - right[i]) < 1e-6)
        }
    }

    @Test func decodes8And24Bit() throws {
        let eight = try WAVDecoder().decode(wav(format: 1, channels: 1, rate: 8_000, bits: 8, data: [128, 255, 0, 192]))
        #expect(eight.channel(0) == [0, 127.0 / 128, -1, 0.5])
        // 24-bit: 0x400000 = 0.5, 0xC00000 = −0.5.
        let twentyFour = try WAVDecoder().decode(wav(format: 1, channels: 1, rate: 96_000, bits: 24, data: [0, 0, 0x40, 0, 0, 0xC0]))
        #expect(twentyFour.channel(0) == [0.5, -0.5])
        #expect(twentyFour.sampleRate == 96_000)
    }

    @Test func badFilesGiveClearErrors() {
        let good = wav(format: 1, channels: 1, rate: 8_000, bits: 16, data: [0, 0, 0, 64])
        let cases: [([UInt8], String)] = [
            ([], "shorter than a RIFF header"),
            (Array(good.prefix(30)), "fmt chunk claims"),
            (Array(good.prefix(36)), "no data chunk"),
            (Array(good.dropLast(2)), "truncated"),
            (wav(format: 1, channels: 1, rate: 8_000, bits: 16, data: [0, 0], dataSizeOverride: 0x7FFF_FFF0), "claims"),
            (wav(format: 2, channels: 1, rate: 8_000, bits: 16, data: [0, 0]), "format code"),
            (wav(format: 1, channels: 65, rate: 8_000, bits: 16, data: [0, 0]), "channels"),
            (wav(format: 1, channels: 1, rate: 0, bits: 16, data: [0, 0]), "sample rate"),
            (wav(format: 1, channels: 1, rate: 8_000, bits: 12, data: [0, 0]), "12-bit"),
            (Array("RIFX....WAVE".utf8), "no RIFF header"),
        ]
        for (bytes, expected) in cases {
            do {
                _ = try WAVDecoder().decode(bytes, name: "bad.wav")
                Issue.record("accepted: \(expected)")
            } catch {
                #expect(error.code == .invalidAudioResource)
                #expect(error.message.contains(expected), "\(error.message)")
                #expect(error.file == "bad.wav")
            }
        }
        // A frame cap bounds allocation whatever the header says.
        let capped = WAVDecoder(maxFrameCount: 1)
        #expect(throws: PatternError.self) { try capped.decode(good) }
    }

    @Test func extensibleMaskMixesSurroundToStereo() throws {
        // 5.1 (FL FR FC LFE BL BR), 16-bit PCM, one frame; channel mask 0x3F.
        func extensible(channels: Int, mask: Int, samples: [Int16]) -> [UInt8] {
            var out: [UInt8] = []
            func put32(_ v: Int) { for s in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: v >> s)) } }
            func put16(_ v: Int) {
                out.append(UInt8(truncatingIfNeeded: v))
                out.append(UInt8(truncatingIfNeeded: v >> 8))
            }
            let data = samples.count * 2
            out += Array("RIFF".utf8)
            put32(4 + 8 + 40 + 8 + data)
            out += Array("WAVE".utf8)
            out += Array("fmt ".utf8)
            put32(40)
            put16(0xFFFE)
            put16(channels)
            put32(8_000)
            put32(8_000 * channels * 2)
            put16(channels * 2)
            put16(16)
            put16(22)
            put16(16)
            put32(mask)
            put16(1)
            out += [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]
            out += Array("data".utf8)
            put32(data)
            for v in samples { put16(Int(v)) }
            return out
        }
        let half: Int16 = 16_384  // 0.5
        // Only the centre sounds: both sides get 0.5 × 0.707 / (1 + 0.707 + 0.707).
        let centre = try WAVDecoder().decode(extensible(channels: 6, mask: 0x3F, samples: [0, 0, half, 0, 0, 0]))
        let expected: Float = 0.5 * 0.707_106_8 / (1 + 2 * 0.707_106_8)
        #expect(abs(centre.sample(frame: 0, channel: 0) - expected) < 1e-4)
        #expect(abs(centre.sample(frame: 0, channel: 1) - expected) < 1e-4)
        // The LFE channel is dropped; the back right goes right only.
        let lfe = try WAVDecoder().decode(extensible(channels: 6, mask: 0x3F, samples: [0, 0, 0, half, 0, half]))
        #expect(lfe.sample(frame: 0, channel: 0) == 0)
        #expect(lfe.sample(frame: 0, channel: 1) > 0.1)
        // Over the channel cap: refused.
        #expect(throws: PatternError.self) { try WAVDecoder().decode(extensible(channels: 65, mask: 0, samples: [])) }
    }

    @Test func hapticRenderOutputReadsBack() throws {
        // Four planar channels as `haptic render` writes them (drive, acceleration, left, right).
        let channels: [[Float]] = [[0, 0.5, 1], [0.1, 0.2, 0.3], [-0.5, 0, 0.5], [0.25, 0.25, 0.25]]
        let bytes = WAVEncoder(format: .float32).encode(channels: channels, sampleRate: 48_000)
        #expect(try WAVDecoder().decodeChannels(bytes).channels == channels)
        #expect(try WAVDecoder().decode(bytes).channelCount == 2)
    }

    /// Issue 32: one chunk walk for files in memory and files read in pieces, which asks for headers only, so a
    /// long chunk before the samples costs nothing and the chunk count is the one limit on the walk.
    @Test func theChunkWalkReadsHeadersOnly() throws {
        let samples: [Float] = [0, 0.5, -0.5, 0.25]
        let bytes = CraftedWAV.pcm16(samples, chunksBefore: CraftedWAV.chunk("id3 ", count: 1 << 20) + CraftedWAV.emptyChunks(100))
        var asked: [(offset: Int, count: Int)] = []
        let format = try WAVDecoder().format(fileLength: bytes.count, name: "tagged.wav") { offset, count throws(PatternError) in
            asked.append((offset, count))
            return Array(bytes[offset..<Swift.min(offset + count, bytes.count)])
        }
        #expect(format.frameCount == 4 && format.data.lowerBound == bytes.count - 8)
        // The RIFF header, fmt's header and body, the tag's header, 100 empty chunks, data's header.
        #expect(asked.count == 1 + 2 + 1 + 100 + 1 && asked.reduce(0) { $0 + $1.count } == 12 + 8 + 16 + 8 + 800 + 8)
        #expect(try WAVDecoder().decode(bytes).channel(0) == (try WAVDecoder().decode(CraftedWAV.pcm16(samples))).channel(0))
        // More than 10 000 chunks: the walk stops there, whatever follows.
        #expect {
            try WAVDecoder().decode(CraftedWAV.pcm16(samples, chunksBefore: CraftedWAV.emptyChunks(10_000)))
        } throws: { ($0 as? PatternError)?.message.contains("more than 10 000 chunks (WAVDecoder.maxChunkCount)") == true }
    }

    @Test func aZeroBlockAlignAndFloatsThatAreNotNumbersAreRefused() throws {
        #expect {
            try WAVDecoder().decode(CraftedWAV.pcm16([0, 0.5], blockAlign: 0), name: "align.wav")
        } throws: { error in
            (error as? PatternError)?.message == "not a usable WAV file: blockAlign 0 does not match 1 × 16-bit samples (2 bytes a frame)"
        }
        for value in [Float.nan, .infinity, -.infinity] {
            let bytes = CraftedWAV.float32([0, 0.5, value, 0.25], sampleRate: 1_000)
            for error in [
                try #require(throws: PatternError.self) { try WAVDecoder().decode(bytes, name: "x.wav") },
                try #require(throws: PatternError.self) { try WAVDecoder().decodeChannels(bytes, name: "x.wav") },
            ] {
                #expect(error.code == .invalidAudioResource && error.file == "x.wav")
                #expect(error.message.hasPrefix("not a usable WAV file: damaged: the float sample at frame 2 (0.002 s) is"), "\(error)")
            }
            // In pieces: the frame is counted from the file's start.
            let format = try WAVDecoder().format(fileLength: bytes.count) { offset, count throws(PatternError) in
                Array(bytes[offset..<Swift.min(offset + count, bytes.count)])
            }
            let output = UnsafeMutableBufferPointer<Float>.allocate(capacity: 4)
            defer { output.deallocate() }
            let failure: PatternError? = bytes.withUnsafeBytes { raw in
                do throws(PatternError) {
                    _ = try WAVDecoder().decodeFrames(
                        UnsafeRawBufferPointer(rebasing: raw[format.data.lowerBound + 8..<format.data.upperBound]), format: format,
                        into: output,
                        firstFrame: 2)
                    return nil
                } catch {
                    return error
                }
            }
            let error = try #require(failure, "a sample that is not a number decoded in pieces")
            #expect(error.message.contains("frame 2 "), "\(error)")
        }
    }
}
