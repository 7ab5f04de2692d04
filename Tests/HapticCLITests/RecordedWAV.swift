import Foundation

/// A WAV file written by the `wav:` device (32-bit float, interleaved: drive, audio left, audio right), read back
/// for assertions about what played and when.
struct RecordedWAV {
    struct Failure: Error, CustomStringConvertible { var description: String }

    var sampleRate: Int
    var channels: [[Float]]
    /// Whether the header's data size matches the bytes present (the device completed it at stop).
    var headerComplete: Bool

    var frameCount: Int { channels.first?.count ?? 0 }
    var drive: [Float] { channels[0] }
    var audioLeft: [Float] { channels.count > 1 ? channels[1] : [] }

    init(contentsOf url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        func u32(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) << 16 | Int(bytes[i + 3]) << 24 }
        func u16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        guard bytes.count >= 12, String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF" else {
            throw Failure(description: "not a RIFF file")
        }
        var offset = 12
        var channelCount = 0
        var rate = 0
        var format = 0
        var bits = 0
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let size = u32(offset + 4)
            let body = offset + 8
            if id == "fmt " {
                format = u16(body)
                // WAVE_FORMAT_EXTENSIBLE (more than two channels): the sub-format GUID starts with the real code.
                if format == 0xFFFE, size >= 40 { format = u16(body + 24) }
                channelCount = u16(body + 2)
                rate = u32(body + 4)
                bits = u16(body + 14)
            } else if id == "data" {
                guard format == 3, bits == 32, channelCount > 0 else {
                    throw Failure(description: "expected 32-bit float, got format \(format), \(bits) bits")
                }
                let available = bytes.count - body
                headerComplete = size == available
                let usable = Swift.min(size, available) / (4 * channelCount) * (4 * channelCount)
                var columns = Array(repeating: [Float](), count: channelCount)
                for c in columns.indices { columns[c].reserveCapacity(usable / (4 * channelCount)) }
                bytes.withUnsafeBytes { raw in
                    var i = body
                    var c = 0
                    while i < body + usable {
                        columns[c].append(Float(bitPattern: raw.loadUnaligned(fromByteOffset: i, as: UInt32.self).littleEndian))
                        c = (c + 1) % channelCount
                        i += 4
                    }
                }
                channels = columns
                sampleRate = rate
                return
            }
            offset = body + size + (size & 1)
        }
        throw Failure(description: "no data chunk")
    }

    /// The first frame whose absolute value exceeds `threshold`, in `samples`.
    static func firstActive(_ samples: [Float], from start: Int = 0, threshold: Float = 1e-4) -> Int? {
        guard start < samples.count else { return nil }
        return (start..<samples.count).first { abs(samples[$0]) > threshold }
    }

    /// The last frame whose absolute value exceeds `threshold`.
    static func lastActive(_ samples: [Float], threshold: Float = 1e-4) -> Int? {
        samples.indices.last { abs(samples[$0]) > threshold }
    }

    /// The peak absolute value of `samples` over the frames `range` (clamped to the signal).
    static func peak(_ samples: [Float], _ range: Range<Int>) -> Float {
        let lower = Swift.max(0, Swift.min(range.lowerBound, samples.count))
        let upper = Swift.max(lower, Swift.min(range.upperBound, samples.count))
        return samples[lower..<upper].reduce(0) { Swift.max($0, abs($1)) }
    }

    /// The frame index of `seconds`.
    func frame(_ seconds: Double) -> Int { Int((seconds * Double(sampleRate)).rounded()) }
}
