import HapticSystem
import OpenCoreHaptics

/// An engine behind a C handle, with the handles of the players it made: destroying the engine destroys them, so no
/// player outlives the engine it plays on.
final class EngineEntry: @unchecked Sendable {
    /// The engine. `CHHapticEngine` is thread-safe (`@unchecked Sendable`); so is this entry's own state.
    let engine: CHHapticEngine

    /// The players' handles, as bits.
    private let playerHandles = LockedState<Set<UInt>>([])

    init(engine: CHHapticEngine) {
        self.engine = engine
    }

    /// Records a player made on this engine.
    func adopt(_ handle: UnsafeRawPointer) {
        _ = playerHandles.withLock { $0.insert(UInt(bitPattern: handle)) }
    }

    /// Forgets a player that was destroyed on its own.
    func forget(_ handle: UnsafeRawPointer) {
        _ = playerHandles.withLock { $0.remove(UInt(bitPattern: handle)) }
    }

    /// Takes every player handle (the engine is being destroyed).
    func takePlayerHandles() -> [UInt] {
        playerHandles.withLock { handles in
            defer { handles.removeAll() }
            return Array(handles)
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
