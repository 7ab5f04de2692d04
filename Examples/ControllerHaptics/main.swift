import Foundation

// Every connected game controller gets one Core Haptics engine per handle — the "woofer and tweeter" of WWDC20's
// "Advancements in Game Controllers": the left handle's low-frequency motor plays heavy thuds, the right handle's
// high-frequency motor plays a fast ticking, and both hold an SDL-style rumble (one infinite continuous event whose
// intensity the game drives with sendParameters). It compiles unchanged against Apple's frameworks.
//
// Run: swift run ControllerHaptics
// Without a pad: HAPTIC_CONTROLLERS=simulated:xbox=wav:pad.wav swift run ControllerHaptics   (records every motor)
#if canImport(GameController)
import CoreHaptics
import GameController
#else
import OpenCoreHaptics
import OpenGameController
#endif

/// One controller's two handle engines.
final class PadHaptics {
    let controller: GCController
    let woofer: CHHapticEngine
    let tweeter: CHHapticEngine

    init?(_ controller: GCController) {
        guard let haptics = controller.haptics,
            haptics.supportedLocalities.contains(.leftHandle), haptics.supportedLocalities.contains(.rightHandle),
            let woofer = haptics.createEngine(withLocality: .leftHandle),
            let tweeter = haptics.createEngine(withLocality: .rightHandle)
        else { return nil }
        self.controller = controller
        self.woofer = woofer
        self.tweeter = tweeter
        for engine in [woofer, tweeter] {
            engine.stoppedHandler = { reason in print("\(controller.vendorName ?? "controller"): engine stopped (\(reason.rawValue))") }
        }
    }

    /// Waits until every player of each engine has finished (the engines keep running): the engine says when.
    private func waitForPlayers(of engines: [CHHapticEngine]) {
        let finished = DispatchSemaphore(value: 0)
        for engine in engines {
            engine.notifyWhenPlayersFinished { _ in
                finished.signal()
                return .leaveEngineRunning
            }
        }
        for _ in engines { finished.wait() }
    }

    /// Three heavy thuds on the woofer, twelve ticks on the tweeter, then a rumble that swells and fades on both.
    func play() throws {
        try woofer.start()
        try tweeter.start()
        let thuds = try CHHapticPattern(
            events: (0..<3).map { beat in
                CHHapticEvent(
                    eventType: .hapticTransient,
                    parameters: [
                        CHHapticEventParameter(parameterID: .hapticIntensity, value: 1),
                        CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.1),
                    ], relativeTime: Double(beat) * 0.4)
            }, parameters: [])
        let ticks = try CHHapticPattern(
            events: (0..<12).map { tick in
                CHHapticEvent(
                    eventType: .hapticTransient,
                    parameters: [
                        CHHapticEventParameter(parameterID: .hapticIntensity, value: 0.6),
                        CHHapticEventParameter(parameterID: .hapticSharpness, value: 1),
                    ], relativeTime: Double(tick) * 0.1)
            }, parameters: [])
        try woofer.makePlayer(with: thuds).start(atTime: CHHapticTimeImmediate)
        try tweeter.makePlayer(with: ticks).start(atTime: CHHapticTimeImmediate)
        waitForPlayers(of: [woofer, tweeter])

        // The rumble: one infinite event per motor, its level driven from the game loop.
        let rumble = try CHHapticPattern(
            events: [
                CHHapticEvent(
                    eventType: .hapticContinuous, parameters: [CHHapticEventParameter(parameterID: .hapticIntensity, value: 1)],
                    relativeTime: 0, duration: TimeInterval(GCHapticDurationInfinite))
            ], parameters: [])
        let low = try woofer.makePlayer(with: rumble)
        let high = try tweeter.makePlayer(with: rumble)
        try low.start(atTime: CHHapticTimeImmediate)
        try high.start(atTime: CHHapticTimeImmediate)
        for frame in 0...60 {
            let swell = Float(sin(Double(frame) / 60 * Double.pi))
            try low.sendParameters(
                [CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: swell, relativeTime: 0)], atTime: 0)
            try high.sendParameters(
                [CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: swell * 0.5, relativeTime: 0)], atTime: 0)
            Thread.sleep(forTimeInterval: 1.0 / 60)  // pacing: 60 updates a second
        }
        try low.stop(atTime: 0)
        try high.stop(atTime: 0)
        waitForPlayers(of: [woofer, tweeter])  // the stopped rumble fades out first
        woofer.stop(completionHandler: nil)
        tweeter.stop(completionHandler: nil)
    }
}

nonisolated func run() {
    let observer = NotificationCenter.default.addObserver(forName: .GCControllerDidConnect, object: nil, queue: nil) { note in
        guard let controller = note.object as? GCController else { return }
        print("connected: \(controller.vendorName ?? "controller") (\(controller.productCategory))")
    }
    defer { NotificationCenter.default.removeObserver(observer) }
    let controllers = GCController.controllers()
    if controllers.isEmpty {
        print(
            "No game controller is connected. Plug one in, or simulate one: HAPTIC_CONTROLLERS=simulated:xbox swift run ControllerHaptics")
        return
    }
    for (number, controller) in controllers.enumerated() {
        controller.playerIndex = GCControllerPlayerIndex(rawValue: number) ?? .indexUnset
        guard let pad = PadHaptics(controller) else {
            print("\(controller.vendorName ?? "controller"): no separate handle motors; skipped")
            continue
        }
        print("player \(number + 1): \(controller.vendorName ?? "controller") — woofer (left handle) and tweeter (right handle)")
        do {
            try pad.play()
        } catch {
            print("\(controller.vendorName ?? "controller"): \(error)")
        }
    }
}

run()
