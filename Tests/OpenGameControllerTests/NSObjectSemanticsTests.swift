import HapticEngine
import OpenCoreHaptics
import Testing

@testable import OpenGameController

/// GameController's classes are NSObjects: a controller is a dictionary key (Apple's own GameController plug-in keeps
/// `[GCController: CHHapticEngine]`), and controllers, haptics and trigger elements are equal only to themselves.
extension GameControllerSuites {
    @Suite struct NSObjectSemanticsTests {
        @Test func controllersAreDictionaryKeysForTheirEngines() throws {
            let pads = try SimulatedPads(["xbox", "dualsense"])
            let controllers = pads.registry.controllers()
            var engines: [GCController: CHHapticEngine] = [:]
            for controller in controllers {
                engines[controller] = controller.haptics?.createEngine(withLocality: .default)
            }
            #expect(engines.count == 2 && engines[controllers[0]] !== engines[controllers[1]])
            #expect(pads.registry.controllers().allSatisfy { engines[$0] != nil }, "the same controller objects look up their engines")
            #expect(controllers[0] == controllers[0] && controllers[0] != controllers[1] && controllers[0].isEqual(controllers[0]))
            #expect(controllers[0].hash == controllers[0].hash && controllers[0].description.hasPrefix("<GCController: 0x"))
            let haptics = try #require(controllers[0].haptics)
            #expect(haptics == controllers[0].haptics && haptics != controllers[1].haptics && haptics.isEqual(haptics))
            let device: any GCDevice = controllers[1]
            #expect(device.isEqual(controllers[1]) && !device.isEqual(controllers[0]))
        }

        @Test func triggerElementsAreMatchedByIdentity() throws {
            let pads = try SimulatedPads(["dualsense"])
            let gamepad = try #require(pads.registry.controllers().first?.extendedGamepad as? GCDualSenseGamepad)
            // The shape of game code mapping an element back to its name.
            func name(_ element: GCControllerButtonInput) -> String {
                switch element {
                case gamepad.leftTrigger: "L2"
                case gamepad.rightTrigger: "R2"
                default: "other"
                }
            }
            #expect(name(gamepad.leftTrigger) == "L2" && name(gamepad.rightTrigger) == "R2")
            #expect(
                gamepad.leftTrigger != gamepad.rightTrigger
                    && Set([gamepad.leftTrigger, gamepad.rightTrigger, gamepad.leftTrigger]).count == 2)
            #expect(gamepad.leftTrigger.description.hasPrefix("<GCDualSenseAdaptiveTrigger: 0x") && gamepad == gamepad)
        }
    }
}
