import Dispatch
import Foundation
import HapticDevices
import HapticSystem
import Testing

@testable import OpenGameController

/// Apple's extended gamepad read from evdev event sequences as the kernel's gamepad layout sends them (issue 35,
/// item 1), through a scripted controller source: values, pressed states, handlers on the handler queue, and the
/// physical input profile by Apple's input names.
extension ScriptedControllerSource {
    /// The scripted xpad pad sends `events`.
    func send(xpad events: [PadInputEvent], isUse: Bool) {
        send(GameControllerSuites.GamepadInputTests.pad.id, events, isUse: isUse, axes: GameControllerSuites.GamepadInputTests.xpadAxes)
    }
}

extension GameControllerSuites {
    @Suite struct GamepadInputTests {
        /// xpad's ranges: sticks −32768 … 32767 with a flat of 128, triggers 0 … 1023, the hat −1 … 1.
        static let xpadAxes: [UInt16: PadAxisRange] = [
            0x00: PadAxisRange(minimum: -32_768, maximum: 32_767, flat: 128),
            0x01: PadAxisRange(minimum: -32_768, maximum: 32_767, flat: 128),
            0x03: PadAxisRange(minimum: -32_768, maximum: 32_767, flat: 128),
            0x04: PadAxisRange(minimum: -32_768, maximum: 32_767, flat: 128),
            0x02: PadAxisRange(minimum: 0, maximum: 1_023), 0x05: PadAxisRange(minimum: 0, maximum: 1_023),
            0x10: PadAxisRange(minimum: -1, maximum: 1), 0x11: PadAxisRange(minimum: -1, maximum: 1),
        ]
        static let pad = ControllerInfo(
            id: "scripted:xpad", name: "Scripted Xbox Pad", category: .xboxOne, actuators: .twoHandles, hapticDeviceID: "scripted:xpad")

        /// Handler calls, in order, recorded on a queue of the test's own.
        final class Calls: @unchecked Sendable {
            // @unchecked: `lines` is behind the condition's lock.
            let queue = DispatchQueue(label: "GamepadInputTests.handlers")
            private let condition = NSCondition()
            private var lines: [String] = []

            func add(_ line: String) {
                dispatchPrecondition(condition: .onQueue(queue))
                condition.lock()
                lines.append(line)
                condition.broadcast()
                condition.unlock()
            }

            /// Waits (on the condition, up to 10 s) until `count` calls were recorded.
            func wait(for count: Int) -> [String] {
                let deadline = Date(timeIntervalSinceNow: 10)
                condition.lock()
                defer { condition.unlock() }
                while lines.count < count, condition.wait(until: deadline) {}
                return lines
            }
        }

        private func connect(_ info: ControllerInfo = Self.pad) throws -> (ScriptedControllerSource, ControllerRegistry, GCController) {
            try ScriptedControllerSource.connect(info)
        }

        @Test func everyElementOfTheKernelLayoutReachesItsAppleElement() throws {
            let (scripted, registry, controller) = try connect()
            defer { registry.shutdown() }
            let gamepad = try #require(controller.extendedGamepad)
            let buttons: [(UInt16, GCControllerButtonInput?)] = [
                (0x130, gamepad.buttonA), (0x131, gamepad.buttonB), (0x134, gamepad.buttonX), (0x133, gamepad.buttonY),
                (0x136, gamepad.leftShoulder), (0x137, gamepad.rightShoulder), (0x13D, gamepad.leftThumbstickButton),
                (0x13E, gamepad.rightThumbstickButton), (0x13B, gamepad.buttonMenu), (0x13A, gamepad.buttonOptions),
                (0x13C, gamepad.buttonHome),
            ]
            for (code, button) in buttons {
                let button = try #require(button)
                #expect(!button.isPressed && button.value == 0)
                scripted.send(xpad: [.button(code, pressed: true)], isUse: true)
                #expect(button.isPressed && button.value == 1, "BTN 0x\(String(code, radix: 16)) → \(button.localizedName ?? "?")")
                scripted.send(xpad: [.button(code, pressed: false)], isUse: false)
                #expect(!button.isPressed)
            }
            // One report: the left stick fully right and half up, the right trigger at 3/4, the hat down-left.
            scripted.send(
                xpad: [
                    .axis(0x00, value: 32_767), .axis(0x01, value: -16_384), .axis(0x05, value: 767), .axis(0x10, value: -1),
                    .axis(0x11, value: 1),
                ], isUse: true)
            #expect(gamepad.leftThumbstick.xAxis.value == 1)
            #expect(abs(gamepad.leftThumbstick.yAxis.value - 0.5) < 0.001, "evdev's Y grows downwards; Apple's up")
            #expect(gamepad.leftThumbstick.right.isPressed && !gamepad.leftThumbstick.left.isPressed)
            #expect(abs(gamepad.rightTrigger.value - 0.75) < 0.001 && gamepad.rightTrigger.isPressed)
            #expect(gamepad.dpad.xAxis.value == -1 && gamepad.dpad.yAxis.value == -1)
            #expect(gamepad.dpad.left.isPressed && gamepad.dpad.down.isPressed && !gamepad.dpad.up.isPressed)
            scripted.send(xpad: [.axis(0x03, value: 100), .axis(0x02, value: 100)], isUse: false)
            #expect(gamepad.rightThumbstick.xAxis.value == 0, "inside the driver's flat band")
            #expect(gamepad.leftTrigger.value > 0 && !gamepad.leftTrigger.isPressed, "a trigger pressed from half its travel")
            // A pad without a hat: BTN_DPAD_*.
            scripted.send(xpad: [.axis(0x10, value: 0), .axis(0x11, value: 0), .button(0x220, pressed: true)], isUse: true)
            #expect(gamepad.dpad.up.isPressed && gamepad.dpad.yAxis.value == 1 && gamepad.dpad.xAxis.value == 0)
        }

