import HapticSystem

#if os(Linux)
import Glibc
@testable import HapticDevices
@testable import HapticLinux
import HapticRender
import HapticTestSupport
import Testing

/// Discovery, the `HAPTIC_DEVICE` override, and the inotify monitor on a scratch directory.
@Suite(.serialized) struct DiscoveryTests {
    /// A scratch input directory, removed when the test process exits.
    static func scratchDirectory() -> String {
        try! Fixtures.temporaryDirectory().path
    }
    static func create(_ path: String) { fclose(fopen(path, "w")) }

    @Test func overridesPickTheNamedDevice() throws {
        #expect(DeviceDiscovery.defaultDevice(environment: ["HAPTIC_DEVICE": "null"]).info.kind == .null)
        #expect(DeviceDiscovery.defaultDevice(environment: ["HAPTIC_DEVICE": "simulated:phone-vibra-erm"]).info.profile == .phoneVibraERM)
        #expect(DeviceDiscovery.defaultDevice(environment: ["HAPTIC_DEVICE": "wav:/tmp/x.wav"]).info.id == "wav:/tmp/x.wav")
        let bad = DeviceDiscovery.defaultSelection(environment: ["HAPTIC_DEVICE": "evdev:/nonexistent/event9"])
        #expect(bad.device.info.kind == .simulated && bad.overrideProblem?.code == .notFound)
        let unknown = DeviceDiscovery.defaultSelection(environment: ["HAPTIC_DEVICE": "joystick"])
        #expect(unknown.overrideProblem?.message.contains("evdev:/dev/input/eventN") == true)
        let none = DeviceDiscovery.defaultSelection(environment: ["HAPTIC_INPUT_DIR": "/nonexistent"])
        #expect(none.device.info.kind == .simulated && none.reason.contains("no haptic hardware"))
    }

    @Test func nodesAreProbedInNumberOrderAndSkipsExplained() {
        let dir = Self.scratchDirectory()
        for name in ["event10", "event2", "js0"] { Self.create("\(dir)/\(name)") }
        #expect(DeviceDiscovery.eventNodes(in: dir).0 == ["\(dir)/event2", "\(dir)/event10"])
        let report = DeviceDiscovery.devices(environment: ["HAPTIC_INPUT_DIR": dir])
        #expect(report.skipped.filter { $0.id.hasPrefix("evdev:") }.map(\.id) == ["evdev:\(dir)/event2", "evdev:\(dir)/event10"])
        #expect(report.skipped.first?.reason.contains("no force feedback") == true)
        #expect(report.devices.last?.info.kind == .simulated)
        #expect(report.hapticHardware.isEmpty)
    }

    @Test func theMonitorReportsPresentAddedAndRemovedNodes() throws {
        let dir = Self.scratchDirectory()
        Self.create("\(dir)/event1")
        let monitor = DeviceMonitor(directory: dir) { path in
            path.hasSuffix("event7")
                ? .failure(DeviceError(.unsupported, "no EV_FF"))
                : .success(
                    EvdevCapabilities(
                        path: path, name: "pad", supportsRumble: true, supportsPeriodicSine: false, supportsGain: false, effectSlots: 16))
        }
        let events = LockedState<[DeviceMonitor.Event]>([])
        try monitor.start { event in events.withLock { $0.append(event) } }
        defer { monitor.stop() }
        func wait(for count: Int) -> [DeviceMonitor.Event] {
            let deadline = MonotonicClock.now() + 3
            while events.withLock({ $0.count }) < count && MonotonicClock.now() < deadline {
                MonotonicClock.sleep(until: MonotonicClock.now() + 0.005)
            }
            return events.withLock { $0 }
        }
        #expect(wait(for: 1).map(Self.describe) == ["added evdev:\(dir)/event1"])
        Self.create("\(dir)/event7")  // not usable: not reported
        Self.create("\(dir)/event4")
        #expect(wait(for: 2).map(Self.describe) == ["added evdev:\(dir)/event1", "added evdev:\(dir)/event4"])
        unlink("\(dir)/event1")
        unlink("\(dir)/event7")
        #expect(wait(for: 3).map(Self.describe).last == "removed evdev:\(dir)/event1")
        MonotonicClock.sleep(until: MonotonicClock.now() + 0.05)
        #expect(events.withLock { $0.count } == 3)
        #expect(throws: DeviceError.self) { try DeviceMonitor(directory: "/nonexistent-och").start { _ in } }
    }

    static func describe(_ event: DeviceMonitor.Event) -> String {
        switch event {
        case .added(let device): "added \(device.info.id)"
        case .removed(let id): "removed \(id)"
        }
    }

    @Test func theWAVDeviceWritesAValidFloatFile() throws {
        let path = "/tmp/och-wav-\(getpid()).wav"
        defer { unlink(path) }
        let device = WAVDevice(path: path, channels: [.drive, .audioLeft], paced: false)
        try device.start(format: DeviceFormat(sampleRate: 8_000, maxBlockFrames: 64))
        let storage = BusStorage(capacity: 64)
        for b in 0..<3 {
            for i in 0..<64 {
                storage.haptic.drive[i] = Float(b * 64 + i) / 1000
                storage.audio.left[i] = -0.5
            }
            #expect(device.write(DeviceBlock(frameCount: 64, startFrame: b * 64, haptic: storage.haptic, audio: storage.audio)) == .ok)
        }
        device.stop()
        #expect(device.writtenFrameCount == 192)
        let decoded = try WAVDecoder().decode(AlsaDeviceTests.readFile(path))
        #expect(decoded.sampleRate == 8_000 && decoded.channelCount == 2 && decoded.frameCount == 192)
        #expect(decoded.sample(frame: 100, channel: 0) == 0.1 && decoded.sample(frame: 191, channel: 1) == -0.5)
    }
}
#endif
