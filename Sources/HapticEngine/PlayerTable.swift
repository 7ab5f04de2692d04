/// The runtime's player table (``EngineStateMachine/players``): every player's ``PlayerState``, keyed by the
/// ``EnginePlayerHandle`` its ``EnginePlayer`` object keeps.
///
/// A slot array rather than a dictionary: a handle carries its slot, so a lookup is an index and an id check (no
/// hashing), and a read or write goes through a plain getter and setter (a dictionary's in-place `modify` of a value
/// this large allocates its coroutine frame on every `players[key]?.field = value`). A freed slot is reused, so the
/// storage reserved when the runtime is made (``reserveCapacity(_:)``) serves every player made after it. A handle
/// whose player has left the table finds nothing, also once its slot is reused: a slot keeps the id of the player it
/// holds, and ids are never reused.
///
/// Not thread safe: the runtime reads and writes it under its lock.
struct PlayerTable: Sendable {
    private struct Slot: Sendable {
        /// The id of the player the slot holds (or held last).
        var id: UInt64
        var state: PlayerState?
    }

    private var slots: [Slot] = []
    /// Indices of the empty slots, reused last in, first out.
    private var freeSlots: [Int] = []
    /// The id of the next player entered.
    private var nextID: UInt64 = 0

    /// Player states in the table.
    private(set) var count = 0

    /// Reserves storage for `capacity` players alive at once.
    mutating func reserveCapacity(_ capacity: Int) {
        slots.reserveCapacity(capacity)
        freeSlots.reserveCapacity(capacity)
    }

    /// Enters a new player's state and returns its handle.
    mutating func insert(_ state: PlayerState) -> EnginePlayerHandle {
        let handle = EnginePlayerHandle(id: nextID, slot: freeSlots.popLast() ?? slots.count)
        nextID += 1
        if handle.slot == slots.count {
            slots.append(Slot(id: handle.id, state: state))
        } else {
            slots[handle.slot] = Slot(id: handle.id, state: state)
        }
        count += 1
        return handle
    }

    /// The state of the player `handle` names, or `nil` once it has left the table. Setting `nil` removes it; setting
    /// a state for a handle not in the table does nothing (a new player is entered by ``insert(_:)``).
    subscript(handle: EnginePlayerHandle) -> PlayerState? {
        get {
            guard handle.slot < slots.count, slots[handle.slot].id == handle.id else { return nil }
            return slots[handle.slot].state
        }
        set {
            guard handle.slot < slots.count, slots[handle.slot].id == handle.id, slots[handle.slot].state != nil else {
                return
            }
            if newValue == nil {
                remove(slot: handle.slot)
            } else {
                slots[handle.slot].state = newValue
            }
        }
    }

    /// Reads or changes the state of the player `handle` names in place and returns what `body` returns (`nil`, and
    /// `body` not called, when it has left the table): unlike `players[handle]?.field`, which copies the whole state
    /// out (and back, for a write: a retain and release of each reference in it), on the path of every
    /// `sendParameters`.
    @discardableResult
    mutating func update<Result>(_ handle: EnginePlayerHandle, _ body: (inout PlayerState) -> Result) -> Result? {
        guard handle.slot < slots.count, slots[handle.slot].id == handle.id, slots[handle.slot].state != nil else { return nil }
        return body(&slots[handle.slot].state!)
    }

    /// The handle of the player whose state `slot` holds, if it holds one (a released player's slot is not reused
    /// before its state is removed, so the slot names it).
    func handle(inSlot slot: Int) -> EnginePlayerHandle? {
        guard slot < slots.count, slots[slot].state != nil else { return nil }
        return EnginePlayerHandle(id: slots[slot].id, slot: slot)
    }

    /// Removes the state in `slot`, if it holds one: the state of a player whose object is gone (its slot is not
    /// reused before its state is removed, so the slot names it).
    mutating func remove(slot: Int) {
        guard slot < slots.count, slots[slot].state != nil else { return }
        slots[slot].state = nil
        freeSlots.append(slot)
        count -= 1
    }
}
