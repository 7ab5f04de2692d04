import Foundation
import HapticCommands
import HapticTestSupport
import Testing

/// Issue 32's first hour: what the README promises holds, and the tool says what it does in plain words.
@Suite(.offTheConcurrencyPool) struct FirstHourTests {
    /// The README: an unusable `HAPTIC_DEVICE` is replaced by the simulated actuator with a warning; an unusable
    /// `--device` is refused. An ALSA PCM that does not exist used to pass the choice and fail the engine's start, so
    /// `play` exited 1 on a user's environment variable.
    @Test func anUnusableHapticDeviceFallsBackWhereDeviceRefuses() throws {
        let pcm = "alsa:opencorehaptics-no-such-pcm"
        let fallback = try CommandRunner.haptic(["play", "success"], environment: ["HAPTIC_DEVICE": pcm])
        #expect(fallback.status == 0, "\(fallback.stderr)")
        #expect(
            fallback.stderr.contains("haptic: warning: HAPTIC_DEVICE=\(pcm) is not usable; using the simulated actuator"),
            "\(fallback.stderr)")
        #expect(fallback.stdout.contains("Playing success (85 ms) on simulated"), "\(fallback.stdout)")
        let devices = try CommandRunner.haptic(["devices"], environment: ["HAPTIC_DEVICE": pcm, "HAPTIC_INPUT_DIR": "/nonexistent"])
        #expect(devices.stdout.contains("HAPTIC_DEVICE problem: "), "\(devices.stdout)")
        let refused = try CommandRunner.haptic(["play", "success", "--device", pcm], environment: ["HAPTIC_DEVICE": ""])
        #expect(refused.status == 1 && refused.stderr.contains(pcm), "\(refused.stderr)")
        #expect(!refused.stdout.contains("Playing"))
    }

    /// "1 entries", "1 events": a count of one takes the singular.
    @Test func aCountOfOneIsSingular() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("one.ahap")
        try Data(#"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": []}}]}"#.utf8)
            .write(to: file)
        let validate = try CommandRunner.haptic(["validate", file.path])
        #expect(validate.stdout.contains("ok (1 entry, "), "\(validate.stdout)")
        let plot = try CommandRunner.haptic(["plot", file.path, "-o", folder.appendingPathComponent("one.svg").path])
        #expect(plot.stdout.contains(", 1 event, "), "\(plot.stdout)")
    }

    /// The README's list of the tool's commands names every command `haptic --help` has (it had left out `render`).
    @Test func theReadmeListsEveryCommand() throws {
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## The `haptic` tool").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```").dropFirst().first)
        let listed = Set(block.split(separator: "\n").compactMap { $0.firstMatch(of: /^haptic ([a-z-]+)/)?.1 }.map(String.init))
        let commands = Set(Haptic.configuration.subcommands.map { $0.configuration.commandName ?? "" })
        #expect(commands.subtracting(listed).isEmpty, "not in the README's list: \(commands.subtracting(listed).sorted())")
        #expect(listed.subtracting(commands).isEmpty, "listed but no such command: \(listed.subtracting(commands).sorted())")
    }
}
