#if os(Linux)
import Synchronization

/// The node's descriptor as threads other than its I/O thread may use it: for a quick write (an `EV_FF` play or
/// `FF_GAIN` event, which the evdev core queues and returns from), never while the I/O thread is inside a call that
/// may wait for the device.
///
/// Why a gate: the kernel's evdev serializes every `write` and `ioctl` on a node with one mutex, and an `EVIOCSFF`
/// to a uinput device holds it until the device's process answers (up to 30 s when that process hangs). A write
/// queued behind it would block the render thread or an app's thread. So both sides announce themselves with
/// sequentially consistent atomics (Dekker's handshake): a quick writer that sees the I/O thread in an exclusive
/// section does not write (the I/O thread does the work instead), and the I/O thread waits for quick writes in
/// flight — microseconds — before it enters one. The I/O thread wraps every `EVIOCSFF` and `EVIOCRMFF` in
/// ``beginExclusive()`` … ``endExclusive()``, and also its own `FF_GAIN` writes (the gain scale is shared state).
///
/// What the gate cannot see: another process that has the same node open and is itself stuck in an `EVIOCSFF`
/// holds the kernel's mutex too; a quick write then waits for it.
///
/// - Thread safety: ``quickWrite(_:)`` from any number of threads; ``lend(_:)``, ``withdraw()``,
///   ``beginExclusive()`` and ``endExclusive()`` from the I/O thread only.
/// - Real-time safety: ``quickWrite(_:)`` takes no lock and allocates nothing; the I/O thread's side sleeps while
///   it waits.
package final class EvdevNodeGate: Sendable {
    private let descriptor = Atomic<Int32>(-1)
    private let writers = Atomic<Int>(0)
    private let exclusive = Atomic<Bool>(false)

    /// No descriptor lent yet.
    package init() {}

    /// Whether a descriptor is lent (the writer is open).
    package var isOpen: Bool { descriptor.load(ordering: .sequentiallyConsistent) >= 0 }

    /// Runs `body` with the descriptor, unless none is lent or the I/O thread is in an exclusive section: then
    /// returns `nil` without calling it.
    @inline(__always)
    package func quickWrite<Result>(_ body: (Int32) -> Result) -> Result? {
        writers.wrappingAdd(1, ordering: .sequentiallyConsistent)
        defer { writers.wrappingSubtract(1, ordering: .sequentiallyConsistent) }
        guard !exclusive.load(ordering: .sequentiallyConsistent) else { return nil }
        let fd = descriptor.load(ordering: .sequentiallyConsistent)
        guard fd >= 0 else { return nil }
        return body(fd)
    }

    /// Lends `fd` to quick writers (the I/O thread, once the node is open).
    package func lend(_ fd: Int32) { descriptor.store(fd, ordering: .sequentiallyConsistent) }

    /// Takes the descriptor back and waits until no quick write uses it any more (the I/O thread, before `close`).
    package func withdraw() {
        descriptor.store(-1, ordering: .sequentiallyConsistent)
        waitForWriters()
    }

    /// Keeps quick writers out from now on and waits for those in flight (the I/O thread, before a call that may
    /// wait for the device).
    package func beginExclusive() {
        exclusive.store(true, ordering: .sequentiallyConsistent)
        waitForWriters()
    }

    /// Lets quick writers in again.
    package func endExclusive() { exclusive.store(false, ordering: .sequentiallyConsistent) }

    /// Runs `body` in an exclusive section.
    package func exclusively<Result>(_ body: () -> Result) -> Result {
        beginExclusive()
        defer { endExclusive() }
        return body()
    }

    private func waitForWriters() {
        // A sleep, not a spin: the I/O thread runs above the render thread's priority, and on one CPU a spinning
        // SCHED_FIFO thread would keep the writer it waits for from finishing.
        while writers.load(ordering: .sequentiallyConsistent) > 0 { MonotonicClock.sleep(until: MonotonicClock.now() + 0.000_02) }
    }
}
#endif
