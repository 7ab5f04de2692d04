import Foundation
import HapticTestSupport
import Testing

#if OPENCOREHAPTICS_COMPATIBILITY_TEST
import CoreHaptics
#else
import OpenCoreHaptics
#endif

/// `CHHapticPattern.duration` counts an `AudioCustom` event without `EventDuration` for the length of its audio.
@Suite struct CHHapticPatternDurationTests {
    let knockWAV = Fixtures.ownFixtures.appendingPathComponent("ahap/Sounds/Knock.wav")  // 300 ms

    @Test func aFileOfCustomAudioLastsAsLongAsItsSounds() throws {
        // Knock.wav (300 ms) at 0.1 s, Sweep.wav (500 ms) at 0.25 s, Knock.wav cut to 100 ms at 0.5 s.
        let pattern = try CHHapticPattern(contentsOf: Fixtures.ownPattern("AudioOnly.json"))
        #expect(abs(pattern.duration - 0.75) < 1e-9, "\(pattern.duration)")
    }

    @Test func aDictionaryCountsTheFilesItNames() throws {
        let pattern = try CHHapticPattern(dictionary: [
            "Pattern": [["Event": ["Time": 0.2, "EventType": "AudioCustom", "EventWaveformPath": knockWAV.path]]]
        ])
        #expect(abs(pattern.duration - 0.5) < 1e-9, "\(pattern.duration)")
        // An EventDuration wins over the file's length, shorter or longer (the sound is cut or padded).
        for (given, expected) in [(0.1, 0.3), (2.0, 2.2)] {
            let cut = try CHHapticPattern(dictionary: [
                "Pattern": [
                    ["Event": ["Time": 0.2, "EventType": "AudioCustom", "EventWaveformPath": knockWAV.path, "EventDuration": given]]
                ]
            ])
            #expect(abs(cut.duration - expected) < 1e-9)
        }
    }

    @Test func unknownLengthsCountOnlyTheAuthoredDuration() throws {
        // A path that names no file (making a player reports it) and a resource ID the pattern cannot look up (it
        // belongs to an engine): neither length is known when the pattern is made.
        let missing = try CHHapticPattern(dictionary: [
            "Pattern": [["Event": ["Time": 0.2, "EventType": "AudioCustom", "EventWaveformPath": "/nonexistent/och-missing.wav"]]]
        ])
        #expect(abs(missing.duration - 0.2) < 1e-9)
        let resource = CHHapticEvent(audioResourceID: 7, parameters: [], relativeTime: 0.4)
        #expect(abs(try CHHapticPattern(events: [resource], parameters: []).duration - 0.4) < 1e-9)
        let padded = CHHapticEvent(audioResourceID: 7, parameters: [], relativeTime: 0.4, duration: 0.25)
        #expect(abs(try CHHapticPattern(events: [padded], parameters: []).duration - 0.65) < 1e-9)
    }
}
