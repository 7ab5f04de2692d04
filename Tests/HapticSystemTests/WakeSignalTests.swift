#if os(Linux)
import Dispatch
import HapticSystem
import Testing

/// ``WakeSignal``: the one `eventfd` wake, for a waiting render thread and for a service's dispatch source.
@Suite struct WakeSignalTests {
    /// Signals `signal` until the thread waiting on it reports `woken` (a signal only writes while a thread waits, so
    /// the first ones may come before the wait began); gives up after `limit` seconds.
    private static func signalUntilWoken(_ signal: WakeSignal, _ woken: LockedState<Bool>, limit: Double = 10) {
        let giveUp = MonotonicClock.now() + limit
        while !woken.withLock({ $0 }), MonotonicClock.now() < giveUp {
            signal.signal()
            sched_yield()
        }
    }

    @Test func wakesAWaitingThreadBeforeItsDeadline() throws {
        let signal = WakeSignal()
        let woken = LockedState(false)
        let answer = LockedState(false)
        let start = MonotonicClock.now()
        let thread = try #require(
            SystemThread.spawn(name: "wake-waiter") {
                let woke = signal.wait(until: start + 30)
                answer.withLock { $0 = woke }
                woken.withLock { $0 = true }
            })
        Self.signalUntilWoken(signal, woken)
        thread.join()
        #expect(answer.withLock { $0 }, "the wait ran to its deadline")
        #expect(MonotonicClock.now() - start < 20)
    }

    @Test func signalsWithNoWaiterAreNotKeptForALaterWait() {
        // Signals coalesce into the wake of the thread that waits; with none waiting, a burst leaves nothing behind
        // that would cut a later wait short (the render thread would wake for commands it already took).
        let signal = WakeSignal()
        for _ in 0..<50 { signal.signal() }
        let start = MonotonicClock.now()
        #expect(!signal.wait(until: start + 0.05), "signals with no waiter woke a later wait")
        #expect(MonotonicClock.now() - start >= 0.049)
    }

    /// Work sent and signalled while no thread waited yet (so the signal wrote nothing) is not slept through: the
    /// waiter looks for it once it counts as waiting. Before, a command sent between the render thread's last look
    /// and its idle wait slept through the whole pause (one 25 ms start → first sample in the latency benchmark).
    @Test func workSentJustBeforeTheWaitIsNotSleptThrough() {
        let signal = WakeSignal()
        let work = LockedState(false)
        work.withLock { $0 = true }
        signal.signal()
        let start = MonotonicClock.now()
        #expect(signal.wait(until: start + 5, unless: { work.withLock { $0 } }), "the wait slept through the work")
        #expect(MonotonicClock.now() - start < 1)
    }

    @Test func aBurstOfRaisesWakesTheNextWaitOnce() {
        let signal = WakeSignal()
        for _ in 0..<20 { signal.raise() }
        let start = MonotonicClock.now()
        #expect(signal.wait(until: start + 30), "a pending raise did not wake the wait")
        #expect(MonotonicClock.now() - start < 20)
        #expect(!signal.wait(until: MonotonicClock.now() + 0.05), "the burst woke a second wait")
    }

    @Test func raisesWakeTheReaderOnceUntilAcknowledged() throws {
        let signal = try #require(WakeSignal.available())
        let queue = DispatchQueue(label: "wake-reader")
        let handled = DispatchSemaphore(value: 0)
        let runs = LockedState(0)
        for _ in 0..<10 { signal.raise() }  // one pending raise: one write
        let source = signal.makeReadSource(queue: queue) {
            runs.withLock { $0 += 1 }
            handled.signal()
        }
        #expect(handled.wait(timeout: .now() + 10) == .success)
        // Acknowledged: the next raise wakes the reader again.
        signal.raise()
        #expect(handled.wait(timeout: .now() + 10) == .success)
        queue.sync {}
        source.cancel()
        #expect(runs.withLock { $0 } == 2)
    }
}
#endif
