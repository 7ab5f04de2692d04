#if os(Linux)
import Foundation
import Glibc
import HapticTestSupport
import Testing

/// `haptic from-audio` on a compressed file cut short: an error naming the damage, exit status 1, nothing written —
/// it was "silent or too quiet for haptics ... nothing written" with status 0.
@Suite(.offTheConcurrencyPool) struct FromAudioDamagedInputTests {
    @Test(.needsLibsndfile, arguments: [AudioFixtures.Compressed.flac, .ogg])
    func aTruncatedFileIsAnErrorNotSilence(format: AudioFixtures.Compressed) throws {
        let folder = try Fixtures.temporaryDirectory()
        let input = folder.appendingPathComponent("cut.\(format.rawValue)")
        try AudioFixtures.writeCompressed(SyntheticAudio.hits(seconds: 4).audio.samples, format: format, to: input)
        let size = try FileManager.default.attributesOfItem(atPath: input.path)[.size] as? Int ?? 0
        #expect(truncate(input.path, off_t(size / 2)) == 0)
        let output = folder.appendingPathComponent("cut.ahap")
        let result = try CommandRunner.haptic(["from-audio", input.path, "-o", output.path])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("\(input.path): error: ") && result.stderr.contains("damaged or truncated"), "\(result.stderr)")
        #expect(result.stderr.contains("(invalidAudioResource, -4824)"), "\(result.stderr)")
        #expect(!result.stdout.contains("silent"), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// libmpg123 prints its own notes on a damaged stream ("Note: Illegal Audio-MPEG-Header …") unless told to be
    /// quiet; only our lines may reach standard error.
    @Test(.needsLibsndfile) func aDamagedMP3GivesOurErrorAndNoDecoderChatter() throws {
        let folder = try Fixtures.temporaryDirectory()
        let input = folder.appendingPathComponent("damaged.mp3")
        try AudioFixtures.writeCompressed(SyntheticAudio.hits(seconds: 4).audio.samples, format: .mp3, to: input)
        try AudioFixtures.damageMidStream(input, seed: 7)
        let result = try CommandRunner.haptic(["from-audio", input.path, "-o", folder.appendingPathComponent("x.ahap").path])
        #expect(result.status == 1 && result.stderr.contains("damaged or truncated"), "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.allSatisfy { $0.hasPrefix(input.path) }, "\(result.stderr)")
    }
}
#endif
