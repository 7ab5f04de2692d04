// CHHapticPattern(contentsOfAudioAt:options:) is an OpenCoreHaptics extension, not part of Apple's API.
#if !OPENCOREHAPTICS_COMPATIBILITY_TEST
import Foundation
import HapticTestSupport
import OpenCoreHaptics
import Testing

@Suite struct CHHapticPatternAudioTests {
    @Test func aSoundBecomesAPatternThatPlaysItsHits() throws {
        var audio = SyntheticAudio(seconds: 1.5)
        for time in [0.2, 0.6, 1.0] { audio.addNoiseBurst(at: time, amplitude: 0.8) }
        let url = try Fixtures.temporaryDirectory().appendingPathComponent("knocks.wav")
        try AudioFixtures.writeWAV(audio.samples, to: url)

        var options = CHHapticPattern.AudioAnalysisOptions()
        options.content = .transientsOnly
        let pattern = try CHHapticPattern(contentsOfAudioAt: url, options: options)
        let rig = EngineTestRig(seconds: 2)
        try rig.engine.start()
        try rig.engine.makePlayer(with: pattern).start(atTime: 0)
        rig.advance(to: 1.5)
        let onsets = rig.onsets
        #expect(onsets.count == 3, "\(onsets)")
        for (found, truth) in zip(onsets, [0.2, 0.6, 1.0]) { #expect(abs(found - truth) <= 0.015, "\(onsets)") }
    }

    @Test func problemsAreCoreHapticsErrors() throws {
        let folder = try Fixtures.temporaryDirectory()
        func code(_ url: URL, _ options: CHHapticPattern.AudioAnalysisOptions = .init()) -> CHHapticError.Code? {
            do {
                _ = try CHHapticPattern(contentsOfAudioAt: url, options: options)
                return nil
            } catch {
                return (error as? CHHapticError)?.code
            }
        }
        #expect(code(folder.appendingPathComponent("missing.wav")) == .fileNotFound)
        let text = folder.appendingPathComponent("text.wav")
        try Data("not a sound".utf8).write(to: text)
        #expect(code(text) == .invalidAudioResource)
        let silence = folder.appendingPathComponent("silence.wav")
        try AudioFixtures.writeWAV([Float](repeating: 0, count: 48_000), to: silence)
        #expect(code(silence, .init(sensitivity: 3)) == .badParameterEntry)
        // Silence is not an error: a pattern without events.
        #expect(try CHHapticPattern(contentsOfAudioAt: silence).duration == 0)
    }
}
#endif
