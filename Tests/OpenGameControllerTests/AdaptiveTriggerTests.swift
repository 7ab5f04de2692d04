import Foundation
import HapticDevices
import HapticEngine
import HapticLinux
import Testing

@testable import OpenGameController

/// `GCDualSenseAdaptiveTrigger` with Apple's names on a simulated DualSense: reached the Apple way, each mode
/// encoded as the pad takes it, arguments checked, failures explained, and triggers turned off when the controller
/// goes away or the process exits.
extension GameControllerSuites {
    @Suite struct AdaptiveTriggerTests {
        /// The DualSense of a simulated pad list, and the record its triggers write to.
        private func dualSense() throws -> (GCController, GCDualSenseGamepad, SimulatedDualSenseTriggers) {
            let pads = try SimulatedPads(["xbox", "dualsense"])
            let controller = try #require(pads.registry.controllers().last)
            let gamepad = try #require(controller.extendedGamepad as? GCDualSenseGamepad)
            let record = try #require(gamepad.triggers.output as? SimulatedDualSenseTriggers)
            return (controller, gamepad, record)
        }

        @Test func aDualSenseIsReachedAsGCDualSenseGamepadAndThroughItsPhysicalInputProfile() throws {
            let pads = try SimulatedPads(["xbox", "dualsense"])
            let controllers = pads.registry.controllers()
            #expect(controllers.count == 2)
            #expect(controllers[0].extendedGamepad != nil && !(controllers[0].extendedGamepad is GCDualSenseGamepad))
            #expect(!(controllers[0].physicalInputProfile.buttons[GCInputRightTrigger] is GCDualSenseAdaptiveTrigger))
            let gamepad = try #require(controllers[1].extendedGamepad as? GCDualSenseGamepad)
            let profile = controllers[1].physicalInputProfile
            #expect(profile.buttons[GCInputLeftTrigger] as? GCDualSenseAdaptiveTrigger === gamepad.leftTrigger)
            #expect(profile.elements[GCInputRightTrigger] as? GCDualSenseAdaptiveTrigger === gamepad.rightTrigger)
            #expect(gamepad.rightTrigger.isAnalog && gamepad.rightTrigger.localizedName == "R2 Button")
            #expect(GCDualSenseAdaptiveTrigger.discretePositionCount == 10)
            #expect(gamepad.leftTrigger.mode == .off && gamepad.leftTrigger.status == .unknown && gamepad.leftTrigger.armPosition == 0)
        }

        @Test func eachModeWritesItsEncodingToItsTrigger() throws {
            let (_, gamepad, record) = try dualSense()
            let right = gamepad.rightTrigger
            right.setModeFeedbackWithStartPosition(0.3, resistiveStrength: 0.5)
            #expect(try right.mode == .feedback && record.right == (.feedback(startZone: 3, strength: 4)))
            #expect(record.left == .off, "the other trigger is untouched")
            right.setModeWeaponWithStartPosition(0.2, endPosition: 0.6, resistiveStrength: 1)
            #expect(try right.mode == .weapon && record.right == (.weapon(startZone: 2, endZone: 5, strength: 8)))
            right.setModeVibrationWithStartPosition(0, amplitude: 1, frequency: 0.5)
            #expect(try right.mode == .vibration && record.right == (.vibration(startZone: 0, amplitude: 8, frequency: 128)))
            right.setModeSlopeFeedback(startPosition: 0.1, endPosition: 0.9, startStrength: 0.125, endStrength: 1)
            #expect(
                try right.mode == .slopeFeedback
                    && record.right == (.slopeFeedback(startZone: 1, endZone: 8, startStrength: 1, endStrength: 8)))
            right.setModeFeedback(
                resistiveStrengths: GCDualSenseAdaptiveTrigger.PositionalResistiveStrengths(values: (0, 0, 1, 0, 0, 0, 0, 0, 0, 0.125)))
            #expect(try right.mode == .feedback && record.right == (.positionalFeedback(strengths: [0, 0, 8, 0, 0, 0, 0, 0, 0, 1])))
            gamepad.leftTrigger.setModeVibration(
                amplitudes: GCDualSenseAdaptiveTrigger.PositionalAmplitudes(values: (0, 0, 0, 0.5, 0.5, 0.5, 0.5, 0, 0, 0)), frequency: 0)
            #expect(
                try gamepad.leftTrigger.mode == .vibration
                    && record.left == (.positionalVibration(amplitudes: [0, 0, 0, 4, 4, 4, 4, 0, 0, 0], frequency: 1)))
            right.setModeOff()
            #expect(right.mode == .off && record.right == .off)
            #expect(right.lastProblem == nil)
            let last = try DualSenseOutputReport(decoding: #require(record.reports.last))
            #expect(last.right == .off && last.left == nil, "a report carries only the trigger that changed")
        }

