import HapticPattern
import HapticRender

/// A WAV file decoded in pieces by our own decoder (`WAVDecoder`): the header by the decoder's one chunk walk (from
/// the first 64 KiB already read, and from the file where the walk goes past them), then the samples a block at a
/// time, read through the ``InputGate``'s cap.
final class WAVFrameSource: AudioFrameSource {
    let sampleRate: Double
    let channelCount: Int
    let declaredFrameCount: Int?
    let formatName = "WAV"

    private let file: GatedFile
    private let format: WAVDecoder.Format
    private let decoder = WAVDecoder(maxFrameCount: .max)
    /// Bytes of the data chunk read but not yet decoded (what the header read took in, a partial frame), at the
    /// start of ``storage``.
    private var storage: UnsafeMutableRawBufferPointer
    private var pendingCount = 0
    /// Where the next bytes of the data chunk are in the file.
    private var position: Int
    /// Bytes of the data chunk not yet read from the file.
    private var remaining: Int
    /// Frames decoded so far (for messages).
    private var decodedFrames = 0

    /// Reads and checks the header of `file`, whose first bytes are `prefix`.
    init(file: GatedFile, prefix: [UInt8]) throws(PatternError) {
        self.file = file
        format = try decoder.format(fileLength: Swift.max(file.size, prefix.count), name: file.name) { offset, count throws(PatternError) in
            if offset + count <= prefix.count { return Array(prefix[offset..<offset + count]) }
            // A header longer than the prefix (a 70 KB `id3 ` chunk, thousands of small chunks): read on.
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
            defer { buffer.deallocate() }
            let read = try file.readFully(into: buffer, atOffset: offset)
            return Array(buffer[0..<read])
        }
        sampleRate = Double(format.sampleRate)
        channelCount = format.channelCount
        declaredFrameCount = format.frameCount
        let usable = format.frameCount * format.bytesPerFrame
        let start = format.data.lowerBound
        let inPrefix = start < prefix.count ? Swift.min(prefix.count - start, usable) : 0
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.max(inPrefix, 65_536), alignment: 8)
        if inPrefix > 0 {
            prefix.withUnsafeBytes { storage.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[start..<start + inPrefix])) }
        }
        self.storage = storage
        pendingCount = inPrefix
        position = start + inPrefix
        remaining = usable - inPrefix
    }

    deinit { storage.deallocate() }

    func read(into buffer: UnsafeMutableBufferPointer<Float>) throws(PatternError) -> Int {
        let bytesPerFrame = format.bytesPerFrame
        let wanted = (buffer.count / channelCount) * bytesPerFrame
        guard wanted > 0 else { return 0 }
        if storage.count < wanted {
            let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: wanted, alignment: 8)
            larger.copyMemory(from: UnsafeRawBufferPointer(rebasing: storage[0..<pendingCount]))
            storage.deallocate()
            storage = larger
        }
        if pendingCount < wanted && remaining > 0 {
            let more = Swift.min(wanted - pendingCount, remaining)
            let count = try file.readFully(
                into: UnsafeMutableRawBufferPointer(rebasing: storage[pendingCount..<pendingCount + more]), atOffset: position)
            pendingCount += count
            position += count
            // A file shorter than its header said ends here.
            remaining = count < more ? 0 : remaining - count
        }
        let frames = try decoder.decodeFrames(
            UnsafeRawBufferPointer(rebasing: storage[0..<Swift.min(pendingCount, wanted)]), format: format, into: buffer,
            firstFrame: decodedFrames, name: file.name)
        decodedFrames += frames
        let used = frames * bytesPerFrame
        if used < pendingCount, let base = storage.baseAddress {
            (base).copyMemory(from: base + used, byteCount: pendingCount - used)
        }
        pendingCount -= used
        return frames
    }
}
