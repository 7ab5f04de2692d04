import HapticSystem

#if os(Linux)
import CHapticSupport
import Glibc
@testable import HapticDevices
@testable import HapticLinux
import Synchronization
import Testing

/// A mocked node with a real wake `eventfd`: the I/O thread's ppoll watches it, signals are counted.
final class WakingMockSystemCalls: EvdevSystemCalls {
    let mock = MockEvdevSystemCalls()
    let signals = Atomic<Int>(0)
    /// How many times the I/O thread waited (one per wake-up).
    let waits = Atomic<Int>(0)

    func open(_ path: String, flags: Int32) -> Int { mock.open(path, flags: flags) }
    func close(_ fd: Int32) -> Int { fd >= 100 ? Int(Glibc.close(fd - 100)) : mock.close(fd) }
    func featureBits(_ fd: Int32, type: UInt32, into bits: UnsafeMutableRawBufferPointer) -> Int {
        mock.featureBits(fd, type: type, into: bits)
    }
    func effectCount(_ fd: Int32, _ count: inout Int32) -> Int { mock.effectCount(fd, &count) }
    func name(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int { mock.name(fd, into: buffer) }
    func uploadEffect(_ fd: Int32, _ effect: inout ff_effect) -> Int { mock.uploadEffect(fd, &effect) }
    func removeEffect(_ fd: Int32, id: Int32) -> Int { mock.removeEffect(fd, id: id) }
    func writeEvent(_ fd: Int32, type: UInt16, code: UInt16, value: Int32) -> Int {
        mock.writeEvent(fd, type: type, code: code, value: value)
    }
    func waitForHangup(_ fd: Int32, timeoutNanoseconds: Int) -> Int { mock.waitForHangup(fd, timeoutNanoseconds: timeoutNanoseconds) }
    // The real eventfd, offset by 100 so it cannot be mistaken for the mock's descriptors.
    func makeWakeEvent() -> Int {
        let fd = CHapticSupport_eventfdCreate()
        return fd < 0 ? Int(fd) : Int(fd) + 100
    }
    func signalWake(_ wake: Int32) -> Int {
        signals.wrappingAdd(1, ordering: .relaxed)
        return Int(CHapticSupport_eventfdSignal(wake - 100))
    }
    func waitForHangupOrWake(_ fd: Int32, wake: Int32, timeoutNanoseconds: Int) -> Int {
        waits.wrappingAdd(1, ordering: .relaxed)
        // The mock's node never hangs up: poll the eventfd alone (a negative descriptor is ignored by ppoll).
        return Int(CHapticSupport_waitForHangupOrWake(-1, wake - 100, timeoutNanoseconds))
    }
}

@Suite struct EvdevWakeTests {
    static let capabilities = EvdevCapabilities(
        path: "/dev/input/event5", name: "mock-pad", supportsRumble: true, supportsPeriodicSine: false, supportsGain: false,
        effectSlots: 16)

    @Test func onlyTransitionsFromAndToSilenceWakeTheIOThread() {
        let system = WakingMockSystemCalls()
        let writer = EvdevWriter(capabilities: Self.capabilities, configuration: EvdevConfiguration(), system: system)
        writer.publish(strong: 0, weak: 0)
        writer.publish(strong: 1_000, weak: 0)  // rise: wake
        writer.publish(strong: 30_000, weak: 5)  // still playing: no wake
        writer.publish(strong: 0, weak: 0)  // fall to silence: wake
        writer.publish(strong: 0, weak: 0)
        writer.publish(strong: 0, weak: 7)  // rise again: wake
        #expect(system.signals.load(ordering: .relaxed) == 3)
        #expect(writer.wakeCount == 3)
    }

