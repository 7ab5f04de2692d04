import HapticSystem

/// What a C handle names. A handle of one kind passed where another is expected is refused, as a stale one is.
enum HandleKind: UInt8, Sendable {
    case engine = 1
    case player = 2
    case advancedPlayer = 3
    case impactGenerator = 4
    case selectionGenerator = 5
    case notificationGenerator = 6
}

/// The objects behind the C ABI's handles.
///
/// A handle is never an address: it packs a slot index (bits 0–23, plus one so that no handle is null), the kind
/// (bits 24–31) and the slot's generation (bits 32–63). Destroying an object bumps its slot's generation, so a freed
/// handle — or a number that was never a handle — finds nothing, where an `Unmanaged` pointer would be followed into
/// freed memory. Lookups take a lock for a few instructions; the C ABI's calls are control calls, never render work.
final class HandleTable: Sendable {
    /// One slot: its current generation and, while live, the object and its kind.
    private struct Slot {
        /// Starts at a random value, so that a small number a caller made up is unlikely to name a live object.
        var generation = UInt32.random(in: 1...UInt32.max)
        var kind: HandleKind?
        var object: AnyObject?
    }

    private struct State {
        var slots: [Slot] = []
        var free: [Int] = []
    }

    /// At most this many live handles: the slot index has 24 bits.
    static let capacity = 1 << 24 - 1

    private let state = LockedState(State())

    /// The process's table (the C ABI has no context argument).
    static let shared = HandleTable()

    /// Stores an object and returns its new handle, or `nil` when the table is full.
    func insert(_ object: AnyObject, kind: HandleKind) -> UnsafeMutableRawPointer? {
        state.withLock { state in
            let index: Int
            if let reused = state.free.popLast() {
                index = reused
            } else {
                guard state.slots.count < Self.capacity else { return nil }
                index = state.slots.count
                state.slots.append(Slot())
            }
            state.slots[index].kind = kind
            state.slots[index].object = object
            return Self.handle(index: index, kind: kind, generation: state.slots[index].generation)
        }
    }

    /// The live object a handle names, if the handle is live and of `kind`.
    func object(_ handle: UnsafeRawPointer?, kind: HandleKind) -> AnyObject? {
        guard let (index, generation) = Self.decode(handle, kind: kind) else { return nil }
        return state.withLock { state in
            Self.isLive(state, index: index, generation: generation, kind: kind) ? state.slots[index].object : nil
        }
    }

    /// Removes a live handle's object and returns it (to be released outside the lock); `nil` when not live.
    @discardableResult
    func remove(_ handle: UnsafeRawPointer?, kind: HandleKind) -> AnyObject? {
        guard let (index, generation) = Self.decode(handle, kind: kind) else { return nil }
        return state.withLock { state in
            guard Self.isLive(state, index: index, generation: generation, kind: kind) else { return nil }
            let object = state.slots[index].object
            state.slots[index].object = nil
            state.slots[index].kind = nil
            // A wrapped-around generation skips 0, so a handle's upper half is never zero.
            let next = state.slots[index].generation &+ 1
            state.slots[index].generation = next == 0 ? 1 : next
            state.free.append(index)
            return object
        }
    }

    /// How many handles are live (for tests and leak checks).
    var liveCount: Int { state.withLock { $0.slots.count - $0.free.count } }

    /// Whether slot `index` holds a live object of `kind` at `generation` (under the lock).
    private static func isLive(_ state: State, index: Int, generation: UInt32, kind: HandleKind) -> Bool {
        index < state.slots.count && state.slots[index].generation == generation && state.slots[index].kind == kind
    }

    private static func handle(index: Int, kind: HandleKind, generation: UInt32) -> UnsafeMutableRawPointer? {
        let bits = UInt(generation) << 32 | UInt(kind.rawValue) << 24 | UInt(index + 1)
        return UnsafeMutableRawPointer(bitPattern: bits)
    }

    private static func decode(_ handle: UnsafeRawPointer?, kind: HandleKind) -> (index: Int, generation: UInt32)? {
        guard let handle else { return nil }
        let bits = UInt(bitPattern: handle)
        guard (bits >> 24) & 0xFF == UInt(kind.rawValue) else { return nil }
        let slot = bits & 0xFF_FFFF
        guard slot > 0 else { return nil }
        return (Int(slot - 1), UInt32(truncatingIfNeeded: bits >> 32))
    }
}
