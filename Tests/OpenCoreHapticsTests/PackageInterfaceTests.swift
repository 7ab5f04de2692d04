// The package-level interface the engine uses: not part of Apple's API, so not a compatibility test.
#if !OPENCOREHAPTICS_COMPATIBILITY_TEST
import Foundation
import HapticPattern
import HapticTestSupport
import OpenCoreHaptics
import Testing

@Suite struct PackageInterfaceTests {
    @Test func patternValueFromObjects() throws {
        let event = CHHapticEvent(
            eventType: .hapticContinuous,
            parameters: [CHHapticEventParameter(parameterID: .hapticIntensity, value: 0.8)],
            relativeTime: 0.5, duration: 1)
        let curve = CHHapticParameterCurve(
            parameterID: .hapticSharpnessControl, controlPoints: [.init(relativeTime: 0, value: -0.3)], relativeTime: 0.2)
        let pattern = try CHHapticPattern(events: [event], parameterCurves: [curve])
        #expect(
            pattern.pattern.entries == [
                .event(Event(type: .hapticContinuous, time: 0.5, duration: 1, parameters: [EventParameter(.hapticIntensity, 0.8)])),
                .curve(ParameterCurve(id: .hapticSharpnessControl, time: 0.2, controlPoints: [ControlPoint(time: 0, value: -0.3)])),
            ])
        #expect(pattern.waveformFolder == nil)
    }

    @Test func audioResourceEventsKeepTheirID() throws {
        let pattern = try CHHapticPattern(
            events: [CHHapticEvent(audioResourceID: 9, parameters: [], relativeTime: 0, duration: 0.5)], parameters: [])
        #expect(pattern.pattern.events.first?.waveform == .resourceID(9))
        #expect(pattern.pattern.events.first?.type == .audioCustom)
    }

    @Test func dictionaryFloatsKeepTheirDecimalForm() throws {
        let pattern = try CHHapticPattern(dictionary: [
            .pattern: [
                [
                    CHHapticPattern.Key.event: [
                        CHHapticPattern.Key.eventType: CHHapticEvent.EventType.hapticTransient,
                        CHHapticPattern.Key.time: Float(0.1),
                    ]
                ]
            ]
        ])
        #expect(pattern.pattern.events.first?.time == 0.1)
    }

    @Test func modelRoundTripThroughObjects() throws {
        let event = Event(type: .audioContinuous, time: 1, duration: 2, parameters: [EventParameter(.audioPan, -1)])
        let object = CHHapticEvent(model: event)
        #expect(try object.model(path: "x") == event)
        let parameter = DynamicParameter(id: .audioPitchControl, value: 0.25, time: 3)
        #expect(try CHHapticDynamicParameter(model: parameter).model(path: "x") == parameter)
        let curve = ParameterCurve(
            id: .audioVolumeControl, time: 1, controlPoints: [ControlPoint(time: 0, value: 1), ControlPoint(time: 1, value: 0)])
        #expect(try CHHapticParameterCurve(model: curve).model(path: "x") == curve)
    }

    @Test func errorCodesMatchTheModel() {
        for code in HapticErrorCode.allCases {
            #expect(CHHapticError.Code(rawValue: code.rawValue) == code, "one table of codes for every layer")
        }
        let error = CHHapticError(
            PatternError(.invalidEventTime, "bad", path: "Pattern[0].Event", location: SourceLocation(line: 2, column: 3), file: "a.ahap"))
        #expect(error.code == .invalidEventTime)
        #expect(error.localizedDescription == "a.ahap:2:3: error: Pattern[0].Event: bad (invalidEventTime, -4822)")
        #expect((error as NSError).userInfo[NSLocalizedFailureReasonErrorKey] as? String == "bad")
    }

    @Test func waveformURLsForFilesAreResolvedInsideTheFolder() throws {
        let knock = Fixtures.ownPattern("Knock.ahap")
        let pattern = try CHHapticPattern(contentsOf: knock)
        #expect(pattern.waveformFolder?.standardizedFileURL == knock.deletingLastPathComponent().standardizedFileURL)
        let url = try pattern.waveformURL(for: "Sounds/Knock.wav")
        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(throws: PatternError.self) { try pattern.waveformURL(for: "../fuzz/FuzzAHAPReader-all-entries-ignored-9bf7bff4.ahap") }
    }

    @Test func waveformURLsForDictionariesResolveAgainstTheWorkingDirectory() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let wav = folder.appendingPathComponent("tone.wav")
        try Data("RIFF".utf8).write(to: wav)
        let pattern = try CHHapticPattern(dictionary: [
            .pattern: [
                [
                    CHHapticPattern.Key.event: [
                        CHHapticPattern.Key.eventType: CHHapticEvent.EventType.audioCustom, CHHapticPattern.Key.time: 0.0,
                        CHHapticPattern.Key.eventWaveformPath: wav.path,
                    ]
                ]
            ]
        ])
        #expect(try pattern.waveformURL(for: wav.path).path == wav.standardizedFileURL.path)
        #expect(pattern.waveformFolder?.path == FileManager.default.currentDirectoryPath)
        #expect(throws: PatternError.self) { try pattern.waveformURL(for: "no-such-file-\(UUID().uuidString).wav") }
    }

    @Test func playableFilesAcceptPropertyLists() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plist: [String: Any] = ["Pattern": [["Event": ["Time": 0.25, "EventType": "HapticTransient"]]]]
        let url = folder.appendingPathComponent("tap.plist")
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(to: url)
        #expect(throws: CHHapticError.self) { try CHHapticPattern(contentsOf: url) }
        #expect(try CHHapticPattern(playableFileAt: url).duration == 0.25)
        let data = Data(#"{"Pattern": [{"Event": {"Time": 0.5, "EventType": "HapticTransient"}}]}"#.utf8)
        #expect(try CHHapticPattern(data: data).duration == 0.5)
    }

    @Test func trailingCommasAreWarnings() throws {
        let recharge = Fixtures.ownPattern("Sloppy.ahap")
        let pattern = try CHHapticPattern(contentsOf: recharge)
        #expect(pattern.warnings.contains { $0.message.lowercased().contains("comma") })
    }
}
#endif