    @Test func aWakeSendsTheOnsetBeforeTheNextTick() {
        let system = WakingMockSystemCalls()
        // The longest grid (10 ms); the onset must not wait for it.
        let writer = EvdevWriter(capabilities: Self.capabilities, configuration: EvdevConfiguration(updatePeriod: 0.010), system: system)
        _ = SystemThread.detach(name: "wake-test") { writer.run() }
        let deadline = MonotonicClock.now() + 2
        writer.started.wait(until: deadline)
        #expect(writer.state == .running)
        var delays: [Double] = []
        for _ in 0..<5 {
            let uploads = writer.uploadCount
            MonotonicClock.sleep(until: MonotonicClock.now() + 0.003)  // somewhere inside a grid period
            let t0 = MonotonicClock.now()
            writer.publish(strong: 40_000, weak: 0)
            while writer.uploadCount == uploads && MonotonicClock.now() < t0 + 1 {
                MonotonicClock.sleep(until: MonotonicClock.now() + 0.0002)
            }
            delays.append(MonotonicClock.now() - t0)
            writer.publish(strong: 0, weak: 0)
            MonotonicClock.sleep(until: MonotonicClock.now() + 0.03)
        }
        writer.requestStop()
        writer.finished.wait(until: deadline + 2)
        #expect(writer.wakeCount == 10)  // each onset and each stop
        // On an idle machine each delay is well under a millisecond; the median keeps a loaded CI machine honest.
        #expect(delays.sorted()[2] < 0.0095, "onset delays \(delays)")
    }

    /// A writer whose levels hold still dozes until the next refresh is due (and, idle, for up to a second) instead of
    /// waking on every grid tick; any move of the levels wakes it at once, and a stop request too.
    @Test func aWriterHoldingItsLevelsDozesAndAnyMoveWakesIt() {
        let system = WakingMockSystemCalls()
        let writer = EvdevWriter(capabilities: Self.capabilities, configuration: EvdevConfiguration(), system: system)
        _ = SystemThread.detach(name: "doze-test") { writer.run() }
        let deadline = MonotonicClock.now() + 5
        writer.started.wait(until: deadline)
        func render(_ strong: UInt16, for seconds: Double) {
            let end = MonotonicClock.now() + seconds
            while MonotonicClock.now() < end {
                writer.publish(strong: strong, weak: 0)
                MonotonicClock.sleep(until: MonotonicClock.now() + 0.004)  // a block of 4 ms
            }
        }
        render(40_000, for: 0.05)
        let waitsBefore = system.waits.load(ordering: .relaxed)
        let refreshesBefore = writer.refreshCount
        render(40_000, for: 0.25)  // held still: 31 grid ticks of 8 ms, 10 refreshes of 25 ms
        let waits = system.waits.load(ordering: .relaxed) - waitsBefore
        let refreshes = writer.refreshCount - refreshesBefore
        #expect(waits <= 20, "\(waits) wake-ups while the level held still")
        #expect(refreshes >= 5 && refreshes <= 12, "\(refreshes) refreshes in 250 ms (one per 25 ms keeps the replay bound)")

        let uploads = writer.uploadCount
        let t0 = MonotonicClock.now()
        writer.publish(strong: 60_000, weak: 0)  // a rise while dozing (a fall waits for the next grid tick's peak)
        while writer.uploadCount == uploads && MonotonicClock.now() < t0 + 1 { MonotonicClock.sleep(until: MonotonicClock.now() + 0.0002) }
        let delay = MonotonicClock.now() - t0
        #expect(delay < 0.008, "a move reached the device \(delay) s later (a doze lasts up to 25 ms)")

        writer.publish(strong: 0, weak: 0)
        MonotonicClock.sleep(until: MonotonicClock.now() + 0.05)
        let idleBefore = system.waits.load(ordering: .relaxed)
        MonotonicClock.sleep(until: MonotonicClock.now() + 0.3)
        #expect(system.waits.load(ordering: .relaxed) - idleBefore <= 2, "an idle writer sleeps")
        let stopAt = MonotonicClock.now()
        writer.requestStop()
        writer.finished.wait(until: stopAt + 2)
        #expect(MonotonicClock.now() - stopAt < 0.1, "a stop request wakes a dozing writer")
    }
}
#endif
