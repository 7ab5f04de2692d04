import Foundation
import HapticTestSupport
import Testing

/// `haptic bridge` from the command line, without a PipeWire daemon (the gate .ci/pipewire.sh runs it against one),
/// and `haptic devices` listing a running bridge.
@Suite(.offTheConcurrencyPool) struct BridgeCommandTests {
    @Test func aMistakeInARuleIsNamedBeforeAnythingStarts() throws {
        let result = try CommandRunner.haptic(["bridge", "--no-config", "--rule", "app firefox gian=2"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--rule 1: unknown key 'gian' (have: gain, curve, floor, sensitivity, coils, split, triggers, to)"))
    }

    @Test func aMistakeInTheConfigurationFileIsNamedWithItsLine() throws {
        let folder = try Fixtures.temporaryDirectory()
        let file = folder.appendingPathComponent("bridge.conf")
        try "app firefox gain=1.5\n\ndevice xbox floor=0.9\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try CommandRunner.haptic(["bridge", "--config", file.path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("\(file.path):3: floor must be a number 0.0 … 0.5, not '0.9'"))
    }

    @Test func anApplicationNameWithSpacesIsTakenWhole() throws {
        // Without '=' the --app value is a name; "Elden Ring gain=2" would be statement text.
        let result = try CommandRunner.haptic(["bridge", "--no-config", "--app", "Elden Ring", "--rule", "bridge quantum=8"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--rule 1: quantum must be 64 … 2048 frames, not '8'"))
    }

    @Test func withoutADaemonItSaysSoAndKeepsTrying() throws {
        let runtime = try Fixtures.temporaryDirectory()
        let result = try CommandRunner.haptic(
            ["bridge", "--no-config", "--quiet", "--duration", "1.5"],
            environment: [
                "XDG_RUNTIME_DIR": runtime.path, "PIPEWIRE_REMOTE": "haptic-test-no-such-daemon", "HAPTIC_INPUT_DIR": runtime.path,
            ])
        if result.status == 1 {
            // No libpipewire on this machine: the message names what to install.
            #expect(result.stderr.contains("libpipewire-0.3.so.0 not found") && result.stderr.contains("apt install libpipewire-0.3-0"))
        } else {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("PipeWire: PipeWire is not running"), "\(result.stdout)")
            #expect(result.stdout.contains("systemctl --user start pipewire wireplumber"))
        }
    }

    @Test func devicesListsARunningBridge() throws {
        let runtime = try Fixtures.temporaryDirectory()
        let folder = runtime.appendingPathComponent("opencorehaptics")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A bridge's file, with this (living) process's id; and one of a process that is gone, which is skipped.
        let alive = """
            {"pid":\(getpid()),"pipeWire":"connected (libpipewire 0.3.65), quantum 256 frames",\
            "sinks":["Wireless Controller sink → 1. DualSense Wireless Controller"],"captures":["firefox (node 52) → 1. DualSense Wireless Controller"],\
            "pads":["1. DualSense Wireless Controller (hidraw:/dev/hidraw5)"]}
            """
        try alive.write(to: folder.appendingPathComponent("bridge-\(getpid()).json"), atomically: true, encoding: .utf8)
        try alive.replacingOccurrences(of: "\(getpid())", with: "999999").write(
            to: folder.appendingPathComponent("bridge-999999.json"), atomically: true, encoding: .utf8)
        let result = try CommandRunner.haptic(["devices"], environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Bridges (haptic bridge):"))
        #expect(result.stdout.contains("pid \(getpid()): PipeWire connected"))
        #expect(result.stdout.contains("sink Wireless Controller sink → 1. DualSense Wireless Controller"))
        #expect(result.stdout.contains("sound to touch: firefox (node 52)"))
        #expect(!result.stdout.contains("pid 999999"))
        let json = try CommandRunner.haptic(["devices", "--json"], environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(json.stdout.contains("\"bridges\""))
    }
}
