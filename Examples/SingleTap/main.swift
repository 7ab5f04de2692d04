import Foundation

// The single-tap pattern from Apple's Core Haptics documentation, unchanged apart from the import.
// Run: swift run SingleTap
#if canImport(CoreHaptics)
import CoreHaptics
#else
import OpenCoreHaptics
#endif

// Handlers run on a background queue. Closures written in top-level code belong to the main actor in Swift 6
// and trap when called elsewhere (with Apple's framework too), so the example lives in a nonisolated function.
nonisolated func playSingleTap() {
    let engine: CHHapticEngine
    do {
        engine = try CHHapticEngine()
    } catch {
        print("Engine creation error: \(error)")
        return
    }

    // A single transient event, 1 ms into the pattern, padded to one second.
    let hapticDict = [
        CHHapticPattern.Key.pattern: [
            [
                CHHapticPattern.Key.event: [
                    CHHapticPattern.Key.eventType: CHHapticEvent.EventType.hapticTransient,
                    CHHapticPattern.Key.time: 0.001,
                    CHHapticPattern.Key.eventDuration: 1.0,
                ]
            ]
        ]
    ]

    let finished = DispatchSemaphore(value: 0)
    do {
        let pattern = try CHHapticPattern(dictionary: hapticDict)
        let player = try engine.makePlayer(with: pattern)
        engine.notifyWhenPlayersFinished { error in
            print("All players finished\(error.map { ": \($0)" } ?? "")")
            finished.signal()
            return .stopEngine
        }
        try engine.start()
        try player.start(atTime: 0)
        print("Tap! (pattern duration \(pattern.duration) s)")
    } catch {
        print("Haptic playback error: \(error)")
        return
    }
    finished.wait()
}

playSingleTap()
