import HapticSystem

#if os(Linux)
import HapticDevices
import Synchronization

/// A descriptor its owner (an evdev writer's I/O thread) lends to other threads for quick writes, and takes back
/// without closing it under them; optionally closed to them while the owner is inside a call that may wait for the
/// device.
///
/// Two uses. The node itself (``EvdevFastPath``): the render thread and app threads write an `EV_FF` play or
/// `FF_GAIN` event, which the evdev core queues and returns from. The kernel's evdev serializes every `write` and
/// `ioctl` on a node with one mutex, and an `EVIOCSFF` to a uinput device holds it until the device's process answers
/// (up to 30 s when that process hangs): a write queued behind it would block the render thread or an app's thread.
/// So both sides announce themselves with sequentially consistent atomics (Dekker's handshake): a quick writer that
/// sees the owner in an exclusive section does not write (the owner does the work instead), and the owner waits for
/// quick writes in flight — microseconds — before it enters one. The owner wraps every `EVIOCSFF` in
/// ``beginExclusive()`` … ``endExclusive()``, and also its own `FF_GAIN` writes (the gain scale is shared state).
/// And the I/O thread's wake event (``LevelAnticipation``): app threads signal it; no exclusive sections there.
///
/// What the gate cannot see: another process that has the same node open and is itself stuck in an `EVIOCSFF`
/// holds the kernel's mutex too; a quick write then waits for it.
///
/// - Thread safety: ``quickWrite(_:)`` from any number of threads; ``lend(_:)``, ``withdraw(_:)``,
///   ``beginExclusive()`` and ``endExclusive()`` from the owner only.
/// - Real-time safety: ``quickWrite(_:)`` takes no lock and allocates nothing; the owner's side sleeps while it
///   waits.
package final class DescriptorGate: Sendable {
    private let descriptor = Atomic<Int32>(-1)
    private let writers = Atomic<Int>(0)
    private let exclusive = Atomic<Bool>(false)

    /// No descriptor lent yet.
    package init() {}

    /// Runs `body` with the descriptor, unless none is lent or the owner is in an exclusive section: then returns
    /// `nil` without calling it.
    @inline(__always)
    package func quickWrite<Result>(_ body: (Int32) -> Result) -> Result? {
        writers.wrappingAdd(1, ordering: .sequentiallyConsistent)
        defer { writers.wrappingSubtract(1, ordering: .sequentiallyConsistent) }
        guard !exclusive.load(ordering: .sequentiallyConsistent) else { return nil }
        let fd = descriptor.load(ordering: .sequentiallyConsistent)
        guard fd >= 0 else { return nil }
        return body(fd)
    }

    /// Lends `fd` to quick writers (the owner, once it is open).
    package func lend(_ fd: Int32) { descriptor.store(fd, ordering: .sequentiallyConsistent) }

    /// Takes `fd` back, if it is still the one lent (a writer that outlived its time must not take back its
    /// successor's), and waits until no quick write uses it any more (the owner, before `close`). Returns whether it
    /// was still lent.
    @discardableResult
    package func withdraw(_ fd: Int32) -> Bool {
        let owned = descriptor.compareExchange(expected: fd, desired: -1, ordering: .sequentiallyConsistent).exchanged
        waitForWriters()
        return owned
    }

    /// Keeps quick writers out from now on and waits for those in flight (the owner, before a call that may wait for
    /// the device).
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
        // A sleep, not a spin: the owner runs above the render thread's priority, and on one CPU a spinning
        // SCHED_FIFO thread would keep the writer it waits for from finishing.
        while writers.load(ordering: .sequentiallyConsistent) > 0 { MonotonicClock.sleep(until: MonotonicClock.now() + 0.000_02) }
    }
}
#endif
