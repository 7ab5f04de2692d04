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
        #expect(
            xbox.status == 1
                && xbox.stderr.contains(
                    "Simulated Xbox One Controller (Xbox One) has no adaptive triggers: only a DualSense has them; use --controller 2"),
            "\(xbox.stderr)")
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
        // What the simulation does with the reports, honestly: nothing receives them; `haptic trigger` shows them.
        #expect(controllers[1]["adaptiveTriggers"] as? String == "simulated: no pad receives the reports; haptic trigger prints each one")
        let text = try CommandRunner.haptic(["devices"], environment: environment)
        #expect(
            text.stdout.contains(
                "adaptive triggers: simulated: no pad receives the reports; haptic trigger prints each one  (haptic trigger <mode> … --controller 2)"
            ))
    }

    /// Issue 32: with no pad, the message suggested `simulated:xbox`, which then said only a DualSense has triggers.
    /// The suggestion must work when followed.
    @Test func theSuggestionForNoPadWorksWhenFollowed() throws {
        let none = try CommandRunner.haptic(
            ["trigger", "feedback", "0.3", "0.5", "--controller", "1", "--seconds", "0.1"],
            environment: ["HAPTIC_CONTROLLERS": "", "HAPTIC_INPUT_DIR": "/nonexistent"])
        #expect(none.status == 1)
        let suggested = try #require(
            none.stderr.firstMatch(of: /none is connected; (HAPTIC_CONTROLLERS=[^ ;)]+)/)?.1, "\(none.stderr)")
        let assignment = suggested.split(separator: "=", maxSplits: 1)
        let followed = try CommandRunner.haptic(
            ["trigger", "feedback", "0.3", "0.5", "--controller", "1", "--seconds", "0.1"],
            environment: [String(assignment[0]): String(assignment[1]), "HAPTIC_INPUT_DIR": "/nonexistent"])
        #expect(followed.status == 0, "\(suggested): \(followed.stderr)")
        #expect(followed.stdout.contains("right trigger feedback"), "\(followed.stdout)")
        // Only an Xbox pad: the message names the DualSense to simulate instead.
        let xbox = try CommandRunner.haptic(
            ["trigger", "off", "--controller", "1"],
            environment: ["HAPTIC_CONTROLLERS": "simulated:xbox", "HAPTIC_INPUT_DIR": "/nonexistent"])
        #expect(xbox.status == 1 && xbox.stderr.contains("only a DualSense has them; HAPTIC_CONTROLLERS=simulated:dualsense simulates one"))
    }

    /// A simulated DualSense writes nowhere: `haptic trigger` prints each report as the pad would receive it (USB
    /// report 0x02 with the effect at its trigger's offset; the off report at the end), so the output is the record.
    @Test func aSimulatedPadsReportsArePrinted() throws {
        let result = try CommandRunner.haptic(
            ["trigger", "weapon", "0.2", "0.6", "1", "--controller", "2", "--side", "left", "--seconds", "0.1"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let reports = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  simulated, sent nowhere: report ") }
        #expect(reports.count == 2, "\(result.stdout)")
        let bytes = reports.map { $0.split(separator: " ").dropFirst(4).map { String($0) } }
        // USB output report 0x02: the left trigger's 11 effect bytes start at offset 22.
        #expect(bytes.first?.first == "02" && bytes.first.map { Array($0[22..<26]) } == ["25", "24", "00", "07"], "\(bytes)")
        #expect(bytes.last.map { $0[22] } == "05", "the last report turns the trigger off: \(bytes)")
    }

    /// `haptic devices` says where a simulated DualSense's coils are recorded, or how to record them.
    @Test func devicesSaysWhereASimulatedPadRecords() throws {
        let recorded = try CommandRunner.haptic(
            ["devices"],
            environment: [
                "HAPTIC_CONTROLLERS": "simulated:dualsense=wav:/tmp/pad.wav,simulated:dualsense", "HAPTIC_INPUT_DIR": "/nonexistent",
            ])
        #expect(recorded.stdout.contains("voice coils: simulated (modelled, recorded to /tmp/pad.wav)"), "\(recorded.stdout)")
        #expect(recorded.stdout.contains("voice coils: simulated (not recorded: add =wav:<path> to the HAPTIC_CONTROLLERS item"))
    }
}
