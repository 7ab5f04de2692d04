import Synchronization

/// A fixed-capacity single-producer, single-consumer queue between the control side and the render thread: the
/// mixer's ``MixerCommand``s (control → render) and ``MixerNotification``s (render → control).
///
/// `push` never waits: it returns `false` when full. Slots are allocated once. The producer publishes with a
/// releasing store of `head`; the consumer acquires it, reads, and releases `tail` back.
///
/// Real-time safety: real-time code uses the concrete `checked…` methods at the end of this file, which the compiler
/// checks (`@_noLocks @_noAllocation`). They must live here: the generic
/// methods are `@_transparent`, so they are inlined with the concrete element type only in this file, and a generic
/// call left unspecialized (another file, a debug build) fails the compiler's check.
struct SPSCRing<Element>: ~Copyable, @unchecked Sendable {
    // @unchecked: one producer and one consumer, ordered by the atomics below.
    private let head = Atomic<Int>(0)
    private let tail = Atomic<Int>(0)
    private let slots: UnsafeMutablePointer<Element>
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        slots = .allocate(capacity: self.capacity)
    }

    deinit {
        // Elements still queued are deinitialized with the ring (both sides are gone by now).
        var t = tail.load(ordering: .relaxed)
        let h = head.load(ordering: .relaxed)
        while t != h {
            (slots + t % capacity).deinitialize(count: 1)
            t &+= 1
        }
        slots.deallocate()
    }

    /// Producer side. Returns `false` when the queue is full.
    @_transparent
    borrowing func push(_ element: Element) -> Bool {
        let h = head.load(ordering: .relaxed)
        let t = tail.load(ordering: .acquiring)
        if h &- t >= capacity { return false }
        (slots + h % capacity).initialize(to: element)
        head.store(h &+ 1, ordering: .releasing)
        return true
    }

    /// Consumer side. Returns `nil` when empty.
    @_transparent
    borrowing func pop() -> Element? {
        let t = tail.load(ordering: .relaxed)
        let h = head.load(ordering: .acquiring)
        if t == h { return nil }
        let element = (slots + t % capacity).move()
        tail.store(t &+ 1, ordering: .releasing)
        return element
    }

    /// Consumer side: whether an element is waiting.
    @_transparent
    borrowing func isEmpty() -> Bool { tail.load(ordering: .relaxed) == head.load(ordering: .acquiring) }
}

// The mixer's queues, specialized where the compiler can check them for real-time safety (see above). The render
// thread pops commands and pushes notifications; the control side's `enqueue` pushes commands without waiting.

extension SPSCRing where Element == MixerCommand {
    /// ``push(_:)``, checked by the compiler: lock-free and allocation-free.
    @_noLocks @_noAllocation
    borrowing func checkedPush(_ command: MixerCommand) -> Bool { push(command) }

    /// ``pop()``, checked by the compiler: lock-free and allocation-free.
    @_noLocks @_noAllocation
    borrowing func checkedPop() -> MixerCommand? { pop() }

    /// ``isEmpty()``, checked by the compiler: lock-free and allocation-free.
    @_noLocks @_noAllocation
    borrowing func checkedIsEmpty() -> Bool { isEmpty() }
}

extension SPSCRing where Element == MixerNotification {
    /// ``push(_:)``, checked by the compiler: lock-free and allocation-free.
    @_noLocks @_noAllocation
    borrowing func checkedPush(_ notification: MixerNotification) -> Bool { push(notification) }
}
