import HapticDevices
import HapticPattern
import HapticRender

/// A player of one compiled program on an ``EngineRuntime``: start, stop, pause, seek, loop, rate, mute,
/// dynamic parameters and curves, all at engine times.
///
///     let player = engine.makePlayer(program: program)
///     player.loopEnabled = true
///     try player.start(atTime: engine.currentTime + 0.5)
///     try player.sendParameter(.hapticIntensityControl, value: 0.3, atTime: 0)
///
/// Each start begins a *run* with a fresh mixer slot; a start while a run is playing replaces it (the old run
/// stops at the new start time). A run keeps playing when the player object is dropped (fire and forget).
/// Times are engine times in seconds (``EngineRuntime/currentTime``); 0 and past times mean "now".
///
/// Thread safety: any thread; calls are serialized by the engine. Real-time safety: not for the render thread.
public final class EnginePlayer: @unchecked Sendable {
    // @unchecked: all state lives in `state`, which is only touched under the runtime's mutex.

    /// The engine.
    public let runtime: EngineRuntime
    /// The compiled program.
    public let program: PatternProgram

    // Control-side state, guarded by the runtime's lock (every access is inside `runtime.state.withLock`).
    /// The reset epoch the player was made in; after a reset its calls fail with `invalidPlayer`.
    let epoch: Int
    var mutedSetting = false
    var loopSetting = false
    var loopEndSetting: Double = 0
    var rate: Float = 1
    /// The mixer handle of the current run (each start gets a fresh handle), `nil` when not playing.
    var run: PlayerHandle?
    var isPaused = false
    /// The offset a seek made while not playing (or paused) left for the next start or resume.
    var cachedOffset: Double?
    /// Called once per run that ends (not for a run replaced by a restart; see ``completion``).
    var completionSetting: (@Sendable (EngineError?) -> Void)?
    /// The run's intensity control as last sent for "now" (1 at each start), or `nil` once a curve or the program's
    /// own parameters may have moved it: what an intensity change is a scale of.
    var intensityControl: Float? = 1

    /// The motor levels the program opens with when it opens with a lone transient (``PatternProgram/opensWithTransient``)
    /// on a motor device, else `nil`: a start for "now" may have the device start that onset at once.
    let openingOnset: MotorLevels?

    init(runtime: EngineRuntime, program: PatternProgram, epoch: Int, openingOnset: MotorLevels? = nil) {
        self.runtime = runtime
        self.program = program
        self.epoch = epoch
        self.openingOnset = openingOnset
        EngineLiveCounters.playerMade()
    }

    deinit { EngineLiveCounters.playerDestroyed() }

    /// The state the runtime works on (the player itself).
    var state: EnginePlayer { self }

    /// Whether a run is playing (started and not yet finished; paused runs count).
    public var isPlaying: Bool { runtime.state.withLock { _ in state.run != nil } }

    /// Called once for every run that ends — naturally, by ``stop(atTime:)`` or ``cancel()``, or because the engine
    /// stopped — but not for a run replaced by a restart. The argument is `nil`, or why the run ended early.
    ///
    /// A run counts as replaced when it still plays at the frame where the restart stops it. A run that had
    /// already ended in the renderer (played out, or stopped earlier) when ``start(atTime:)`` was called again, or
    /// that ends on its own before a restart scheduled for later, gets its completion, and the new run gets one
    /// more when it ends: the count follows the render timeline, not when the engine's service collects the end.
    public var completion: (@Sendable (EngineError?) -> Void)? {
        get { runtime.state.withLock { _ in state.completionSetting } }
        set { runtime.state.withLock { _ in state.completionSetting = newValue } }
    }

    /// Silences the player (ramped); it keeps running.
    public var isMuted: Bool {
        get { runtime.state.withLock { _ in state.mutedSetting } }
        set {
            runtime.withPlayerLocked(state) { session in
                state.mutedSetting = newValue
                if let run = state.run, let session { runtime.send(settingsOf: run, session) }
            }
        }
    }

