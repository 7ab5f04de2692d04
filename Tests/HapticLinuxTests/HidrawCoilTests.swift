#if os(Linux)
import Foundation
import HapticDevices
import HapticRender
import HapticSystem
import HapticTestSupport
import Testing

@testable import HapticLinux

/// A Bluetooth DualSense's voice coils through its hidraw node (a regular file stands in for the node: each write is
/// one report, appended), and the discovery of a Bluetooth pad's coils.
@Suite struct HidrawCoilTests {
    private func node(_ name: String) throws -> String {
        let path = try Fixtures.temporaryDirectory().appendingPathComponent(name).path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        return path
    }

    /// `seconds` of a 150 Hz sine on the left coil (`strong`) then silence, in 48-frame blocks at 48 kHz.
    private func play(_ device: HidrawCoilDevice, toneSeconds: Double, seconds: Double, stallAfterBlock stall: Int? = nil)
        -> [DeviceStatus]
    {
        let storage = BusStorage(capacity: 48)
        var statuses: [DeviceStatus] = []
        for b in 0..<Int(seconds * 1_000) {
            for i in 0..<48 {
                let t = Double(b * 48 + i) / 48_000
                storage.haptic.strong[i] = t < toneSeconds ? Float(0.7 * sin(2 * Double.pi * 150 * t)) : 0
            }
            statuses.append(device.write(DeviceBlock(frameCount: 48, startFrame: b * 48, haptic: storage.haptic, audio: storage.audio)))
            if b == stall { usleep(30_000) }  // the writer descheduled mid-signal (the scenario, not a wait)
        }
        return statuses
    }

