import Foundation
import Testing

#if OPENCOREHAPTICS_COMPATIBILITY_TEST
import CoreHaptics
#else
import OpenCoreHaptics
#endif

/// `CHHapticPattern` built from objects and dictionary literals, written the way an iOS app writes it.
@Suite struct CHHapticPatternTests {
    @Test func seedDictionaryLiteralCompilesAndLoads() throws {
        let pattern = try CHHapticPattern(dictionary: [
            CHHapticPattern.Key.pattern: [
                [
                    CHHapticPattern.Key.event: [
                        CHHapticPattern.Key.eventType: CHHapticEvent.EventType.hapticTransient,
                        CHHapticPattern.Key.time: 0.001,
                        CHHapticPattern.Key.eventDuration: 1.0,
                    ]
                ]
            ]
        ])
        #expect(abs(pattern.duration - 1.001) < 1e-9)
    }

    @Test func patternFromEventsAndParameters() throws {
        let tap = CHHapticEvent(
            eventType: .hapticTransient,
            parameters: [
                CHHapticEventParameter(parameterID: .hapticIntensity, value: 1.0),
                CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.3),
            ],
            relativeTime: 0)
        let buzz = CHHapticEvent(
            eventType: .hapticContinuous,
            parameters: [CHHapticEventParameter(parameterID: .hapticIntensity, value: 0.5)],
            relativeTime: 0.1, duration: 0.5)
        let dim = CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.4, relativeTime: 0.3)
        let pattern = try CHHapticPattern(events: [tap, buzz], parameters: [dim])
        #expect(abs(pattern.duration - 0.6) < 1e-9)

        let exported = try pattern.exportDictionary()
        let entries = try #require(exported[.pattern] as? [Any])
        #expect(entries.count == 3)
    }

    @Test func patternFromEventsAndCurves() throws {
        let buzz = CHHapticEvent(eventType: .hapticContinuous, parameters: [], relativeTime: 0, duration: 1)
        let fade = CHHapticParameterCurve(
            parameterID: .hapticIntensityControl,
            controlPoints: [
                CHHapticParameterCurve.ControlPoint(relativeTime: 0, value: 1),
                CHHapticParameterCurve.ControlPoint(relativeTime: 1.5, value: 0),
            ],
            relativeTime: 0.5)
        let pattern = try CHHapticPattern(events: [buzz], parameterCurves: [fade])
        // The curve ends at 0.5 + 1.5 = 2.0 s, after the event.
        #expect(abs(pattern.duration - 2.0) < 1e-9)
    }

    @Test func emptyArraysMakeAnEmptyPattern() throws {
        let pattern = try CHHapticPattern(events: [], parameters: [])
        #expect(pattern.duration == 0)
        let curves = try CHHapticPattern(events: [], parameterCurves: [])
        #expect(curves.duration == 0)
    }

    @Test func laterChangesToEventObjectsDoNotAffectThePattern() throws {
        let intensity = CHHapticEventParameter(parameterID: .hapticIntensity, value: 0.2)
        let event = CHHapticEvent(eventType: .hapticTransient, parameters: [intensity], relativeTime: 0.25, duration: 0.5)
        let dim = CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.4, relativeTime: 0.1)
        let pattern = try CHHapticPattern(events: [event], parameters: [dim])
        event.relativeTime = 5
        event.duration = 5
        intensity.value = 1
        dim.relativeTime = 20
        #expect(abs(pattern.duration - 0.75) < 1e-9)
        let exported = try pattern.exportDictionary()
        let entries = try #require(exported[.pattern] as? [[String: Any]])
        let first = try #require(entries[0]["Event"] as? [String: Any])
        #expect(first["Time"] as? Double == 0.25)
        let parameters = try #require(first["EventParameters"] as? [[String: Any]])
        #expect(parameters[0]["ParameterValue"] as? Double == 0.2)
    }

    // MARK: Duration semantics

    @Test func transientDurationPadsThePattern() throws {
        let bare = CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0.3)
        #expect(abs(try CHHapticPattern(events: [bare], parameters: []).duration - 0.3) < 1e-9)
        let padded = CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0.5, duration: 1)
        #expect(abs(try CHHapticPattern(events: [padded], parameters: []).duration - 1.5) < 1e-9)
    }

    @Test func sustainedContinuousEventsIncludeTheirReleaseTail() throws {
        let plain = CHHapticEvent(eventType: .hapticContinuous, parameters: [], relativeTime: 0.2, duration: 1)
        #expect(abs(try CHHapticPattern(events: [plain], parameters: []).duration - 1.2) < 1e-9)

        // ReleaseTime 0.5 adds 0.02·2^(8·0.5) − 0.04 = 0.28 s.
        let released = CHHapticEvent(
            eventType: .hapticContinuous,
            parameters: [CHHapticEventParameter(parameterID: .releaseTime, value: 0.5)],
            relativeTime: 0.2, duration: 1)
        #expect(abs(try CHHapticPattern(events: [released], parameters: []).duration - 1.48) < 1e-9)

        // Release applies to audio continuous events too.
        let tone = CHHapticEvent(
            eventType: .audioContinuous,
            parameters: [CHHapticEventParameter(parameterID: .releaseTime, value: 1)],
            relativeTime: 0, duration: 2)
        #expect(abs(try CHHapticPattern(events: [tone], parameters: []).duration - (2 + 5.12 - 0.04)) < 1e-9)
    }

    @Test func continuousDurationIsCappedAtThirtySeconds() throws {
        let long = CHHapticEvent(eventType: .hapticContinuous, parameters: [], relativeTime: 1, duration: 45)
        #expect(abs(try CHHapticPattern(events: [long], parameters: []).duration - 31) < 1e-9)
    }

    @Test func parametersExtendTheDuration() throws {
        let tap = CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0)
        let late = CHHapticDynamicParameter(parameterID: .hapticSharpnessControl, value: 0.2, relativeTime: 2)
        #expect(abs(try CHHapticPattern(events: [tap], parameters: [late]).duration - 2) < 1e-9)
    }

    // MARK: exportDictionary

    @Test func exportDictionaryRoundTrips() throws {
        let events = [
            CHHapticEvent(
                eventType: .hapticTransient,
                parameters: [CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.8)],
                relativeTime: 0.05),
            CHHapticEvent(
                eventType: .hapticContinuous,
                parameters: [
                    CHHapticEventParameter(parameterID: .sustained, value: 1),
                    CHHapticEventParameter(parameterID: .releaseTime, value: 0.25),
                ],
                relativeTime: 0.1, duration: 0.75),
            CHHapticEvent(
                eventType: .audioContinuous,
                parameters: [CHHapticEventParameter(parameterID: .audioPitch, value: -0.5)],
                relativeTime: 0.2, duration: 0.3),
        ]
        let curve = CHHapticParameterCurve(
            parameterID: .audioVolumeControl,
            controlPoints: [.init(relativeTime: 0, value: 0.5), .init(relativeTime: 0.25, value: 1)],
            relativeTime: 0.1)
        let original = try CHHapticPattern(events: events, parameterCurves: [curve])
        let exported = try original.exportDictionary()
        #expect(exported[.version] as? Double == 1.0)

        let copy = try CHHapticPattern(dictionary: exported)
        #expect(copy.duration == original.duration)
        let again = try copy.exportDictionary()
        #expect(try canonicalJSON(again) == canonicalJSON(exported))
        #expect(try canonicalJSON(exported).contains(#""ParameterID":"AudioVolumeControl""#))
    }

    @Test func exportingAnAudioResourceEventIsNotPermitted() throws {
        let sound = CHHapticEvent(audioResourceID: 7, parameters: [], relativeTime: 0)
        let pattern = try CHHapticPattern(events: [sound], parameters: [])
        #expect(throws: CHHapticError.self) { try pattern.exportDictionary() }
        do {
            _ = try pattern.exportDictionary()
            Issue.record("export should fail")
        } catch CHHapticError.operationNotPermitted {
            // expected
        }
    }

    @Test func audioResourceEventsWithADuration() throws {
        let sound = CHHapticEvent(audioResourceID: 3, parameters: [], relativeTime: 0.5, duration: 0.25)
        #expect(sound.type == .audioCustom)
        #expect(abs(try CHHapticPattern(events: [sound], parameters: []).duration - 0.75) < 1e-9)
    }

    /// The dictionary as JSON with sorted keys, so two exports can be compared.
    private func canonicalJSON(_ dictionary: [CHHapticPattern.Key: Any]) throws -> String {
        var stringKeyed: [String: Any] = [:]
        for (key, value) in dictionary { stringKeyed[key.rawValue] = value }
        let data = try JSONSerialization.data(withJSONObject: stringKeyed, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
