import Foundation
import Testing

// App code subclasses Core Haptics' classes: imported Objective-C classes are `open` and their initializers
// designated, so a subclass in the app's module overrides and calls them. This test target is such a module.
#if OPENCOREHAPTICS_COMPATIBILITY_TEST
import CoreHaptics
#else
import OpenCoreHaptics
#endif

/// An AHAP event decoded straight into a `CHHapticEvent` subclass, as an AHAP-decoding package does: its designated
/// `init(from:)` calls the designated `super.init(eventType:parameters:relativeTime:duration:)`.
final class DecodedEvent: CHHapticEvent, Decodable {
    private enum Keys: String, CodingKey {
        case time = "Time"
        case eventType = "EventType"
        case duration = "EventDuration"
        case parameters = "EventParameters"
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let type = CHHapticEvent.EventType(rawValue: try container.decode(String.self, forKey: .eventType))
        let parameters = try container.decodeIfPresent([DecodedParameter].self, forKey: .parameters) ?? []
        let time = try container.decode(TimeInterval.self, forKey: .time)
        if let duration = try container.decodeIfPresent(TimeInterval.self, forKey: .duration) {
            super.init(eventType: type, parameters: parameters, relativeTime: time, duration: duration)
        } else {
            super.init(eventType: type, parameters: parameters, relativeTime: time)
        }
    }
}

/// An AHAP event parameter decoded into a `CHHapticEventParameter` subclass.
final class DecodedParameter: CHHapticEventParameter, Decodable {
    private enum Keys: String, CodingKey {
        case id = "ParameterID"
        case value = "ParameterValue"
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        super.init(
            parameterID: CHHapticEvent.ParameterID(rawValue: try container.decode(String.self, forKey: .id)),
            value: try container.decode(Float.self, forKey: .value))
    }
}

/// An AHAP parameter curve decoded into `CHHapticParameterCurve` and `ControlPoint` subclasses.
final class DecodedCurve: CHHapticParameterCurve, Decodable {
    final class Point: CHHapticParameterCurve.ControlPoint, Decodable {
        private enum Keys: String, CodingKey {
            case time = "Time"
            case value = "ParameterValue"
        }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            super.init(
                relativeTime: try container.decode(TimeInterval.self, forKey: .time),
                value: try container.decode(Float.self, forKey: .value))
        }
    }

    private enum Keys: String, CodingKey {
        case id = "ParameterID"
        case time = "Time"
        case points = "ParameterCurveControlPoints"
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        super.init(
            parameterID: CHHapticDynamicParameter.ID(rawValue: try container.decode(String.self, forKey: .id)),
            controlPoints: try container.decode([Point].self, forKey: .points),
            relativeTime: try container.decode(TimeInterval.self, forKey: .time))
    }
}

/// A subclass with no initializer of its own inherits every designated one, so its convenience `init(from:)` calls
/// `self.init(eventType:parameters:relativeTime:)`.
final class Tap: CHHapticEvent, Decodable {
    required convenience init(from decoder: any Decoder) throws {
        self.init(eventType: .hapticTransient, parameters: [], relativeTime: try decoder.singleValueContainer().decode(TimeInterval.self))
    }
}

/// A dynamic parameter with a note of where it came from, overriding the designated initializer.
final class LabelledControl: CHHapticDynamicParameter {
    private(set) var label = "unlabelled"

    override init(parameterID: CHHapticDynamicParameter.ID, value: Float, relativeTime time: TimeInterval) {
        super.init(parameterID: parameterID, value: value, relativeTime: time)
    }

    init(label: String, value: Float) {
        self.label = label
        super.init(parameterID: .hapticIntensityControl, value: value, relativeTime: 0)
    }
}

/// A pattern that keeps its name, calling the designated `super.init(events:parameters:)`.
final class NamedPattern: CHHapticPattern {
    let name: String

    init(name: String, events: [CHHapticEvent]) throws {
        self.name = name
        try super.init(events: events, parameters: [])
    }
}