    @Test func theCoilsWriteWholeCheckedReportsForTheLeftSignalAndStopOnSilence() throws {
        let path = try node("hidraw6")
        let device = HidrawCoilDevice(node: HidrawNode(path: path, identify: { _ in (0x054C, 0x0CE6) }), name: "DualSense")
        #expect(device.info.kind == .hidraw && device.info.profile.mode == .pcm)
        try device.start(format: DeviceFormat(sampleRate: 48_000, maxBlockFrames: 48))
        #expect(play(device, toneSeconds: 0.2, seconds: 1, stallAfterBlock: 12).allSatisfy { $0 == .ok })
        device.stop()
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.count % DualSenseCoilReport.size == 0)
        let reports = try stride(from: 0, to: bytes.count, by: DualSenseCoilReport.size).map {
            try DualSenseCoilReport(decoding: Array(bytes[$0..<($0 + DualSenseCoilReport.size)]))
        }
        // 0.2 s of tone is 18.75 reports (plus the filter's tail), then two silent ones, then nothing for 0.8 s.
        #expect(reports.count >= 20 && reports.count <= 23, "\(reports.count) reports")
        #expect(reports.count == device.reportCount)
        #expect(reports.allSatisfy { $0.right.allSatisfy { $0 == 0 } }, "the right coil is silent")
        #expect(reports.suffix(2).allSatisfy { $0.left.allSatisfy { $0 == 0 } })
        #expect(reports.map(\.sequence) == reports.indices.map { UInt8($0 & 0x0F) })
        // Not even when its writer stalls 30 ms after the first report (a loaded machine under ThreadSanitizer once did).
        #expect(device.underrunCount == 0, "an unpaced (manual) stream never counts underruns")
    }

    @Test func aNodeThatIsNotWritableFailsTheStartWithTheUdevRule() {
        let device = HidrawCoilDevice(
            node: HidrawNode(
                path: "/dev/hidraw7", openNode: { (_) throws(SystemCallError) in throw SystemCallError("open", errno: EACCES) }),
            name: "DualSense")
        do {
            try device.start(format: DeviceFormat(sampleRate: 48_000, maxBlockFrames: 48))
            Issue.record("a node that cannot be opened was started")
        } catch {
            #expect(error.code == .permissionDenied)
            #expect(error.message.contains("/dev/hidraw7") && error.message.contains("voice coils"))
            #expect(error.message.contains(#"KERNELS=="*054C:0CE6*"#))
        }
    }

    /// The triggers and the coils of one pad share one open descriptor (one `open`), and a node that is now another
    /// device is never written by either.
    @Test func triggersAndCoilsShareOneDescriptor() throws {
        let path = try node("hidraw8")
        let opens = LockedState(0)
        let shared = HidrawNode(
            path: path,
            openNode: { (node) throws(SystemCallError) in
                opens.withLock { $0 += 1 }
                return try Posix.open(node, O_WRONLY | O_CLOEXEC)
            }, identify: { _ in (0x054C, 0x0CE6) })
        let triggers = HidrawTriggerOutput(node: shared, transport: .bluetooth, identify: { _ in (0x054C, 0x0CE6) })
        let coils = HidrawCoilDevice(node: shared, name: "DualSense")
        try coils.start(format: DeviceFormat(sampleRate: 48_000, maxBlockFrames: 48))
        try triggers.apply(left: .off, right: nil)
        _ = play(coils, toneSeconds: 0.05, seconds: 0.1)
        try triggers.apply(left: nil, right: .off)
        coils.stop()
        #expect(opens.withLock { $0 } == 1)
        let size = try Data(contentsOf: URL(fileURLWithPath: path)).count
        #expect(size == 2 * DualSenseOutputReport.bluetoothSize + coils.reportCount * DualSenseCoilReport.size)
        #expect(HidrawNode.shared(path: path) === HidrawNode.shared(path: path), "one node object per path")

        let stranger = HidrawNode(path: try node("hidraw9"), identify: { _ in (0x046D, 0xC52B) })
        #expect(throws: DeviceError.self) {
            try HidrawCoilDevice(node: stranger, name: "DualSense").start(format: DeviceFormat(sampleRate: 48_000, maxBlockFrames: 48))
        }
        #expect(stranger.isGone)
    }

    /// A Bluetooth DualSense plays its handles on the coils through a writable hidraw node, and rumbles through evdev
    /// with the reason when the node is not writable.
    @Test func aBluetoothDualSensesHandlesPlayOnTheCoilsWhenItsNodeIsWritable() throws {
        let root = try Fixtures.temporaryDirectory()
        let files = FileManager.default
        let input = root.appendingPathComponent("devices/virtual/misc/uhid/0005:054C:0CE6.0001/input/input15")
        try files.createDirectory(at: input, withIntermediateDirectories: true)
        try files.createDirectory(
            at: root.appendingPathComponent("devices/virtual/misc/uhid/0005:054C:0CE6.0001/hidraw/hidraw3"),
            withIntermediateDirectories: true)
        let link = root.appendingPathComponent("class/input/event5")
        try files.createDirectory(at: link, withIntermediateDirectories: true)
        try files.createSymbolicLink(atPath: link.appendingPathComponent("device").path, withDestinationPath: input.path)
        let devices = try Fixtures.temporaryDirectory()
        let hidraw = devices.appendingPathComponent("hidraw3").path
        #expect(files.createFile(atPath: hidraw, contents: nil))
        let pad = MockEvdevSystemCalls()
        pad.configure { $0.gamepad = (0x054C, 0x0CE6) }
        var capabilities = try EvdevProbe.probe(path: "/dev/input/event5", system: pad).get()
        capabilities.busType = 5
        let writable = ControllerDiscovery.controller(capabilities, sysfsRoot: root.path, hidrawDirectory: devices.path)
        #expect(writable.hapticDeviceID == "hidraw:\(hidraw)")
        #expect(writable.actuators.contains(.voiceCoils))
        #expect(ControllerDiscovery.bluetoothCoilsProblem(writable) == nil)
        #expect(try ControllerDiscovery.makeDevice(for: writable) is HidrawCoilDevice)

        #expect(chmod(hidraw, 0o444) == 0)
        guard access(hidraw, W_OK) != 0 else { return }  // root writes anything: the fallback cannot be shown
        let locked = ControllerDiscovery.controller(capabilities, sysfsRoot: root.path, hidrawDirectory: devices.path)
        #expect(locked.hapticDeviceID == "evdev:/dev/input/event5")
        #expect(!locked.actuators.contains(.voiceCoils))
        #expect(ControllerDiscovery.bluetoothCoilsProblem(locked)?.contains("udev rule") == true)
    }
}
#endif
