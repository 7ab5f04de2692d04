import Foundation
import HapticTestSupport
import Testing

/// `haptic devices` end to end, with a fake input directory (this host has no /dev/input).
@Suite(.offTheConcurrencyPool) struct DevicesCommandTests {
    @Test func listsDevicesAndSaysWhyCandidatesWereSkipped() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A regular file named like an evdev node: opens, but is no input device (EVIOCGNAME → ENOTTY).
        try "not a device".write(to: folder.appendingPathComponent("event3"), atomically: false, encoding: .utf8)
        try "".write(to: folder.appendingPathComponent("mouse0"), atomically: false, encoding: .utf8)
        let result = try CommandRunner.haptic(["devices", "--json"], environment: ["HAPTIC_INPUT_DIR": folder.path, "HAPTIC_DEVICE": ""])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let skipped = try #require(json["skipped"] as? [[String: Any]])
        let node = try #require(skipped.first { ($0["id"] as? String) == "evdev:\(folder.path)/event3" })
        #expect((node["reason"] as? String)?.contains("no force feedback (EV_FF)") == true)
        #expect(!skipped.contains { ($0["id"] as? String)?.contains("mouse0") == true })
        let devices = try #require(json["devices"] as? [[String: Any]])
        #expect(devices.last?["id"] as? String == "simulated")
        #expect(json["defaultDevice"] as? String == "simulated")

        let text = try CommandRunner.haptic(["devices"], environment: ["HAPTIC_INPUT_DIR": folder.path, "HAPTIC_DEVICE": "null"])
        #expect(text.stdout.contains("Default: null (HAPTIC_DEVICE=null)"), "\(text.stdout)")
        #expect(text.stdout.contains("event3: \(folder.path)/event3: no force feedback (EV_FF)"), "\(text.stdout)")
    }
}