        @Test func argumentsOutOfRangeAreClampedAndNaNIsRefusedWithAMessage() throws {
            let (_, gamepad, record) = try dualSense()
            let trigger = gamepad.leftTrigger
            trigger.setModeFeedbackWithStartPosition(-0.5, resistiveStrength: 1.5)
            #expect(try record.left == (.feedback(startZone: 0, strength: 8)))
            #expect(trigger.lastProblem?.contains("setModeFeedbackWithStartPosition(_:resistiveStrength:)") == true)
            #expect(trigger.lastProblem?.contains("resistiveStrength 1.5 is outside 0 … 1; 1.0 is used") == true)
            let reports = record.reports.count
            trigger.setModeVibrationWithStartPosition(0.5, amplitude: .nan, frequency: 0.5)
            #expect(trigger.mode == .feedback && record.reports.count == reports, "a NaN argument does nothing")
            #expect(trigger.lastProblem?.contains("amplitude is nan") == true && trigger.lastProblem?.contains("ignored") == true)
            trigger.setModeWeaponWithStartPosition(0.6, endPosition: 0.4, resistiveStrength: 1)
            #expect(trigger.mode == .feedback && record.reports.count == reports)
            #expect(trigger.lastProblem?.contains("endPosition 0.4 must be greater than startPosition 0.6") == true)
            trigger.setModeSlopeFeedback(startPosition: 0.5, endPosition: .infinity, startStrength: 0, endStrength: 1)
            #expect(trigger.mode == .feedback && record.reports.count == reports)
        }

        @Test func aWriteThatFailsKeepsTheModeAndSaysWhy() throws {
            let (_, gamepad, record) = try dualSense()
            record.failWrites(with: DeviceError(.permissionDenied, "/dev/hidraw3: open failed: Permission denied"))
            gamepad.rightTrigger.setModeWeaponWithStartPosition(0.3, endPosition: 0.7, resistiveStrength: 0.5)
            #expect(gamepad.rightTrigger.mode == .off)
            #expect(gamepad.rightTrigger.lastProblem?.contains("/dev/hidraw3: open failed") == true)
            #expect(gamepad.triggers.problem?.contains("Permission denied") == true)
            record.failWrites(with: nil)
            gamepad.rightTrigger.setModeWeaponWithStartPosition(0.3, endPosition: 0.7, resistiveStrength: 0.5)
            #expect(gamepad.rightTrigger.mode == .weapon && gamepad.rightTrigger.lastProblem == nil)
        }

