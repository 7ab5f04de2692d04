import Foundation
import HapticDevices
import Testing

@testable import OpenGameController

extension GameControllerSuites {
    /// Apple's snapshots (issue 35, item 1): `capture()`, `withExtendedGamepad()`, `withMicroGamepad()` and the
    /// profiles' `setStateFrom(_:)`.
    @Suite struct SnapshotTests {
        private func connect(_ info: ControllerInfo) throws -> (ScriptedControllerSource, ControllerRegistry, GCController) {
            try ScriptedControllerSource.connect(info)
        }

        private static let dualSense = ControllerInfo(
            id: "scripted:ds", name: "Scripted DualSense", category: .dualSense, actuators: .twoHandles, hapticDeviceID: "scripted:ds")

        @Test func aCaptureHoldsTheValuesOfItsMomentAndIsNoPad() throws {
            let (scripted, registry, controller) = try connect(Self.dualSense)
            defer { registry.shutdown() }
            controller.playerIndex = .index2
            scripted.send(
                Self.dualSense.id, [.button(0x130, pressed: true), .axis(0x00, value: 32_767), .axis(0x05, value: 255), .report],
                isUse: true)
            let snapshot = controller.capture()
            #expect(snapshot.isSnapshot && !controller.isSnapshot && snapshot !== controller)
            #expect(
                snapshot.vendorName == controller.vendorName && snapshot.productCategory == "DualSense" && snapshot.playerIndex == .index2)
            #expect(snapshot.haptics == nil && !GCController.controllers().contains(snapshot))
            let gamepad = try #require(snapshot.extendedGamepad as? GCDualSenseGamepad, "the pad's kind of profile")
            #expect(gamepad.buttonA.isPressed && gamepad.rightTrigger.value == 1 && gamepad.leftThumbstick.xAxis.value > 0.99)
            #expect(gamepad !== controller.extendedGamepad && gamepad.buttonA !== controller.extendedGamepad?.buttonA)
            // The pad moves on; the snapshot does not.
            scripted.send(Self.dualSense.id, [.button(0x130, pressed: false), .axis(0x00, value: 0), .report], isUse: false)
            #expect(controller.extendedGamepad?.buttonA.isPressed == false && gamepad.buttonA.isPressed)
            // A snapshot's elements are the game's to set.
            gamepad.buttonB.setValue(1)
            #expect(gamepad.buttonB.isPressed && controller.extendedGamepad?.buttonB.isPressed == false)
        }

        @Test func setStateFromCopiesIntoASnapshotOnly() throws {
            let (scripted, registry, controller) = try connect(Self.dualSense)
            defer { registry.shutdown() }
            let pad = try #require(controller.extendedGamepad)
            scripted.send(Self.dualSense.id, [.button(0x133, pressed: true), .axis(0x10, value: -1), .report], isUse: true)
            let made = GCController.withExtendedGamepad()
            let snapshot = try #require(made.extendedGamepad)
            #expect(made.isSnapshot && made.haptics == nil && made.microGamepad != nil && !(snapshot is GCDualSenseGamepad))
            #expect(!snapshot.buttonY.isPressed)
            snapshot.setStateFrom(pad)
            #expect(snapshot.buttonY.isPressed && snapshot.dpad.left.isPressed && !snapshot.buttonA.isPressed)
            // A pad's own gamepad is not a snapshot: nothing is copied into it.
            snapshot.buttonA.setValue(1)
            pad.setStateFrom(snapshot)
            #expect(!pad.buttonA.isPressed)
        }

        @Test func aMicroGamepadSnapshotHasNoExtendedGamepad() throws {
            let made = GCController.withMicroGamepad()
            let micro = try #require(made.microGamepad)
            #expect(made.isSnapshot && made.extendedGamepad == nil && made.physicalInputProfile === micro)
            let other = GCController.withExtendedGamepad()
            other.extendedGamepad?.buttonX.setValue(1)
            other.extendedGamepad?.dpad.setValueForXAxis(0, yAxis: 1)
            micro.setStateFrom(try #require(other.microGamepad))
            #expect(micro.buttonX.isPressed && micro.dpad.up.isPressed && !micro.buttonA.isPressed)
        }
    }
}
