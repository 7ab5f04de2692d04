import HapticSystem

#if os(Linux)
import Glibc
@testable import HapticDevices
@testable import HapticLinux
import HapticRender
import HapticTestSupport
import Testing

/// The evdev device with its real I/O thread on a mocked node: pacing, removal, and the timeout guard.
@Suite(.serialized) struct EvdevDeviceTests {
    static func block(_ storage: BusStorage, frames: Int, start: Int, strong: Float, weak: Float) -> DeviceBlock {
        for i in 0..<frames {
            storage.haptic.strong[i] = strong
            storage.haptic.weak[i] = weak
        }
        return DeviceBlock(frameCount: frames, startFrame: start, haptic: storage.haptic, audio: storage.audio)
    }

    @Test func playsOnTheGridAndReleasesTheSlotOnStop() throws {
        let mock = MockEvdevSystemCalls()
        let device = EvdevDevice(capabilities: EvdevWriterTests.capabilities, configuration: EvdevConfiguration(), system: mock)
        #expect(device.info.id == "evdev:/dev/input/event5" && device.info.isHardware && device.info.kind == .evdev)
        try device.start(format: DeviceFormat(sampleRate: 1_000, maxBlockFrames: 4))
        let storage = BusStorage(capacity: 4)
        // 100 ms ramp in 4 ms blocks, then 60 ms of silence.
        for b in 0..<40 {
            let level: Float = b < 25 ? Float(b + 1) / 25 : 0
            #expect(device.write(Self.block(storage, frames: 4, start: b * 4, strong: level, weak: level / 2)) == .ok)
        }
        device.stop()
        let trace = mock.trace
        let uploads = trace.filter { $0.hasPrefix("EVIOCSFF id=0") }
        // 100 ms of change on an 8 ms grid: about 12 uploads (not one per 4 ms block, not one per 50 ms). The lower
        // bound allows for a loaded machine or a sanitizer build, where the I/O thread runs fewer ticks in real time.
        #expect(uploads.count >= 4 && uploads.count <= 16, "\(uploads.count) uploads")
        #expect(trace.filter { $0 == "write EV_FF code=0 value=0 -> 24" }.count == 1)
        #expect(Array(trace.suffix(3)) == ["EVIOCRMFF 0 -> ok", "EVIOCRMFF 1 -> ok", "close 7"])
        #expect(mock.allocatedSlots == 0)
        // The live slot's uploads, the spare armed with the onset's levels between updates, and the two allocations.
        let armings = trace.filter { $0.hasPrefix("EVIOCSFF id=1") }
        #expect(armings.count == 1, "\(armings)")
        #expect(device.uploadCount == uploads.count + armings.count + 2)
        device.stop()  // twice is fine
    }

    /// The engine knows only the device protocol and asks `device as? any OnsetAnticipating` before it tells a device
    /// a player's first onset or an intensity scale ahead of need: an evdev device must answer yes (else its onsets
    /// and scales silently lose their fast path), a device that needs no anticipation no.
    @Test func anEvdevDeviceIsTheOneThatAnticipatesOnsets() {
        let devices: [any HapticDevice] = [
            EvdevDevice(capabilities: EvdevWriterTests.capabilities, configuration: EvdevConfiguration(), system: MockEvdevSystemCalls()),
            SimulatedDevice(), NullDevice(),
        ]
        #expect(devices.map { $0 is any OnsetAnticipating } == [true, false, false])
    }

    @Test func removalIsSeenWhileIdleAndReportedByWrite() throws {
        let mock = MockEvdevSystemCalls()
        let device = EvdevDevice(capabilities: EvdevWriterTests.capabilities, configuration: EvdevConfiguration(), system: mock)
        try device.start(format: DeviceFormat(sampleRate: 1_000, maxBlockFrames: 4))
        let storage = BusStorage(capacity: 4)
        #expect(device.write(Self.block(storage, frames: 4, start: 0, strong: 0, weak: 0)) == .ok)
        mock.hangUp()
        var status = DeviceStatus.ok
        for b in 1..<100 where status == .ok {
            status = device.write(Self.block(storage, frames: 4, start: b * 4, strong: 0, weak: 0))
        }
        #expect(status == .removed)
        device.stop()
        #expect(!mock.trace.contains { $0.hasPrefix("EVIOCRMFF") })
        #expect(mock.trace.last == "close 7")
    }

    @Test func aHungUploadMakesWriteFailWithoutBlocking() throws {
        let mock = MockEvdevSystemCalls()
        let configuration = EvdevConfiguration(ioTimeout: 0.1)
        let device = EvdevDevice(capabilities: EvdevWriterTests.capabilities, configuration: configuration, system: mock)
        try device.start(format: DeviceFormat(sampleRate: 1_000, maxBlockFrames: 4))
        mock.setUploadDelay(1.0)  // a uinput device that does not answer
        let storage = BusStorage(capacity: 4)
        var status = DeviceStatus.ok
        var longest = 0.0
        // Times less what a busy machine added (the thread queued for a CPU): blocking would be the upload's 1 s.
        for b in 0..<200 where status == .ok {
            let begin = ThreadTimes.now()
            status = device.write(Self.block(storage, frames: 4, start: b * 4, strong: 1, weak: 1))
            longest = max(longest, begin.unloaded(until: .now()))
        }
        #expect(status == .failed(errno: ETIMEDOUT))
        #expect(longest < 0.05, "write blocked for \(longest) s")
        let begin = ThreadTimes.now()
        device.stop()
        let stopped = begin.unloaded(until: .now())
        #expect(stopped < 0.2, "stop waits at most ioTimeout: \(stopped) s")
        mock.setUploadDelay(0)
    }
}
#endif
