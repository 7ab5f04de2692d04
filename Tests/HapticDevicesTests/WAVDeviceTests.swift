import HapticSystem

#if os(Linux)
import Foundation
import Glibc
@testable import HapticDevices
import HapticLinux
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
        // What a write that fails for a full disk reports (a recording is a regular file, so no device such as
        // /dev/full can stand in for a full disk any more).
        let error = DeviceError(SystemCallError(call: "write", errno: ENOSPC), device: "wav:/tmp/take.wav")
        #expect(error.code == .ioError && error.errno == ENOSPC)
        #expect(error.description.contains("No space left on device"), "\(error)")
        #expect(!error.description.contains("noEffectSlots"))
        #expect(error.description.components(separatedBy: "errno").count == 2, "errno shown once: \(error)")
        let missing = WAVDevice(path: "/nonexistent-folder/x.wav", paced: false)
        #expect(throws: DeviceError.self) { try missing.start(format: DeviceFormat(sampleRate: 8_000, maxBlockFrames: 64)) }
    }

    /// Issue 32: `HAPTIC_DEVICE=wav:<a FIFO>` hung the engine's start in `open` (a FIFO waits for a reader). Opened
    /// without waiting and checked with `fstat`, a path that is not a regular file is refused at once.
    @Test func aFIFOOrADeviceIsRefusedWithoutWaiting() throws {
        let folder = try Fixtures.temporaryDirectory()
        let fifo = folder.appendingPathComponent("pipe.wav").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let format = DeviceFormat(sampleRate: 8_000, maxBlockFrames: 64)
        // With no reader (the open would wait) and with one (the open succeeds; fstat says what it is).
        for withReader in [false, true] {
            let reader = withReader ? open(fifo, O_RDONLY | O_NONBLOCK) : -1
            defer { if reader >= 0 { close(reader) } }
            let outcome = try Self.withDeadline(seconds: 30, unblocking: fifo) { () -> DeviceError? in
                do throws(DeviceError) {
                    try WAVDevice(path: fifo, paced: false).start(format: format)
                    return nil
                } catch {
                    return error
                }
            }
            let error: DeviceError = try #require(outcome, "a recording to a FIFO started (reader: \(withReader))")
            #expect(error.code == .unsupported && error.message.contains("it is a named pipe (FIFO), not a regular file"), "\(error)")
        }
        // Device discovery refuses it before the engine starts (HAPTIC_DEVICE falls back, --device is an error).
        #expect { try DeviceDiscovery.makeDevice(id: "wav:\(fifo)") } throws: { ($0 as? DeviceError)?.code == .unsupported }
        let selection = DeviceDiscovery.defaultSelection(environment: ["HAPTIC_DEVICE": "wav:\(fifo)"])
        #expect(selection.device.info.kind == .simulated && selection.overrideProblem?.message.contains("named pipe (FIFO)") == true)
        #expect { try WAVDevice(path: "/dev/full", paced: false).start(format: format) } throws: { error in
            (error as? DeviceError)?.message.contains("it is a device, not a regular file") == true
        }
        // A regular file, new or old, is still a recording.
        let file = folder.appendingPathComponent("take.wav").path
        for _ in 0..<2 {
            let device = WAVDevice(path: file, paced: false)
            try device.start(format: format)
            Self.write(device, blocks: 1)
            device.stop()
            #expect(try WAVFile(contentsOf: URL(fileURLWithPath: file)).frameCount == 64)
        }
    }

    /// Runs `body` on its own thread and waits at most `seconds` for it; if it is stuck on the FIFO at `fifo`, opens
    /// the FIFO for reading so that it can finish, and fails.
    static func withDeadline<Value: Sendable>(seconds: Double, unblocking fifo: String, _ body: @escaping @Sendable () -> Value) throws
        -> Value
    {
        let done = DispatchSemaphore(value: 0)
        let result = LockedState<Value?>(nil)
        Thread.detachNewThread {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        if done.wait(timeout: .now() + seconds) == .timedOut {
            Issue.record("still waiting after \(seconds) s")
            let reader = open(fifo, O_RDONLY | O_NONBLOCK)
            done.wait()
            close(reader)
        }
        return try #require(result.withLock { $0 })
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
