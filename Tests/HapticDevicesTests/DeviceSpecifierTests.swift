#if os(Linux)
import Foundation
import Glibc
import HapticDevices
import HapticLinux
import HapticRender
import HapticTestSupport
import PropertyBased
import Testing

/// The device-string grammar (`HAPTIC_DEVICE`, `--device`): every string is refused with a message naming the part
/// and its range, or accepted within range; nothing traps.
@Suite struct DeviceSpecifierTests {
    /// The message `text` is refused with (an empty string when it is accepted).
    static func refusal(_ text: String) -> String {
        do {
            _ = try DeviceSpecifier(parsing: text)
            return ""
        } catch {
            #expect(error.code == .notFound)
            return error.message
        }
    }

    @Test func numbersThatTrappedAreRefusedNamingTheParameterAndRange() {
        // Issue 21: the first overflowed (SIGILL) wherever HAPTIC_DEVICE was read; the second trapped at UInt32(...)
        // when the PCM started; the last two allocated gigabytes.
        #expect(Self.refusal("alsa:null?audio=9223372036854775807").contains("audio must be 0 … 63"))
        #expect(Self.refusal("alsa:null?haptic=9223372036854775807").contains("haptic must be 0 … 63"))
        for channels in ["4294967296", "100000000", "20000000", "65", "0", "-1", "+2", " 2", "2.0", ""] {
            #expect(Self.refusal("alsa:null?channels=\(channels)").contains("channels must be 1 … 64"), "channels=\(channels)")
        }
        #expect(Self.refusal("alsa:null?latency=1e400ms").contains("latency must be 0.5ms … 500ms"))
        #expect(Self.refusal("alsa:null?latency=nanms").contains("latency must be"))
        #expect(Self.refusal("alsa:null?period=9223372036854775807").contains("period must be 16 … 8192 frames"))
        #expect(Self.refusal("alsa:null?periods=17").contains("periods must be 2 … 16"))
    }

    @Test func unknownSuffixesAndOptionsAreRefusedForEveryKind() {
        #expect(Self.refusal("null:x").contains("null takes nothing after it"))
        #expect(Self.refusal("null:").contains("null takes nothing after it"))
        #expect(Self.refusal("simulated:").contains("no built-in actuator profile ''"))
        #expect(Self.refusal("simulated:lra").contains("no built-in actuator profile 'lra'"))
        #expect(Self.refusal("wav:").contains("wav: needs a path"))
        #expect(Self.refusal("evdev:").contains("evdev: needs a path"))
        #expect(Self.refusal("alsa:").contains("alsa: needs a PCM name"))
        #expect(Self.refusal("alsa:?channels=2").contains("alsa: needs a PCM name"))
        #expect(Self.refusal("nul").contains("unknown device 'nul'"))
        #expect(Self.refusal("Simulated").contains("unknown device"))
        #expect(Self.refusal("alsa:hw:0?bogus=1").contains("unknown option 'bogus'"))
        #expect(Self.refusal("alsa:hw:0?channels=2&channels=4").contains("'channels' given twice"))
        #expect(Self.refusal("alsa:hw:0?audio=0,1,2").contains("at most two channels"))
        #expect(Self.refusal("alsa:hw:0?haptic=1,1").contains("names channel 1 twice"))
        #expect(Self.refusal("alsa:hw:0?audio=0,x").contains("audio must be 0 … 63"))
        #expect(Self.refusal("alsa:hw:0?channels=2&haptic=3").contains("haptic channel 3 is out of range 0 … 1"))
        #expect(Self.refusal("alsa:hw:0?format=s24").contains("format must be s16 or float"))
        #expect(Self.refusal("wav:a\u{0}b").contains("without NUL"))
        #expect(Self.refusal("wav:" + String(repeating: "a", count: 4_097)).contains("1 … 4096 bytes"))
        // Untrusted text in a message is short and shows control characters escaped.
        let shown = Self.refusal("\u{1B}[2J" + String(repeating: "x", count: 500))
        #expect(shown.contains("\\u{1B}[2J") && !shown.contains("\u{1B}") && shown.utf8.count < 200, "\(shown)")
    }

