import Synchronization

/// When a real-time reader has certainly let go of something the control side unpublished: the reader marks each pass
/// (``enter()`` … ``leave()``), and the control side, after clearing its pointer, frees the object only once
/// ``hasPassed(_:)`` says no pass that could have seen it is still running — the reader never frees and never waits.
///
///     // control:  slot.store(0); retired.append((input, epoch.snapshot()))
///     //           later: if epoch.hasPassed(snapshot) { free input }
///     // reader:   epoch.enter(); defer { epoch.leave() }; … load the slot …
///
/// - Thread safety: one reader thread; the control side from any thread.
/// - Real-time safety: ``enter()`` and ``leave()`` are two atomic stores each, no locks, no allocation.
package final class ReaderEpoch: Sendable {
    /// Passes completed.
    private let passes = Atomic<Int>(0)
    /// Whether a pass is running.
    private let inPass = Atomic<Bool>(false)

    /// An epoch with no pass yet.
    package init() {}

    /// Reader: a pass begins (before it loads any published pointer).
    @inline(__always)
    package func enter() {
        inPass.store(true, ordering: .sequentiallyConsistent)
    }

    /// Reader: the pass ends (after its last use of a published pointer).
    @inline(__always)
    package func leave() {
        passes.add(1, ordering: .releasing)
        inPass.store(false, ordering: .sequentiallyConsistent)
    }

    /// Control: what to compare later, taken after the pointer was cleared.
    package func snapshot() -> (passes: Int, inPass: Bool) {
        let running = inPass.load(ordering: .sequentiallyConsistent)
        return (passes.load(ordering: .acquiring), running)
    }

    /// Control: whether every pass that could have loaded the cleared pointer has ended.
    package func hasPassed(_ snapshot: (passes: Int, inPass: Bool)) -> Bool {
        !snapshot.inPass || passes.load(ordering: .acquiring) != snapshot.passes
    }

    /// Passes completed since creation.
    package var passCount: Int { passes.load(ordering: .relaxed) }
}
