import Foundation
import HapticTestSupport
import Testing

/// `haptic devices` lists game controllers with their localities; `haptic play --controller … --locality …` plays on
/// one locality of one, through the engine GCDeviceHaptics makes.
@Suite(.offTheConcurrencyPool) struct ControllerCommandTests {
    @Test func devicesListsControllersWithTheirLocalities() throws {
        let result = try CommandRunner.haptic(
            ["devices", "--json"],
            environment: ["HAPTIC_CONTROLLERS": "simulated:xbox,simulated:generic", "HAPTIC_INPUT_DIR": "/nonexistent"])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let controllers = try #require(json["controllers"] as? [[String: Any]])
        #expect(controllers.map { $0["productCategory"] as? String } == ["Xbox One", "HID"])
        #expect((controllers[0]["localities"] as? [String])?.contains("leftTrigger") == true)
        #expect((controllers[1]["localities"] as? [String]) == ["default", "all", "handles", "leftHandle", "rightHandle"])

        let text = try CommandRunner.haptic(["devices"], environment: ["HAPTIC_CONTROLLERS": "simulated:dualsense"])
        #expect(text.stdout.contains("1. 'Simulated DualSense Wireless Controller'  [DualSense]"))
        let bad = try CommandRunner.haptic(["devices"], environment: ["HAPTIC_CONTROLLERS": "simulated:nes"])
        #expect(bad.status == 0 && bad.stdout.contains("no simulated controller 'nes'"))
    }

    /// The right handle of a simulated Xbox pad: the weak motor moves, the other three actuators stay still.
    @Test func playOnAControllerLocalityMovesOnlyItsActuators() throws {
        let folder = try Fixtures.temporaryDirectory()
        let recording = folder.appendingPathComponent("pad.wav")
        let result = try CommandRunner.haptic(
            ["play", "Examples/Patterns/Welcome.ahap", "--controller", "xbox", "--locality", "rightHandle"],
            environment: ["HAPTIC_CONTROLLERS": "simulated:xbox=wav:\(recording.path)"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Playing Examples/Patterns/Welcome.ahap") && result.stdout.contains("(Right Handle)"))
        let wav = try WAVFile(contentsOf: recording)
        #expect(wav.channels.count == 4)
        let peaks = wav.channels.map { $0.map(abs).max() ?? 0 }
        #expect(peaks[1] > 0.1 && peaks[0] == 0 && peaks[2] == 0 && peaks[3] == 0, "peaks \(peaks)")
        // The recording lasts the pattern (1.35 s and its last tap) at least: it played in real time.
        #expect(Double(wav.frameCount) / Double(wav.sampleRate) >= 1.35)
    }

    /// A simulated Bluetooth DualSense: `haptic devices` says where its coils play, and `play --locality handles`
    /// reaches both coils through the 0x32 reports (their PCM recorded beside the recording).
    @Test func playOnABluetoothDualSensesHandlesReachesBothCoilsThroughReports() throws {
        let folder = try Fixtures.temporaryDirectory()
        let recording = folder.appendingPathComponent("pad.wav")
        let environment = ["HAPTIC_CONTROLLERS": "simulated:dualsense-bt=wav:\(recording.path)", "HAPTIC_INPUT_DIR": "/nonexistent"]
        let devices = try CommandRunner.haptic(["devices"], environment: environment)
        #expect(devices.stdout.contains("connected by Bluetooth"))
        #expect(devices.stdout.contains("voice coils: simulated on Bluetooth (3 kHz 8-bit PCM in report 0x32"))
        let result = try CommandRunner.haptic(
            ["play", "impact-heavy", "--controller", "1", "--locality", "handles"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let coils = try WAVFile(contentsOf: folder.appendingPathComponent("pad-coils.wav"))
        #expect(coils.sampleRate == 3_000 && coils.channels.count == 2)
        let peaks = coils.channels.map { $0.map(abs).max() ?? 0 }
        #expect(peaks[0] > 0.3 && peaks[1] > 0.3, "peaks \(peaks)")
    }

    @Test func controllerMistakesAreExplained() throws {
        let environment = ["HAPTIC_CONTROLLERS": "simulated:generic", "HAPTIC_INPUT_DIR": "/nonexistent"]
        let noTriggers = try CommandRunner.haptic(
            ["play", "success", "--controller", "1", "--locality", "triggers"], environment: environment)
        #expect(noTriggers.status == 1 && noTriggers.stderr.contains("has no Triggers actuators (it supports: default, all"))
        let missing = try CommandRunner.haptic(["play", "success", "--controller", "7"], environment: environment)
        #expect(missing.status == 1 && missing.stderr.contains("no game controller '7' (1: Simulated Gamepad)"))
        let unknown = try CommandRunner.haptic(["play", "success", "--controller", "1", "--locality", "nose"], environment: environment)
        #expect(unknown.status == 64 && unknown.stderr.contains("unknown --locality 'nose'"))
        let both = try CommandRunner.haptic(["play", "success", "--controller", "1", "--device", "null"], environment: environment)
        #expect(both.status == 64 && both.stderr.contains("cannot be used together"))
    }
}
