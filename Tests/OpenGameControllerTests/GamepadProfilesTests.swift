import Dispatch
import Foundation
import HapticDevices
import HapticSystem
import Testing

@testable import OpenGameController

extension GameControllerSuites {
    /// The profiles beside the extended gamepad (issue 35, item 1): the micro gamepad view, an Xbox pad's paddles and
    /// share button, a DualShock 4's and a DualSense's touchpad from the touchpad's own node.
    @Suite struct GamepadProfilesTests {
        typealias Calls = GamepadInputTests.Calls

        private func connect(_ info: ControllerInfo) throws -> (ScriptedControllerSource, ControllerRegistry, GCController) {
            try ScriptedControllerSource.connect(info)
        }

        private static func pad(_ category: ControllerCategory, extraButtons: Set<UInt16> = []) -> ControllerInfo {
            ControllerInfo(
                id: "scripted:\(category.rawValue)", name: "Scripted \(category.rawValue)", category: category, actuators: .twoHandles,
                hapticDeviceID: "scripted:\(category.rawValue)", extraButtons: extraButtons)
        }

        @Test func theMicroGamepadIsAViewOfTheExtendedGamepadsDpadAXAndMenu() throws {
            let (scripted, registry, controller) = try connect(Self.pad(.generic))
            defer { registry.shutdown() }
            let gamepad = try #require(controller.extendedGamepad)
            let micro = try #require(controller.microGamepad)
            #expect(micro.dpad === gamepad.dpad && micro.buttonA === gamepad.buttonA && micro.buttonX === gamepad.buttonX)
            #expect(micro.buttonMenu === gamepad.buttonMenu && micro.buttons[GCInputButtonA] === gamepad.buttonA)
            #expect(gamepad.buttonA.aliases == [GCInputButtonA] && gamepad.dpad.xAxis.collection === gamepad.dpad, "names kept")
            #expect(controller.physicalInputProfile === gamepad)
            #expect(!micro.reportsAbsoluteDpadValues && !micro.allowsRotation)
            let calls = Calls()
            controller.handlerQueue = calls.queue
            // Weakly: the profile keeps its handler (a strong capture of the profile would be a cycle, as on Apple's).
            micro.valueChangedHandler = { [weak micro] profile, element in
                calls.add("micro \(profile === micro) \(element.aliases.sorted().first ?? "?")")
            }
            // B is not the micro gamepad's: no call; A and the d-pad are.
            scripted.send("scripted:HID", [.button(0x131, pressed: true), .report], isUse: true)
            scripted.send("scripted:HID", [.button(0x130, pressed: true), .axis(0x10, value: 1), .report], isUse: true)
            #expect(calls.wait(for: 2) == ["micro true Button A", "micro true Direction Pad"])
            #expect(micro.dpad.right.isPressed && micro.buttonA.isPressed)
        }

        @Test func anXboxElitesPaddlesAndShareButtonAreItsProfilesWhenItsNodeHasThem() throws {
            let elite = Self.pad(.xboxOne, extraButtons: Set(ControllerInfo.paddleButtons + [ControllerInfo.shareButton]))
            let (scripted, registry, controller) = try connect(elite)
            defer { registry.shutdown() }
            let xbox = try #require(controller.extendedGamepad as? GCXboxGamepad)
            let paddles = [xbox.paddleButton1, xbox.paddleButton2, xbox.paddleButton3, xbox.paddleButton4].compactMap { $0 }
            #expect(paddles.count == 4)
            let names = [GCInputXboxPaddleOne, GCInputXboxPaddleTwo, GCInputXboxPaddleThree, GCInputXboxPaddleFour]
            for ((paddle, name), code) in zip(zip(paddles, names), ControllerInfo.paddleButtons) {
                #expect(controller.physicalInputProfile.buttons[name] === paddle)
                scripted.send(elite.id, [.button(code, pressed: true), .report], isUse: true)
                #expect(paddle.isPressed, "BTN_TRIGGER_HAPPY 0x\(String(code, radix: 16)) → \(name)")
            }
            let share = try #require(xbox.buttonShare)
            #expect(controller.physicalInputProfile.buttons[GCInputButtonShare] === share)
            scripted.send(elite.id, [.button(ControllerInfo.shareButton, pressed: true), .report], isUse: true)
            #expect(share.isPressed && !xbox.buttonA.isPressed)
        }

        @Test func anXboxPadWithoutPaddlesHasNone() throws {
            let (_, registry, controller) = try connect(Self.pad(.xboxOne))
            defer { registry.shutdown() }
            let xbox = try #require(controller.extendedGamepad as? GCXboxGamepad)
            #expect(xbox.paddleButton1 == nil && xbox.paddleButton4 == nil && xbox.buttonShare == nil)
            #expect(controller.physicalInputProfile.buttons[GCInputXboxPaddleOne] == nil)
        }

