#if os(Linux)
import Glibc
@testable import HapticDevices
@testable import HapticLinux
import HapticRender
import Testing

/// The ALSA back-end through the real alsa-lib on a PCM that needs no sound card: the `file` plugin (raw
/// interleaved samples into a file, `null` slave). Skips loudly when libasound is not installed.
@Suite(.serialized) struct AlsaDeviceTests {
    static var library: AlsaLibrary? {
        if AlsaLibrary.shared == nil {
            print(
                "SKIP AlsaDeviceTests: \(AlsaLibrary.loadProblem ?? "libasound missing") — install libasound2 (apt-get install libasound2)")
        }
        return AlsaLibrary.shared
    }

    static func temporaryPath(_ name: String) -> String { "/tmp/och-alsa-\(getpid())-\(name).raw" }

    static func readFile(_ path: String) -> [UInt8] {
        guard let file = fopen(path, "rb") else { return [] }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return bytes
    }

    @Test func stereoS16AudioIsWrittenSampleForSample() throws {
        guard Self.library != nil else { return }
        let path = Self.temporaryPath("s16")
        defer { unlink(path) }
        let device = try AlsaDevice(configuration: AlsaConfiguration(pcm: "file:FILE=\(path),FORMAT=raw"))
        #expect(device.info.kind == .alsa && device.info.supportsAudio && !device.info.supportsHaptics)
        try device.start(format: DeviceFormat(sampleRate: 48_000, maxBlockFrames: 256))
        let storage = BusStorage(capacity: 256)
        for b in 0..<4 {
            for i in 0..<256 {
                let n = b * 256 + i
                storage.audio.left[i] = Float(n % 100) / 100
                storage.audio.right[i] = -Float(n % 50) / 50
                storage.haptic.drive[i] = 0.9
            }
            #expect(device.write(DeviceBlock(frameCount: 256, startFrame: b * 256, haptic: storage.haptic, audio: storage.audio)) == .ok)
        }
        device.stop()
        let bytes = Self.readFile(path)
        #expect(bytes.count == 1024 * 2 * 2)
        let samples = bytes.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        for n in [0, 1, 99, 100, 257, 1023] {
            #expect(samples[2 * n] == Int16((Float(n % 100) / 100 * 32767).rounded()), "left frame \(n)")
            #expect(samples[2 * n + 1] == Int16((-Float(n % 50) / 50 * 32767).rounded()), "right frame \(n)")
        }
    }

    @Test func hapticPCMGoesToTheChosenChannelsAsFloat() throws {
        guard Self.library != nil else { return }
        let path = Self.temporaryPath("float4")
        defer { unlink(path) }
        // A DualSense-style 4-channel PCM: audio on 1/2, the voice coils on the rear pair 3/4, each its own side of the bus
        // (left coil ← strong, right coil ← weak: a left-handle engine plays on the left coil only).
        let configuration = try AlsaConfiguration(parsing: "file:FILE=\(path),FORMAT=raw?channels=4&audio=0,1&haptic=2,3&format=float")
        #expect(configuration.channelCount == 4 && configuration.hapticChannels == [2, 3] && configuration.sampleFormat == .float)
        let device = try AlsaDevice(configuration: configuration)
        #expect(device.info.supportsHaptics && device.info.isHardware)
        try device.start(format: DeviceFormat(sampleRate: 48_000, maxBlockFrames: 480))
        let storage = BusStorage(capacity: 480)
        for i in 0..<480 {
            storage.haptic.drive[i] = sin(Float(i) * 2 * .pi * 150 / 48_000)
            storage.haptic.strong[i] = storage.haptic.drive[i]
            storage.haptic.weak[i] = 0.5 * sin(Float(i) * 2 * .pi * 300 / 48_000)
            storage.audio.left[i] = 0.25
            storage.audio.right[i] = -0.25
        }
        #expect(device.write(DeviceBlock(frameCount: 480, startFrame: 0, haptic: storage.haptic, audio: storage.audio)) == .ok)
        device.stop()
        let floats = Self.readFile(path).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        #expect(floats.count == 480 * 4)
        for i in stride(from: 0, to: 480, by: 37) {
            #expect(floats[4 * i] == 0.25 && floats[4 * i + 1] == -0.25)
            #expect(floats[4 * i + 2] == storage.haptic.strong[i] && floats[4 * i + 3] == storage.haptic.weak[i])
        }
    }

    @Test func aMissingPCMIsAnErrorNamingIt() throws {
        guard Self.library != nil else { return }
        let device = try AlsaDevice(configuration: AlsaConfiguration(pcm: "no-such-pcm-och"))
        let error = try #require(throws: DeviceError.self) {
            try device.start(format: DeviceFormat(sampleRate: 48_000, maxBlockFrames: 64))
        }
        #expect(error.message.contains("no-such-pcm-och"))
        // alsa-lib's own explanation is in our message (not printed to standard error), and errno appears once.
        #expect(error.message.contains("alsa-lib: Unknown PCM no-such-pcm-och"), "\(error)")
        #expect(error.description.components(separatedBy: "errno").count == 2, "\(error)")
        #expect(
            device.write(
                DeviceBlock(frameCount: 1, startFrame: 0, haptic: BusStorage(capacity: 1).haptic, audio: BusStorage(capacity: 1).audio))
                == .failed(errno: EBADF))
    }

    @Test func cardsAreParsedAndTheDualSenseGetsItsHapticPCM() {
        let cards = AlsaDiscovery.parseCards(
            """
             0 [PCH            ]: HDA-Intel - HDA Intel PCH
                                  HDA Intel PCH at 0xf7f10000 irq 33
             1 [Controller     ]: USB-Audio - DualSense Wireless Controller
                                  Sony Interactive Entertainment DualSense Wireless Controller at usb-0000:00:14.0-2
            """)
        #expect(cards.map(\.index) == [0, 1] && cards[1].id == "Controller" && cards[1].name == "DualSense Wireless Controller")
        let devices = AlsaDiscovery.devices(for: cards)
        #expect(devices[0].info.id == "alsa:hw:0" && !devices[0].info.supportsHaptics)
        #expect(devices[1].info.id == "alsa:hw:1?channels=4&audio=0,1&haptic=2,3&format=s16" && devices[1].info.supportsHaptics)
        #expect(throws: DeviceError.self) { try AlsaConfiguration(parsing: "hw:0?bogus=1") }
    }
}
#endif
