import Foundation
import HapticSystem

#if canImport(Glibc)
import Glibc
#endif

/// Where the calling thread's time went: on a CPU, waiting for one (runnable, but the machine was busy), or
/// blocked of its own accord (asleep, waiting for a signal, a lock or a write). Two readings on the same thread
/// give ``waited(until:)``: how long the code between them waited, without what the machine's load added.
///
/// A test that asks "did this call sleep until its deadline and no longer?" or "did it return without waiting for
/// the stalled thread?" asks it of ``waited(until:)``: wall-clock time on a machine whose cores are busy with other
/// work grows by however long the thread queued for a CPU, which says nothing about the code.
///
///     let before = ThreadTimes.now()
///     device.write(block)
///     #expect(before.waited(until: .now()) < 0.05)
///
/// The thread's CPU clock gives the time it ran; Linux's scheduler statistics (`/proc/thread-self/schedstat`, its
/// second field) the time it queued for a CPU. Where they are missing, the time queued counts as waited.
public struct ThreadTimes: Sendable {
    /// Monotonic wall-clock time, seconds.
    public var wall: Double
    /// Time this thread ran on a CPU, seconds.
    public var running: Double
    /// Time this thread was runnable but waited for a CPU, seconds.
    public var queued: Double

    /// The calling thread's times now.
    public static func now() -> ThreadTimes {
        // The CPU clock is exact; schedstat's CPU field lags by up to a scheduler tick for the running thread.
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        let running = Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
        var queued = 0.0
        if let fields = try? String(contentsOfFile: "/proc/thread-self/schedstat", encoding: .utf8).split(separator: " "),
            fields.count >= 2, let waiting = Double(fields[1])
        {
            queued = waiting / 1e9
        }
        return ThreadTimes(wall: MonotonicClock.now(), running: running, queued: queued)
    }

    /// Seconds the thread was blocked or asleep between this reading and `later` (on the same thread): the wall time
    /// less the time it ran and the time it queued for a CPU.
    public func waited(until later: ThreadTimes) -> Double {
        Swift.max(0, (later.wall - wall) - (later.running - running) - (later.queued - queued))
    }

    /// Seconds between this reading and `later` less the time the thread queued for a CPU: how long the code took
    /// (running or waiting of its own accord), without what the machine's load added.
    public func unloaded(until later: ThreadTimes) -> Double { Swift.max(0, (later.wall - wall) - (later.queued - queued)) }

    /// Seconds the thread queued for a CPU between this reading and `later`: what the machine's load added.
    public func queued(until later: ThreadTimes) -> Double { later.queued - queued }
}
