import HapticSystem
import OpenCoreHaptics

/// An engine behind a C handle, with the handles of the players it made: destroying the engine destroys them, so no
/// player outlives the engine it plays on.
///
/// Making a player and destroying its engine may run at once on two threads (the header promises any thread). The
/// entry orders them: a player's handle is entered in the table and recorded here in one step under the entry's lock,
/// and ``close()`` marks the entry closed and takes every recorded handle in one step under the same lock. A player
/// made on one side of a destroy is either taken by it or refused (``adopt(_:)`` returns `nil`); none is left live
/// for an engine that is gone. (Lock order: this entry's lock, then the handle table's; never the reverse.)
final class EngineEntry: @unchecked Sendable {
    /// The engine. `CHHapticEngine` is thread-safe (`@unchecked Sendable`); so is this entry's own state.
    let engine: CHHapticEngine

    private struct Players {
        /// The players' handles, as bits.
        var handles: Set<UInt> = []
        /// Set by ``close()``: the engine is being destroyed, no player may join.
        var isClosed = false
    }

    private let players = LockedState(Players())

    init(engine: CHHapticEngine) {
        self.engine = engine
    }

    /// Enters a player made on this engine in the handle table and records its handle, unless the engine is being
    /// destroyed. Returns the handle; `nil` with `closed` true when the engine is being destroyed (nothing was
    /// entered), `nil` with `closed` false when the table is full.
    func adopt(_ entry: PlayerEntry, kind: HandleKind) -> (handle: UnsafeMutableRawPointer?, closed: Bool) {
        players.withLock { players in
            guard !players.isClosed else { return (nil, true) }
            guard let handle = HandleTable.shared.insert(entry, kind: kind) else { return (nil, false) }
            players.handles.insert(UInt(bitPattern: handle))
            return (handle, false)
        }
    }

    /// Forgets a player that was destroyed on its own.
    func forget(_ handle: UnsafeRawPointer) {
        _ = players.withLock { $0.handles.remove(UInt(bitPattern: handle)) }
    }

    /// Closes the entry (no player joins from now on) and takes every player handle: the engine is being destroyed.
    func close() -> [UInt] {
        players.withLock { players in
            players.isClosed = true
            defer { players.handles.removeAll() }
            return Array(players.handles)
        }
    }
}

/// A pattern player or advanced player behind a C handle.
final class PlayerEntry: @unchecked Sendable {
    /// The player (Core Haptics' players are thread-safe; so are ours).
    let player: any CHHapticPatternPlayer
    /// The same player as an advanced player, when it is one.
    let advanced: (any CHHapticAdvancedPatternPlayer)?
    /// The handle of the engine that made it, as bits.
    let engineHandle: UInt

    init(player: any CHHapticPatternPlayer, engineHandle: UnsafeRawPointer) {
        self.player = player
        self.advanced = player as? any CHHapticAdvancedPatternPlayer
        self.engineHandle = UInt(bitPattern: engineHandle)
    }
}

extension HandleTable {
    /// The engine a handle names, if live.
    func engine(_ handle: UnsafeRawPointer?) -> EngineEntry? {
        object(handle, kind: .engine) as? EngineEntry
    }

    /// The player or advanced player a handle names, if live (an advanced player is also a pattern player).
    func anyPlayer(_ handle: UnsafeRawPointer?) -> PlayerEntry? {
        (object(handle, kind: .player) ?? object(handle, kind: .advancedPlayer)) as? PlayerEntry
    }

    /// The advanced player a handle names, if live.
    func advancedPlayer(_ handle: UnsafeRawPointer?) -> PlayerEntry? {
        object(handle, kind: .advancedPlayer) as? PlayerEntry
    }
}

/// Engines made elsewhere in the library (GameControllerWrapper's controller engines) entered in the handle table, so
/// that the Core Haptics entry points drive them as engines of their own.
package enum EngineHandles {
    /// Enters `engine` and returns its handle, or `nil` when the table is full. It has no stopped or reset callback
    /// (Apple's GameController plug-in sets none either).
    package static func insert(_ engine: CHHapticEngine) -> UnsafeMutableRawPointer? {
        HandleTable.shared.insert(EngineEntry(engine: engine), kind: .engine)
    }
}
