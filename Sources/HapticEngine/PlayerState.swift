import HapticDevices
import HapticRender
import HapticSystem

/// A player's key in its runtime's player table: the ``EnginePlayer`` object keeps the key, the runtime keeps the
/// player's state under it (``EngineStateMachine/players``, a ``PlayerTable``). Unique within a runtime; never
/// reused.
///
/// Not the mixer's `PlayerHandle`: that names one *run*'s mixer slot (each start takes a fresh one), while a player
/// lives across runs, engine starts and stops.
struct EnginePlayerHandle: Hashable, Sendable {
    /// The player's id: the table's count of players entered before it.
    let id: UInt64
    /// Where the table keeps the player's state (reused by a later player once this one has left).
    let slot: Int
}

/// The control-side state of one player, kept by the runtime in its player table under the engine's lock; the
/// ``EnginePlayer`` object is a handle to it and a facade that asks the runtime.
struct PlayerState: Sendable {
    /// The compiled program, not kept alive here: the player object owns it (and a run's program is kept by the
    /// mixer's control while it plays). Only calls made through the live player object read it; a released
    /// player's state waits in the table for the next locked pass, and must not keep its program alive until then
    /// (the soak counted every such program as leaked after teardown).
    unowned let program: PatternProgram
    /// The reset epoch the player was made in; after a reset its calls fail with `invalidPlayer`.
    let epoch: Int
    /// The motor levels the program opens with when it opens with a lone transient (``PatternProgram/opensWithTransient``)
    /// on a motor device, else `nil`: a start for "now" may have the device start that onset at once.
    let openingOnset: MotorLevels?
    /// Whether the program has no parameters or curves of its own, so an intensity control sent for "now" is a plain
    /// scale of what plays: read here, once, so that `sendParameters` does not reach the program through its
    /// unowned reference on its way to the device.
    let isScaledByIntensity: Bool
    var mutedSetting = false
    var loopSetting = false
    var loopEndSetting: Double = 0
    var rate: Float = 1
    /// The mixer handle of the current run (each start gets a fresh handle), `nil` when not playing.
    var run: PlayerHandle?
    var isPaused = false
    /// The offset a seek made while not playing (or paused) left for the next start or resume.
    var cachedOffset: Double?
    /// Called once per run that ends (not for a run replaced by a restart; see ``EnginePlayer/completion``).
    var completionSetting: (@Sendable (EngineError?) -> Void)?
    /// The run's intensity control as last sent for "now" (1 at each start), or `nil` once a curve or the program's
    /// own parameters may have moved it: what an intensity change is a scale of.
    var intensityControl: Float? = 1

    init(program: PatternProgram, epoch: Int, openingOnset: MotorLevels?) {
        self.program = program
        self.epoch = epoch
        self.openingOnset = openingOnset
        self.isScaledByIntensity = program.parameterCount == 0 && program.curveCount == 0
    }
}

/// One start of a player: it lives from the start command until the mixer reports the run finished.
///
/// The run names its player by handle: a player the app let go of (fire and forget) has no state any more when its
/// run ends, and still gets its completion: the run keeps the handler the player had when it started.
struct PlayerRun: Sendable {
    let player: EnginePlayerHandle
    /// The player's completion handler when the run started (used if the player is gone when the run ends).
    let completionAtStart: (@Sendable (EngineError?) -> Void)?
    /// The mixer frame the run was scheduled to start at.
    let startFrame: Int
    /// Set when a later start of the same player replaced this run: the mixer frame of the stop that start sent
    /// it. The run's end is the player's end (its completion is called) only if the mixer reports it ended before
    /// that frame, i.e. on its own or by an earlier stop, and not because of the restart. Judging by the mixer's
    /// frames, not by when the control side happens to collect the notification, makes the count of completions
    /// independent of the service timer.
    var replacedAtFrame: Int?
    /// Set when a start beyond ``EngineConfiguration/playerCapacity`` stole this run (stopped it with a short fade
    /// to make room); it still holds its slot until the mixer reports it finished.
    var isStolen = false
    /// Set when the run was paused and its player discarded (``EnginePlayer/discard()``): its end is not one that
    /// answers finished handlers (it did not finish; it was abandoned where it waited).
    var isDiscarded = false

    /// A run of `player` (whose state is `state`) from `startFrame`.
    init(player: EnginePlayerHandle, state: PlayerState, startFrame: Int) {
        self.player = player
        self.completionAtStart = state.completionSetting
        self.startFrame = startFrame
    }

    /// The handler to call when the run ends: the player's current one, else (the player is gone) the one it had at
    /// the start.
    func completion(in players: PlayerTable) -> (@Sendable (EngineError?) -> Void)? {
        if let state = players[player] { return state.completionSetting }
        return completionAtStart
    }
}
