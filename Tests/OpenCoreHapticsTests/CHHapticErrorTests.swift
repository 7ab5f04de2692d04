import Foundation
import Testing

#if OPENCOREHAPTICS_COMPATIBILITY_TEST
import CoreHaptics
#else
import OpenCoreHaptics
#endif

/// `CHHapticError`: codes, raw values, pattern matching and `NSError` bridging, and the errors patterns built in code
/// produce.
@Suite struct CHHapticErrorTests {
    @Test func codeRawValuesMatchApple() {
        let expected: [(CHHapticError.Code, Int)] = [
            (.engineNotRunning, -4805), (.operationNotPermitted, -4806), (.engineStartTimeout, -4808),
            (.notSupported, -4809), (.serverInitFailed, -4810), (.serverInterrupted, -4811),
            (.invalidPatternPlayer, -4812), (.invalidPatternData, -4813), (.invalidPatternDictionary, -4814),
            (.invalidAudioSession, -4815), (.invalidEngineParameter, -4816), (.invalidParameterType, -4820),
            (.invalidEventType, -4821), (.invalidEventTime, -4822), (.invalidEventDuration, -4823),
            (.invalidAudioResource, -4824), (.resourceNotAvailable, -4825), (.badEventEntry, -4830),
            (.badParameterEntry, -4831), (.invalidTime, -4840), (.fileNotFound, -4851),
            (.insufficientPower, -4897), (.unknownError, -4898), (.memoryError, -4899),
        ]
        for (code, raw) in expected {
            #expect(code.rawValue == raw)
            #expect(CHHapticError.Code(rawValue: raw) == code)
        }
        #expect(CHHapticError.invalidEventTime == CHHapticError.Code.invalidEventTime)
        #expect(CHHapticError.errorDomain == "com.apple.CoreHaptics")
    }

