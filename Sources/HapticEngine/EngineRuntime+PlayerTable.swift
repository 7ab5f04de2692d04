import HapticDevices
import HapticRender

// The runtime's player table: every player's state, keyed by the handle its `EnginePlayer` object keeps. The object
// asks the runtime for everything; the state is read and written only under the engine's lock.
extension EngineRuntime {
    /// Enters a new player's state in the table (one locked pass: the device is read in it too) and returns its
    /// handle, with the onset an onset-anticipating motor device should prepare for the program's first transient
    /// (the caller tells the device, outside the lock).
    func addPlayer(program: PatternProgram) -> (EnginePlayerHandle, anticipated: OpeningOnset?) {
        state.withLock { s in
            purgeReleasedPlayersLocked(&s)
            var anticipated: OpeningOnset?
            if let onset = program.firstTransient, let device = s.anticipatingDevice {
                let profile = device.info.profile
                if ActuatorTranslator.Mode(profile.mode) != .pcm {
                    let levels = MotorLevels.onset(intensity: onset.intensity, sharpness: onset.sharpness, profile: profile, route: route)
                    anticipated = OpeningOnset(device: device, levels: levels)
                }
            }
            let opening = program.opensWithTransient ? anticipated?.levels : nil
            let handle = s.players.insert(PlayerState(program: program, epoch: s.epoch, openingOnset: opening))
            return (handle, anticipated)
        }
    }

    /// Called by a player object's `deinit`: its state leaves the table at the next locked pass that looks
    /// (``purgeReleasedPlayersLocked(_:)``); its run, if one plays, keeps playing with the completion it started with.
    ///
    /// It sets the player's bit in ``releasedSlots`` (in the first 64 slots) or takes only ``releasedPlayers``' own
    /// lock, never the engine's lock: the last reference to a player can be
    /// dropped while the engine's lock is held (a completion handler or a finished run released there may hold it),
    /// and taking that lock again would deadlock.
    func playerReleased(_ handle: EnginePlayerHandle) {
        if handle.slot < UInt64.bitWidth {
            _ = releasedSlots.bitwiseOr(1 << UInt64(handle.slot), ordering: .relaxed)
            return
        }
        releasedPlayers.withLock { list in
            list.append(handle)
            releasedPlayerCount.add(1, ordering: .relaxed)
        }
    }

    /// Forgets the state of every player whose object is gone. Dropping a state can release another player (a
    /// completion handler holding it), whose `deinit` then only queues it for the next pass.
    ///
    /// Players in the first 64 slots are found in ``releasedSlots`` (no lock). A pass with nothing queued takes no
    /// second lock (``releasedPlayerCount``; a release it misses is seen by the next pass); one with something queued
    /// swaps the queue with the scratch list, so neither is copied or reallocated.
    func purgeReleasedPlayersLocked(_ s: inout State) {
        if releasedSlots.load(ordering: .relaxed) != 0 {
            var slots = releasedSlots.exchange(0, ordering: .relaxed)
            while slots != 0 {
                s.players.remove(slot: slots.trailingZeroBitCount)
                slots &= slots &- 1
            }
        }
        guard releasedPlayerCount.load(ordering: .relaxed) != 0 else { return }
        var released = s.releasedScratch
        s.releasedScratch = []
        releasedPlayers.withLock { list in
            swap(&list, &released)
            releasedPlayerCount.subtract(released.count, ordering: .relaxed)
        }
        while let handle = released.popLast() { s.players[handle] = nil }
        s.releasedScratch = released
    }

    /// Reads a field of a player's state.
    func playerSetting<Value>(_ handle: EnginePlayerHandle, _ read: (PlayerState) -> Value) -> Value {
        state.withLock { s in
            guard let player = s.players[handle] else { preconditionFailure("EngineRuntime: a live player has no state") }
            return read(player)
        }
    }

    /// Sets a player's completion handler (also on a player made before a reset: nothing else uses it then).
    func setCompletion(_ completion: (@Sendable (EngineError?) -> Void)?, of handle: EnginePlayerHandle) {
        state.withLock { s in s.players[handle]?.completionSetting = completion }
    }

    /// Changes a player's settings (mute, loop, rate) and sends them to its playing run. A player from before a reset
    /// is left as it is.
    func changeSettings(of handle: EnginePlayerHandle, _ change: (inout PlayerState) -> Void) {
        state.withLock { s in
            guard var player = s.players[handle], player.epoch == s.epoch else { return }
            change(&player)
            s.players[handle] = player
            if let run = player.run, let session = s.session { send(settingsOf: run, session, s) }
        }
    }

    /// *For tests and the soak tool:* player states in the table, counting those whose objects are gone but which
    /// no locked pass has forgotten yet.
    package var playerStateCount: Int { state.withLock { $0.players.count } }
}
