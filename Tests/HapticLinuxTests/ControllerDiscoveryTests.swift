#if os(Linux)
import Foundation
import HapticTestSupport
import PropertyBased
import Testing

@testable import HapticDevices
@testable import HapticLinux

/// Which evdev nodes are game controllers, what kind they are, and where a DualSense's voice coils play.
struct ControllerDiscoveryTests {
    @Test func categoriesComeFromVendorAndProductIDs() {
        #expect(ControllerCategory(vendorID: 0x054C, productID: 0x0CE6) == .dualSense)
        #expect(ControllerCategory(vendorID: 0x054C, productID: 0x09CC) == .dualShock4)
        #expect(ControllerCategory(vendorID: 0x045E, productID: 0x0B12) == .xboxOne)
        #expect(ControllerCategory(vendorID: 0x057E, productID: 0x2009) == .switchPro)
        #expect(ControllerCategory(vendorID: 0x045E, productID: 0x0001) == .generic, "a Microsoft mouse is not an Xbox pad")
        #expect(ControllerCategory(vendorID: 0x1234, productID: 0x5678) == .generic)
        #expect(ControllerCategory.allCases.map(\.rawValue) == ["DualSense", "DualShock 4", "Xbox One", "Switch Pro Controller", "HID"])
    }

    @Test func aNodeWithForceFeedbackAndGamepadButtonsIsAController() throws {
        let pad = MockEvdevSystemCalls()
        pad.configure { $0.gamepad = (0x054C, 0x0CE6) }
        let capabilities = try EvdevProbe.probe(path: "/dev/input/event7", system: pad).get()
        #expect(capabilities.isGameController && capabilities.vendorID == 0x054C && capabilities.productID == 0x0CE6)
        #expect(capabilities.busType == 3)
        let controller = ControllerDiscovery.controller(capabilities, sysfsRoot: "/nonexistent")
        #expect(controller.category == .dualSense && controller.id == "evdev:/dev/input/event7")
        #expect(controller.hapticDeviceID == "evdev:/dev/input/event7", "no audio card: rumble through the kernel driver")
        #expect(controller.actuators == .twoHandles)

        #expect(capabilities.extraButtons.isEmpty && controller.extraButtons.isEmpty)

        // An Xbox Elite Series 2 under xpad: its paddles (BTN_TRIGGER_HAPPY5 … 8) and share button (KEY_RECORD).
        let elite = MockEvdevSystemCalls()
        elite.configure {
            $0.gamepad = (0x045E, 0x0B00)
            $0.extraKeys = [0x2C4, 0x2C5, 0x2C6, 0x2C7, 0xA7, 0x2C8]
        }
        let eliteCapabilities = try EvdevProbe.probe(path: "/dev/input/event8", system: elite).get()
        #expect(eliteCapabilities.extraButtons == [0x2C4, 0x2C5, 0x2C6, 0x2C7, 0xA7], "BTN_TRIGGER_HAPPY9 is none of ours")
        #expect(ControllerDiscovery.controller(eliteCapabilities, sysfsRoot: "/nonexistent").extraButtons == eliteCapabilities.extraButtons)

        let vibrator = MockEvdevSystemCalls()
        let vibra = try EvdevProbe.probe(path: "/dev/input/event2", system: vibrator).get()
        #expect(vibra.isUsable && !vibra.isGameController, "a vibrator without buttons stays a plain output")
    }

    /// SDL's mapping lines name a pad by its version too and number its buttons among every key code it reports: both
    /// are read from the node (`EVIOCGID`, `EVIOCGBIT(EV_KEY)`) into the controller.
    @Test func theVersionAndEveryKeyCodeOfAPadAreRead() throws {
        let stick = MockEvdevSystemCalls()
        stick.configure {
            $0.gamepad = (0x1234, 0x5678)
            $0.version = 0x0110
            $0.extraKeys = [0x120, 0x121, 0xA7]
        }
        let capabilities = try EvdevProbe.probe(path: "/dev/input/event9", system: stick).get()
        #expect(capabilities.version == 0x0110 && capabilities.keyCodes == [0xA7, 0x120, 0x121, 0x130, 0x131])
        let controller = ControllerDiscovery.controller(capabilities, sysfsRoot: "/nonexistent")
        #expect(controller.version == 0x0110 && controller.keyCodes == capabilities.keyCodes)
    }