    @Test func catchPatternsMatchByCode() throws {
        let bad = CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: -1)
        var caught = false
        do {
            _ = try CHHapticPattern(events: [bad], parameters: [])
        } catch CHHapticError.invalidEventDuration {
            Issue.record("wrong code matched")
        } catch CHHapticError.invalidEventTime {
            caught = true
        }
        #expect(caught)
    }

    @Test func errorsBridgeToNSError() throws {
        let bad = CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: -1)
        do {
            _ = try CHHapticPattern(events: [bad], parameters: [])
            Issue.record("expected an error")
        } catch {
            let nsError = error as NSError
            #expect(nsError.domain == CoreHapticsErrorDomain)
            #expect(nsError.code == -4822)
            let chError = try #require(error as? CHHapticError)
            #expect(chError.code == .invalidEventTime)
            #expect(chError.errorCode == -4822)
            switch error {
            case CHHapticError.invalidEventTime: break
            default: Issue.record("switch did not match")
            }
        }
    }

    @Test func handMadeErrorsCarryTheirCode() {
        let error: any Error = CHHapticError(.engineNotRunning)
        #expect((error as NSError).code == -4805)
        #expect((error as NSError).domain == "com.apple.CoreHaptics")
        let matched: Bool
        switch error {
        case CHHapticError.engineNotRunning: matched = true
        default: matched = false
        }
        #expect(matched)
    }

    // MARK: Patterns built in code

    private func code(_ body: () throws -> Void) -> Int? {
        do {
            try body()
            return nil
        } catch {
            #expect(error is CHHapticError)
            return (error as NSError).code
        }
    }

    private func events(_ events: [CHHapticEvent]) -> Int? {
        code { _ = try CHHapticPattern(events: events, parameters: []) }
    }

    @Test func badEventTimesAndDurations() {
        #expect(events([CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: -0.1)]) == -4822)
        #expect(events([CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: .nan)]) == -4822)
        #expect(events([CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: .infinity)]) == -4822)
        #expect(events([CHHapticEvent(eventType: .hapticContinuous, parameters: [], relativeTime: 0, duration: -1)]) == -4823)
        #expect(events([CHHapticEvent(eventType: .hapticContinuous, parameters: [], relativeTime: 0, duration: .nan)]) == -4823)
        // The second event is the bad one; the first must not hide it.
        #expect(
            events([
                CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0),
                CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: -2),
            ]) == -4822)
    }

    @Test func unknownTypesAndParameters() {
        let unknownType = CHHapticEvent.EventType(rawValue: "HapticBuzz")
        #expect(events([CHHapticEvent(eventType: unknownType, parameters: [], relativeTime: 0)]) == -4821)

        let unknownParameter = CHHapticEventParameter(parameterID: CHHapticEvent.ParameterID(rawValue: "HapticLoudness"), value: 1)
        #expect(events([CHHapticEvent(eventType: .hapticTransient, parameters: [unknownParameter], relativeTime: 0)]) == -4820)

        let audioOnHaptic = CHHapticEventParameter(parameterID: .audioVolume, value: 1)
        #expect(events([CHHapticEvent(eventType: .hapticContinuous, parameters: [audioOnHaptic], relativeTime: 0, duration: 1)]) == -4820)

        let hapticOnAudio = CHHapticEventParameter(parameterID: .hapticIntensity, value: 1)
        #expect(events([CHHapticEvent(audioResourceID: 1, parameters: [hapticOnAudio], relativeTime: 0)]) == -4820)

        let nanValue = CHHapticEventParameter(parameterID: .hapticIntensity, value: .nan)
        #expect(events([CHHapticEvent(eventType: .hapticTransient, parameters: [nanValue], relativeTime: 0)]) == -4831)
    }

    @Test func outOfRangeValuesAreClampedNotRejected() throws {
        let loud = CHHapticEventParameter(parameterID: .hapticIntensity, value: 7)
        let pattern = try CHHapticPattern(
            events: [CHHapticEvent(eventType: .hapticTransient, parameters: [loud], relativeTime: 0)],
            parameters: [CHHapticDynamicParameter(parameterID: .hapticSharpnessControl, value: -3, relativeTime: 0)])
        #expect(pattern.duration == 0)
    }

    @Test func badDynamicParametersAndCurves() {
        let tap = CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0)
        #expect(
            code {
                _ = try CHHapticPattern(
                    events: [tap],
                    parameters: [
                        CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 1, relativeTime: -1)
                    ])
            } == -4822)
        #expect(
            code {
                _ = try CHHapticPattern(
                    events: [tap],
                    parameters: [
                        CHHapticDynamicParameter(
                            parameterID: CHHapticDynamicParameter.ID(rawValue: "HapticIntensity"), value: 1, relativeTime: 0)
                    ])
            } == -4820)
        #expect(
            code {
                _ = try CHHapticPattern(
                    events: [tap],
                    parameterCurves: [
                        CHHapticParameterCurve(
                            parameterID: .hapticAttackTimeControl,
                            controlPoints: [.init(relativeTime: 0, value: 0)], relativeTime: 0)
                    ])
            } == -4820)
        #expect(
            code {
                _ = try CHHapticPattern(
                    events: [tap],
                    parameterCurves: [
                        CHHapticParameterCurve(
                            parameterID: .hapticIntensityControl,
                            controlPoints: [.init(relativeTime: .nan, value: 0)], relativeTime: 0)
                    ])
            } == -4831)
        #expect(
            code {
                _ = try CHHapticPattern(
                    events: [tap],
                    parameterCurves: [
                        CHHapticParameterCurve(
                            parameterID: .hapticIntensityControl,
                            controlPoints: [.init(relativeTime: 0, value: 0)], relativeTime: -0.5)
                    ])
            } == -4822)
    }

    #if !OPENCOREHAPTICS_COMPATIBILITY_TEST
    @Test func messagesNamePathAndKeepThePatternError() throws {
        let bad = CHHapticEventParameter(parameterID: .audioPan, value: 0)
        let events = [
            CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0),
            CHHapticEvent(eventType: .hapticTransient, parameters: [bad], relativeTime: 0),
        ]
        do {
            _ = try CHHapticPattern(events: events, parameters: [])
            Issue.record("expected an error")
        } catch let error as CHHapticError {
            #expect(error.underlyingPatternError?.path == "Pattern[1].Event.EventParameters[0]")
            let message = try #require(error.errorUserInfo[NSLocalizedDescriptionKey] as? String)
            #expect(message.contains("Pattern[1].Event.EventParameters[0]"))
            #expect(message.contains("AudioPan"))
            #expect(error.localizedDescription == message)
            #expect((error as NSError).localizedDescription == message)
        }
    }
    #endif
}
