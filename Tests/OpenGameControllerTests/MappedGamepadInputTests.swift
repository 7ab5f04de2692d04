import Foundation
import HapticDevices
import HapticLinux
import HapticSystem
import HapticTestSupport
import Testing

@testable import OpenGameController

/// A pad off the kernel's gamepad layout read through its SDL mapping line (issue 35, items 1 and 5): a scripted
/// DirectInput-style arcade stick (buttons `BTN_TRIGGER` … `BTN_BASE6`, 0 … 255 axes, a hat) whose events, mapped,
/// reach Apple's elements and their handlers with Apple's values; a pad without a line keeps the kernel's layout.
extension GameControllerSuites {
    @Suite struct MappedGamepadInputTests {
        typealias Calls = GameControllerSuites.GamepadInputTests.Calls

        /// hid-generic's ranges for such a stick: X, Y, Z and RZ 0 … 255 (with fuzz), the hat −1 … 1.
        static let axes: [UInt16: PadAxisRange] = [
            0x00: PadAxisRange(minimum: 0, maximum: 255, fuzz: 1), 0x01: PadAxisRange(minimum: 0, maximum: 255, fuzz: 1),
            0x02: PadAxisRange(minimum: 0, maximum: 255, fuzz: 1), 0x05: PadAxisRange(minimum: 0, maximum: 255, fuzz: 1),
            0x10: PadAxisRange(minimum: -1, maximum: 1), 0x11: PadAxisRange(minimum: -1, maximum: 1),
        ]
        /// BTN_TRIGGER (b0) … BTN_BASE6 (b11).
        static let keys: [UInt16] = Array(0x120...0x12B)

        static func stick(product: UInt16 = 0x5678) -> ControllerInfo {
            ControllerInfo(
                id: "scripted:stick", name: "Acme Arcade Stick", category: .generic, vendorID: 0x1234, productID: product, busType: 3,
                actuators: .twoHandles, hapticDeviceID: "scripted:stick", version: 0x0110, keyCodes: keys)
        }

        /// The stick's line: face buttons on b0 … b3 in a DirectInput order, the right stick on Z (across, a2) and RZ
        /// (up and down, inverted: a3~), the triggers on buttons, the d-pad on hat 0, and the left stick's X split in
        /// halves onto two buttons.
        static let line =
            "03000000341200007856000010010000,Acme Arcade Stick,a:b1,b:b2,x:b0,y:b3,leftshoulder:b4,rightshoulder:b5,"
            + "lefttrigger:b6,righttrigger:b7,back:b8,start:b9,-leftx:b10,+leftx:b11,lefty:a1,rightx:a2,righty:a3~,"
            + "dpup:h0.1,dpright:h0.2,dpdown:h0.4,dpleft:h0.8,platform:Linux,"

        private func connect(_ info: ControllerInfo, line: String = Self.line) throws -> (
            ScriptedControllerSource, ControllerRegistry, GCController
        ) {
            let scripted = ScriptedControllerSource([info])
            var source = scripted.source
            source.mappings = PadMappingDatabase.load(environment: ["SDL_GAMECONTROLLERCONFIG": line])
            let registry = ControllerRegistry(source: source, clock: .manual, watchesHotPlug: false)
            ControllerRegistry.install(registry)
            let controller = try #require(GCController.controllers().first)
            return (scripted, registry, controller)
        }

        @Test func aMappedPadsInputReachesAppleElementsAndTheirHandlers() throws {
            let info = Self.stick()
            let (scripted, registry, controller) = try connect(info)
            defer { registry.shutdown() }
            let gamepad = try #require(controller.extendedGamepad)
            let calls = Calls()
            controller.handlerQueue = calls.queue
            gamepad.valueChangedHandler = { profile, element in
                calls.add("gamepad \(profile.elements.first { $0.value === element }?.key ?? "?")")
            }
            gamepad.buttonA.pressedChangedHandler = { _, _, pressed in calls.add("A \(pressed)") }
            gamepad.rightThumbstick.valueChangedHandler = { _, x, y in calls.add("right stick \(x) \(y)") }
            gamepad.dpad.valueChangedHandler = { _, x, y in calls.add("dpad \(x) \(y)") }
            gamepad.leftThumbstick.xAxis.valueChangedHandler = { _, x in calls.add("left x \(x)") }
            func send(_ events: [PadInputEvent]) { scripted.send(info.id, events, isUse: true, axes: Self.axes) }

            send([.button(0x121, pressed: true)])  // BTN_THUMB: b1, the line's a
            // One report: Z fully right (a2 → rightx 1), RZ at 0 (a3~ → righty inverted: SDL's +1, down; Apple's −1).
            send([.axis(0x02, value: 255), .axis(0x05, value: 0), .report])
            send([.axis(0x11, value: -1), .axis(0x10, value: 1)])  // the hat up and right
            send([.button(0x12A, pressed: true)])  // BTN_BASE5: b10, -leftx
            send([.button(0x126, pressed: true)])  // BTN_BASE: b6, lefttrigger
            let lines = calls.wait(for: 9)
            #expect(
                lines == [
                    "A true", "gamepad Button A", "right stick 1.0 -1.0", "gamepad Right Thumbstick", "dpad 1.0 1.0",
                    "gamepad Direction Pad", "left x -1.0", "gamepad Left Thumbstick", "gamepad Left Trigger",
                ])
            #expect(gamepad.buttonA.isPressed && !gamepad.buttonX.isPressed)
            #expect(gamepad.rightThumbstick.xAxis.value == 1 && gamepad.rightThumbstick.yAxis.value == -1)
            #expect(gamepad.dpad.up.isPressed && gamepad.dpad.right.isPressed && !gamepad.dpad.down.isPressed)
            #expect(gamepad.leftThumbstick.xAxis.value == -1 && gamepad.leftThumbstick.left.isPressed)
            #expect(gamepad.leftTrigger.value == 1 && gamepad.leftTrigger.isPressed)

