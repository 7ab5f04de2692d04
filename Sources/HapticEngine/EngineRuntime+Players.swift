import HapticPattern
import HapticRender

// What a player object asks the runtime: each call one transition of the state machine (its player table and runs),
// applied under the engine's lock, its actions performed after.
extension EngineRuntime {
    /// How often a player's start tries to start a stopped auto-shutdown engine before it gives up (another thread
    /// stopped it again each time in between).
    static let autoStartAttempts = 3

    func startPlayer(_ key: EnginePlayerHandle, at time: Double) throws(EngineError) {
        for _ in 0..<Self.autoStartAttempts {
            if try apply({ (machine, actions) throws(EngineError) in try machine.startPlayer(key, at: time, into: &actions) }) {
                return
            }
            // Auto-shutdown: the engine starts on demand (outside the lock), then the player.
            try start()
        }
        throw EngineError(.engineNotRunning, "the engine was stopped again each time this player started it")
    }

    func stopPlayer(_ key: EnginePlayerHandle, at time: Double) throws(EngineError) {
        try apply { (machine, actions) throws(EngineError) in try machine.stopPlayer(key, at: time, into: &actions) }
    }

    func cancelPlayer(_ key: EnginePlayerHandle) throws(EngineError) {
        try apply { (machine, actions) throws(EngineError) in try machine.cancelPlayer(key, into: &actions) }
    }

    /// Ends the player's run now, as ``cancelPlayer(_:)`` does; a paused run is abandoned rather than finished (see
    /// ``EnginePlayer/discard()``). Nothing happens on a stopped engine or a player from before a reset.
    func discardPlayer(_ key: EnginePlayerHandle) {
        apply { machine, actions in machine.discardPlayer(key, into: &actions) }
    }

    func pausePlayer(_ key: EnginePlayerHandle, at time: Double) throws(EngineError) {
        try apply { (machine, actions) throws(EngineError) in try machine.pausePlayer(key, at: time, into: &actions) }
    }

    func resumePlayer(_ key: EnginePlayerHandle, at time: Double) throws(EngineError) {
        try apply { (machine, actions) throws(EngineError) in try machine.resumePlayer(key, at: time, into: &actions) }
    }

    func seekPlayer(_ key: EnginePlayerHandle, to offset: Double) throws(EngineError) {
        try apply { (machine, actions) throws(EngineError) in try machine.seekPlayer(key, to: offset, into: &actions) }
    }

    func sendParameters(_ key: EnginePlayerHandle, _ parameters: [DynamicParameter], at time: Double) throws(EngineError) {
        try apply { (machine, actions) throws(EngineError) in try machine.sendParameters(key, parameters, at: time, into: &actions) }
    }

    func scheduleCurve(_ key: EnginePlayerHandle, _ curve: CurveProgram, at time: Double) throws(EngineError) {
        try apply { (machine, actions) throws(EngineError) in try machine.scheduleCurve(key, curve, at: time, into: &actions) }
    }

    /// Called by a player object's `deinit`: its state leaves the table at the next transition that purges
    /// (``EngineStateMachine/purgeReleasedPlayers(into:)``); its run, if one plays, keeps playing with the completion it
    /// started with (a paused one is discarded). Never takes the engine's lock (see ``ReleasedPlayers``).
    func playerReleased(_ handle: EnginePlayerHandle) { released.release(handle) }

    /// Reads a field of a player's state.
    func playerSetting<Value>(_ handle: EnginePlayerHandle, _ read: (PlayerState) -> Value) -> Value {
        state.withLock { machine in
            guard let player = machine.players[handle] else { preconditionFailure("EngineRuntime: a live player has no state") }
            return read(player)
        }
    }

    /// Sets a player's completion handler (also on a player made before a reset: nothing else uses it then).
    func setCompletion(_ completion: (@Sendable (EngineError?) -> Void)?, of handle: EnginePlayerHandle) {
        state.withLock { $0.setCompletion(completion, of: handle) }
    }

    /// Changes a player's settings (mute, loop, rate) and sends them to its playing run. A player from before a reset
    /// is left as it is.
    func changeSettings(of handle: EnginePlayerHandle, _ change: (inout PlayerState) -> Void) {
        apply { machine, actions in machine.changeSettings(of: handle, into: &actions, change) }
    }

    /// *For tests and the soak tool:* player states in the table, counting those whose objects are gone but which
    /// no transition has purged yet.
    package var playerStateCount: Int { state.withLock { $0.players.count } }
}
