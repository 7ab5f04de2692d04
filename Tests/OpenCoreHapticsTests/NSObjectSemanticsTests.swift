import Foundation
import Testing

// Written the way iOS code is written; on Apple platforms the same lines compile against Core Haptics, whose classes
// are NSObjects: equal only to themselves, hashed by identity, with a description.
#if OPENCOREHAPTICS_COMPATIBILITY_TEST
import CoreHaptics
#else
import HapticDevices
import OpenCoreHaptics
#endif

/// Core Haptics' classes behave as `NSObject`s: `==` and `isEqual(_:)` are identity, `hash` follows it, objects are
/// dictionary keys and set members, and `description` names the class.
@Suite struct NSObjectSemanticsTests {
    /// Whether `value` is an `NSObject` (asked at run time).
    func isNSObject(_ value: Any) -> Bool { value is NSObject }

    /// Two objects made alike, and checks that they are equal only to themselves, as NSObjects are.
    func expectIdentitySemantics<Object: NSObjectProtocol & Hashable>(
        _ first: Object, _ twin: Object, className: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(first == first && first != twin, sourceLocation: sourceLocation)
        #expect(first.isEqual(first) && !first.isEqual(twin) && !first.isEqual(nil), sourceLocation: sourceLocation)
        #expect(first.hash == first.hash && first.hashValue == first.hashValue, sourceLocation: sourceLocation)
        #expect(Set([first, twin, first]).count == 2, sourceLocation: sourceLocation)
        let table = [first: "first", twin: "twin"]
        #expect(table[first] == "first" && table[twin] == "twin", sourceLocation: sourceLocation)
        #expect(first.description.hasPrefix("<\(className): 0x"), "\(first.description)", sourceLocation: sourceLocation)
        #expect(first.description != twin.description, sourceLocation: sourceLocation)
    }

    @Test func patternsEventsParametersAndCurvesAreEqualOnlyToThemselves() throws {
        func event() -> CHHapticEvent {
            CHHapticEvent(
                eventType: .hapticTransient, parameters: [CHHapticEventParameter(parameterID: .hapticIntensity, value: 1)],
                relativeTime: 0)
        }
        expectIdentitySemantics(event(), event(), className: "CHHapticEvent")
        expectIdentitySemantics(
            CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.5),
            CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.5),
            className: "CHHapticEventParameter")
        expectIdentitySemantics(
            CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.5, relativeTime: 0),
            CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.5, relativeTime: 0),
            className: "CHHapticDynamicParameter")
        let point = { CHHapticParameterCurve.ControlPoint(relativeTime: 0, value: 1) }
        expectIdentitySemantics(point(), point(), className: "ControlPoint")
        let curve = { CHHapticParameterCurve(parameterID: .hapticIntensityControl, controlPoints: [point()], relativeTime: 0) }
        expectIdentitySemantics(curve(), curve(), className: "CHHapticParameterCurve")
        let pattern = { try CHHapticPattern(events: [event()], parameters: []) }
        expectIdentitySemantics(try pattern(), try pattern(), className: "CHHapticPattern")
        let made = try pattern()
        #expect(isNSObject(event()) && isNSObject(made) && isNSObject(curve()) && isNSObject(point()))
    }

    #if !OPENCOREHAPTICS_COMPATIBILITY_TEST
    @Test func enginesAreEqualOnlyToThemselvesSoCodeCanTellANewEngineFromTheOldOne() throws {
        let engine = CHHapticEngine(device: RecordingDevice(capacityFrames: 800), clock: .manual)
        let newEngine = CHHapticEngine(device: RecordingDevice(capacityFrames: 800), clock: .manual)
        expectIdentitySemantics(engine, newEngine, className: "CHHapticEngine")
        // The shape of Apple's own GameController plug-in: engines kept per controller, replaced when one is new.
        var engines: [String: CHHapticEngine] = ["pad": engine]
        if engines["pad"] != newEngine { engines["pad"] = newEngine }
        #expect(engines["pad"] === newEngine)
        #expect(engine.isEqual(engine as Any) && !engine.isEqual("an engine") && engine.`self`() === engine && !engine.isProxy())
        #expect(engine.debugDescription == engine.description)
    }

    @Test func playersAndCapabilitiesAreNSObjects() throws {
        let engine = CHHapticEngine(device: RecordingDevice(capacityFrames: 800), clock: .manual)
        let pattern = try CHHapticPattern(
            events: [CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0)], parameters: [])
        let player = try engine.makePlayer(with: pattern)
        let other = try engine.makePlayer(with: pattern)
        let advanced = try engine.makeAdvancedPlayer(with: pattern)
        #expect(player.isEqual(player) && !player.isEqual(other) && !player.isEqual(advanced))
        #expect(player.hash == player.hash && isNSObject(player) && isNSObject(advanced))
        #expect(player.description.hasPrefix("<") && player.description != other.description)
        // Players go into an NSObject-keyed table, as app code that tracks them by identity does.
        let started: Set<NSObject> = [try #require(player as? NSObject), try #require(advanced as? NSObject)]
        let playerObject = try #require(player as? NSObject)
        let otherObject = try #require(other as? NSObject)
        #expect(started.contains(playerObject) && !started.contains(otherObject))
        let capabilities = CHHapticEngine.capabilitiesForHardware()
        let attributes = try capabilities.attributes(forEventParameter: .hapticIntensity, eventType: .hapticTransient)
        #expect(capabilities.isEqual(capabilities) && attributes.isEqual(attributes) && !attributes.isEqual(capabilities))
        #expect(isNSObject(capabilities) && isNSObject(attributes))
    }
    #endif
}
