import HapticDevices
import Testing

/// `DeviceSpecifier.kind(of:)`: the question the studio asks of a device ID instead of re-parsing its scheme
/// (issue 33) — the same answer as parsing, and `nil` for IDs that are no device's.
struct DeviceSpecifierKindTests {
    @Test func theKindOfAStringIsTheKindItParsesAs() throws {
        let strings = ["null", "simulated", "simulated:voice-coil", "wav:out.wav", "evdev:/dev/input/event5", "alsa:hw:1?channels=4"]
        for text in strings {
            let parsed = try DeviceSpecifier(parsing: text)
            #expect(DeviceSpecifier.kind(of: text) == parsed.kind, "\(text)")
        }
        #expect(DeviceSpecifier.kind(of: "alsa:hw:1")?.isHardware == true && DeviceSpecifier.kind(of: "evdev:/x")?.isHardware == true)
        #expect(DeviceSpecifier.kind(of: "wav:x.wav")?.isHardware == false)
    }

    @Test func idsOfNoDeviceHaveNoKind() {
        for text in ["controller:1/leftHandle", "hidraw:/dev/hidraw3", "", ":", "Evdev:/dev/input/event5", "nul"] {
            #expect(DeviceSpecifier.kind(of: text) == nil, "\(text)")
        }
    }
}