    /// A USB DualSense: the evdev node and the sound card hang off the same USB device in sysfs.
    @Test func aUSBDualSenseFindsItsSoundCardThroughSysfs() throws {
        let root = try Fixtures.temporaryDirectory()
        let files = FileManager.default
        func directory(_ path: String) throws {
            try files.createDirectory(at: root.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        func link(_ path: String, to target: String) throws {
            try directory((path as NSString).deletingLastPathComponent)
            try files.createSymbolicLink(atPath: root.appendingPathComponent(path).path, withDestinationPath: target)
        }
        let pad = "devices/pci0000:00/usb1/1-2"
        try directory("\(pad)/1-2:1.3/0003:054C:0CE6.0001/input/input9")
        try directory("\(pad)/1-2:1.0/sound/card2")
        try directory("devices/pci0000:00/0000:00:1f.3/sound/card0")
        #expect(files.createFile(atPath: root.appendingPathComponent("\(pad)/idVendor").path, contents: Data("054c\n".utf8)))
        try link("class/input/event5/device", to: root.appendingPathComponent("\(pad)/1-2:1.3/0003:054C:0CE6.0001/input/input9").path)
        try link("class/sound/card2/device", to: root.appendingPathComponent("\(pad)/1-2:1.0").path)
        try link("class/sound/card0/device", to: root.appendingPathComponent("devices/pci0000:00/0000:00:1f.3").path)

        let usb = try #require(SysfsTopology.usbDevice(ofEventNode: "/dev/input/event5", sysfsRoot: root.path))
        #expect(usb.hasSuffix("usb1/1-2"))
        #expect(SysfsTopology.soundCards(onUSBDevice: usb, sysfsRoot: root.path) == [2])
        #expect(SysfsTopology.usbDevice(ofEventNode: "/dev/input/event6", sysfsRoot: root.path) == nil, "a node not on USB")

        var capabilities = EvdevCapabilities(
            path: "/dev/input/event5", name: "DualSense Wireless Controller", supportsRumble: true, supportsPeriodicSine: false,
            supportsGain: false, effectSlots: 16, hasGamepadButtons: true, vendorID: 0x054C, productID: 0x0CE6, busType: 3)
        let controller = ControllerDiscovery.controller(capabilities, sysfsRoot: root.path)
        if AlsaLibrary.loadProblem == nil {
            #expect(controller.hapticDeviceID == "alsa:hw:2?channels=4&audio=0,1&haptic=2,3&format=s16")
            #expect(controller.actuators == [.twoHandles, .voiceCoils])
        } else {
            #expect(controller.hapticDeviceID == "evdev:/dev/input/event5", "without alsa-lib the kernel's rumble plays")
        }
        // Any other pad on the same tree keeps its rumble.
        capabilities.productID = 0x09CC
        #expect(ControllerDiscovery.controller(capabilities, sysfsRoot: root.path).hapticDeviceID == "evdev:/dev/input/event5")
    }

    /// hid-playstation's three input devices under one HID device: the gamepad, its touchpad, its motion sensors (found by
    /// their `INPUT_PROP_ACCELEROMETER` property, bit 6 of `properties`).
    @Test func aDualSensesTouchpadNodeIsTheSiblingNamedAfterIt() throws {
        let root = try Fixtures.temporaryDirectory()
        let files = FileManager.default
        let hid = "devices/virtual/misc/uhid/0003:054C:0CE6.0001/input"
        let name = "Sony Interactive Entertainment DualSense Wireless Controller"
        for (input, event, suffix, properties) in [
            ("input5", "event5", "", "0"), ("input6", "event6", " Motion Sensors", "40"), ("input7", "event7", " Touchpad", "4"),
        ] {
            try files.createDirectory(at: root.appendingPathComponent("\(hid)/\(input)/\(event)"), withIntermediateDirectories: true)
            #expect(
                files.createFile(
                    atPath: root.appendingPathComponent("\(hid)/\(input)/properties").path, contents: Data((properties + "\n").utf8)))
            #expect(
                files.createFile(
                    atPath: root.appendingPathComponent("\(hid)/\(input)/name").path, contents: Data((name + suffix + "\n").utf8)))
            try files.createDirectory(at: root.appendingPathComponent("class/input/\(event)"), withIntermediateDirectories: true)
            try files.createSymbolicLink(
                atPath: root.appendingPathComponent("class/input/\(event)/device").path,
                withDestinationPath: root.appendingPathComponent("\(hid)/\(input)").path)
        }
        #expect(SysfsTopology.touchpadNode(ofEventNode: "/dev/input/event5", name: name, sysfsRoot: root.path) == "/dev/input/event7")
        #expect(SysfsTopology.touchpadNode(ofEventNode: "/dev/input/event5", name: "Another Pad", sysfsRoot: root.path) == nil)
        #expect(SysfsTopology.touchpadNode(ofEventNode: "/dev/input/event9", name: name, sysfsRoot: root.path) == nil, "not in sysfs")

        let capabilities = EvdevCapabilities(
            path: "/dev/input/event5", name: name, supportsRumble: true, supportsPeriodicSine: false, supportsGain: true, effectSlots: 16,
            hasGamepadButtons: true, vendorID: 0x054C, productID: 0x0CE6, busType: 3)
        #expect(ControllerDiscovery.controller(capabilities, sysfsRoot: root.path).touchpadPath == "/dev/input/event7")
        #expect(SysfsTopology.motionSensorNode(ofEventNode: "/dev/input/event5", sysfsRoot: root.path) == "/dev/input/event6")
        #expect(SysfsTopology.motionSensorNode(ofEventNode: "/dev/input/event9", sysfsRoot: root.path) == nil, "not in sysfs")
        let found = ControllerDiscovery.controller(capabilities, sysfsRoot: root.path)
        #expect(found.motionPath == "/dev/input/event6" && found.hasMotion)
        // A driver whose motion device has another name (hid-nintendo's "… (IMU)") is found by the property alone.
        try Data("Nintendo Switch Pro Controller (IMU)\n".utf8).write(to: root.appendingPathComponent("\(hid)/input6/name"))
        #expect(SysfsTopology.motionSensorNode(ofEventNode: "/dev/input/event5", sysfsRoot: root.path) == "/dev/input/event6")
        try Data("0\n".utf8).write(to: root.appendingPathComponent("\(hid)/input6/properties"))
        #expect(SysfsTopology.motionSensorNode(ofEventNode: "/dev/input/event5", sysfsRoot: root.path) == nil, "no accelerometer")
        var xbox = capabilities
        xbox.vendorID = 0x045E
        xbox.productID = 0x0B12
        #expect(ControllerDiscovery.controller(xbox, sysfsRoot: root.path).touchpadPath == nil, "only PlayStation pads have one")
    }

