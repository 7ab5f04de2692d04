import Synchronization

/// A fixed-capacity single-producer, single-consumer queue of ``MixerCommand``s (control → render).
///
/// `push` never waits: it returns `false` when full. Slots are allocated once. The producer publishes with a
/// releasing store of `head`; the consumer acquires it, reads, and releases `tail` back.
struct CommandRing: ~Copyable, @unchecked Sendable {
    // @unchecked: one producer and one consumer, ordered by the atomics below.
    private let head = Atomic<Int>(0)
    private let tail = Atomic<Int>(0)
    private let slots: UnsafeMutablePointer<MixerCommand>
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        slots = .allocate(capacity: self.capacity)
    }

    deinit { slots.deallocate() }

    /// Producer side. Returns `false` when the queue is full.
    @_noLocks @_noAllocation
    borrowing func push(_ command: MixerCommand) -> Bool {
        let h = head.load(ordering: .relaxed)
        let t = tail.load(ordering: .acquiring)
        if h &- t >= capacity { return false }
        (slots + h % capacity).initialize(to: command)
        head.store(h &+ 1, ordering: .releasing)
        return true
    }

    /// Consumer side. Returns `nil` when empty.
    @_noLocks @_noAllocation
    borrowing func pop() -> MixerCommand? {
        let t = tail.load(ordering: .relaxed)
        let h = head.load(ordering: .acquiring)
        if t == h { return nil }
        let command = (slots + t % capacity).move()
        tail.store(t &+ 1, ordering: .releasing)
        return command
    }

    /// Consumer side: whether a command is waiting.
    @_noLocks @_noAllocation
    borrowing func isEmpty() -> Bool { tail.load(ordering: .relaxed) == head.load(ordering: .acquiring) }
}