    @Test func acceptedStringsKeepTheirMeaningAndReadBack() throws {
        #expect(try DeviceSpecifier(parsing: "null") == .null)
        #expect(try DeviceSpecifier(parsing: "simulated") == .simulated(profile: nil))
        #expect(try DeviceSpecifier(parsing: "simulated:voice-coil") == .simulated(profile: .voiceCoil))
        #expect(try DeviceSpecifier(parsing: "wav:out.wav") == .wav(path: "out.wav"))
        #expect(try DeviceSpecifier(parsing: "evdev:/dev/input/event5") == .evdev(path: "/dev/input/event5"))
        let dualSense = try AlsaConfiguration(parsing: "hw:CARD=Controller,DEV=0?channels=4&audio=0,1&haptic=2,3&format=float")
        #expect(dualSense.channelCount == 4 && dualSense.audioChannels == [0, 1] && dualSense.hapticChannels == [2, 3])
        #expect(try AlsaConfiguration(parsing: "hw:1?haptic=5").channelCount == 6, "enough channels for the highest named")
        #expect(try AlsaConfiguration(parsing: "hw:1?channels=1").audioChannels == [0], "mono: the first channel gets the mix")
        #expect(try AlsaConfiguration(parsing: "hw:1?audio=").audioChannels.isEmpty)
        #expect(try AlsaConfiguration(parsing: "hw:1?channels=64&haptic=63").hapticChannels == [63])
        for text in [
            "alsa:default", "alsa:hw:1?channels=4&audio=0,1&haptic=2,3&format=s16",
            "alsa:null?channels=2&audio=0,1&haptic=&format=s16&latency=2500us", "null",
        ] {
            #expect(try DeviceSpecifier(parsing: text).id == text, "\(text)")
        }
    }

    @Test func programmaticConfigurationsAreBroughtIntoRange() {
        let wide = AlsaConfiguration(pcm: "x", channelCount: .max, audioChannels: [0, 100], hapticChannels: [.max], latency: .nan)
        #expect(wide.channelCount == 64 && wide.audioChannels == [0] && wide.hapticChannels.isEmpty && wide.latency == 0.005)
        #expect(AlsaConfiguration(pcm: "x", latency: 1e300).latency == 0.5)
    }

    /// Strings built from the grammar's pieces and hostile numbers: each is refused with a message, or accepted
    /// within every range and read back from its `id` as itself.
    static let pieces = [
        "alsa:", "null", "simulated", "wav:", "evdev:", ":", "?", "&", "=", ",", "channels", "audio", "haptic", "format", "latency",
        "period", "periods", "hw:1", "default", "0", "1", "2", "3", "63", "64", "65", "4294967296", "9223372036854775807",
        "-1", "nan", "inf", "1e308", "ms", "us", "s16", "float", "voice-coil", "/tmp/x.wav", " ", "\u{0}", "\u{1B}",
    ]
    static let text = Gen.element(of: pieces).array(of: 1...14).map { $0.compactMap { $0 }.joined() }

    @Test func noStringTrapsAndAcceptedOnesAreInRange() async {
        await propertyCheck(count: 3_000, input: Self.text) { text in
            let specifier: DeviceSpecifier
            do throws(DeviceError) {
                specifier = try DeviceSpecifier(parsing: text)
            } catch {
                #expect(!error.message.isEmpty && error.message.utf8.count < 1_000)
                return
            }
            if case .alsa(let configuration) = specifier {
                #expect(AlsaConfiguration.channelCountRange.contains(configuration.channelCount))
                #expect(
                    (configuration.audioChannels + configuration.hapticChannels).allSatisfy { $0 >= 0 && $0 < configuration.channelCount })
                #expect(AlsaConfiguration.latencyRange.contains(configuration.latency))
            }
            #expect((try? DeviceSpecifier(parsing: specifier.id).id) == specifier.id, "\(specifier.id)")
        }
    }

    @Test func aWAVRecordingThatCannotBeMadeFallsBackLikeEveryOtherDevice() throws {
        // Issue 21: it was accepted here and then failed the engine's start(); now it is refused where an evdev
        // node or ALSA PCM is, so HAPTIC_DEVICE falls back to the simulated actuator with the reason.
        let selection = DeviceDiscovery.defaultSelection(environment: ["HAPTIC_DEVICE": "wav:/nonexistent-och-folder/x.wav"])
        #expect(selection.device.info.kind == .simulated)
        #expect(selection.overrideProblem?.code == .notFound)
        #expect(selection.overrideProblem?.message.contains("the folder '/nonexistent-och-folder' does not exist") == true)
        let folder = try Fixtures.temporaryDirectory()
        #expect(throws: DeviceError.self) { try DeviceDiscovery.makeDevice(id: "wav:\(folder.path)") }
        let file = folder.appendingPathComponent("file").path
        fclose(fopen(file, "w"))
        #expect(throws: DeviceError.self) { try DeviceDiscovery.makeDevice(id: "wav:\(file)/x.wav") }
        let good = try DeviceDiscovery.makeDevice(id: "wav:\(folder.appendingPathComponent("take.wav").path)")
        #expect(good.info.kind == .wav)
    }
}
#endif
