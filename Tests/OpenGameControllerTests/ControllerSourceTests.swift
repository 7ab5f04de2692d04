import Foundation
import HapticDevices
import HapticEngine
import HapticSystem
import OpenCoreHaptics
import Testing

@testable import OpenGameController

/// OpenGameController's one seam to the platform (issue 33): a `ControllerSource` of the test's own drives
/// `GCController.controllers()`, haptics, adaptive triggers, hot-plug and `GCController.current`, with no device node,
/// no input directory and no Linux back-end involved.
extension GameControllerSuites {
    @Suite struct ControllerSourceTests {
        static let pad = ControllerInfo(
            id: "scripted:pad", name: "Scripted Pad", category: .xboxOne, actuators: [.twoHandles, .triggerMotors],
            hapticDeviceID: "scripted:pad")
        static let dualSense = ControllerInfo(
            id: "scripted:dualsense", name: "Scripted DualSense", category: .dualSense, actuators: [.twoHandles],
            hapticDeviceID: "scripted:dualsense")
        static let late = ControllerInfo(
            id: "scripted:late", name: "Late Pad", category: .generic, actuators: .oneHandle, hapticDeviceID: "scripted:late")

        @Test func aSourceOfItsOwnGivesTheControllersTheirDevicesAndTriggers() throws {
            let scripted = ScriptedControllerSource([Self.pad, Self.dualSense])
            let registry = ControllerRegistry(source: scripted.source, clock: .manual)
            ControllerRegistry.install(registry)
            defer { registry.shutdown() }

            let controllers = GCController.controllers()
            #expect(controllers.map(\.vendorName) == ["Scripted Pad", "Scripted DualSense"])
            #expect(controllers.map(\.productCategory) == ["Xbox One", "DualSense"])
            #expect(controllers[0].haptics?.supportedLocalities.contains(.rightTrigger) == true)
            #expect(controllers[1].haptics?.supportedLocalities.contains(.rightTrigger) == false)

            let engine = try #require(controllers[0].haptics?.createEngine(withLocality: .leftHandle))
            try engine.start()
            try engine.makePlayer(with: try rumble(intensity: 1, sharpness: 0.5, seconds: 0.2)).start(atTime: CHHapticTimeImmediate)
            engine.advance(bySeconds: 0.1)
            let device = try #require(scripted.device(Self.pad.id), "the engine's device came from the source")
            let recording = device.recording
            #expect((recording.strong + recording.weak).contains { $0 > 0.1 }, "the left handle played on the source's device")
            engine.stop()

            let dualSense = try #require(controllers[1].extendedGamepad as? GCDualSenseGamepad)
            dualSense.rightTrigger.setModeFeedbackWithStartPosition(0.5, resistiveStrength: 1)
            #expect(scripted.triggers(Self.dualSense.id)?.rightEffects == [try .feedback(startZone: 5, strength: 8)])
            #expect(scripted.triggers(Self.pad.id) == nil, "only a DualSense asks for a trigger output")
        }

        @Test func hotPlugAndInputComeThroughTheSource() throws {
            let scripted = ScriptedControllerSource([Self.pad])
            let notes = ControllerNotes(
                [.GCControllerDidConnect, .GCControllerDidDisconnect, .GCControllerDidBecomeCurrent, .GCControllerDidStopBeingCurrent],
                ids: [Self.pad.id, Self.late.id])
            let registry = ControllerRegistry(source: scripted.source, clock: .manual)
            ControllerRegistry.install(registry)

            let first = try #require(GCController.controllers().first)
            #expect(notes.wait(for: 2) == ["connect scripted:pad", "become scripted:pad"])
            #expect(scripted.watchedInput == [Self.pad.id], "the source reads the connected pad's input")

            scripted.plug(Self.late)
            #expect(notes.wait(for: 5).suffix(3) == ["connect scripted:late", "stop scripted:pad", "become scripted:late"])
            #expect(GCController.controllers().map(\.vendorName) == ["Scripted Pad", "Late Pad"])

            scripted.send(Self.pad.id, [.axis(PadInputEvent.leftStickX, value: 3)], isUse: false)
            scripted.send(Self.pad.id, [.button(PadInputEvent.southButton, pressed: true)], isUse: true)
            #expect(notes.wait(for: 7).suffix(2) == ["stop scripted:late", "become scripted:pad"], "one use, one change")
            #expect(GCController.current === first)

            let engine = try #require(first.haptics?.createEngine(withLocality: .default))
            let stops = LockedState<[CHHapticEngine.StoppedReason]>([])
            engine.stoppedHandler = { reason in stops.withLock { $0.append(reason) } }
            try engine.start()
            scripted.unplug(Self.pad.id)
            #expect(notes.wait(for: 10).suffix(3) == ["disconnect scripted:pad", "stop scripted:pad", "become scripted:late"])
            #expect(stops.withLock { $0 } == [.gameControllerDisconnect])
            #expect(scripted.watchedInput == [Self.late.id], "an unplugged pad's input is no longer read")

            registry.shutdown()
            #expect(scripted.stopped == (watch: true, reader: true))
        }
    }
}
