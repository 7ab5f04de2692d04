import HapticPattern
import HapticSystem

/// FLAC, Ogg/Vorbis, MP3 (and whatever else libsndfile reads) decoded in pieces by libsndfile, from the
/// descriptor the ``InputGate`` opened.
///
/// libsndfile reads through the descriptor itself, so the gate's byte cap holds only for the size the file
/// reported when it was opened; what bounds the work is the duration cap, checked on the header and again on the
/// frames actually decoded (an MP3's length is an estimate).
final class SoundFileFrameSource: AudioFrameSource {
    let sampleRate: Double
    let channelCount: Int
    let declaredFrameCount: Int?
    let formatName: String

    private let library: SoundFileLibrary
    private let handle: SoundFileLibrary.Handle
    private let file: GatedFile
    /// Frames decoded so far.
    private var decodedFrames = 0

    /// Opens `file` with libsndfile.
    ///
    /// - Throws: `PatternError` with `invalidAudioResource` when libsndfile cannot read it.
    init(file: GatedFile, library: SoundFileLibrary) throws(PatternError) {
        var info = SoundFileLibrary.Info()
        // The opener read the first bytes to tell the format; libsndfile reads from the start itself.
        try file.rewind()
        guard let handle = library.openDescriptor(file.descriptor, SoundFileLibrary.modeRead, &info, 0) else {
            throw PatternError(.invalidAudioResource, "not audio that libsndfile can read: \(library.describe(nil))", file: file.name)
        }
        self.library = library
        self.handle = handle
        self.file = file
        guard (1...64).contains(Int(info.channels)) else {
            _ = library.close(handle)
            throw PatternError(
                .invalidAudioResource, "\(info.channels) channels; audio with 1 … 64 channels can be analyzed", file: file.name)
        }
        guard info.samplerate >= 1_000 && info.samplerate <= 384_000 else {
            _ = library.close(handle)
            throw PatternError(.invalidAudioResource, "the sample rate \(info.samplerate) Hz is outside 1 000 … 384 000", file: file.name)
        }
        sampleRate = Double(info.samplerate)
        channelCount = Int(info.channels)
        declaredFrameCount = info.frames > 0 && info.frames < Int64(Int.max) ? Int(info.frames) : nil
        switch info.format & SoundFileLibrary.typeMask {
        case SoundFileLibrary.formatFLAC: formatName = "FLAC"
        case SoundFileLibrary.formatOgg: formatName = "Ogg"
        case SoundFileLibrary.formatMPEG: formatName = "MP3"
        case SoundFileLibrary.formatWAV: formatName = "WAV"
        default: formatName = "audio"
        }
        // libsndfile finds an Ogg file's length on its last page; a file cut short has none, and then decodes a part
        // of the audio, or nothing, without an error.
        if info.format & SoundFileLibrary.typeMask == SoundFileLibrary.formatOgg && info.frames == Int64.max {
            _ = library.close(handle)
            throw PatternError(
                .invalidAudioResource, "the Ogg file is damaged or truncated: it has no final page, so its audio cannot be read to the end",
                file: file.name)
        }
    }

    deinit { _ = library.close(handle) }

    func read(into buffer: UnsafeMutableBufferPointer<Float>) throws(PatternError) -> Int {
        let frames = buffer.count / channelCount
        guard frames > 0, let base = buffer.baseAddress else { return 0 }
        let count = library.readFrames(handle, base, Int64(frames))
        // 0 frames is the end of the stream only without an error: a decoder that lost its way (a FLAC frame cut
        // short, an MP3 that cannot resync) also returns 0, and sf_error tells the two apart.
        guard count >= 0, count > 0 || library.error(handle) == 0 else {
            throw PatternError(
                .invalidAudioResource,
                "the \(formatName) file is damaged or truncated: decoding stopped after \(seconds(decodedFrames)) (libsndfile: \(library.describe(handle)))",
                file: file.name)
        }
        decodedFrames += Int(count)
        if count == 0, let declared = declaredFrameCount, decodedFrames < declared - shortfallAllowance(declared) {
            throw PatternError(
                .invalidAudioResource,
                "the \(formatName) file is damaged or truncated: its audio ends after \(seconds(decodedFrames)) of the \(seconds(declared)) its header announces",
                file: file.name)
        }
        return Int(count)
    }

    /// How many frames short of the header's count the audio may end: none where the header counts exactly (FLAC,
    /// Ogg, WAV); for MP3, whose length is an estimate, 2 % or one second, whichever is more.
    private func shortfallAllowance(_ declared: Int) -> Int {
        formatName == "MP3" ? Swift.max(declared / 50, Int(sampleRate)) : 0
    }

    /// `frames` as seconds for a message ("1.23 s").
    private func seconds(_ frames: Int) -> String {
        let hundredths = (Double(frames) / sampleRate * 100).rounded() / 100
        return "\(hundredths) s"
    }
}