/// An engine subclass overriding the designated, throwing `init()`, as a test double of an app does.
final class CountingEngine: CHHapticEngine, @unchecked Sendable {
    private(set) var playersMade = 0

    override init() throws {
        try super.init()
    }

    override func makePlayer(with pattern: CHHapticPattern) throws -> any CHHapticPatternPlayer {
        playersMade += 1
        return try super.makePlayer(with: pattern)
    }
}

@Suite struct SubclassingTests {
    // Computed, not a static let: LeakSanitizer reported the once-initialized Data's storage as a direct leak.
    static var ahap: Data {
        Data(
            #"""
            [{"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.8}]},
             {"Time": 0.1, "EventType": "HapticContinuous", "EventDuration": 0.5, "EventParameters": [{"ParameterID": "HapticSharpness", "ParameterValue": 0.3}]}]
            """#.utf8)
    }

    @Test func decodableSubclassesOfEventsParametersAndCurvesInitializeAndMakeAPattern() throws {
        let events = try JSONDecoder().decode([DecodedEvent].self, from: Self.ahap)
        #expect(events.map(\.type) == [.hapticTransient, .hapticContinuous])
        #expect(events.map(\.relativeTime) == [0, 0.1] && events.map(\.duration) == [0, 0.5])
        let parameter = try #require(events[0].eventParameters.first as? DecodedParameter)
        #expect(parameter.parameterID == .hapticIntensity && parameter.value == 0.8)
        let curve = try JSONDecoder().decode(
            DecodedCurve.self,
            from: Data(
                #"{"ParameterID": "HapticIntensityControl", "Time": 0.1, "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 1}, {"Time": 0.5, "ParameterValue": 0.2}]}"#
                    .utf8))
        #expect(curve.relativeTime == 0.1 && curve.controlPoints.count == 2 && curve.controlPoints.allSatisfy { $0 is DecodedCurve.Point })
        let pattern = try CHHapticPattern(events: events, parameterCurves: [curve])
        #expect(abs(pattern.duration - 0.6) < 1e-9, "\(pattern.duration)")
    }

    @Test func aSubclassWithoutInitializersInheritsThemAll() throws {
        let tap = try JSONDecoder().decode(Tap.self, from: Data("0.25".utf8))
        #expect(tap.type == .hapticTransient && tap.relativeTime == 0.25)
        let sound = Tap(audioResourceID: 7, parameters: [], relativeTime: 0, duration: 0.3)
        #expect(sound.type == .audioCustom && sound.duration == 0.3)
    }

    @Test func subclassesOverrideAndAddDesignatedInitializers() throws {
        let control = LabelledControl(label: "fade", value: 0.5)
        let plain = LabelledControl(parameterID: .hapticSharpnessControl, value: 0.1, relativeTime: 0.2)
        #expect(control.label == "fade" && control.parameterID == .hapticIntensityControl && plain.label == "unlabelled")
        let pattern = try NamedPattern(name: "tap", events: [Tap(eventType: .hapticTransient, parameters: [], relativeTime: 0.5)])
        #expect(pattern.name == "tap" && pattern.duration == 0.5)
        #expect(throws: CHHapticError.self) {
            try NamedPattern(name: "bad", events: [Tap(eventType: .hapticTransient, parameters: [], relativeTime: -1)])
        }
    }

    #if !OPENCOREHAPTICS_COMPATIBILITY_TEST
    @Test func anEngineSubclassOverridesTheThrowingInitAndPlays() async throws {
        try await CHHapticEngine.$taskDeviceSource.withValue(.simulated) {
            let engine = try CountingEngine()
            try await engine.start()
            let player = try engine.makePlayer(
                with: NamedPattern(name: "tap", events: [Tap(eventType: .hapticTransient, parameters: [], relativeTime: 0)]))
            try player.start(atTime: CHHapticTimeImmediate)
            #expect(engine.playersMade == 1)
            try await engine.stop()
        }
    }
    #endif
}
