import Foundation
import HapticLoading
import HapticPattern
import HapticSystem
import HapticTestSupport
import Testing

/// A compressed file cut short or damaged mid-stream is an error that says so, never "silent" or a shorter sound:
/// libsndfile's decoders return 0 frames both at the end and when they lose their way.
@Suite struct DamagedAudioTests {
    static let hits = SyntheticAudio.hits(seconds: 4)

    /// A file of `format` holding the hits, cut to `fraction` of its bytes.
    static func truncatedFile(_ format: AudioFixtures.Compressed, fraction: Double) throws -> URL {
        let folder = try Fixtures.temporaryDirectory()
        let url = folder.appendingPathComponent("cut.\(format.rawValue)")
        try AudioFixtures.writeCompressed(Self.hits.audio.samples, format: format, to: url)
        let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
        #expect(truncate(url.path, off_t(Double(size) * fraction)) == 0)
        return url
    }

    // An MP3's length is an estimate (exact only with a Xing header), so only a cut of more than a second (or 2 %)
    // is known to be one; FLAC and Ogg know their length exactly.
    @Test(.needsLibsndfile, arguments: [(AudioFixtures.Compressed.flac, 0.5), (.flac, 0.9), (.ogg, 0.5), (.ogg, 0.9), (.mp3, 0.5)])
    func aTruncatedFileIsDamagedNotSilentOrShorter(format: AudioFixtures.Compressed, fraction: Double) throws {
        let url = try Self.truncatedFile(format, fraction: fraction)
        let error = try #require(throws: PatternError.self) { try AudioFileAnalysis.analyze(url) }
        #expect(error.code == .invalidAudioResource, "\(error)")
        #expect(error.message.contains("damaged or truncated"), "\(error)")
        #expect(error.file == url.path)
    }

    @Test(.needsLibsndfile) func aFLACFileDamagedMidStreamIsAnError() throws {
        let folder = try Fixtures.temporaryDirectory()
        let url = folder.appendingPathComponent("damaged.flac")
        try AudioFixtures.writeCompressed(Self.hits.audio.samples, format: .flac, to: url)
        try AudioFixtures.damageMidStream(url, seed: 12_345)
        let error = try #require(throws: PatternError.self) { try AudioFileAnalysis.analyze(url) }
        #expect(error.code == .invalidAudioResource && error.message.contains("damaged or truncated"), "\(error)")
    }

    @Test(.needsLibsndfile, arguments: AudioFixtures.Compressed.allCases)
    func anIntactFileStillReadsToItsEnd(format: AudioFixtures.Compressed) throws {
        let url = try Self.truncatedFile(format, fraction: 1)
        let analysis = try AudioFileAnalysis.analyze(url)
        #expect(abs(analysis.duration - Self.hits.audio.duration) < 0.06)
    }
}
