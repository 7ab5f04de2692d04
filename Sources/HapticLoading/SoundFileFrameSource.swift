import HapticPattern

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// Opens `file` with libsndfile.
    ///
    /// - Throws: `PatternError` with `invalidAudioResource` when libsndfile cannot read it.
    init(file: GatedFile, library: SoundFileLibrary) throws(PatternError) {
        var info = SoundFileLibrary.Info()
        // The opener read the first bytes to tell the format; libsndfile reads from the start itself.
        guard lseek(file.descriptor, 0, SEEK_SET) == 0 else {
            throw PatternError(.fileNotFound, "cannot rewind the audio file: \(String(cString: strerror(errno)))", file: file.name)
        }
        guard let handle = library.openDescriptor(file.descriptor, SoundFileLibrary.modeRead, &info, 0) else {
            throw PatternError(.invalidAudioResource, "not audio that libsndfile can read: \(library.describe(nil))", file: file.name)
        }
        self.library = library
        self.handle = handle
        self.file = file
        guard (1...64).contains(Int(info.channels)) else {
            _ = library.close(handle)
            throw PatternError(
                .invalidAudioResource, "\(info.channels) channels; audio with 1 … 64 channels can be analysed", file: file.name)
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
    }

    deinit { _ = library.close(handle) }

    func read(into buffer: UnsafeMutableBufferPointer<Float>) throws(PatternError) -> Int {
        let frames = buffer.count / channelCount
        guard frames > 0, let base = buffer.baseAddress else { return 0 }
        let count = library.readFrames(handle, base, Int64(frames))
        guard count >= 0 else {
            throw PatternError(.invalidAudioResource, "libsndfile cannot decode it: \(library.describe(handle))", file: file.name)
        }
        return Int(count)
    }
}
