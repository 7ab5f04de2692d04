import HapticSystem

#if os(Linux)
import Foundation
import Glibc
@testable import HapticDevices
import HapticRender
import HapticTestSupport
import Testing

/// `wav:` as a true recording: readable while it grows, one file per engine, honest errors, paced to real time.
@Suite struct WAVDeviceTests {
    static func write(_ device: WAVDevice, blocks: Int, frames: Int = 64, value: Float = 0.25) {
        let storage = BusStorage(capacity: frames)
        for b in 0..<blocks {
            for i in 0..<frames {
                storage.haptic.drive[i] = value
                storage.audio.left[i] = -value
            }
            _ = device.write(DeviceBlock(frameCount: frames, startFrame: b * frames, haptic: storage.haptic, audio: storage.audio))
        }
    }

    @Test func theFileIsValidWhileItIsStillBeingWritten() throws {
        let path = try Fixtures.temporaryDirectory().appendingPathComponent("live.wav").path
        let device = WAVDevice(path: path, channels: [.drive, .audioLeft], paced: false)
        try device.start(format: DeviceFormat(sampleRate: 8_000, maxBlockFrames: 64))
        Self.write(device, blocks: 5)
        // Not stopped (as after SIGKILL, or an engine nobody stops): the strict reader accepts the file as it is.
        let live = try WAVFile(contentsOf: URL(fileURLWithPath: path))
        #expect(live.frameCount == 320 && live.channels.count == 2)
        #expect(live.channels[0].allSatisfy { $0 == 0.25 })
        Self.write(device, blocks: 2)
        #expect(try WAVFile(contentsOf: URL(fileURLWithPath: path)).frameCount == 448)
        device.stop()
    }

    @Test func enginesRecordingToOnePathGetOneFileEach() throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("take.wav").path
        let first = WAVDevice(path: path, paced: false)
        let second = WAVDevice(path: path, paced: false)
        let format = DeviceFormat(sampleRate: 8_000, maxBlockFrames: 64)
        try first.start(format: format)
        try second.start(format: format)
        #expect(first.recordingPath == path)
        #expect(second.recordingPath == folder.appendingPathComponent("take-2.wav").path)
        Self.write(first, blocks: 1, value: 0.5)
        Self.write(second, blocks: 2, value: -0.5)
        first.stop()
        second.stop()
        #expect(try WAVFile(contentsOf: URL(fileURLWithPath: path)).frameCount == 64)
        #expect(try WAVFile(contentsOf: folder.appendingPathComponent("take-2.wav")).frameCount == 128)
        // Once the first is stopped, its path is free again.
        try second.start(format: format)
        #expect(second.recordingPath == path)
        second.stop()
        #expect(WAVDevice.numbered("dir.v1/out", 3) == "dir.v1/out-3")
    }

    @Test func aFullDiskSaysSo() throws {
        let device = WAVDevice(path: "/dev/full", paced: false)
        do {
            try device.start(format: DeviceFormat(sampleRate: 8_000, maxBlockFrames: 64))
            Issue.record("writing a header to /dev/full succeeded")
        } catch {
            #expect(error.code == .ioError && error.errno == ENOSPC)
            #expect(error.description.contains("No space left on device"), "\(error)")
            #expect(!error.description.contains("noEffectSlots"))
            #expect(error.description.components(separatedBy: "errno").count == 2, "errno shown once: \(error)")
        }
        let missing = WAVDevice(path: "/nonexistent-folder/x.wav", paced: false)
        #expect(throws: DeviceError.self) { try missing.start(format: DeviceFormat(sampleRate: 8_000, maxBlockFrames: 64)) }
    }

    @Test func aRealTimeEngineFormatPacesTheRecording() throws {
        let path = try Fixtures.temporaryDirectory().appendingPathComponent("paced.wav").path
        let device = WAVDevice(path: path)
        try device.start(format: DeviceFormat(sampleRate: 8_000, maxBlockFrames: 80, isRealTime: true))
        let started = MonotonicClock.now()
        Self.write(device, blocks: 11, frames: 80)  // 110 ms of audio; the first block sets the origin
        let elapsed = MonotonicClock.now() - started
        device.stop()
        #expect(elapsed >= 0.09, "11 blocks of 10 ms took \(elapsed) s")
        let unpaced = WAVDevice(path: path)
        try unpaced.start(format: DeviceFormat(sampleRate: 8_000, maxBlockFrames: 80, isRealTime: false))
        let again = ThreadTimes.now()
        Self.write(unpaced, blocks: 11, frames: 80)
        // Less the time a busy machine kept this thread from a CPU.
        let took = again.unloaded(until: .now())
        #expect(took < 0.09, "a manual-clock engine writes as fast as it renders: 110 ms of blocks took \(took) s")
        unpaced.stop()
    }
}
#endif
