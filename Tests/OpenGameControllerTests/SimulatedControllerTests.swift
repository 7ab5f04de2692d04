import Foundation
import HapticTestSupport
import OpenCoreHaptics
import Testing

@testable import OpenGameController

/// Every locality's routing and the mixing of several engines, on simulated controllers with a manual clock, read
/// back from the recording: channels are strong (left coil), weak (right coil), left trigger, right trigger.
extension GameControllerSuites {
    @Suite struct SimulatedControllerTests {
        @Test func controllersAreListedInOrderWithTheirCategoriesAndLocalities() throws {
            _ = try SimulatedPads(["xbox", "dualsense", "generic"])
            let controllers = GCController.controllers()
            #expect(controllers.map(\.productCategory) == ["Xbox One", "DualSense", "HID"])
            #expect(
                controllers.map(\.vendorName) == [
                    "Simulated Xbox One Controller", "Simulated DualSense Wireless Controller", "Simulated Gamepad",
                ])
            #expect(controllers.allSatisfy { !$0.isAttachedToDevice && $0.playerIndex == .indexUnset })
            #expect(GCController.current === controllers.last)
            let xbox = try #require(controllers[0].haptics)
            #expect(
                xbox.supportedLocalities == [.default, .all, .handles, .leftHandle, .rightHandle, .triggers, .leftTrigger, .rightTrigger])
            let generic = try #require(controllers[2].haptics)
            #expect(generic.supportedLocalities == [.default, .all, .handles, .leftHandle, .rightHandle])
            // A locality the pad cannot play: no engine.
            #expect(generic.createEngine(withLocality: .leftTrigger) == nil)
            #expect(generic.createEngine(withLocality: GCHapticsLocality(rawValue: "Nose")) == nil)
            controllers[1].playerIndex = .index2
            #expect(GCController.controllers()[1].playerIndex == .index2)
        }

        @Test func aBadHAPTICCONTROLLERSItemLeavesTheOthersConnected() throws {
            // Issue 21: "simulated:xbox " (a trailing space) was refused, and one bad item dropped every controller.
            let folder = try Fixtures.temporaryDirectory()
            ControllerRegistry.install(
                ControllerRegistry(
                    environment: [
                        "HAPTIC_CONTROLLERS": "simulated:xbox , simulated:snes,simulated: generic = wav:\(folder.path)/pad.wav ",
                        "HAPTIC_INPUT_DIR": folder.appendingPathComponent("no-input").path,
                    ],
                    clock: .manual, watchesHotPlug: false))
            #expect(GCController.controllers().map(\.vendorName) == ["Simulated Xbox One Controller", "Simulated Gamepad"])
            #expect(GCController.controllers().last?.haptics?.createEngine(withLocality: .leftHandle) != nil)
        }

        /// Each locality of an Xbox pad moves exactly its actuators.
        @Test(arguments: [
            (GCHapticsLocality.leftHandle, [true, false, false, false]),
            (.rightHandle, [false, true, false, false]),
            (.triggers, [false, false, true, true]),
            (.leftTrigger, [false, false, true, false]),
            (.rightTrigger, [false, false, false, true]),
            (.all, [true, true, true, true]),
            (.handles, [true, true, false, false]),
            (.default, [true, true, false, false]),
        ])
        func eachLocalityMovesOnlyItsActuators(locality: GCHapticsLocality, moving: [Bool]) throws {
            let pads = try SimulatedPads(["xbox"])
            let controller = try #require(GCController.controllers().first)
            let engine = try #require(controller.haptics?.createEngine(withLocality: locality))
            try engine.start()
            // Sharpness 0.5 drives both handle motors fully when the profile splits it.
            let player = try engine.makePlayer(with: try rumble(intensity: 1, sharpness: 0.5, seconds: 0.3))
            try player.start(atTime: CHHapticTimeImmediate)
            engine.advance(bySeconds: 0.5)
            engine.stop()
            let recording = try pads.recording(0)
            #expect(recording.channels.count == 4)
            let window = Int(0.1 * Double(recording.sampleRate))..<Int(0.3 * Double(recording.sampleRate))
            for (channel, expected) in moving.enumerated() {
                let level = rms(recording.channels[channel], window)
                if expected {
                    #expect(level > 0.05, "channel \(channel) should move for \(locality.rawValue): rms \(level)")
                } else {
                    #expect(level < 1e-6, "channel \(channel) should stay still for \(locality.rawValue): rms \(level)")
                }
            }
        }

        /// A left-handle engine and a right-handle engine playing at once on one pad: one device output carrying both
        /// motors, each with its own engine's pattern (the left one ends first).
        @Test func twoEnginesOnOnePadMixIntoOneOutput() throws {
            let pads = try SimulatedPads(["generic"])
            let haptics = try #require(GCController.controllers().first?.haptics)
            let woofer = try #require(haptics.createEngine(withLocality: .leftHandle))
            let tweeter = try #require(haptics.createEngine(withLocality: .rightHandle))
            try woofer.start()
            try tweeter.start()
            try woofer.makePlayer(with: try rumble(intensity: 1, sharpness: 0, seconds: 0.2)).start(atTime: CHHapticTimeImmediate)
            try tweeter.makePlayer(with: try rumble(intensity: 0.6, sharpness: 1, seconds: 0.6)).start(atTime: CHHapticTimeImmediate)
            // Engines on one output advance together: advancing one renders both.
            woofer.advance(bySeconds: 0.8)
            woofer.stop()
            tweeter.stop()
            let recording = try pads.recording(0)
            let rate = Double(recording.sampleRate)
            func level(_ channel: Int, _ from: Double, _ to: Double) -> Float {
                rms(recording.channels[channel], Int(from * rate)..<Int(to * rate))
            }
            #expect(level(0, 0.1, 0.2) > 0.05 && level(1, 0.1, 0.2) > 0.05, "both motors during the overlap")
            #expect(level(0, 0.5, 0.6) < 0.01, "the woofer's pattern ended at 0.2 s (its motor spun down)")
            #expect(level(1, 0.5, 0.6) > 0.02, "the tweeter plays on to 0.6 s")
            #expect(level(1, 0.1, 0.2) < level(0, 0.1, 0.2), "intensity 0.6 on the weak motor, 1 on the strong")
        }

        /// A DualSense's handles are voice coils: each handle engine plays a waveform on its own coil, and sharpness is
        /// a frequency (more zero crossings when sharper).
        @Test func dualSenseCoilsPlayWaveformsPerSide() throws {
            let pads = try SimulatedPads(["dualsense"])
            let haptics = try #require(GCController.controllers().first?.haptics)
            let left = try #require(haptics.createEngine(withLocality: .leftHandle))
            let right = try #require(haptics.createEngine(withLocality: .rightHandle))
            try left.start()
            try right.start()
            try left.makePlayer(with: try rumble(intensity: 1, sharpness: 0, seconds: 0.4)).start(atTime: CHHapticTimeImmediate)
            try right.makePlayer(with: try rumble(intensity: 1, sharpness: 1, seconds: 0.4)).start(atTime: CHHapticTimeImmediate)
            left.advance(bySeconds: 0.5)
            left.stop()
            right.stop()
            let recording = try pads.recording(0)
            #expect(recording.channels.count == 2)
            let window = Int(0.1 * Double(recording.sampleRate))..<Int(0.3 * Double(recording.sampleRate))
            func crossings(_ samples: [Float]) -> Int {
                var count = 0
                for i in window.dropFirst() where (samples[i - 1] < 0) != (samples[i] < 0) { count += 1 }
                return count
            }
            let dull = crossings(recording.channels[0])
            let sharp = crossings(recording.channels[1])
            #expect(rms(recording.channels[0], window) > 0.05 && rms(recording.channels[1], window) > 0.05)
            #expect(sharp > dull * 3, "sharpness 1 (500 Hz) against 0 (40 Hz): \(sharp) vs \(dull) zero crossings")
        }

        /// SDL's rumble on Apple platforms: one infinite continuous event per motor, its level driven by
        /// `sendParameters(.hapticIntensityControl)`. It plays past Core Haptics' 30 s cap and follows the level.
        @Test func anInfiniteEventPlaysUntilStoppedAndFollowsItsIntensityControl() throws {
            let pads = try SimulatedPads(["generic"])
            let engine = try #require(GCController.controllers().first?.haptics?.createEngine(withLocality: .leftHandle))
            try engine.start()
            let pattern = try CHHapticPattern(
                events: [
                    CHHapticEvent(
                        eventType: .hapticContinuous, parameters: [CHHapticEventParameter(parameterID: .hapticIntensity, value: 1)],
                        relativeTime: 0, duration: TimeInterval(GCHapticDurationInfinite))
                ], parameters: [])
            let player = try engine.makePlayer(with: pattern)
            try player.start(atTime: 0)
            engine.advance(bySeconds: 31)
            try player.sendParameters(
                [CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.3, relativeTime: 0)], atTime: 0)
            engine.advance(bySeconds: 4)
            try player.stop(atTime: 0)
            engine.advance(bySeconds: 1)
            engine.stop()
            let samples = try pads.recording(0).channels[0]
            let rate = Double(try pads.recording(0).sampleRate)
            let full = rms(samples, Int(29 * rate)..<Int(30.9 * rate))
            let after = rms(samples, Int(33 * rate)..<Int(35 * rate))
            let stopped = rms(samples, Int(35.6 * rate)..<Int(36 * rate))
            #expect(full > 0.2, "still playing at 30 s")
            #expect(after > 0.005 && after < full * 0.3, "intensity control 0.3 (vibration ∝ speed²): \(after) vs \(full)")
            #expect(stopped < 0.002, "stopped")
        }
    }
}
