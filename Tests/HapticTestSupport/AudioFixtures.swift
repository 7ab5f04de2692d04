import Foundation
import HapticLoading
import HapticRender
import Testing

/// Audio files written at test time: WAV with our encoder, FLAC, Ogg/Vorbis and MP3 with libsndfile itself (so no
/// binary fixture is committed), plus broken files for the error paths.
public enum AudioFixtures {
    /// A compressed format libsndfile writes.
    public enum Compressed: String, Sendable, CaseIterable {
        /// FLAC, 16-bit (lossless).
        case flac
        /// Ogg/Vorbis (lossy).
        case ogg
        /// MPEG layer III (lossy; libsndfile 1.1 or later).
        case mp3

        var format: Int32 {
            switch self {
            case .flac: return SoundFileLibrary.formatFLAC | SoundFileLibrary.subtypePCM16
            case .ogg: return SoundFileLibrary.formatOgg | SoundFileLibrary.subtypeVorbis
            case .mp3: return SoundFileLibrary.formatMPEG | SoundFileLibrary.subtypeMPEGLayer3
            }
        }
    }

    /// Whether libsndfile can be loaded here.
    public static var hasLibsndfile: Bool {
        if case .success = SoundFileLibrary.shared { return true }
        return false
    }

    /// Writes mono `samples` as a 16-bit (or 32-bit float) WAV file.
    public static func writeWAV(_ samples: [Float], sampleRate: Int = 48_000, float: Bool = false, to url: URL) throws {
        try Data(WAVEncoder(format: float ? .float32 : .int16).encode(channels: [samples], sampleRate: sampleRate)).write(to: url)
    }

    /// Overwrites 2 000 bytes from the middle of the file at `url` with fixed pseudo-random bytes (a file damaged
    /// mid-stream: its header still reads, its audio does not).
    public static func damageMidStream(_ url: URL, seed: UInt32) throws {
        var bytes = Array(try Data(contentsOf: url))
        var state = seed
        for i in (bytes.count / 2)..<Swift.min(bytes.count / 2 + 2_000, bytes.count) {
            state = state &* 1_103_515_245 &+ 12_345
            bytes[i] = UInt8(truncatingIfNeeded: state >> 16)
        }
        try Data(bytes).write(to: url)
    }

    /// Writes mono `samples` in `format` with libsndfile.
    public static func writeCompressed(_ samples: [Float], sampleRate: Int = 48_000, format: Compressed, to url: URL) throws {
        let library = try SoundFileLibrary.shared.get()
        var info = SoundFileLibrary.Info()
        info.samplerate = Int32(sampleRate)
        info.channels = 1
        info.format = format.format
        guard let handle = url.path.withCString({ library.open($0, SoundFileLibrary.modeWrite, &info) }) else {
            throw FixtureError("libsndfile cannot write \(format.rawValue): \(library.describe(nil))")
        }
        let written = samples.withUnsafeBufferPointer { library.writeFrames(handle, $0.baseAddress!, Int64($0.count)) }
        _ = library.close(handle)
        guard written == Int64(samples.count) else { throw FixtureError("libsndfile wrote \(written) of \(samples.count) frames") }
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where libsndfile (Debian's libsndfile1) is installed; otherwise it is reported as skipped.
    public static var needsLibsndfile: Self {
        .enabled(
            if: AudioFixtures.hasLibsndfile,
            "libsndfile.so.1 is not installed (apt-get install libsndfile1); FLAC, Ogg and MP3 cannot be read or written")
    }
}
