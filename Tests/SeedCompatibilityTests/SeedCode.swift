// Apple-shaped sample code, compiled unchanged: the same text builds against Apple's frameworks (CoreHaptics,
// SwiftUI's SensoryFeedback values) and against OpenCoreHaptics. Only the harness in the test files around it
// knows it is not on an iPhone.
#if canImport(CoreHaptics)
import CoreHaptics
#else
import OpenCoreHaptics
import OpenHapticFeedback
#endif

/// Seed 001, "play a single tap": start, play one transient at once, stop.
func playSingleTap() throws {
    let engine = try CHHapticEngine()
    try engine.start()
    let tap = CHHapticEvent(
        eventType: .hapticTransient,
        parameters: [
            CHHapticEventParameter(parameterID: .hapticIntensity, value: 1.0),
            CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.5),
        ], relativeTime: 0)
    let pattern = try CHHapticPattern(events: [tap], parameters: [])
    let player = try engine.makePlayer(with: pattern)
    try player.start(atTime: 0)
    engine.stop(completionHandler: nil)
}

/// Seed 001 in Apple's `async` spelling.
func playSingleTapAsync() async throws {
    let engine = try CHHapticEngine()
    try await engine.start()
    let pattern = try CHHapticPattern(
        events: [
            CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0)
        ], parameters: [])
    try engine.makePlayer(with: pattern).start(atTime: CHHapticTimeImmediate)
    try await engine.stop()
}

/// Seed 003, the collision sound and tap of Apple's HapticBounce sample: an audio event and a haptic event in one
/// pattern, a player made with the sample's `createPlayer(with:)` spelling, started at once.
final class BounceCollisions {
    private var engine: CHHapticEngine!

    init() throws {
        engine = try CHHapticEngine()
        engine.stoppedHandler = { reason in print("The engine stopped: \(reason)") }
        engine.resetHandler = { [weak self] in try? self?.engine.start() }
        try engine.start()
    }

    @available(*, deprecated, message: "seed 003 keeps the sample's createPlayer(with:) spelling, deprecated for makePlayer(with:)")
    func playCollision(magnitude: Float) throws {
        let intensity = min(max(magnitude, 0), 1)
        let volume = intensity * 0.6
        let audioEvent = CHHapticEvent(
            eventType: .audioContinuous,
            parameters: [
                CHHapticEventParameter(parameterID: .audioPitch, value: -0.15),
                CHHapticEventParameter(parameterID: .audioVolume, value: volume),
                CHHapticEventParameter(parameterID: .decayTime, value: 0.1),
                CHHapticEventParameter(parameterID: .sustained, value: 0),
            ], relativeTime: 0)
        let hapticEvent = CHHapticEvent(
            eventType: .hapticTransient,
            parameters: [
                CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.5),
                CHHapticEventParameter(parameterID: .hapticIntensity, value: intensity),
            ], relativeTime: 0)
        let pattern = try CHHapticPattern(events: [audioEvent, hapticEvent], parameters: [])
        let player = try engine.createPlayer(with: pattern)
        try player.start(atTime: CHHapticTimeImmediate)
    }

    func stop() { engine.stop(completionHandler: nil) }
}

/// Seed 002: the feedback values a SwiftUI view passes to `.sensoryFeedback(_:trigger:)`, in the short spellings
/// sample code uses.
let seedFeedbackValues: [SensoryFeedback] = [
    .impact(.light), .impact(.medium), .impact(.heavy), .impact(.rigid), .impact(.soft), .impact(.solid),
    .impact(.heavy, intensity: 0.5), .selection, .success,
]
