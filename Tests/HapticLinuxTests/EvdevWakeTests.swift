import HapticSystem

#if os(Linux)
import CHapticSupport
import Glibc
@testable import HapticDevices
@testable import HapticLinux
import Synchronization
import Testing

/// A mocked node with a real wake `eventfd`: the I/O thread's ppoll watches it, signals are counted.
///
/// While ``stretchWaits`` is set, every wait lasts up to 30 s instead of its own timeout, so that only the wake event
/// ends it: a test asks whether a move woke the I/O thread, not whether the reply came within some milliseconds (on
/// a loaded machine the I/O thread's own timeout can run out first, and a late thread looks like one that slept).
final class WakingMockSystemCalls: EvdevSystemCalls {
    let mock = MockEvdevSystemCalls()
    let signals = Atomic<Int>(0)
    /// How many times the I/O thread waited (one per wake-up).
    let waits = Atomic<Int>(0)
    /// Whether waits are stretched to 30 s (only the wake event ends them).
    let stretchWaits = Atomic<Bool>(false)
    /// Stretched waits begun, and of them those the wake event ended.
    let stretchedWaits = Atomic<Int>(0)
    let stretchedWaitsWoken = Atomic<Int>(0)
    /// Whether the I/O thread is inside a stretched wait now.
    let inStretchedWait = Atomic<Bool>(false)

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
        guard stretchWaits.load(ordering: .acquiring) else {
            return Int(CHapticSupport_waitForHangupOrWake(-1, wake - 100, timeoutNanoseconds))
        }
        stretchedWaits.wrappingAdd(1, ordering: .relaxed)
        inStretchedWait.store(true, ordering: .sequentiallyConsistent)
        let result = Int(CHapticSupport_waitForHangupOrWake(-1, wake - 100, 30_000_000_000))
        inStretchedWait.store(false, ordering: .sequentiallyConsistent)
        if result == 2 { stretchedWaitsWoken.wrappingAdd(1, ordering: .relaxed) }
        return result
    }

    /// Polls `condition` every 0.2 ms until it holds or `seconds` pass; whether it held.
    static func wait(seconds: Double, for condition: () -> Bool) -> Bool {
        let deadline = MonotonicClock.now() + seconds
        while !condition() {
            guard MonotonicClock.now() < deadline else { return false }
            MonotonicClock.sleep(until: MonotonicClock.now() + 0.0002)
        }
        return true
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

    /// A rise from silence wakes the I/O thread, which sends the onset at once instead of at its next grid tick (10
    /// ms away at most). Asked as "did the rise wake it?": with its waits stretched, only the wake can end them, so
    /// the onset arrives by the wake or not at all (timing it failed on a loaded machine, where the thread's own
    /// grid tick can come first).
    @Test func aWakeSendsTheOnsetBeforeTheNextTick() {
        let system = WakingMockSystemCalls()
        // The longest grid (10 ms); the onset must not wait for it.
        let writer = EvdevWriter(capabilities: Self.capabilities, configuration: EvdevConfiguration(updatePeriod: 0.010), system: system)
        _ = SystemThread.detach(name: "wake-test") { writer.run() }
        let deadline = MonotonicClock.now() + 10
        writer.started.wait(until: deadline)
        #expect(writer.state == .running)
        system.stretchWaits.store(true, ordering: .releasing)
        let inStretchedWait = { system.inStretchedWait.load(ordering: .sequentiallyConsistent) }
        for round in 0..<5 {
            // Silent, and inside a wait only a wake can end.
            #expect(WakingMockSystemCalls.wait(seconds: 10, for: inStretchedWait))
            let uploads = writer.uploadCount
            let woken = system.stretchedWaitsWoken.load(ordering: .relaxed)
            writer.publish(strong: 40_000, weak: 0)
            // The I/O thread sends the onset (or, once a slot is armed with it, adopts the started slot and arms the
            // next one): an upload either way.
            #expect(WakingMockSystemCalls.wait(seconds: 10) { writer.uploadCount > uploads }, "round \(round): the onset was not sent")
            #expect(system.stretchedWaitsWoken.load(ordering: .relaxed) > woken, "round \(round): the rise did not wake the I/O thread")
            // And the fall back to silence wakes it too: the stop is sent at once.
            #expect(WakingMockSystemCalls.wait(seconds: 10, for: inStretchedWait))
            let stops = writer.stopCount
            writer.publish(strong: 0, weak: 0)
            #expect(WakingMockSystemCalls.wait(seconds: 10) { writer.stopCount > stops }, "round \(round): the stop was not sent")
        }
        writer.requestStop()
        #expect(writer.finished.wait(until: MonotonicClock.now() + 10), "a stop request wakes the I/O thread")
        #expect(writer.wakeCount == 10)  // each onset and each stop
    }

    /// The I/O thread's wait between ticks is no device call in progress: a doze lasts up to a second, far beyond
    /// the I/O timeout after which the render thread takes a call for a stalled device. Measured from ten seconds
    /// later (`now` is the render thread's argument), a wait counted as a call reads as stalled. Routed through the
    /// call funnel, every doze did, and every pad's engine stopped with ETIMEDOUT in the QEMU gate.
    @Test func aDozingWriterIsNotAStalledCall() {
        let system = WakingMockSystemCalls()
        let writer = EvdevWriter(capabilities: Self.capabilities, configuration: EvdevConfiguration(), system: system)
        _ = SystemThread.detach(name: "stall-test") { writer.run() }
        writer.started.wait(until: MonotonicClock.now() + 10)
        system.stretchWaits.store(true, ordering: .releasing)
        #expect(WakingMockSystemCalls.wait(seconds: 10) { system.inStretchedWait.load(ordering: .sequentiallyConsistent) })
        #expect(!writer.stalledCall(now: MonotonicClock.now() + 10, timeout: EvdevConfiguration().ioTimeout))
        writer.requestStop()
        #expect(writer.finished.wait(until: MonotonicClock.now() + 10))
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

        // A move while dozing wakes it. Asked as "did the move wake it?": with the doze stretched, only the wake can end
        // it (timing it against the doze's 25 ms failed on a loaded machine: 12 ms for a thread that was woken at once
        // but waited for a CPU).
        system.stretchWaits.store(true, ordering: .releasing)
        let stretched = system.stretchedWaits.load(ordering: .relaxed)
        #expect(
            WakingMockSystemCalls.wait(seconds: 10) {
                system.stretchedWaits.load(ordering: .relaxed) > stretched && system.inStretchedWait.load(ordering: .sequentiallyConsistent)
                    && writer.dozing.load(ordering: .sequentiallyConsistent)
            }, "the writer holding its levels dozes")
        let uploads = writer.uploadCount
        let woken = system.stretchedWaitsWoken.load(ordering: .relaxed)
        writer.publish(strong: 60_000, weak: 0)  // a rise while dozing (a fall waits for the next grid tick's peak)
        #expect(WakingMockSystemCalls.wait(seconds: 10) { writer.uploadCount > uploads }, "the move never reached the device")
        #expect(system.stretchedWaitsWoken.load(ordering: .relaxed) > woken, "the move did not wake the dozing writer")
        system.stretchWaits.store(false, ordering: .releasing)

        writer.publish(strong: 0, weak: 0)
        MonotonicClock.sleep(until: MonotonicClock.now() + 0.05)
        let idleBefore = system.waits.load(ordering: .relaxed)
        MonotonicClock.sleep(until: MonotonicClock.now() + 0.3)
        #expect(system.waits.load(ordering: .relaxed) - idleBefore <= 2, "an idle writer sleeps")
        // A stop request wakes a dozing writer: again with its doze stretched, so only the request can end it.
        system.stretchWaits.store(true, ordering: .releasing)
        let idleStretched = system.stretchedWaits.load(ordering: .relaxed)
        #expect(
            WakingMockSystemCalls.wait(seconds: 10) {
                system.stretchedWaits.load(ordering: .relaxed) > idleStretched
                    && system.inStretchedWait.load(ordering: .sequentiallyConsistent)
            })
        writer.requestStop()
        #expect(writer.finished.wait(until: MonotonicClock.now() + 10), "a stop request wakes a dozing writer")
    }
}
#endif
