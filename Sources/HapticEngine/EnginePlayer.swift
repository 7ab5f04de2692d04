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
/// The object is a handle and a facade: the player's state (settings, current run, completion) lives in the runtime's
/// player table, under the engine's lock; every member asks the runtime.
///
/// Thread safety: any thread; calls are serialized by the engine. Real-time safety: not for the render thread.
public final class EnginePlayer: Sendable {
    /// The engine.
    public let runtime: EngineRuntime
    /// The compiled program.
    public let program: PatternProgram
    /// Where the runtime keeps this player's state (settings, current run, completion), under its lock.
    let handle: EnginePlayerHandle

    init(runtime: EngineRuntime, program: PatternProgram, handle: EnginePlayerHandle) {
        self.runtime = runtime
        self.program = program
        self.handle = handle
        EngineLiveCounters.playerMade()
    }

    deinit {
        // A playing run keeps playing (fire and forget) with the completion it started with.
        runtime.playerReleased(handle)
        EngineLiveCounters.playerDestroyed()
    }

    /// Whether a run is playing (started and not yet finished; paused runs count).
    public var isPlaying: Bool { runtime.playerSetting(handle) { $0.run != nil } }

    /// Called once for every run that ends — naturally, by ``stop(atTime:)`` or ``cancel()``, or because the engine
    /// stopped — but not for a run replaced by a restart. The argument is `nil`, or why the run ended early.
    ///
    /// A run counts as replaced when it still plays at the frame where the restart stops it. A run that had
    /// already ended in the renderer (played out, or stopped earlier) when ``start(atTime:)`` was called again, or
    /// that ends on its own before a restart scheduled for later, gets its completion, and the new run gets one
    /// more when it ends: the count follows the render timeline, not when the engine's service collects the end.
    public var completion: (@Sendable (EngineError?) -> Void)? {
        get { runtime.playerSetting(handle) { $0.completionSetting } }
        set { runtime.setCompletion(newValue, of: handle) }
    }

    /// Silences the player (ramped); it keeps running.
    public var isMuted: Bool {
        get { runtime.playerSetting(handle) { $0.mutedSetting } }
        set { runtime.changeSettings(of: handle) { $0.mutedSetting = newValue } }
    }

    /// Whether playback jumps back to 0 at ``loopEnd``. Default `false`.
    public var loopEnabled: Bool {
        get { runtime.playerSetting(handle) { $0.loopSetting } }
        set { runtime.changeSettings(of: handle) { $0.loopSetting = newValue } }
    }

    /// The loop end in pattern seconds; 0 means the end of the last event. Negative or non-finite values are
    /// ignored.
    public var loopEnd: Double {
        get { runtime.playerSetting(handle) { $0.loopEndSetting } }
        set {
            guard newValue.isFinite, newValue >= 0 else { return }
            runtime.changeSettings(of: handle) { $0.loopEndSetting = newValue }
        }
    }

    /// Pattern seconds per second. Values ≤ 0 or not finite are ignored. Default 1.
    public var playbackRate: Float {
        get { runtime.playerSetting(handle) { $0.rate } }
        set {
            guard newValue.isFinite, newValue > 0 else { return }
            runtime.changeSettings(of: handle) { $0.rate = newValue }
        }
    }

    /// Starts a new run at `time` (replacing a playing one), from the offset a seek left, else from 0. With
    /// auto-shutdown enabled, starts a stopped engine.
    ///
    /// - Throws: ``EngineError`` — `invalidTime`, `invalidPlayer`, `engineNotRunning`, `resourceNotAvailable`,
    ///   `deviceUnavailable`.
    public func start(atTime time: Double) throws(EngineError) { try runtime.startPlayer(handle, at: time) }

    /// Stops the run at `time` (sounding events fade over 2 ms). Nothing happens when no run plays.
    ///
    /// - Throws: `invalidTime`, `invalidPlayer`, `engineNotRunning`.
    public func stop(atTime time: Double) throws(EngineError) { try runtime.stopPlayer(handle, at: time) }

    /// Stops the run as soon as possible, including a run whose start is still in the future.
    ///
    /// - Throws: `invalidPlayer`, `engineNotRunning`.
    public func cancel() throws(EngineError) { try runtime.cancelPlayer(handle) }

    /// Ends the run now, for an owner that is letting the player go (the C ABI's destroy). A playing run stops as
    /// with ``cancel()``, and its end answers ``EngineRuntime/notifyWhenPlayersFinished(_:)`` as any end does. A
    /// paused run is abandoned: it ends without answering the handlers registered while it waited, which wait for the
    /// next run that finishes (or for the engine to stop), since a paused player that is thrown away did not finish
    /// playing. Apple's Unity tests rely on this: one registers while its player is paused and destroys the player,
    /// and the next test expects no answer.
    ///
    /// Never throws: nothing happens on a stopped engine, a player from before a reset, or a full command queue.
    package func discard() { runtime.discardPlayer(handle) }

    /// Freezes the run at `time`. Pausing a paused or stopped player does nothing.
    ///
    /// - Throws: `invalidTime`, `invalidPlayer`, `engineNotRunning`.
    public func pause(atTime time: Double) throws(EngineError) { try runtime.pausePlayer(handle, at: time) }

    /// Continues a paused run at `time`; a player that is not playing starts from the offset a seek left.
    ///
    /// - Throws: `invalidTime`, `invalidPlayer`, `engineNotRunning`.
    public func resume(atTime time: Double) throws(EngineError) { try runtime.resumePlayer(handle, at: time) }

    /// Moves a playing run to `offset` pattern seconds (past the end: it finishes; past the loop end while
    /// looping: back to 0). When not playing, or paused, the offset is also kept for the next start.
    ///
    /// - Throws: `invalidTime` for a negative or non-finite offset, `invalidPlayer`.
    public func seek(toOffset offset: Double) throws(EngineError) { try runtime.seekPlayer(handle, to: offset) }

    /// Sets dynamic parameters at `time` plus each one's relative time (sticky until changed; ramped over 3 ms).
    ///
    /// - Throws: `invalidTime`, `invalidPlayer`, `resourceNotAvailable`.
    public func sendParameters(_ parameters: [DynamicParameter], atTime time: Double) throws(EngineError) {
        try runtime.sendParameters(handle, parameters, at: time)
    }

    /// Makes a control follow `curve` from `time` (point times relative to `time`).
    ///
    /// - Throws: `invalidTime`, `invalidPlayer`, `resourceNotAvailable`.
    public func scheduleCurve(_ curve: CurveProgram, atTime time: Double) throws(EngineError) {
        try runtime.scheduleCurve(handle, curve, at: time)
    }
}