    /// hid-playstation's battery: a `power_supply` device under the pad's HID device, beside its input devices.
    @Test func aPadsBatteryIsItsPowerSupplyUnderTheSameHIDDevice() throws {
        let root = try Fixtures.temporaryDirectory()
        let files = FileManager.default
        let hid = "devices/virtual/misc/uhid/0005:054C:0CE6.0003"
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            #expect(files.createFile(atPath: url.path, contents: Data((text + "\n").utf8)))
        }
        try files.createDirectory(at: root.appendingPathComponent("\(hid)/input/input9/event9"), withIntermediateDirectories: true)
        try files.createDirectory(at: root.appendingPathComponent("class/input/event9"), withIntermediateDirectories: true)
        try files.createSymbolicLink(
            atPath: root.appendingPathComponent("class/input/event9/device").path,
            withDestinationPath: root.appendingPathComponent("\(hid)/input/input9").path)
        let battery = "\(hid)/power_supply/ps-controller-battery-a0:5e:00:00:00:03"
        try write("\(battery)/type", "Battery")
        try write("\(battery)/capacity", "55")
        try write("\(battery)/status", "Discharging")

        let directory = try #require(PowerSupply.batteryDirectory(ofEventNode: "/dev/input/event9", sysfsRoot: root.path))
        #expect(directory.hasSuffix("power_supply/ps-controller-battery-a0:5e:00:00:00:03"))
        #expect(PowerSupply.battery(directory: directory) == PadBattery(level: 0.55, state: .discharging))
        try write("\(battery)/status", "Charging")
        #expect(PowerSupply.battery(directory: directory)?.state == .charging, "read afresh each time")
        #expect(PowerSupply.state("Not charging") == .discharging && PowerSupply.state("Full") == .full)
        #expect(PowerSupply.state("Unknown") == .unknown && PowerSupply.state(nil) == .unknown)
        // A driver with only a capacity level (the middle of its band), and one with neither.
        try files.removeItem(at: root.appendingPathComponent("\(battery)/capacity"))
        try write("\(battery)/capacity_level", "Low")
        #expect(PowerSupply.battery(directory: directory)?.level == 0.2)
        try files.removeItem(at: root.appendingPathComponent("\(battery)/capacity_level"))
        #expect(PowerSupply.battery(directory: directory) == nil)
        #expect(PowerSupply.batteryDirectory(ofEventNode: "/dev/input/event3", sysfsRoot: root.path) == nil, "not in sysfs")
        // A uinput pad: nothing above it is its own, and the machine's virtual supplies are not its battery.
        try files.createDirectory(at: root.appendingPathComponent("devices/virtual/input/input4/event4"), withIntermediateDirectories: true)
        try write("devices/virtual/power_supply/test_battery/type", "Battery")
        try files.createDirectory(at: root.appendingPathComponent("class/input/event4"), withIntermediateDirectories: true)
        try files.createSymbolicLink(
            atPath: root.appendingPathComponent("class/input/event4/device").path,
            withDestinationPath: root.appendingPathComponent("devices/virtual/input/input4").path)
        #expect(PowerSupply.batteryDirectory(ofEventNode: "/dev/input/event4", sysfsRoot: root.path) == nil)

