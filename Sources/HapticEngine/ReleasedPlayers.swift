import HapticSystem
import Synchronization

/// The players whose objects are gone, noted by the objects' `deinit` without the engine's lock and taken by the next
/// transition that purges them (``EngineStateMachine/purgeReleasedPlayers(into:)``).
///
/// A player's `deinit` must never take the engine's lock: the last reference to a player can be dropped while that
/// lock is held (a completion handler or a finished run released there may hold it), and taking it again would
/// deadlock. So a release sets the player's bit in ``slots`` (players in the table's first 64 slots: most of them),
/// without a lock, or queues the handle under this object's own lock.
///
/// - Thread safety: ``release(_:)`` from any thread, also under the engine's lock; ``take(into:)`` under the engine's
///   lock (one taker at a time).
final class ReleasedPlayers: Sendable {
    /// Released players in the table's first 64 slots, one bit per slot.
    private let slots = Atomic<UInt64>(0)
    /// Released players in the other slots.
    private let queued: LockedState<[EnginePlayerHandle]>
    /// How many handles ``queued`` holds, changed under its lock: a pass with nothing queued reads it instead of
    /// taking that lock.
    private let queuedCount = Atomic<Int>(0)

    /// Room for `capacity` queued releases before the queue grows.
    init(capacity: Int) {
        var list: [EnginePlayerHandle] = []
        list.reserveCapacity(capacity)
        queued = LockedState(list)
    }

    /// Notes that the object of the player `handle` names is gone.
    func release(_ handle: EnginePlayerHandle) {
        if handle.slot < UInt64.bitWidth {
            _ = slots.bitwiseOr(1 << UInt64(handle.slot), ordering: .relaxed)
            return
        }
        queued.withLock { list in
            list.append(handle)
            queuedCount.add(1, ordering: .relaxed)
        }
    }

    /// Whether a release may be waiting (a release it misses is seen by the next pass).
    var mayHaveReleases: Bool { slots.load(ordering: .relaxed) != 0 || queuedCount.load(ordering: .relaxed) != 0 }

    /// Takes the released slots of the first 64 (a bit set) and swaps the queued handles into `list` (which must be
    /// empty; its storage becomes the queue's), so neither is copied or reallocated.
    func take(into list: inout [EnginePlayerHandle]) -> UInt64 {
        let bits = slots.load(ordering: .relaxed) == 0 ? 0 : slots.exchange(0, ordering: .relaxed)
        guard queuedCount.load(ordering: .relaxed) != 0 else { return bits }
        queued.withLock { queue in
            swap(&queue, &list)
            queuedCount.subtract(list.count, ordering: .relaxed)
        }
        return bits
    }
}
