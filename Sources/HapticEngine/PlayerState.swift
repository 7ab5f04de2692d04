import Dispatch
import HapticRender
import HapticSystem

/// The control-side state of a player lives in ``EnginePlayer`` itself (one object per player keeps
/// `makePlayer` cheap); every field is read and written only under the engine's lock.
typealias PlayerState = EnginePlayer

/// One start of a player: it lives from the start command until the mixer reports the run finished.
///
/// The run refers to its player weakly: a player holds its runtime, and the runtime holds its runs, so a strong
/// reference would make runtime → session → run → player → runtime a cycle that only a hand-made `destroy()` could
/// break. A player the app let go of (fire and forget) still gets its completion: the run keeps the handler it had
/// when it started.
struct PlayerRun {
    weak var player: PlayerState?
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

    /// A run of `player` from `startFrame`.
    init(player: PlayerState, startFrame: Int) {
        self.player = player
        self.completionAtStart = player.completionSetting
        self.startFrame = startFrame
    }

    /// The handler to call when the run ends: the player's current one, else the one it had at the start.
    var completion: (@Sendable (EngineError?) -> Void)? { player.map(\.completionSetting) ?? completionAtStart }
}

/// What one engine start owns: the mixer with its pools, the render context, the thread and the runs.
/// Mutated only under the engine's lock.
final class EngineSession: @unchecked Sendable {
    // @unchecked: guarded by EngineRuntime.state's mutex; the render thread only touches `context`.
    let mixer: Mixer
    let context: RenderContext
    /// The device's output the context is attached to (shared with the other engines on the device).
    let output: DeviceOutput
    /// Manual clock: the engine frame at which this session's mixer frame 0 lies.
    let baseFrame: Int
    var timer: (any DispatchSourceTimer)?
    /// Real time: runs the service when the render thread raises the context's service `WakeSignal`.
    var serviceSource: (any DispatchSourceRead)?
    /// Whether the service timer runs at the playing rate (see `EngineRuntime.paceServiceLocked(_:)`).
    var serviceIsFast = false
    var runs: [PlayerHandle: PlayerRun] = [:]
    /// Strong references to the programs and curves the mixer reads, with the number of outstanding uses.
    var keepAlive: [UnsafeMutableRawPointer: (object: AnyObject, count: Int)] = [:]
    /// Handles whose slots could not be returned yet because the command queue was full.
    var toFree: [PlayerHandle] = []
    var droppedVoiceEvents = 0
    /// Runs whose settings (mute, loop, rate) a full command queue refused; the service sends them again.
    var settingsToResend: Set<PlayerHandle> = []
    /// Replaced runs whose stop a full command queue refused, with the frame it was meant for; the service sends
    /// it again.
    var stopsToResend: [PlayerHandle: Int] = [:]
    /// Runs in ``runs`` that were stolen and are fading out.
    var stolenRunsFading = 0
    /// Runs stolen since the session started (a start beyond capacity stopped the oldest run).
    var stolenRuns = 0
    /// Starts since the session started that found no slot even after stealing (every slot was fading out), so
    /// they did not sound; their completions were called at once.
    var coalescedStarts = 0
    /// The counters as last logged (``EngineRuntime/logDiagnosticsLocked(_:now:)``).
    var logged = EngineDiagnosticsSnapshot()
    /// The mixer frame of the latest start at "now" (time 0 or past), which ``EngineRuntime/stop()`` lets sound.
    var lastImmediateStartFrame: Int?

    init(mixer: Mixer, context: RenderContext, output: DeviceOutput, baseFrame: Int) {
        self.mixer = mixer
        self.context = context
        self.output = output
        self.baseFrame = baseFrame
    }

    /// Sends a command to the mixer and wakes the device's output for it, at once: the render thread renders it now,
    /// not at the next block boundary (it needs no lock, so waking it from inside the engine's lock costs the caller
    /// nothing but a preemption, and the command reaches the device soonest). Returns `false` when the queue is full.
    /// `wakes: false` leaves the wake to the caller (a start that first has the device start its opening onset).
    func enqueue(_ command: MixerCommand, wakingTheOutput wakes: Bool = true) -> Bool {
        guard mixer.enqueue(command) else { return false }
        if wakes { output.wakeForCommand() }
        return true
    }

    /// Records one more use of `object` by the mixer; returns the pointer to pass as `Unmanaged`.
    func retain(_ object: AnyObject) {
        let key = Unmanaged.passUnretained(object).toOpaque()
        if let entry = keepAlive[key] {
            keepAlive[key] = (entry.object, entry.count + 1)
        } else {
            keepAlive[key] = (object, 1)
        }
    }

    /// Balances one ``retain(_:)`` when the mixer reports it no longer reads the object.
    func release(_ key: UnsafeMutableRawPointer) {
        guard let entry = keepAlive[key] else { return }
        if entry.count <= 1 { keepAlive[key] = nil } else { keepAlive[key] = (entry.object, entry.count - 1) }
    }
}
