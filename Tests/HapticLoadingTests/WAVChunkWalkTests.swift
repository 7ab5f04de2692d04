import Foundation
import HapticLoading
import HapticPattern
import HapticRender
import HapticTestSupport
import Testing

/// WAV files streamed for analysis (`haptic from-audio`, the studio's import) are read with the same chunk walk as
/// whole files (`haptic render`, custom audio), not from the first 64 KiB only (issue 32): a 70 KB `id3 ` chunk before
/// the samples was "no data chunk", 10 000 empty chunks the same instead of the chunk count, and float files of NaN
/// or infinity were "silent" instead of damaged.
@Suite struct WAVChunkWalkTests {
    static let samples = SyntheticAudio.hits(seconds: 2).audio.samples

    static func write(_ bytes: [UInt8], _ name: String) throws -> URL {
        let url = try Fixtures.temporaryDirectory().appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    @Test(arguments: [70_000, 1 << 20])
    func aLongChunkBeforeTheSamplesIsSkipped(chunkBytes: Int) throws {
        let plain = try Self.write(CraftedWAV.pcm16(Self.samples), "plain.wav")
        let tagged = try Self.write(CraftedWAV.pcm16(Self.samples, chunksBefore: CraftedWAV.chunk("id3 ", count: chunkBytes)), "tagged.wav")
        let expected = try AudioFileAnalysis.analyze(plain)
        #expect(!expected.pattern.entries.isEmpty)
        #expect(try AudioFileAnalysis.analyze(tagged) == expected)
        // The whole-file reader (custom audio, `haptic render`) agrees, through the same walk.
        let whole = try AudioResourceLoader.decode(tagged)
        #expect(whole.frameCount == Self.samples.count)
    }

    @Test func thousandsOfEmptyChunksReadAndMoreThanTenThousandAreTheChunkCountError() throws {
        let many = try Self.write(CraftedWAV.pcm16(Self.samples, chunksBefore: CraftedWAV.emptyChunks(9_990)), "many.wav")
        #expect(try AudioFileAnalysis.analyze(many).duration == Double(Self.samples.count) / 48_000)
        let tooMany = try Self.write(CraftedWAV.pcm16(Self.samples, chunksBefore: CraftedWAV.emptyChunks(10_000)), "too-many.wav")
        for error in [
            try #require(throws: PatternError.self) { try AudioFileAnalysis.analyze(tooMany) },
            try #require(throws: PatternError.self) { try AudioResourceLoader.decode(tooMany) },
        ] {
            #expect(error.code == .invalidAudioResource && error.message.contains("more than 10 000 chunks"), "\(error)")
            #expect(error.file == tooMany.path)
        }
    }

    @Test(arguments: [Float.nan, .infinity, -.infinity])
    func floatSamplesThatAreNotNumbersAreDamageNotSilence(value: Float) throws {
        let all = try Self.write(CraftedWAV.float32([Float](repeating: value, count: 48_000)), "all.wav")
        var mixed = Self.samples
        mixed[30_000] = value
        let one = try Self.write(CraftedWAV.float32(mixed), "one.wav")
        for (url, frame) in [(all, 0), (one, 30_000)] {
            for error in [
                try #require(throws: PatternError.self) { try AudioFileAnalysis.analyze(url) },
                try #require(throws: PatternError.self) { try AudioResourceLoader.decode(url) },
            ] {
                #expect(error.code == .invalidAudioResource && error.message.contains("damaged"), "\(error)")
                #expect(error.message.contains("frame \(frame) "), "\(error)")
                #expect(!error.message.contains("silent"))
            }
        }
    }

    @Test func aBlockAlignOfZeroIsRefused() throws {
        let url = try Self.write(CraftedWAV.pcm16(Self.samples, blockAlign: 0), "align.wav")
        for error in [
            try #require(throws: PatternError.self) { try AudioFileAnalysis.analyze(url) },
            try #require(throws: PatternError.self) { try AudioResourceLoader.decode(url) },
        ] {
            #expect(error.code == .invalidAudioResource && error.message.contains("blockAlign 0 does not match"), "\(error)")
        }
    }
}
