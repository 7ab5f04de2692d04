import HapticPattern
import HapticSystem

/// MP3 decoded in pieces by libmpg123 (``MPEGAudioLibrary``), quietly, from the descriptor the ``InputGate`` opened.
///
/// A decoder error (a stream it cannot resync) is an error naming the damage, and audio that ends well before the
/// frames the stream announces (more than 2 % or one second: without a Xing header the count is an estimate) is a
/// truncated file, as for ``SoundFileFrameSource``.
final class MPEGFrameSource: AudioFrameSource {
    let sampleRate: Double
    let channelCount: Int
    let declaredFrameCount: Int?
    let formatName = "MP3"

    private let library: MPEGAudioLibrary
    private let handle: MPEGAudioLibrary.Handle
    private let file: GatedFile
    private var decodedFrames = 0
    private var ended = false

    /// Opens `file` with libmpg123.
    ///
    /// - Throws: `PatternError` with `invalidAudioResource` when libmpg123 cannot read it.
    init(file: GatedFile, library: MPEGAudioLibrary) throws(PatternError) {
        try file.rewind()
        guard let handle = library.new(nil, nil) else {
            throw PatternError(.invalidAudioResource, "libmpg123 cannot make a decoder", file: file.name)
        }
        _ = library.param(handle, MPEGAudioLibrary.addFlags, MPEGAudioLibrary.quietFloatFlags, 0)
        var rate = 0
        var channels: Int32 = 0
        var encoding: Int32 = 0
        guard library.openDescriptor(handle, file.descriptor) == MPEGAudioLibrary.ok,
            library.getFormat(handle, &rate, &channels, &encoding) == MPEGAudioLibrary.ok
        else {
            let message = library.describe(handle)
            _ = library.close(handle)
            library.delete(handle)
            throw PatternError(.invalidAudioResource, "not MP3 audio that can be decoded: \(message)", file: file.name)
        }
        guard (1...64).contains(Int(channels)), (1_000...384_000).contains(rate) else {
            _ = library.close(handle)
            library.delete(handle)
            throw PatternError(.invalidAudioResource, "\(channels) channels at \(rate) Hz cannot be analyzed", file: file.name)
        }
        _ = library.formatNone(handle)
        _ = library.format(handle, rate, channels, MPEGAudioLibrary.encodingFloat32)
        self.library = library
        self.handle = handle
        self.file = file
        sampleRate = Double(rate)
        channelCount = Int(channels)
        let length = library.length(handle)
        declaredFrameCount = length > 0 ? length : nil
    }

    deinit {
        _ = library.close(handle)
        library.delete(handle)
    }

    func read(into buffer: UnsafeMutableBufferPointer<Float>) throws(PatternError) -> Int {
        let frames = buffer.count / channelCount
        guard frames > 0, let base = buffer.baseAddress, !ended else { return 0 }
        while true {
            var bytes = 0
            let status = library.read(handle, base, frames * channelCount * MemoryLayout<Float>.size, &bytes)
            let count = bytes / (channelCount * MemoryLayout<Float>.size)
            decodedFrames += count
            switch status {
            case MPEGAudioLibrary.ok, MPEGAudioLibrary.newFormat:
                if count > 0 { return count }
            case MPEGAudioLibrary.done:
                ended = true
                if let declared = declaredFrameCount, decodedFrames < declared - Swift.max(declared / 50, Int(sampleRate)) {
                    throw PatternError(
                        .invalidAudioResource,
                        "the MP3 file is damaged or truncated: its audio ends after \(seconds(decodedFrames)) of the \(seconds(declared)) it announces",
                        file: file.name)
                }
                return count
            default:
                throw PatternError(
                    .invalidAudioResource,
                    "the MP3 file is damaged or truncated: decoding stopped after \(seconds(decodedFrames)) (libmpg123: \(library.describe(handle)))",
                    file: file.name)
            }
        }
    }

    /// `frames` as seconds for a message ("1.23 s").
    private func seconds(_ frames: Int) -> String { "\((Double(frames) / sampleRate * 100).rounded() / 100) s" }
}
