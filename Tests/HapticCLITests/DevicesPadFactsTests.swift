import Foundation
import HapticDevices
import HapticTestSupport
import Testing

@testable import HapticCommands
@testable import HapticLinux

/// `haptic devices` shows each game controller's input profile, light, battery and motion (issue 35, item 6): from a
/// listing with the system's facts replaced, and end to end on simulated pads.
@Suite(.offTheConcurrencyPool) struct DevicesPadFactsTests {
    /// A light bar showing orange, with five player LEDs.
    struct Lights: PadLightOutput {
        let hasColor = true
        let playerLEDCount = 5
        var currentColor: (red: Float, green: Float, blue: Float)? { (1, 0.5, 0) }
        func setColor(red: Float, green: Float, blue: Float) throws(DeviceError) {}
        func setPlayerLEDs(_ lit: [Bool]) throws(DeviceError) {}
    }

    @Test func aRealPadsLightBatteryAndMotionNodeAreShown() throws {
        let dualSense = ControllerInfo(
            id: "evdev:/dev/input/event5", name: "DualSense Wireless Controller", category: .dualSense, actuators: .twoHandles,
            hapticDeviceID: "evdev:/dev/input/event5", evdevPath: "/dev/input/event5", motionPath: "/dev/input/event6")
        let switchPad = ControllerInfo(
            id: "evdev:/dev/input/event8", name: "Nintendo Switch Pro Controller", category: .switchPro, actuators: .twoHandles,
            hapticDeviceID: "evdev:/dev/input/event8", evdevPath: "/dev/input/event8", motionPath: "/dev/input/event9")
        let xbox = ControllerInfo(
            id: "evdev:/dev/input/event10", name: "Xbox Wireless Controller", category: .xboxOne, actuators: .twoHandles,
            hapticDeviceID: "evdev:/dev/input/event10", evdevPath: "/dev/input/event10")
        var broken = SimulatedControllerSpec(model: .dualsense, hasMotion: true).motionAxisRanges
        broken[0x03]?.resolution = 0
        let facts = DeviceListing.PadFacts(
            lights: { $0.category == .dualSense ? Lights() : nil },
            battery: { $0.category == .dualSense ? PadBattery(level: 0.55, state: .discharging) : nil },
            motionAxes: { $0 == "/dev/input/event9" ? broken : nil })
        let listing = DeviceListing(
            report: DiscoveryReport(devices: [], skipped: [], notes: []),
            selection: DeviceDiscovery.defaultSelection(environment: ["HAPTIC_DEVICE": "null"]),
            controllers: ControllerDiscovery.Report(controllers: [dualSense, switchPad, xbox], problems: []), facts: facts)
        #expect(listing.controllers.map(\.inputProfile) == ["GCDualSenseGamepad", "GCExtendedGamepad", "GCXboxGamepad"])
        let text = listing.text
        for line in [
            "light: light bar showing #ff8000, 5 player LEDs", "battery: 55 %, discharging",
            "motion: rotation rate unknown through /dev/input/event6; cannot open /dev/input/event6",
            "motion: accelerometer and gyroscope (rotation rate) through /dev/input/event9; ignored: ABS_RX has resolution 0",
            "battery: unknown (the system reports none for it)", "motion: none", "light: none",
        ] {
            #expect(text.contains(line), "\(line)\n\(text)")
        }
        let json = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(listing)) as? [String: Any])
        let controllers = try #require(json["controllers"] as? [[String: Any]])
        let battery = try #require(controllers[0]["battery"] as? [String: Any])
        #expect((battery["level"] as? Double).map { abs($0 - 0.55) < 1e-6 } == true && battery["state"] as? String == "discharging")
        #expect((controllers[0]["light"] as? [String: Any])?["playerLEDs"] as? Int == 5)
        #expect(controllers[2]["light"] == nil && controllers[2]["battery"] == nil && controllers[2]["motion"] == nil)
        #expect(controllers[0]["productCategory"] as? String == "DualSense", "the fields already there stay")
    }

    @Test func simulatedPadsShowTheirProfileAndMotionThroughTheCommand() throws {
        let environment = ["HAPTIC_CONTROLLERS": "simulated:dualsense+motion,simulated:xbox", "HAPTIC_INPUT_DIR": "/nonexistent"]
        let result = try CommandRunner.haptic(["devices", "--json"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let controllers = try #require(json["controllers"] as? [[String: Any]])
        try #require(controllers.count == 2)
        #expect(controllers.map { $0["inputProfile"] as? String } == ["GCDualSenseGamepad", "GCXboxGamepad"])
        #expect((controllers[0]["motion"] as? [String: Any])?["hasRotationRate"] as? Bool == true)
        #expect(controllers[1]["motion"] == nil)

        let text = try CommandRunner.haptic(["devices"], environment: environment)
        #expect(text.status == 0)
        for line in [
            "input profile: GCDualSenseGamepad", "motion: accelerometer and gyroscope (rotation rate) (simulated)",
            "input profile: GCXboxGamepad", "battery: unknown", "light: none", "motion: none",
        ] {
            #expect(text.stdout.contains(line), "\(line)\n\(text.stdout)")
        }
    }

    @Test func aBadMappingLineIsShownWithItsPositionEvenWithNoPad() throws {
        let environment = [
            "SDL_GAMECONTROLLERCONFIG": "03000000341200007856000010010000,Acme Arcade Stick,a:b1,zz:b99,platform:Linux",
            "HAPTIC_INPUT_DIR": "/nonexistent",
        ]
        let result = try CommandRunner.haptic(["devices"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let output = result.stdout + result.stderr
        #expect(output.contains("SDL_GAMECONTROLLERCONFIG:1:"), "the variable and the line:column of its bad field\n\(output)")
    }
}