        @Test func handlersRunOnTheHandlerQueueInOrder() throws {
            let (scripted, registry, controller) = try connect()
            defer { registry.shutdown() }
            let gamepad = try #require(controller.extendedGamepad)
            let calls = Calls()
            controller.handlerQueue = calls.queue
            gamepad.buttonA.pressedChangedHandler = { _, value, pressed in calls.add("A pressed \(pressed) \(value)") }
            gamepad.buttonA.valueChangedHandler = { _, value, _ in calls.add("A value \(value)") }
            gamepad.leftThumbstick.valueChangedHandler = { _, x, y in calls.add("stick \(x) \(y)") }
            gamepad.leftThumbstick.xAxis.valueChangedHandler = { _, x in calls.add("stick x \(x)") }
            gamepad.valueChangedHandler = { profile, element in
                calls.add("gamepad \(profile.elements.first { $0.value === element }?.key ?? "?")")
            }
            scripted.send(xpad: [.button(0x130, pressed: true)], isUse: true)
            scripted.send(xpad: [.button(0x130, pressed: true)], isUse: false)  // no change: no call
            scripted.send(xpad: [.axis(0x00, value: -32_768), .axis(0x01, value: 32_767)], isUse: true)
            let lines = calls.wait(for: 6)
            #expect(
                lines == [
                    "A value 1.0", "A pressed true 1.0", "gamepad Button A", "stick x -1.0", "stick -1.0 -1.0", "gamepad Left Thumbstick",
                ])
        }

        /// Two reports in one read (a stick pushed and let go between two reads of the node): each moves the stick,
        /// so its handlers see the push and the release, and the profile's handler runs once per report.
        @Test func eachReportOfABatchMovesTheStick() throws {
            let (scripted, registry, controller) = try connect()
            defer { registry.shutdown() }
            let gamepad = try #require(controller.extendedGamepad)
            let calls = Calls()
            controller.handlerQueue = calls.queue
            gamepad.leftThumbstick.xAxis.valueChangedHandler = { _, x in calls.add("x \(x)") }
            gamepad.valueChangedHandler = { _, element in calls.add("gamepad \(element.localizedName ?? "?")") }
            scripted.send(xpad: [.axis(0x00, value: 30_000), .report, .axis(0x00, value: 0), .report], isUse: true)
            let lines = calls.wait(for: 4)
            let pushed = (Double(30_000) + 0.5) / 32_767.5  // from the middle of −32768 … 32767
            #expect(lines == ["x \(Float(pushed))", "x 0.0", "gamepad Left Thumbstick", "gamepad Left Thumbstick"])
            #expect(gamepad.leftThumbstick.xAxis.value == 0)
        }

        @Test func thePhysicalInputProfileNamesEveryElementAsApple() throws {
            let (_, registry, controller) = try connect()
            defer { registry.shutdown() }
            let profile = controller.physicalInputProfile
            let gamepad = try #require(controller.extendedGamepad)
            #expect(profile.buttons[GCInputButtonA] === gamepad.buttonA && profile[GCInputButtonY] === gamepad.buttonY)
            #expect(profile.dpads[GCInputLeftThumbstick] === gamepad.leftThumbstick)
            #expect(profile.dpads[GCInputDirectionPad] === gamepad.dpad)
            #expect(profile.axes["Left Thumbstick X Axis"] === gamepad.leftThumbstick.xAxis)
            #expect(gamepad.leftThumbstick.xAxis.collection === gamepad.leftThumbstick)
            #expect(gamepad.buttonHome?.aliases == [GCInputButtonHome])
            #expect(Set(profile.buttons.keys).count == 13 && profile.dpads.count == 3 && profile.axes.count == 6)
        }

        @Test func aDualSensesAdaptiveTriggersReadTheirTravel() throws {
            let info = ControllerInfo(
                id: "scripted:ds", name: "Scripted DualSense", category: .dualSense, actuators: .twoHandles, hapticDeviceID: "scripted:ds")
            let (scripted, registry, controller) = try connect(info)
            defer { registry.shutdown() }
            let dualSense = try #require(controller.extendedGamepad as? GCDualSenseGamepad)
            #expect(controller.physicalInputProfile.buttons[GCInputRightTrigger] === dualSense.rightTrigger)
            scripted.send(info.id, [.axis(0x05, value: 255)], isUse: true)
            #expect(dualSense.rightTrigger.value == 1 && dualSense.rightTrigger.isPressed, "hid-playstation's 0 … 255 when unknown")
            #expect((dualSense as GCExtendedGamepad).rightTrigger === dualSense.rightTrigger)
        }

        @Test func aSimulatedPadTakesABatchAsItsNodeWould() throws {
            let pads = try SimulatedPads(["dualsense"])
            let controller = try #require(pads.registry.controllers().first)
            let gamepad = try #require(controller.extendedGamepad)
            #expect(pads.registry.simulateInput([.axis(0x00, value: 255), .axis(0x01, value: 0)], on: controller))
            #expect(gamepad.leftThumbstick.xAxis.value > 0.99 && gamepad.leftThumbstick.yAxis.value == 1)
        }
    }
}
