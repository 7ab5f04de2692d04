import Foundation

// The handler set-up from Apple's "Preparing your app to play haptics", unchanged apart from the import and one
// line that tells this command-line program when the stopped handler has run (an app keeps running; a program that
// exits must wait for it), plus a short pattern so there is something to feel. Run: swift run PreparingYourApp
#if canImport(CoreHaptics)
import CoreHaptics
#else
import OpenCoreHaptics
#endif

final class HapticController {
    var engine: CHHapticEngine!
    var supportsHaptics = false
    /// Signalled once the stopped handler has printed (a command-line program must not exit before it).
    let stopped = DispatchSemaphore(value: 0)

    func createEngine() {
        // Check whether the hardware supports haptics (OpenCoreHaptics still plays to its simulated actuator).
        let hapticCapability = CHHapticEngine.capabilitiesForHardware()
        supportsHaptics = hapticCapability.supportsHaptics
        print("Hardware supports haptics: \(supportsHaptics)")

        // Create and configure a haptic engine.
        do {
            engine = try CHHapticEngine()
        } catch let error {
            print("Engine Creation Error: \(error)")
        }

        // The engine stopped; print out why.
        engine.stoppedHandler = { [stopped] reason in
            defer { stopped.signal() }
            print("The engine stopped: \(reason)")
            switch reason {
            case .audioSessionInterrupt:
                print("Audio session interrupt")
            case .applicationSuspended:
                print("Application suspended")
            case .idleTimeout:
                print("Idle timeout")
            case .systemError:
                print("System error")
            case .notifyWhenFinished:
                print("Playback finished")
            case .gameControllerDisconnect:
                print("Controller disconnected.")
            case .engineDestroyed:
                print("Engine destroyed.")
            @unknown default:
                print("Unknown error")
            }
        }

        // If the engine fails, attempt to restart it.
        engine.resetHandler = { [weak self] in
            print("The engine reset --> Restarting now!")
            do {
                try self?.engine.start()
            } catch {
                print("Failed to restart the engine: \(error)")
            }
        }
    }

    func playSomething() throws {
        let events = (0..<3).map { index in
            CHHapticEvent(
                eventType: .hapticTransient,
                parameters: [
                    CHHapticEventParameter(parameterID: .hapticIntensity, value: 1.0 - Float(index) * 0.3),
                    CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.5),
                ],
                relativeTime: Double(index) * 0.15)
        }
        let pattern = try CHHapticPattern(events: events, parameters: [])
        let player = try engine.makeAdvancedPlayer(with: pattern)
        let done = DispatchSemaphore(value: 0)
        player.completionHandler = { error in
            print("Pattern finished\(error.map { " with \($0)" } ?? "")")
            done.signal()
        }
        try engine.start()
        try player.start(atTime: CHHapticTimeImmediate)
        done.wait()
        engine.notifyWhenPlayersFinished { _ in .stopEngine }
    }
}

let controller = HapticController()
controller.createEngine()
do {
    try controller.playSomething()
} catch {
    print("Playback error: \(error)")
}
// Wait for the stopped handler's report (bounded, in case playback failed before the engine ran).
_ = controller.stopped.wait(timeout: .now() + 2)
