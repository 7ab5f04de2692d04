import Synchronization

/// *For tests and the soak tool:* how many ``EnginePlayer`` objects exist right now (all engines).
package enum EngineLiveCounters {
    private static let players = Atomic<Int>(0)

    /// ``EnginePlayer`` objects alive now.
    package static var livePlayers: Int { players.load(ordering: .relaxed) }

    static func playerMade() { players.add(1, ordering: .relaxed) }
    static func playerDestroyed() { players.subtract(1, ordering: .relaxed) }
}

extension EngineRuntime {
    /// *For tests and the soak tool:* programs and curves the running session keeps alive for the mixer (0 when
    /// stopped). In steady state it is bounded by what is playing or scheduled.
    package var retainedObjectCount: Int { state.withLock { $0.session?.control.retainedObjectCount ?? 0 } }

    /// *For tests and the soak tool:* player slots still waiting to be returned to the mixer.
    package var pendingSlotCount: Int { state.withLock { $0.session?.control.pendingSlotCount ?? 0 } }
}