            // Releases: the half axis goes back to the middle, the hat's up is let go, Y up on a1 (0 is up for evdev).
            send([.button(0x12A, pressed: false), .axis(0x11, value: 0), .axis(0x01, value: 0)])
            #expect(gamepad.leftThumbstick.xAxis.value == 0 && gamepad.leftThumbstick.yAxis.value == 1)
            #expect(!gamepad.dpad.up.isPressed && gamepad.dpad.right.isPressed)
            // The buttons of the kernel's layout mean nothing to this pad: BTN_SOUTH is not its A.
            send([.button(0x121, pressed: false), .button(0x130, pressed: true)])
            #expect(!gamepad.buttonA.isPressed)
        }

        /// The system's source reads `SDL_GAMECONTROLLERCONFIG`: a DirectInput-style stick with force feedback but no
        /// gamepad buttons (`BTN_TRIGGER` … `BTN_BASE6`) is a controller because the variable has a line for its GUID,
        /// and reads its input through it; the same kind of stick without a line is not a controller; the variable's
        /// bad line is one of the discovery's problems, with its place.
        @Test func theSystemSourceReadsSDLsVariable() throws {
            let folder = try Fixtures.temporaryDirectory()
            for node in ["event3", "event4"] {
                #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent(node).path, contents: nil))
            }
            let probe: @Sendable (String) -> Result<EvdevCapabilities, DeviceError> = { path in
                .success(
                    EvdevCapabilities(
                        path: path, name: "Acme Arcade Stick", supportsRumble: true, supportsPeriodicSine: false, supportsGain: false,
                        effectSlots: 16, hasGamepadButtons: false, vendorID: 0x1234, productID: path.hasSuffix("event3") ? 0x5678 : 0x9999,
                        busType: 3, version: 0x0110, keyCodes: Self.keys))
            }
            let environment = [
                "HAPTIC_INPUT_DIR": folder.path, "SDL_GAMECONTROLLERCONFIG": Self.line + "\n03000000341200007856000010010000,X,a:b1,b:h9.1",
            ]
            let registry = ControllerRegistry(
                environment: environment, clock: .manual, probe: probe,
                makeDevice: { _ in RecordingDevice(capacityFrames: 48_000, profile: .twoMotorPad, supportsAudio: false) })
            ControllerRegistry.install(registry)
            defer { registry.shutdown() }
            #expect(GCController.controllers().map(\.info.id) == ["evdev:" + folder.appendingPathComponent("event3").path])
            let controller = try #require(GCController.controllers().first)
            #expect(controller.info.version == 0x0110 && controller.info.keyCodes == Self.keys)
            controller.receive([.button(0x121, pressed: true)], axes: Self.axes)
            #expect(controller.extendedGamepad?.buttonA.isPressed == true, "BTN_THUMB is b1, the line's a")
            #expect(
                registry.source.discover().problems.contains(
                    "SDL_GAMECONTROLLERCONFIG:2:44: hat number 9 is out of range (h0 … h3); line skipped"))
        }

        /// SDL's rules for an axis split between two outputs: the half the value is in drives its output, the output
        /// it left is reset, and an axis drives a button from the middle of its input range on.
        @Test func anAxisSplitBetweenTwoOutputsDrivesOneAtATime() throws {
            let info = Self.stick(product: 0x5679)
            let line = "03000000341200007956000010010000,Split,dpleft:-a0,dpright:+a0,lefttrigger:+a2,righttrigger:-a2,platform:Linux,"
            let (scripted, registry, controller) = try connect(info, line: line)
            defer { registry.shutdown() }
            let gamepad = try #require(controller.extendedGamepad)
            func send(_ events: [PadInputEvent]) { scripted.send(info.id, events, isUse: true, axes: Self.axes) }
            send([.axis(0x00, value: 0)])  // X at its minimum: −1, the lower half, all the way
            #expect(gamepad.dpad.left.isPressed && !gamepad.dpad.right.isPressed)
            send([.axis(0x00, value: 255)])
            #expect(gamepad.dpad.right.isPressed && !gamepad.dpad.left.isPressed, "the left half's button is reset")
            send([.axis(0x00, value: 160)])  // (160 / 255) × 2 − 1 ≈ 0.25: in the upper half, short of its middle
            #expect(!gamepad.dpad.right.isPressed && !gamepad.dpad.left.isPressed)
            send([.axis(0x02, value: 255)])
            #expect(gamepad.leftTrigger.value == 1 && gamepad.rightTrigger.value == 0)
            send([.axis(0x02, value: 0)])  // the lower half, scaled to the right trigger's 0 … 1
            #expect(gamepad.leftTrigger.value == 0 && gamepad.rightTrigger.value == 1)
            send([.axis(0x02, value: 64)])
            #expect(abs(gamepad.rightTrigger.value - (1 - 64 / 127.5)) < 0.001 && gamepad.leftTrigger.value == 0)
        }

        @Test func aPadWithoutALineKeepsTheKernelsLayout() throws {
            let info = Self.stick(product: 0x5679)
            let (scripted, registry, controller) = try connect(info)
            defer { registry.shutdown() }
            let gamepad = try #require(controller.extendedGamepad)
            scripted.send(info.id, [.button(0x121, pressed: true)], isUse: true, axes: Self.axes)
            #expect(!gamepad.buttonA.isPressed)
            scripted.send(info.id, [.button(0x130, pressed: true), .axis(0x00, value: 255)], isUse: true, axes: Self.axes)
            #expect(gamepad.buttonA.isPressed && gamepad.leftThumbstick.xAxis.value == 1)
        }
    }
}
