import Foundation
import HapticLoading
import HapticPattern
import HapticRender
import HapticTestSupport
import Testing

/// Work that has been given up on stops at the loaders' next check (issue 32: the studio answered "took longer
/// than" while the work ran on, allocating, until the process aborted). Each loop whose length depends on the input
/// asks its `WorkCancellation`; here the cancellation is already cancelled, so each must stop at its first check.
@Suite struct WorkCancellationTests {
    static func cancelled() -> WorkCancellation {
        let cancellation = WorkCancellation()
        cancellation.cancel(reason: "the test's time limit passed")
        return cancellation
    }

    static func isStop(_ error: PatternError) -> Bool {
        error.code == .operationNotPermitted && error.message == "stopped: the test's time limit passed"
    }

    @Test func audioAnalysisStopsAtItsNextBlock() throws {
        let url = try Fixtures.temporaryDirectory().appendingPathComponent("long.wav")
        try AudioFixtures.writeWAV(SyntheticAudio.hits(seconds: 4).audio.samples, to: url)
        var blocks = 0
        let error = try #require(throws: PatternError.self) {
            try Self.cancelled().run { () throws(PatternError) in _ = try AudioFileAnalysis.analyze(url) { _, _ in blocks += 1 } }
        }
        #expect(Self.isStop(error), "\(error)")
        #expect(blocks == 0, "\(blocks) blocks analyzed after the cancellation")
        // Not cancelled: the same work runs to its end.
        #expect(try WorkCancellation().run { try AudioFileAnalysis.analyze(url) }.duration == 4)
    }

    @Test func propertyListConversionStops() throws {
        let events = (0..<5_000).map { ["Event": ["Time": Double($0) / 100, "EventType": "HapticTransient"]] }
        let data = try PropertyListSerialization.data(fromPropertyList: ["Pattern": events], format: .binary, options: 0)
        let error = try #require(throws: PatternError.self) {
            try Self.cancelled().run { () throws(PatternError) in
                _ = try PropertyListPattern.read(data, file: "long.plist", limits: .default, waveformPaths: .unrestricted)
            }
        }
        #expect(Self.isStop(error), "\(error)")
        #expect(try PropertyListPattern.read(data, file: nil, limits: .default, waveformPaths: .unrestricted).pattern.events.count == 5_000)
    }

    @Test func theOfflineRenderAndCustomAudioStop() throws {
        let folder = try Fixtures.temporaryDirectory()
        try Data(WAVEncoder(format: .int16).encode(channels: [[Float](repeating: 0.5, count: 4_800)], sampleRate: 48_000))
            .write(to: folder.appendingPathComponent("tone.wav"))
        let ahap =
            #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 30}},"#
            + #"{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "tone.wav"}}]}"#
        let file = folder.appendingPathComponent("p.ahap")
        try Data(ahap.utf8).write(to: file)
        let check = Self.cancelled().run { PatternLoader.check(file.path) }
        #expect(check.errors.count == 1 && check.errors.first.map(Self.isStop) == true, "\(check.errors)")
        let pattern = try #require(PatternLoader.check(file.path).loaded).pattern
        let error = try #require(throws: PatternError.self) {
            try Self.cancelled().run { () throws(PatternError) in
                do {
                    _ = try OfflineSimulation.render(pattern, seconds: 30, profile: .simulatedTapticLRA, folder: folder)
                } catch let error as PatternError {
                    throw error
                } catch {
                    Issue.record("\(error)")
                }
            }
        }
        #expect(Self.isStop(error), "\(error)")
        #expect(try OfflineSimulation.render(pattern, seconds: 1, profile: .simulatedTapticLRA, folder: folder).amplitude.count > 0)
    }
}
