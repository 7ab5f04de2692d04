import Foundation

/// A minimal, strict WAV reader for tests: PCM 16-bit, IEEE float 32-bit, and their WAVE_FORMAT_EXTENSIBLE forms,
/// any channel count. (The library's `WAVDecoder` reads mono/stereo resources only.)
public struct WAVFile: Sendable {
    /// Frames per second.
    public var sampleRate: Int
    /// One array per channel.
    public var channels: [[Float]]

    /// Frames per channel.
    public var frameCount: Int { channels.first?.count ?? 0 }

    /// Reads the file at `url`.
    public init(contentsOf url: URL) throws {
        let data = [UInt8](try Data(contentsOf: url))
        func u16(_ i: Int) -> Int { Int(data[i]) | Int(data[i + 1]) << 8 }
        func u32(_ i: Int) -> Int { u16(i) | u16(i + 2) << 16 }
        guard data.count >= 12, data[0..<4] == [0x52, 0x49, 0x46, 0x46], data[8..<12] == [0x57, 0x41, 0x56, 0x45] else {
            throw FixtureError("\(url.path) is not RIFF/WAVE")
        }
        var format = 0
        var channelCount = 0
        var rate = 0
        var bits = 0
        var samples: ArraySlice<UInt8>?
        var i = 12
        while i + 8 <= data.count {
            let id = String(decoding: data[i..<i + 4], as: UTF8.self)
            let size = u32(i + 4)
            let body = i + 8
            guard body + size <= data.count else { throw FixtureError("\(url.path): chunk \(id) overruns the file") }
            if id == "fmt " {
                format = u16(body)
                channelCount = u16(body + 2)
                rate = u32(body + 4)
                bits = u16(body + 14)
                if format == 0xFFFE, size >= 26 { format = u16(body + 24) }  // the sub-format GUID starts with the tag
            } else if id == "data" {
                samples = data[body..<body + size]
            }
            i = body + size + (size & 1)
        }
        guard let samples, channelCount > 0 else { throw FixtureError("\(url.path): no fmt or data chunk") }
        let bytesPerSample = bits / 8
        let frames = samples.count / (bytesPerSample * channelCount)
        var channels = [[Float]](repeating: [], count: channelCount)
        for c in 0..<channelCount { channels[c].reserveCapacity(frames) }
        let base = samples.startIndex
        for f in 0..<frames {
            for c in 0..<channelCount {
                let at = base + (f * channelCount + c) * bytesPerSample
                switch (format, bits) {
                case (1, 16): channels[c].append(Float(Int16(truncatingIfNeeded: u16(at))) / 32_768)
                case (3, 32): channels[c].append(Float(bitPattern: UInt32(u32(at))))
                default: throw FixtureError("\(url.path): unsupported format \(format)/\(bits) bits")
                }
            }
        }
        self.sampleRate = rate
        self.channels = channels
    }
}
