import Foundation
import Testing

#if OPENCOREHAPTICS_COMPATIBILITY_TEST
import CoreHaptics
#else
import OpenCoreHaptics
#endif

/// `CHHapticPattern(dictionary:)` with the shapes apps use, and the errors for malformed dictionaries.
@Suite struct CHHapticPatternDictionaryTests {
    @Test func appleStyleLiteralWithParametersAndCurves() throws {
        let pattern = try CHHapticPattern(dictionary: [
            .version: 1.0,
            .pattern: [
                [
                    CHHapticPattern.Key.event: [
                        CHHapticPattern.Key.eventType: CHHapticEvent.EventType.hapticContinuous,
                        CHHapticPattern.Key.time: 0.0,
                        CHHapticPattern.Key.eventDuration: 0.5,
                        CHHapticPattern.Key.eventParameters: [
                            [
                                CHHapticPattern.Key.parameterID: CHHapticEvent.ParameterID.hapticIntensity,
                                CHHapticPattern.Key.parameterValue: 0.8,
                            ]
                        ],
                    ]
                ],
                [
                    CHHapticPattern.Key.parameterCurve: [
                        CHHapticPattern.Key.parameterID: CHHapticDynamicParameter.ID.hapticIntensityControl,
                        CHHapticPattern.Key.time: 0.25,
                        CHHapticPattern.Key.parameterCurveControlPoints: [
                            [CHHapticPattern.Key.time: 0, CHHapticPattern.Key.parameterValue: 1.0],
                            [CHHapticPattern.Key.time: 1, CHHapticPattern.Key.parameterValue: 0.0],
                        ],
                    ]
                ],
                [
                    CHHapticPattern.Key.parameter: [
                        CHHapticPattern.Key.parameterID: CHHapticDynamicParameter.ID.hapticSharpnessControl,
                        CHHapticPattern.Key.time: 0.1,
                        CHHapticPattern.Key.parameterValue: -0.2,
                    ]
                ],
            ],
        ])
        #expect(abs(pattern.duration - 1.25) < 1e-9)
        let exported = try pattern.exportDictionary()
        #expect((exported[.pattern] as? [Any])?.count == 3)
    }

    @Test func nestedStringKeyedDictionaries() throws {
        let pattern = try CHHapticPattern(dictionary: [
            .pattern: [
                ["Event": ["EventType": "HapticTransient", "Time": 0.5, "EventDuration": 0.25] as [String: Any]],
                ["Parameter": ["ParameterID": "HapticIntensityControl", "Time": 1, "ParameterValue": 0.5] as [String: Any]],
            ] as [[String: Any]]
        ])
        #expect(abs(pattern.duration - 1.0) < 1e-9)
    }

    @Test func integerAndFloatNumbersAreAccepted() throws {
        let pattern = try CHHapticPattern(dictionary: [
            .version: 1,
            .pattern: [
                [
                    CHHapticPattern.Key.event: [
                        CHHapticPattern.Key.eventType: "HapticContinuous",
                        CHHapticPattern.Key.time: 1,
                        CHHapticPattern.Key.eventDuration: Float(0.5),
                        CHHapticPattern.Key.eventParameters: [
                            [
                                CHHapticPattern.Key.parameterID: "HapticIntensity",
                                CHHapticPattern.Key.parameterValue: Float(0.8),
                            ]
                        ],
                    ]
                ]
            ],
        ])
        #expect(abs(pattern.duration - 1.5) < 1e-9)
    }

    #if !OPENCOREHAPTICS_COMPATIBILITY_TEST
    /// On Linux a `[String: Any]` from `JSONSerialization` cannot be cast to `[CHHapticPattern.Key: Any]`; the
    /// `String`-keyed overload takes it directly.
    @Test func jsonSerializationOutput() throws {
        let json =
            #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0.2, "EventType": "HapticTransient", "EventDuration": 0.3, "EventParameters": [{"ParameterID": "HapticSharpness", "ParameterValue": 0.1}]}}, {"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "a.wav", "EventWaveformLoopEnabled": true, "EventDuration": 1}}]}"#
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        let dictionary = try #require(object as? [String: Any])
        let pattern = try CHHapticPattern(dictionary: dictionary)
        #expect(abs(pattern.duration - 1.0) < 1e-9)
    }

