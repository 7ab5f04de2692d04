import Foundation
import HapticAnalysis
import HapticLoading
import HapticPattern
import HapticRender
import HapticSystem
import HapticTestSupport
import Testing

/// Audio files into patterns: WAV decoded in pieces gives what the whole file gives, the compressed formats go
/// through libsndfile, and every bad file is refused with its reason.
@Suite struct AudioFileAnalysisTests {
    static let hits = SyntheticAudio.hits(seconds: 4)

    @Test(arguments: [false, true])
    func aWAVFileStreamedGivesWhatItsSamplesGive(float: Bool) throws {
        let folder = try Fixtures.temporaryDirectory()
        let url = folder.appendingPathComponent("hits.wav")
        try AudioFixtures.writeWAV(Self.hits.audio.samples, float: float, to: url)
        // The samples as the whole-file decoder reads them, analyzed at once.
        let decoded = try WAVDecoder().decode(Array(try Data(contentsOf: url)))
        let whole = try AudioAnalyzer.analyze(interleaved: decoded.channel(0), sampleRate: 48_000, channelCount: 1)
        var reports: [(Double, Double?)] = []
        let streamed = try AudioFileAnalysis.analyze(url) { reports.append(($0, $1)) }
        #expect(streamed == whole)
        #expect(reports.count > 10 && reports.last?.0 == Self.hits.audio.duration && reports.last?.1 == Self.hits.audio.duration)
        #expect(try AudioFileAnalysis.pattern(fromAudioAt: url) == whole.pattern)
    }

    @Test(.needsLibsndfile, arguments: AudioFixtures.Compressed.allCases)
    func compressedAudioIsReadWithLibsndfile(format: AudioFixtures.Compressed) throws {
        let folder = try Fixtures.temporaryDirectory()
        let url = folder.appendingPathComponent("hits.\(format.rawValue)")
        try AudioFixtures.writeCompressed(Self.hits.audio.samples, format: format, to: url)
        let analysis = try AudioFileAnalysis.analyze(url)
        let truth = (Self.hits.bursts + Self.hits.thumps).sorted()
        let found = analysis.pattern.events.filter { $0.type == .hapticTransient }.map(\.time)
        let matched = truth.filter { t in found.contains { abs($0 - t) <= 0.015 } }.count
        print("\(format.rawValue): \(found.count) transients, \(matched) of \(truth.count) hits within 15 ms, \(analysis.duration) s")
        #expect(Double(matched) >= 0.9 * Double(truth.count) && Double(matched) >= 0.9 * Double(found.count))
        #expect(abs(analysis.duration - Self.hits.audio.duration) < 0.06)
        if format == .flac {
            // Lossless: the same pattern as the 16-bit WAV of the same samples.
            let wav = folder.appendingPathComponent("hits.wav")
            try AudioFixtures.writeWAV(Self.hits.audio.samples, to: wav)
            #expect(analysis == (try AudioFileAnalysis.analyze(wav)))
        }
    }

    @Test func aMissingLibsndfileIsNamedWithItsPackage() {
        guard case .failure(let missing) = SoundFileLibrary.load(names: ["/nonexistent/libsndfile.so.1"]) else {
            Issue.record("a library that does not exist loaded")
            return
        }
        #expect(missing.description.contains("libsndfile (/nonexistent/libsndfile.so.1), which could not be loaded"))
        #expect(missing.description.contains("apt-get install libsndfile1"))
    }

    @Test func badFilesAreRefusedWithTheirReason() throws {
        let folder = try Fixtures.temporaryDirectory()
        func refusal(_ name: String, _ bytes: [UInt8]) throws -> PatternError? {
            let url = folder.appendingPathComponent(name)
            try Data(bytes).write(to: url)
            do {
                _ = try AudioFileAnalysis.analyze(url)
                return nil
            } catch {
                return error
            }
        }
        let good = WAVEncoder(format: .int16).encode(channels: [Self.hits.audio.samples], sampleRate: 48_000)
        var zeroChannels = good
        zeroChannels[22] = 0
        var cases: [(String, [UInt8], String)] = [
            ("text.wav", Array("just some words, not audio\n".utf8), "not audio that can be analyzed"),
            ("empty.wav", [], "the file is empty"),
            ("truncated.wav", Array(good.prefix(30_000)), "truncated file?"),
            ("zero-channels.wav", zeroChannels, "0 channels"),
        ]
        // A header claiming ten hours, then only a little data.
        cases.append(
            (
                "ten-hours-claimed.wav", Self.eightBitHeader(dataBytes: 8_000 * 36_000) + [UInt8](repeating: 128, count: 1_000),
                "truncated file?"
            ))
        for (name, bytes, reason) in cases {
            let error = try #require(try refusal(name, bytes), "\(name) was accepted")
            #expect(error.code == .invalidAudioResource && error.message.contains(reason), "\(name): \(error)")
            #expect(error.file?.hasSuffix(name) == true)
        }
        #expect(throws: PatternError.self) { try AudioFileAnalysis.analyze(folder.appendingPathComponent("nothing-here.wav")) }
        #expect(throws: PatternError.self) { try AudioFileAnalysis.analyze(URL(string: "https://example.com/a.wav")!) }
    }

    @Test func aSparseTenHourFileIsRefusedByTheDurationCapAtOnce() throws {
        // Ten hours of 8 kHz mono 8-bit audio: 288 MB, under the 1 GiB byte cap, as a sparse file (no disk used).
        let url = try Fixtures.temporaryDirectory().appendingPathComponent("ten-hours.wav")
        let dataBytes = 8_000 * 36_000
        let header = Self.eightBitHeader(dataBytes: dataBytes)
        try Data(header).write(to: url)
        #expect(truncate(url.path, off_t(header.count + dataBytes)) == 0)
        let start = ThreadTimes.now()
        #expect {
            try AudioFileAnalysis.analyze(url)
        } throws: { error in
            let message = (error as? PatternError)?.message ?? ""
            return message.contains("the audio lasts 10:00:00 (36000 s); the limit is 3600 s (PatternLimits.maxPatternDuration)")
        }
        // At once: not the time to read 288 MB (less what a busy machine added).
        let took = start.unloaded(until: .now())
        #expect(took < 1, "refused after \(took) s")
    }

    /// The header of an 8 kHz mono 8-bit WAV file with `dataBytes` of samples (our encoder writes 16 and 32 bits).
    static func eightBitHeader(dataBytes: Int) -> [UInt8] {
        var header = WAVEncoder(format: .int16).header(channelCount: 1, sampleRate: 8_000, dataBytes: dataBytes)
        header[28] = 0x40  // byte rate 8000
        header[29] = 0x1F
        header[32] = 1  // block align
        header[34] = 8  // bits per sample
        return header
    }
}