        /// hid-playstation's touchpad node: 0 … 1919 by 0 … 1079, two slots; its click is BTN_LEFT.
        static let touchpadAxes: [UInt16: PadAxisRange] = [
            0x00: PadAxisRange(minimum: 0, maximum: 1_919), 0x01: PadAxisRange(minimum: 0, maximum: 1_079),
            0x2F: PadAxisRange(minimum: 0, maximum: 1), 0x35: PadAxisRange(minimum: 0, maximum: 1_919),
            0x36: PadAxisRange(minimum: 0, maximum: 1_079), 0x39: PadAxisRange(minimum: 0, maximum: 65_535),
        ]

        @Test func aDualShocksTouchpadReadsTwoFingersAndItsClickFromTheTouchpadsNode() throws {
            let info = Self.pad(.dualShock4)
            let (scripted, registry, controller) = try connect(info)
            defer { registry.shutdown() }
            let dualShock = try #require(controller.extendedGamepad as? GCDualShockGamepad)
            #expect(controller.physicalInputProfile.dpads[GCInputDualShockTouchpadOne] === dualShock.touchpadPrimary)
            #expect(controller.physicalInputProfile.buttons[GCInputDualShockTouchpadButton] === dualShock.touchpadButton)
            #expect(controller.physicalInputProfile.axes["Touchpad 2 X Axis"] === dualShock.touchpadSecondary.xAxis)
            let calls = Calls()
            controller.handlerQueue = calls.queue
            dualShock.touchpadPrimary.valueChangedHandler = { _, x, y in calls.add("primary \(x) \(y)") }
            func send(_ events: [PadInputEvent]) { scripted.send(info.id, events, isUse: true, axes: Self.touchpadAxes, node: .touchpad) }
            // A finger at the top right, a second at the bottom left, in one report; the node's ABS_X (its
            // single-touch emulation) is not the left stick.
            send([
                .axis(0x2F, value: 0), .axis(0x39, value: 7), .axis(0x35, value: 1_919), .axis(0x36, value: 0), .axis(0x2F, value: 1),
                .axis(0x39, value: 8), .axis(0x35, value: 0), .axis(0x36, value: 1_079), .axis(0x00, value: 1_919), .report,
            ])
            #expect(dualShock.touchpadPrimary.xAxis.value == 1 && dualShock.touchpadPrimary.yAxis.value == 1)
            #expect(dualShock.touchpadSecondary.xAxis.value == -1 && dualShock.touchpadSecondary.yAxis.value == -1)
            #expect(dualShock.leftThumbstick.xAxis.value == 0)
            // The click; then the first finger lifts (slot 0's tracking ID −1) and reads 0, 0.
            send([.button(0x110, pressed: true), .report])
            #expect(dualShock.touchpadButton.isPressed)
            send([.axis(0x2F, value: 0), .axis(0x39, value: -1), .report])
            #expect(dualShock.touchpadPrimary.xAxis.value == 0 && dualShock.touchpadPrimary.yAxis.value == 0)
            #expect(dualShock.touchpadSecondary.xAxis.value == -1, "the second finger stays")
            #expect(calls.wait(for: 2) == ["primary 1.0 1.0", "primary 0.0 0.0"])
            // The same codes from the gamepad's own node are not the touchpad.
            scripted.send(info.id, [.button(0x110, pressed: false), .axis(0x00, value: 32_767), .report], isUse: true)
            #expect(dualShock.touchpadButton.isPressed && dualShock.leftThumbstick.xAxis.value == 1)
        }

        @Test func aDualSenseHasTheTouchpadToo() throws {
            let info = Self.pad(.dualSense)
            let (scripted, registry, controller) = try connect(info)
            defer { registry.shutdown() }
            let dualSense = try #require(controller.extendedGamepad as? GCDualSenseGamepad)
            scripted.send(
                info.id, [.axis(0x39, value: 3), .axis(0x35, value: 960), .axis(0x36, value: 540), .report], isUse: true,
                axes: Self.touchpadAxes, node: .touchpad)
            #expect(abs(dualSense.touchpadPrimary.xAxis.value) < 0.01 && abs(dualSense.touchpadPrimary.yAxis.value) < 0.01)
            #expect(dualSense.touchpadPrimary.xAxis.value != 0, "a finger in the middle is not 'no finger'")
            #expect(controller.physicalInputProfile.buttons[GCInputDualShockTouchpadButton] === dualSense.touchpadButton)
        }
    }
}
