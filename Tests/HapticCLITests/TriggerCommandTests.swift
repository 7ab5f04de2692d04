import Foundation
import HapticTestSupport
import Testing

/// `haptic trigger` sets a DualSense's adaptive trigger through GCDualSenseAdaptiveTrigger, holds it, turns it off;
/// `haptic devices` says how each DualSense is connected and whether its triggers can be set.
@Suite(.offTheConcurrencyPool) struct TriggerCommandTests {
    private let environment = ["HAPTIC_CONTROLLERS": "simulated:xbox,simulated:dualsense", "HAPTIC_INPUT_DIR": "/nonexistent"]

    @Test func aModeIsSetWithItsBytesHeldAndTurnedOff() throws {
        let result = try CommandRunner.haptic(
            ["trigger", "weapon", "0.2", "0.6", "1", "--controller", "2", "--side", "both", "--seconds", "0.1"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "Simulated DualSense Wireless Controller: left trigger weapon (effect bytes 25 24 00 07 00 00 00 00 00 00 00)"))
        #expect(result.stdout.contains("right trigger weapon (effect bytes 25 24 00 07"))
        #expect(result.stdout.contains("left and right trigger off"))
        let slope = try CommandRunner.haptic(
            ["trigger", "slope", "0.1", "0.9", "0.125", "1", "--controller", "dualsense", "--seconds", "0.1"], environment: environment)
        #expect(slope.status == 0 && slope.stdout.contains("right trigger slopeFeedback (effect bytes 21 fe 03 40 34 d6 3f 00 00 00 00)"))
    }

    @Test func mistakesAreExplained() throws {
        let arity = try CommandRunner.haptic(["trigger", "weapon", "0.2", "--controller", "2"], environment: environment)
        #expect(arity.status == 64 && arity.stderr.contains("mode weapon takes 3 values, not 1"))
        let range = try CommandRunner.haptic(["trigger", "feedback", "0.2", "1.5", "--controller", "2"], environment: environment)
        #expect(range.status == 64 && range.stderr.contains("value 2 ('1.5') must be a number from 0 to 1"))
        let mode = try CommandRunner.haptic(["trigger", "rumble", "--controller", "2"], environment: environment)
        #expect(mode.status == 64 && mode.stderr.contains("unknown mode 'rumble'"))
        let xbox = try CommandRunner.haptic(["trigger", "off", "--controller", "1"], environment: environment)
        #expect(xbox.status == 1 && xbox.stderr.contains("is a Xbox One controller: only a DualSense has adaptive triggers"))
        let order = try CommandRunner.haptic(
            ["trigger", "weapon", "0.6", "0.2", "1", "--controller", "2", "--seconds", "0.1"], environment: environment)
        #expect(order.status == 1 && order.stderr.contains("endPosition 0.2 must be greater than startPosition 0.6"))
    }

    @Test func devicesShowsTransportAndTriggerUsability() throws {
        let result = try CommandRunner.haptic(["devices", "--json"], environment: environment)
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let controllers = try #require(json["controllers"] as? [[String: Any]])
        #expect(controllers[0]["adaptiveTriggers"] == nil)
        #expect(controllers[1]["adaptiveTriggers"] as? String == "simulated (every report recorded)")
        let text = try CommandRunner.haptic(["devices"], environment: environment)
        #expect(text.stdout.contains("adaptive triggers: simulated (every report recorded)  (haptic trigger <mode> … --controller 2)"))
    }
}
