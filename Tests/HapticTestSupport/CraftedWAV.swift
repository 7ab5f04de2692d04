/// WAV files built byte by byte, for the readers' edge cases (issue 32): chunks before the samples, a `blockAlign`
/// of 0, float samples that are not numbers. `Fuzz/Seeds/make-seeds.py` writes the same files as FuzzWAVDecoder
/// seeds.
///
///     let tagged = CraftedWAV.pcm16(samples, chunksBefore: [CraftedWAV.chunk("id3 ", count: 70_000)])
public enum CraftedWAV {
    /// A chunk with `id` and `count` zero bytes (padded to an even size, as RIFF requires).
    public static func chunk(_ id: String, count: Int) -> [UInt8] {
        precondition(id.utf8.count == 4)
        return Array(id.utf8) + le32(count) + [UInt8](repeating: 0, count: count + (count & 1))
    }

    /// `count` empty chunks (8 bytes each), as a file with thousands of tiny tags.
    public static func emptyChunks(_ count: Int, id: String = "JUNK") -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 * count)
        for _ in 0..<count { bytes += chunk(id, count: 0) }
        return bytes
    }

    /// A mono 16-bit PCM file of `samples` (−1 … 1) at `sampleRate`, with `chunksBefore` between `fmt ` and `data`.
    public static func pcm16(_ samples: [Float], sampleRate: Int = 48_000, chunksBefore: [UInt8] = [], blockAlign: Int? = nil) -> [UInt8] {
        var data: [UInt8] = []
        data.reserveCapacity(2 * samples.count)
        for sample in samples {
            let value = Int16(clamping: Int((Swift.max(-1, Swift.min(1, sample)) * 32_767).rounded()))
            data += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
        }
        return file(code: 1, channels: 1, sampleRate: sampleRate, bits: 16, data: data, chunksBefore: chunksBefore, blockAlign: blockAlign)
    }

    /// A mono 32-bit float file holding `samples` exactly as given (NaN and infinities included).
    public static func float32(_ samples: [Float], sampleRate: Int = 48_000, chunksBefore: [UInt8] = []) -> [UInt8] {
        var data: [UInt8] = []
        data.reserveCapacity(4 * samples.count)
        for sample in samples { data += le32(Int(sample.bitPattern)) }
        return file(code: 3, channels: 1, sampleRate: sampleRate, bits: 32, data: data, chunksBefore: chunksBefore, blockAlign: nil)
    }

    /// A RIFF/WAVE file: `fmt ` (format `code`), then `chunksBefore`, then `data`.
    public static func file(
        code: Int, channels: Int, sampleRate: Int, bits: Int, data: [UInt8], chunksBefore: [UInt8], blockAlign: Int?
    ) -> [UInt8] {
        let align = blockAlign ?? channels * bits / 8
        var fmt = le16(code) + le16(channels) + le32(sampleRate) + le32(sampleRate * channels * bits / 8)
        fmt += le16(align) + le16(bits)
        var body = Array("WAVE".utf8) + Array("fmt ".utf8) + le32(fmt.count) + fmt + chunksBefore
        body += Array("data".utf8) + le32(data.count) + data
        if data.count % 2 == 1 { body.append(0) }
        return Array("RIFF".utf8) + le32(body.count) + body
    }

    private static func le16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)] }
    private static func le32(_ value: Int) -> [UInt8] { le16(value) + le16(value >> 16) }
}