    /// The `EventTime` alias (an OpenCoreHaptics tolerance) never beats `Time`, whichever a dictionary yields first:
    /// found by the pattern-dictionary fuzzer, where the file read 3599.90000001 s and the same dictionary 3599.999999 s.
    @Test func theTimeKeyWinsOverTheEventTimeAlias() throws {
        let json = #"{"Pattern":[{"Event":{"Time":3599.999999,"EventType":"HapticTransient","EventTime":3599.90000001}}]}"#
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        let pattern = try CHHapticPattern(dictionary: try #require(object as? [String: Any]))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("time-alias-\(getpid()).ahap")
        try Data(json.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let read = try CHHapticPattern(contentsOf: file)
        #expect(pattern.duration == read.duration)
        #expect(abs(pattern.duration - 3599.999999) < 1e-6, "Time, not EventTime: \(pattern.duration)")
    }
    #endif

    // MARK: Errors

    private func code(_ dictionary: [CHHapticPattern.Key: Any]) -> Int? {
        do {
            _ = try CHHapticPattern(dictionary: dictionary)
            return nil
        } catch {
            return (error as NSError).code
        }
    }

    private func event(_ fields: [CHHapticPattern.Key: Any]) -> [CHHapticPattern.Key: Any] {
        [.pattern: [[CHHapticPattern.Key.event: fields]]]
    }

    @Test func malformedDictionariesGiveApplesCodes() {
        #expect(code([:]) == -4814)
        #expect(code([.pattern: "not an array"]) == -4814)
        #expect(code([.pattern: [Any]()]) == -4814)
        #expect(code([.pattern: [42]]) == -4814)
        #expect(
            code([
                .version: 2.0,
                .pattern: [[CHHapticPattern.Key.event: [CHHapticPattern.Key.eventType: "HapticTransient", CHHapticPattern.Key.time: 0.0]]],
            ]) == -4809)
        #expect(code(event([.time: 0.0])) == -4830)
        #expect(code(event([.eventType: 5, .time: 0.0])) == -4830)
        #expect(code(event([.eventType: "HapticBuzz", .time: 0.0])) == -4821)
        #expect(code(event([.eventType: CHHapticEvent.EventType.hapticTransient])) == -4822)
        #expect(code(event([.eventType: CHHapticEvent.EventType.hapticTransient, .time: -1.0])) == -4822)
        #expect(code(event([.eventType: CHHapticEvent.EventType.hapticTransient, .time: "soon"])) == -4822)
        #expect(code(event([.eventType: CHHapticEvent.EventType.hapticContinuous, .time: 0.0, .eventDuration: -1.0])) == -4823)
        #expect(code(event([.eventType: CHHapticEvent.EventType.audioCustom, .time: 0.0])) == -4830)
        #expect(
            code(
                event([
                    .eventType: CHHapticEvent.EventType.hapticTransient, .time: 0.0,
                    .eventParameters: [[CHHapticPattern.Key.parameterID: "HapticIntensity"]],
                ])) == -4831)
        #expect(
            code(
                event([
                    .eventType: CHHapticEvent.EventType.hapticTransient, .time: 0.0,
                    .eventParameters: [[CHHapticPattern.Key.parameterID: "Loudness", CHHapticPattern.Key.parameterValue: 1.0]],
                ])) == -4820)
        #expect(
            code([
                .pattern: [
                    [
                        CHHapticPattern.Key.parameter: [
                            CHHapticPattern.Key.parameterID: CHHapticDynamicParameter.ID.hapticIntensityControl,
                            CHHapticPattern.Key.parameterValue: 1.0,
                        ]
                    ]
                ]
            ]) == -4831)
        #expect(
            code([
                .pattern: [
                    [
                        CHHapticPattern.Key.parameterCurve: [
                            CHHapticPattern.Key.parameterID: CHHapticDynamicParameter.ID.hapticReleaseTimeControl,
                            CHHapticPattern.Key.time: 0.0,
                            CHHapticPattern.Key.parameterCurveControlPoints: [
                                [CHHapticPattern.Key.time: 0.0, CHHapticPattern.Key.parameterValue: 0.0]
                            ],
                        ]
                    ]
                ]
            ]) == -4820)
    }

    @Test func catchSyntaxOnDictionaryErrors() {
        var matched = false
        do {
            _ = try CHHapticPattern(dictionary: [.version: 1.0])
        } catch CHHapticError.invalidPatternDictionary {
            matched = true
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(matched)
    }

    #if !OPENCOREHAPTICS_COMPATIBILITY_TEST
    @Test func dictionaryErrorsNameThePath() throws {
        do {
            _ = try CHHapticPattern(dictionary: [
                .pattern: [
                    [CHHapticPattern.Key.event: [CHHapticPattern.Key.eventType: "HapticTransient", CHHapticPattern.Key.time: 0.0]],
                    [
                        CHHapticPattern.Key.event: [
                            CHHapticPattern.Key.eventType: "HapticTransient", CHHapticPattern.Key.time: 0.0,
                            CHHapticPattern.Key.eventParameters: [
                                [CHHapticPattern.Key.parameterID: "Nope", CHHapticPattern.Key.parameterValue: 1]
                            ],
                        ]
                    ],
                ]
            ])
            Issue.record("expected an error")
        } catch let error as CHHapticError {
            #expect(error.code == .invalidParameterType)
            #expect(error.underlyingPatternError?.path == "Pattern[1].Event.EventParameters[0]")
            #expect(error.localizedDescription.contains("Pattern[1].Event.EventParameters[0]"))
        }
    }
    #endif

    /// Found by FuzzPatternDictionary: a pattern whose `Metadata` is not a dictionary lost it on export (it was
    /// replaced by the folder entry an export adds for relative waveform paths).
    @Test func metadataThatIsNotADictionarySurvivesTheExport() throws {
        let pattern = try CHHapticPattern(dictionary: [
            .version: 1.0, CHHapticPattern.Key(rawValue: "Metadata"): "AudioCustom",
            .pattern: [
                [
                    CHHapticPattern.Key.event: [
                        CHHapticPattern.Key.time: 0.0, CHHapticPattern.Key.eventType: CHHapticEvent.EventType.audioCustom.rawValue,
                        CHHapticPattern.Key.eventWaveformPath: "sounds/tap.wav",
                    ] as [CHHapticPattern.Key: Any]
                ]
            ],
        ])
        let exported = try pattern.exportDictionary()
        #expect(exported[CHHapticPattern.Key(rawValue: "Metadata")] as? String == "AudioCustom")
    }
}