        @Test func triggersLeftOnAreTurnedOffWhenTheControllerGoesAway() throws {
            let info = ControllerDiscovery.simulated(SimulatedControllerSpec(model: .dualsense), number: 1)
            func setAndDrop() throws -> (SimulatedDualSenseTriggers, Int) {
                let controller = GCController(info: info, clock: .manual, source: .linux(environment: [:]))
                let gamepad = try #require(controller.extendedGamepad as? GCDualSenseGamepad)
                gamepad.rightTrigger.setModeWeaponWithStartPosition(0.2, endPosition: 0.6, resistiveStrength: 1)
                let record = try #require(gamepad.triggers.output as? SimulatedDualSenseTriggers)
                return (record, record.reports.count)
            }
            let (record, written) = try setAndDrop()
            #expect(record.reports.count == written + 1)
            let last = try DualSenseOutputReport(decoding: #require(record.reports.last))
            #expect(last.right == .off && last.left == nil)
            #expect(record.right == .off)
        }

        @Test func aDisconnectedDualSenseWritesNothingMore() throws {
            let info = ControllerDiscovery.simulated(SimulatedControllerSpec(model: .dualsense), number: 1)
            let controller = GCController(info: info, clock: .manual, source: .linux(environment: [:]))
            let gamepad = try #require(controller.extendedGamepad as? GCDualSenseGamepad)
            let record = try #require(gamepad.triggers.output as? SimulatedDualSenseTriggers)
            gamepad.rightTrigger.setModeFeedbackWithStartPosition(0.5, resistiveStrength: 0.5)
            let written = record.reports.count
            controller.disconnect()
            gamepad.rightTrigger.setModeWeaponWithStartPosition(0.2, endPosition: 0.6, resistiveStrength: 1)
            #expect(gamepad.rightTrigger.mode == .feedback && record.reports.count == written)
            #expect(gamepad.rightTrigger.lastProblem?.contains("disconnected") == true)
            DualSenseTriggers.turnOffAll()
            #expect(record.reports.count == written, "nothing is turned off on a pad that is gone")
        }

        @Test func statusAndArmPositionComeFromThePadsInputReport() throws {
            let (_, gamepad, record) = try dualSense()
            #expect(gamepad.rightTrigger.status == .unknown && gamepad.rightTrigger.armPosition == 0, "no report yet")
            gamepad.rightTrigger.setModeWeaponWithStartPosition(0.2, endPosition: 0.6, resistiveStrength: 1)
            gamepad.leftTrigger.setModeSlopeFeedback(startPosition: 0.1, endPosition: 0.9, startStrength: 0.2, endStrength: 1)
            record.feedInput(
                DualSenseInputReport(
                    transport: .usb, left: .init(stopLocation: 9, status: 1, effect: 1), right: .init(stopLocation: 6, status: 2, effect: 2)
                ))
            #expect(gamepad.rightTrigger.status == .weaponFired && gamepad.rightTrigger.armPosition == Float(6) / 9)
            #expect(gamepad.leftTrigger.status == .slopeFeedbackApplyingLoad && gamepad.leftTrigger.armPosition == 1)
            let feedback = GCDualSenseAdaptiveTrigger.Mode.feedback
            #expect(GCDualSenseAdaptiveTrigger.status(of: .init(stopLocation: 0, status: 0, effect: 1), mode: feedback) == .feedbackNoLoad)
            #expect(
                GCDualSenseAdaptiveTrigger.status(of: .init(stopLocation: 0, status: 1, effect: 3), mode: .vibration)
                    == .vibrationIsVibrating)
            #expect(GCDualSenseAdaptiveTrigger.status(of: .init(stopLocation: 0, status: 9, effect: 2), mode: .weapon) == .unknown)
            #expect(GCDualSenseAdaptiveTrigger.status(of: .init(stopLocation: 0, status: 0, effect: 0), mode: .off) == .unknown)
            record.feedInput(
                DualSenseInputReport(
                    transport: .usb, left: .init(stopLocation: 15, status: 0, effect: 0),
                    right: .init(stopLocation: 0, status: 0, effect: 0)))
            #expect(gamepad.leftTrigger.armPosition == 1, "a stop location beyond 9 is kept to 1")
        }

        @Test func atExitEveryTriggerLeftOnIsTurnedOff() throws {
            let (controller, gamepad, record) = try dualSense()
            gamepad.leftTrigger.setModeVibrationWithStartPosition(0.1, amplitude: 0.5, frequency: 0.2)
            #expect(record.left != .off)
            DualSenseTriggers.turnOffAll()
            #expect(record.left == .off && record.right == .off)
            let count = record.reports.count
            DualSenseTriggers.turnOffAll()
            #expect(record.reports.count == count, "triggers already off are not written again")
            withExtendedLifetime(controller) {}
        }
    }
}
