import Foundation
import Testing

#if OPENCOREHAPTICS_COMPATIBILITY_TEST
import CoreHaptics
#else
import OpenCoreHaptics
#endif

/// Names, raw values and initializers of the event, parameter and curve classes.
@Suite struct CHHapticEventTests {
    @Test func eventTypeRawValues() {
        #expect(CHHapticEvent.EventType.hapticTransient.rawValue == "HapticTransient")
        #expect(CHHapticEvent.EventType.hapticContinuous.rawValue == "HapticContinuous")
        #expect(CHHapticEvent.EventType.audioContinuous.rawValue == "AudioContinuous")
        #expect(CHHapticEvent.EventType.audioCustom.rawValue == "AudioCustom")
        #expect(CHHapticEvent.EventType(rawValue: "HapticTransient") == .hapticTransient)
    }

    @Test func eventParameterIDRawValues() {
        let ids: [(CHHapticEvent.ParameterID, String)] = [
            (.hapticIntensity, "HapticIntensity"), (.hapticSharpness, "HapticSharpness"),
            (.attackTime, "AttackTime"), (.decayTime, "DecayTime"), (.releaseTime, "ReleaseTime"),
            (.sustained, "Sustained"), (.audioVolume, "AudioVolume"), (.audioPitch, "AudioPitch"),
            (.audioPan, "AudioPan"), (.audioBrightness, "AudioBrightness"),
        ]
        for (id, raw) in ids { #expect(id.rawValue == raw) }
        #expect(Set(ids.map(\.0)).count == 10)
    }

    @Test func dynamicParameterIDRawValues() {
        let ids: [(CHHapticDynamicParameter.ID, String)] = [
            (.hapticIntensityControl, "HapticIntensityControl"), (.hapticSharpnessControl, "HapticSharpnessControl"),
            (.hapticAttackTimeControl, "HapticAttackTimeControl"), (.hapticDecayTimeControl, "HapticDecayTimeControl"),
            (.hapticReleaseTimeControl, "HapticReleaseTimeControl"), (.audioVolumeControl, "AudioVolumeControl"),
            (.audioPanControl, "AudioPanControl"), (.audioBrightnessControl, "AudioBrightnessControl"),
            (.audioPitchControl, "AudioPitchControl"), (.audioAttackTimeControl, "AudioAttackTimeControl"),
            (.audioDecayTimeControl, "AudioDecayTimeControl"), (.audioReleaseTimeControl, "AudioReleaseTimeControl"),
        ]
        for (id, raw) in ids { #expect(id.rawValue == raw) }
        #expect(Set(ids.map(\.0)).count == 12)
        // An ID made at run time from a string (a decoded file, another language's bridge) is the same value as
        // Apple's constant: equal, the same hash, the same control when played.
        for (id, raw) in ids {
            let made = CHHapticDynamicParameter.ID(rawValue: String(decoding: Array(raw.utf8), as: UTF8.self))
            #expect(made == id && made.hashValue == id.hashValue && made.model == id.model && made.model != nil)
        }
        #expect(CHHapticDynamicParameter.ID(rawValue: "HapticIntensity").model == nil, "an event parameter is not a control")
    }

    @Test func patternKeyRawValues() {
        let keys: [(CHHapticPattern.Key, String)] = [
            (.version, "Version"), (.pattern, "Pattern"), (.event, "Event"), (.eventType, "EventType"),
            (.time, "Time"), (.eventDuration, "EventDuration"), (.eventWaveformPath, "EventWaveformPath"),
            (.eventParameters, "EventParameters"), (.parameter, "Parameter"), (.parameterID, "ParameterID"),
            (.parameterValue, "ParameterValue"), (.parameterCurve, "ParameterCurve"),
            (.parameterCurveControlPoints, "ParameterCurveControlPoints"),
            (.eventWaveformUseVolumeEnvelope, "EventWaveformUseVolumeEnvelope"),
            (.eventWaveformLoopEnabled, "EventWaveformLoopEnabled"),
        ]
        for (key, raw) in keys { #expect(key.rawValue == raw) }
        #expect(Set(keys.map(\.0)).count == 15)
    }

    @Test func eventInitializersAndProperties() {
        let parameter = CHHapticEventParameter(parameterID: .hapticIntensity, value: 0.6)
        let transient = CHHapticEvent(eventType: .hapticTransient, parameters: [parameter], relativeTime: 0.2)
        #expect(transient.type == .hapticTransient)
        #expect(transient.eventParameters.count == 1)
        #expect(transient.eventParameters[0].parameterID == .hapticIntensity)
        #expect(transient.eventParameters[0].value == 0.6)
        #expect(transient.relativeTime == 0.2)
        #expect(transient.duration == 0)

        let continuous = CHHapticEvent(eventType: .hapticContinuous, parameters: [], relativeTime: 0, duration: 2)
        #expect(continuous.duration == 2)
        continuous.duration = 3
        continuous.relativeTime = 1
        #expect(continuous.duration == 3)
        #expect(continuous.relativeTime == 1)

        let audio = CHHapticEvent(audioResourceID: 42, parameters: [], relativeTime: 0.5)
        #expect(audio.type == .audioCustom)
        #expect(audio.duration == 0)
        let trimmed = CHHapticEvent(audioResourceID: 42, parameters: [], relativeTime: 0.5, duration: 0.1)
        #expect(trimmed.duration == 0.1)

        parameter.value = 0.9
        #expect(transient.eventParameters[0].value == 0.9)
    }

    @Test func dynamicParameterAndCurveProperties() {
        let control = CHHapticDynamicParameter(parameterID: .audioPanControl, value: -0.5, relativeTime: 1)
        #expect(control.parameterID == .audioPanControl)
        #expect(control.value == -0.5)
        control.value = 0.5
        control.relativeTime = 2
        #expect(control.value == 0.5 && control.relativeTime == 2)

        let point = CHHapticParameterCurve.ControlPoint(relativeTime: 0.25, value: 0.75)
        #expect(point.relativeTime == 0.25 && point.value == 0.75)
        let curve = CHHapticParameterCurve(parameterID: .hapticSharpnessControl, controlPoints: [point], relativeTime: 0.5)
        #expect(curve.parameterID == .hapticSharpnessControl)
        #expect(curve.controlPoints.count == 1)
        #expect(curve.relativeTime == 0.5)
        curve.relativeTime = 1
        #expect(curve.relativeTime == 1)
    }

    @Test func constants() {
        #expect(CHHapticTimeImmediate == 0)
        #expect(CoreHapticsErrorDomain == "com.apple.CoreHaptics")
        #expect(CHHapticAudioResourceKeyUseVolumeEnvelope == "CHHapticAudioResourceKeyUseVolumeEnvelope")
        #expect(CHHapticAudioResourceKeyLoopEnabled == "CHHapticAudioResourceKeyLoopEnabled")
        let id: CHHapticAudioResourceID = 5
        #expect(id == 5)
    }
}