        let capabilities = EvdevCapabilities(
            path: "/dev/input/event9", name: "DualSense Wireless Controller", supportsRumble: true, supportsPeriodicSine: false,
            supportsGain: true, effectSlots: 16, hasGamepadButtons: true, vendorID: 0x054C, productID: 0x0CE6, busType: 5)
        #expect(ControllerDiscovery.controller(capabilities, sysfsRoot: root.path).batteryPath == directory)
    }

    /// hid-playstation's LEDs: the light bar a multicolour LED, five player LEDs; hid-sony's three colour LEDs.
    @Test func aPadsLEDClassDevicesAreItsLightAndPlayerLEDs() throws {
        let root = try Fixtures.temporaryDirectory()
        let files = FileManager.default
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            #expect(files.createFile(atPath: url.path, contents: Data((text + "\n").utf8)))
        }
        func read(_ path: String) -> String? {
            (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        func pad(_ hid: String, event: String) throws {
            try files.createDirectory(at: root.appendingPathComponent("\(hid)/input/input5/\(event)"), withIntermediateDirectories: true)
            try files.createDirectory(at: root.appendingPathComponent("class/input/\(event)"), withIntermediateDirectories: true)
            try files.createSymbolicLink(
                atPath: root.appendingPathComponent("class/input/\(event)/device").path,
                withDestinationPath: root.appendingPathComponent("\(hid)/input/input5").path)
        }
        let ds = "devices/virtual/misc/uhid/0003:054C:0CE6.0001"
        try pad(ds, event: "event5")
        try write("\(ds)/leds/input5:rgb:indicator/multi_intensity", "0 0 128")
        try write("\(ds)/leds/input5:rgb:indicator/brightness", "255")
        try write("\(ds)/leds/input5:rgb:indicator/max_brightness", "255")
        for n in 1...5 {
            try write("\(ds)/leds/input5:white:player-\(n)/brightness", "0")
            try write("\(ds)/leds/input5:white:player-\(n)/max_brightness", "1")
        }
        let lights = try #require(LEDClassLights(ofEventNode: "/dev/input/event5", sysfsRoot: root.path))
        #expect(lights.hasColor && lights.playerLEDCount == 5)
        let now = try #require(lights.currentColor)
        #expect(now.red == 0 && abs(now.blue - 128 / 255) < 0.001)
        try lights.setColor(red: 1, green: 0.5, blue: 0)
        #expect(read("\(ds)/leds/input5:rgb:indicator/multi_intensity") == "255 128 0")
        #expect(read("\(ds)/leds/input5:rgb:indicator/brightness") == "255")
        try lights.setPlayerLEDs([false, true, false, true, false])
        #expect((1...5).map { read("\(ds)/leds/input5:white:player-\($0)/brightness") } == ["0", "1", "0", "1", "0"])

        let ds4 = "devices/pci0000:00/usb1/1-1/1-1:1.3/0003:054C:09CC.0002"
        try pad(ds4, event: "event6")
        for channel in ["red", "green", "blue", "global"] {
            try write("\(ds4)/leds/0003:054C:09CC.0002:\(channel)/brightness", "0")
            try write("\(ds4)/leds/0003:054C:09CC.0002:\(channel)/max_brightness", "255")
        }
        let dualShock = try #require(LEDClassLights(ofEventNode: "/dev/input/event6", sysfsRoot: root.path))
        #expect(dualShock.hasColor && dualShock.playerLEDCount == 0)
        try dualShock.setColor(red: 0, green: 1, blue: 0.2)
        #expect(["red", "green", "blue"].map { read("\(ds4)/leds/0003:054C:09CC.0002:\($0)/brightness") } == ["0", "255", "51"])

        #expect(LEDClassLights(ofEventNode: "/dev/input/event9", sysfsRoot: root.path) == nil, "not in sysfs")
        // An attribute that cannot be written names the file.
        try files.removeItem(at: root.appendingPathComponent("\(ds)/leds/input5:white:player-3"))
        #expect(throws: DeviceError.self) { try lights.setPlayerLEDs([true, true, true, true, true]) }
    }

    @Test func simulatedControllersAreParsedWithClearErrors() throws {
        let specs = try SimulatedControllerSpec.parseList("simulated:xbox=wav:/tmp/a.wav, simulated:DualSense,,simulated:generic")
        #expect(specs.map(\.model) == [.xbox, .dualsense, .generic])
        #expect(specs[0].recordingPath == "/tmp/a.wav" && specs[1].recordingPath == nil)
        let report = ControllerDiscovery.simulatedControllers(environment: ["HAPTIC_CONTROLLERS": "simulated:xbox,simulated:generic"])
        #expect(report.controllers.map(\.id) == ["simulated:xbox#1", "simulated:generic#2"])
        #expect(report.controllers[0].actuators == [.twoHandles, .triggerMotors])
        #expect(specs.allSatisfy { !$0.hasMotion } && report.controllers.allSatisfy { !$0.hasMotion })

        // `+motion` declares motion sensors, on any profile; the ID stays the profile's.
        let moving = try SimulatedControllerSpec.parseList(" simulated:DualSense+Motion =wav:/tmp/b.wav,simulated:dualsense-bt+motion")
        #expect(moving.map(\.hasMotion) == [true, true] && moving[0].recordingPath == "/tmp/b.wav" && moving[1].transport == .bluetooth)
        #expect(moving[0].motionAxisRanges[0x00]?.resolution == 8_192 && moving[0].motionAxisRanges[0x03]?.resolution == 1_024)
        #expect(specs[1].motionAxisRanges.isEmpty)
        let withMotion = ControllerDiscovery.simulatedControllers(environment: ["HAPTIC_CONTROLLERS": "simulated:dualsense+motion"])
        #expect(withMotion.controllers.map(\.id) == ["simulated:dualsense#1"] && withMotion.controllers[0].hasMotion)

        for (bad, words) in [
            ("simulated:nes", "no simulated controller 'nes' (have: xbox, dualsense, generic, dualsense-bt)"),
            ("simulated:+motion", "no simulated controller ''"), ("simulated:xbox+motionx", "no simulated controller 'xbox+motionx'"),
            ("xbox", "expected simulated:<profile>"),
            ("simulated:xbox=mp3:x", "the output must be wav:<path>"), ("simulated:xbox=wav:", "the output must be wav:<path>"),
        ] {
            #expect(throws: DeviceError.self) { try SimulatedControllerSpec.parseList(bad) }
            do {
                _ = try SimulatedControllerSpec.parseList(bad)
            } catch {
                #expect(error.message.contains(words), "\(bad): \(error.message)")
            }
        }
        let broken = ControllerDiscovery.simulatedControllers(environment: ["HAPTIC_CONTROLLERS": "simulated:nes"])
        #expect(broken.controllers.isEmpty && broken.problems.count == 1)
    }

    @Test func oneBadControllerItemIsReportedWithItsPositionAndTheOthersApply() {
        // Issue 21: trailing spaces made a good item bad, and one bad item dropped every controller.
        let report = ControllerDiscovery.simulatedControllers(environment: [
            "HAPTIC_CONTROLLERS": "simulated:xbox  , simulated:nes,,\tsimulated:generic =  wav:/tmp/pad.wav  ,xbox"
        ])
        #expect(report.controllers.map(\.id) == ["simulated:xbox#1", "simulated:generic#2"])
        #expect(report.controllers[1].simulation?.recordingPath == "/tmp/pad.wav")
        #expect(
            report.problems == [
                "HAPTIC_CONTROLLERS item 2 ('simulated:nes'): no simulated controller 'nes' (have: xbox, dualsense, generic, dualsense-bt); it is skipped",
                "HAPTIC_CONTROLLERS item 5 ('xbox'): expected simulated:<profile>[+motion][=wav:<path>]; it is skipped",
            ])
        let many = ControllerDiscovery.simulatedControllers(
            environment: ["HAPTIC_CONTROLLERS": Array(repeating: "simulated:generic", count: 100).joined(separator: ",")])
        #expect(many.controllers.count == SimulatedControllerSpec.maxCount)
        #expect(many.problems == ["HAPTIC_CONTROLLERS: more than 16 controllers; item 17 and later are skipped"])
    }

    @Test func noControllerListTraps() async {
        let pieces = ["simulated:", "xbox", "dualsense", "generic", "nes", "=", "wav:", "/tmp/p.wav", ",", " ", "\t", "\u{0}", "XBOX"]
        let text = Gen.element(of: pieces).array(of: 0...20).map { $0.compactMap { $0 }.joined() }
        await propertyCheck(count: 2_000, input: text) { text in
            let parsed = SimulatedControllerSpec.parse(list: text)
            let items = text.split(separator: ",", omittingEmptySubsequences: false).filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
            if items.count <= SimulatedControllerSpec.maxCount {
                #expect(parsed.specs.count + parsed.problems.count == items.count, "\(text)")
            }
            for spec in parsed.specs {
                if let path = spec.recordingPath {
                    #expect(!path.isEmpty && path.first != " " && path.last != " " && !path.utf8.contains(0))
                }
            }
        }
    }
}
#endif
