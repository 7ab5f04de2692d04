import Synchronization

/// What a pad's output thread tells the rest of the bridge, as a fixed-size value (no strings, no allocation): a hit
/// arriving on an input, a hit leaving for the pad, the pad gone.
package struct PadEvent: Sendable, Hashable {
    /// The kind of event.
    package enum Kind: UInt8, Sendable, Hashable {
        /// A hit began in an input's audio; ``PadEvent/time`` is when its first sample was due in the graph.
        case inputOnset
        /// A hit reached the pad: the first coil report after silence was written, or a motor level rose from silence;
        /// ``PadEvent/time`` is when the write returned.
        case outputOnset
        /// The device reported the pad removed (``PadEvent/code`` is 0) or failed (the errno).
        case deviceLost
        /// The inputs stopped (no frames for 25 ms) and the thread began writing silence: the actuators are off from
        /// this write on; ``PadEvent/time`` is when it returned.
        case silenced
    }

    /// The kind.
    package var kind: Kind
    /// The input's slot, for input events (0 … 7).
    package var slot: UInt8
    /// Monotonic seconds.
    package var time: Double
    /// The hit's level, 0 … 1.
    package var level: Float
    /// The errno of a failure.
    package var code: Int32

    /// Creates an event.
    package init(kind: Kind, slot: UInt8 = 0, time: Double, level: Float = 0, code: Int32 = 0) {
        self.kind = kind
        self.slot = slot
        self.time = time
        self.level = level
        self.code = code
    }
}

/// Pad thread → status: a fixed-capacity single-producer, single-consumer queue of ``PadEvent``s; a full queue drops
/// the new event (and counts it).
///
/// - Thread safety: one producer (the pad thread), one consumer (the bridge's status side).
/// - Real-time safety: ``push(_:)`` does not lock, allocate or free.
package final class PadEventRing: @unchecked Sendable {
    // @unchecked: the slots are written before `head` is published and read after it is acquired.

    private let slots: UnsafeMutablePointer<PadEvent>
    private let capacity: Int
    private let head = Atomic<Int>(0)
    private let tail = Atomic<Int>(0)
    private let dropped = Atomic<Int>(0)

    /// A queue of `capacity` events.
    package init(capacity: Int = 256) {
        self.capacity = capacity
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: PadEvent(kind: .inputOnset, time: 0), count: capacity)
    }

    deinit {
        slots.deallocate()
    }

    /// Producer: appends `event`, or drops it when full.
    @_noLocks @_noAllocation
    package func push(_ event: PadEvent) {
        let h = head.load(ordering: .relaxed)
        guard h &- tail.load(ordering: .acquiring) < capacity else {
            dropped.add(1, ordering: .relaxed)
            return
        }
        slots[h % capacity] = event
        head.store(h &+ 1, ordering: .releasing)
    }

    /// Consumer: the next event, or `nil`.
    package func pop() -> PadEvent? {
        let t = tail.load(ordering: .relaxed)
        guard t != head.load(ordering: .acquiring) else { return nil }
        let event = slots[t % capacity]
        tail.store(t &+ 1, ordering: .releasing)
        return event
    }

    /// Events dropped because the queue was full.
    package var droppedCount: Int { dropped.load(ordering: .relaxed) }
}