    /// Whether playback jumps back to 0 at ``loopEnd``. Default `false`.
    public var loopEnabled: Bool {
        get { runtime.state.withLock { _ in state.loopSetting } }
        set {
            runtime.withPlayerLocked(state) { session in
                state.loopSetting = newValue
                if let run = state.run, let session { runtime.send(settingsOf: run, session) }
            }
        }
    }

    /// The loop end in pattern seconds; 0 means the end of the last event. Negative or non-finite values are
    /// ignored.
    public var loopEnd: Double {
        get { runtime.state.withLock { _ in state.loopEndSetting } }
        set {
            guard newValue.isFinite, newValue >= 0 else { return }
            runtime.withPlayerLocked(state) { session in
                state.loopEndSetting = newValue
                if let run = state.run, let session { runtime.send(settingsOf: run, session) }
            }
        }
    }

    /// Pattern seconds per second. Values ≤ 0 or not finite are ignored. Default 1.
    public var playbackRate: Float {
        get { runtime.state.withLock { _ in state.rate } }
        set {
            guard newValue.isFinite, newValue > 0 else { return }
            runtime.withPlayerLocked(state) { session in
                state.rate = newValue
                if let run = state.run, let session { runtime.send(settingsOf: run, session) }
            }
        }
    }

    /// Starts a new run at `time` (replacing a playing one), from the offset a seek left, else from 0. With
    /// auto-shutdown enabled, starts a stopped engine.
    ///
    /// - Throws: ``EngineError`` — `invalidTime`, `invalidPlayer`, `engineNotRunning`, `resourceNotAvailable`,
    ///   `deviceUnavailable`.
    public func start(atTime time: Double) throws(EngineError) { try runtime.startPlayer(state, at: time) }

    /// Stops the run at `time` (sounding events fade over 2 ms). Nothing happens when no run plays.
    ///
    /// - Throws: `invalidTime`, `invalidPlayer`, `engineNotRunning`.
    public func stop(atTime time: Double) throws(EngineError) { try runtime.stopPlayer(state, at: time) }

    /// Stops the run as soon as possible, including a run whose start is still in the future.
    ///
    /// - Throws: `invalidPlayer`, `engineNotRunning`.
    public func cancel() throws(EngineError) { try runtime.cancelPlayer(state) }

    /// Freezes the run at `time`. Pausing a paused or stopped player does nothing.
    ///
    /// - Throws: `invalidTime`, `invalidPlayer`, `engineNotRunning`.
    public func pause(atTime time: Double) throws(EngineError) { try runtime.pausePlayer(state, at: time) }

    /// Continues a paused run at `time`; a player that is not playing starts from the offset a seek left.
    ///
    /// - Throws: `invalidTime`, `invalidPlayer`, `engineNotRunning`.
    public func resume(atTime time: Double) throws(EngineError) { try runtime.resumePlayer(state, at: time) }

    /// Moves a playing run to `offset` pattern seconds (past the end: it finishes; past the loop end while
    /// looping: back to 0). When not playing, or paused, the offset is also kept for the next start.
    ///
    /// - Throws: `invalidTime` for a negative or non-finite offset, `invalidPlayer`.
    public func seek(toOffset offset: Double) throws(EngineError) { try runtime.seekPlayer(state, to: offset) }

    /// Sets dynamic parameters at `time` plus each one's relative time (sticky until changed; ramped over 3 ms).
    ///
    /// - Throws: `invalidTime`, `invalidPlayer`, `resourceNotAvailable`.
    public func sendParameters(_ parameters: [DynamicParameter], atTime time: Double) throws(EngineError) {
        try runtime.sendParameters(state, parameters, at: time)
    }

    /// Makes a control follow `curve` from `time` (point times relative to `time`).
    ///
    /// - Throws: `invalidTime`, `invalidPlayer`, `resourceNotAvailable`.
    public func scheduleCurve(_ curve: CurveProgram, atTime time: Double) throws(EngineError) {
        try runtime.scheduleCurve(state, curve, at: time)
    }
}
