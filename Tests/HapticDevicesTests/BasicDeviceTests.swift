import HapticDevices
import HapticRender
import HapticSystem
import HapticTestSupport
import Testing

@Suite struct BasicDeviceTests {
    static func block(storage: BusStorage, frames: Int, start: Int, value: Float) -> DeviceBlock {
        for i in 0..<frames {
            storage.haptic.amplitude[i] = value
            storage.audio.left[i] = -value
        }
        return DeviceBlock(frameCount: frames, startFrame: start, haptic: storage.haptic, audio: storage.audio)
    }

    @Test func recorderKeepsFramesInOrderAndCountsWhatDidNotFit() throws {
        let recorder = RecordingDevice(capacityFrames: 100)
        try recorder.start(format: DeviceFormat(sampleRate: 1_000, maxBlockFrames: 64))
        let storage = BusStorage(capacity: 64)
        #expect(recorder.write(Self.block(storage: storage, frames: 64, start: 10, value: 0.5)) == .ok)
        #expect(recorder.write(Self.block(storage: storage, frames: 64, start: 74, value: 0.25)) == .ok)
        #expect(recorder.recordedFrameCount == 100)
        #expect(recorder.droppedFrameCount == 28)
        #expect(recorder.firstRecordedFrame == 10)
        let recording = recorder.recording
        #expect(recording.amplitude[63] == 0.5 && recording.amplitude[64] == 0.25)
        #expect(recording.left[0] == -0.5)
        recorder.injectFault(removed: true)
        #expect(recorder.write(Self.block(storage: storage, frames: 1, start: 0, value: 0)) == .removed)
        recorder.injectFault(removed: false)
        #expect(recorder.write(Self.block(storage: storage, frames: 1, start: 0, value: 0)) == .failed(errno: 5))
    }

    @Test func pacedDevicesKeepRealTime() throws {
        // 20 blocks of 10 ms: the first is released at once, the others on the schedule, 190 ms in all. Never sooner
        // (wall-clock time, which a busy machine only lengthens); and the device sleeps no longer than the schedule:
        // the time this thread waited of its own accord, without the time it queued for a CPU (the wall clock took
        // 3.0 s on a machine at load 50).
        for device in [NullDevice(), SimulatedDevice()] as [any HapticDevice] {
            try device.start(format: DeviceFormat(sampleRate: 1_000, maxBlockFrames: 10))
            let storage = BusStorage(capacity: 10)
            let begin = ThreadTimes.now()
            for b in 0..<20 { _ = device.write(Self.block(storage: storage, frames: 10, start: b * 10, value: 0.8)) }
            let end = ThreadTimes.now()
            device.stop()
            let elapsed = end.wall - begin.wall
            let slept = begin.waited(until: end)
            #expect(elapsed > 0.15, "\(device.info.id): 190 ms of blocks released in \(elapsed) s")
            #expect(slept < 0.25, "\(device.info.id): slept \(slept) s for 190 ms of blocks (\(elapsed) s in all)")
        }
    }

    @Test func simulatedDevicePublishesLevels() throws {
        let device = SimulatedDevice(profile: .genericLRA)
        try device.start(format: DeviceFormat(sampleRate: 48_000, maxBlockFrames: 48))
        let storage = BusStorage(capacity: 48)
        _ = device.write(Self.block(storage: storage, frames: 48, start: 0, value: 0.7))
        #expect(device.currentAmplitude == 0.7)
        #expect(device.currentAudioLevel == 0.7)
        device.stop()
        #expect(device.currentAmplitude == 0)
        #expect(device.info.kind == .simulated && !device.info.isHardware)
    }
}
