#if os(Linux)
import CHapticSupport
import HapticDevices
@testable import HapticLinux
import HapticRender
import HapticSystem
import Testing

/// Starting and stopping an evdev device waits for its I/O thread by a signal, not by looking every millisecond: it
/// returns as soon as the thread has opened the node (or has released it and returned).
@Suite(.serialized) struct EvdevLifecycleTests {
    /// How often the calling thread has given up the CPU of its own accord (slept or waited) so far.
    static func voluntarySwitches() -> Int {
        var usage = rusage()
        _ = getrusage(__rusage_who_t(1), &usage)  // RUSAGE_THREAD
        return usage.ru_nvcsw
    }

    static let slowUpload = 0.03

    /// The I/O thread spends 60 ms opening the node (two uploads of 30 ms: the live slot and the spare). A start that
    /// waits for its signal blocks once or twice; one that looked every millisecond slept some 60 times. (Counting the
    /// waits, not timing them, keeps a loaded machine from deciding the result.)
    @Test func startWaitsForTheIOThreadsSignalNotByLooking() throws {
        let system = WakingMockSystemCalls()
        system.mock.setUploadDelay(Self.slowUpload)
        let device = EvdevDevice(capabilities: EvdevWakeTests.capabilities, configuration: EvdevConfiguration(), system: system)
        let before = Self.voluntarySwitches()
        let t0 = MonotonicClock.now()
        try device.start(format: DeviceFormat(sampleRate: 1_000, maxBlockFrames: 4))
        let elapsed = MonotonicClock.now() - t0
        let waits = Self.voluntarySwitches() - before
        system.mock.setUploadDelay(0)
        device.stop()
        #expect(elapsed >= 2 * Self.slowUpload * 0.9, "started in \(elapsed) s: before the I/O thread had opened the node")
        #expect(waits <= 5, "the start blocked \(waits) times in \(elapsed * 1e3) ms")
    }

    /// A stop that comes while the I/O thread is in a 30 ms upload returns when the thread has released the node;
    /// it waits for the thread's signal instead of looking every millisecond.
    @Test func stopWaitsForTheIOThreadsSignalNotByLooking() throws {
        let system = SlowSoundingUploads()
        let device = EvdevDevice(capabilities: EvdevWakeTests.capabilities, configuration: EvdevConfiguration(), system: system)
        try device.start(format: DeviceFormat(sampleRate: 1_000, maxBlockFrames: 4))
        let storage = BusStorage(capacity: 4)
        // The rise from silence wakes the I/O thread, which starts its slow upload.
        #expect(device.write(EvdevDeviceTests.block(storage, frames: 4, start: 0, strong: 1, weak: 1)) == .ok)
        #expect(system.uploading.wait(until: MonotonicClock.now() + 5))
        let before = Self.voluntarySwitches()
        let t0 = MonotonicClock.now()
        device.stop()
        let elapsed = MonotonicClock.now() - t0
        let waits = Self.voluntarySwitches() - before
        #expect(elapsed >= Self.slowUpload * 0.3, "stopped in \(elapsed) s, while the upload still ran")
        #expect(waits <= 5, "the stop blocked \(waits) times in \(elapsed * 1e3) ms")
    }

    /// The milestone itself: a waiter wakes when it is signalled, and one that comes later returns at once; a
    /// deadline ends a wait that nobody answers.
    @Test func aMilestoneWakesEveryWaiterAndHonoursTheDeadline() {
        let milestone = ThreadMilestone()
        let t0 = MonotonicClock.now()
        #expect(!milestone.wait(until: t0 + 0.02))
        #expect(MonotonicClock.now() - t0 >= 0.019)
        SystemThread.detach(name: "milestone") { milestone.signal() }
        #expect(milestone.wait(until: MonotonicClock.now() + 5))
        #expect(milestone.wait(until: MonotonicClock.now() + 5))
        milestone.signal()  // twice is fine
        #expect(milestone.isReached)
    }
}

/// The waking mock, whose uploads of a sounding effect take ``EvdevLifecycleTests/slowUpload`` and are announced
/// when they begin.
final class SlowSoundingUploads: EvdevSystemCalls {
    let inner = WakingMockSystemCalls()
    /// Reached when the first sounding upload begins.
    let uploading = ThreadMilestone()

    func open(_ path: String, flags: Int32) -> Int { inner.open(path, flags: flags) }
    func close(_ fd: Int32) -> Int { inner.close(fd) }
    func featureBits(_ fd: Int32, type: UInt32, into bits: UnsafeMutableRawBufferPointer) -> Int {
        inner.featureBits(fd, type: type, into: bits)
    }
    func effectCount(_ fd: Int32, _ count: inout Int32) -> Int { inner.effectCount(fd, &count) }
    func name(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int { inner.name(fd, into: buffer) }
    func uploadEffect(_ fd: Int32, _ effect: inout ff_effect) -> Int {
        if effect.u.rumble.strong_magnitude > 0 {
            uploading.signal()
            usleep(UInt32(EvdevLifecycleTests.slowUpload * 1e6))  // the device takes its time to answer
        }
        return inner.uploadEffect(fd, &effect)
    }
    func removeEffect(_ fd: Int32, id: Int32) -> Int { inner.removeEffect(fd, id: id) }
    func writeEvent(_ fd: Int32, type: UInt16, code: UInt16, value: Int32) -> Int {
        inner.writeEvent(fd, type: type, code: code, value: value)
    }
    func waitForHangup(_ fd: Int32, timeoutNanoseconds: Int) -> Int { inner.waitForHangup(fd, timeoutNanoseconds: timeoutNanoseconds) }
    func makeWakeEvent() -> Int { inner.makeWakeEvent() }
    func signalWake(_ wake: Int32) -> Int { inner.signalWake(wake) }
    func waitForHangupOrWake(_ fd: Int32, wake: Int32, timeoutNanoseconds: Int) -> Int {
        inner.waitForHangupOrWake(fd, wake: wake, timeoutNanoseconds: timeoutNanoseconds)
    }
}
#endif
