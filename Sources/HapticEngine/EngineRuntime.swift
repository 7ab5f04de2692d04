import Dispatch
import HapticDevices
import HapticPattern
import HapticRender
import HapticSystem
import Logging
import Synchronization

/// The haptic engine runtime: one render thread, a lock-free command queue into a fixed-pool mixer, a clock,
/// player runs, device driving and callbacks. Apple-agnostic; `CHHapticEngine` in OpenCoreHaptics is a thin
/// facade over it.
///
///     let engine = EngineRuntime(device: SimulatedDevice())
///     try engine.start()
///     let player = engine.makePlayer(program: try PatternProgram(pattern: pattern))
///     try player.start(atTime: 0)                  // 0 means "now"
///
/// ## Time
/// ``currentTime`` is in seconds. In ``EngineClockMode/realTime`` it is the system's monotonic clock; a time is
/// turned into a frame of the mixer clock through an anchor the render thread publishes every block, so a
/// future time lands within about one block of its wall-clock moment. Times of 0 or in the past mean "at the
/// first frame of the next block". In ``EngineClockMode/manual`` time is frames advanced divided by the sample
/// rate and every mapping is exact.
///
/// ## Threads
/// - Control calls (start, stop, players) may come from any thread. Each is a transition of the engine's
///   `EngineStateMachine`, applied under one mutex (which also makes control calls the single producer of the
///   mixer's command queue); what the transition says to do next — tell the device, wake the render thread, call a
///   handler, let an output go — is done after the mutex is released (`EngineAction`). No device I/O and no app code
///   runs under it.
/// - The render thread (real-time mode) only renders and writes to the device: no locks, no allocation, no
///   callbacks. Each engine start allocates the pools (mixer, buses) before the thread starts.
/// - The service (a serial `DispatchQueue`) drains the mixer's notification queue, releases programs, notices
///   device faults and the idle timeout, and hands callbacks to the callback queue (another serial queue). The
///   render thread wakes it when a block posted a notification or the device failed (one `eventfd` write, at most
///   one per service run); a slow timer (every 50 ms) covers the idle timeout and the
///   diagnostics log, a fast one (``EngineConfiguration/serviceInterval``) refused commands. In manual mode the
///   same work happens inside ``advance(frames:)`` and callbacks run on the calling thread before it returns.
///
/// Thread safety: every member may be called from any thread. Real-time safety: none of these calls may be made
/// from the render thread (they lock).
public final class EngineRuntime: @unchecked Sendable {
    // @unchecked: all mutable state is the state machine inside `state` (a mutex); the render thread touches only the
    // session's RenderContext, through atomics and the mixer's lock-free queues.

    /// A callback delivered off the render thread.
    public typealias Callback = @Sendable () -> Void

    /// The fixed settings.
    public let configuration: EngineConfiguration
    /// Real time or manual.
    public let clockMode: EngineClockMode
    /// Which of the device's motor channels this engine drives. Several engines can share one device (see
    /// `DeviceOutput`): their buses are summed per channel.
    public let route: MotorRoute
    let callbackQueue: DispatchQueue
    /// Where the engine reports device faults, fallbacks, underruns, dropped voices and pool pressure (swift-log,
    /// label ``logLabel``); never used on the render thread, nor under the engine's lock.
    public let logger: Logger
    let serviceQueue: DispatchQueue
    /// The engine's control plane; every change is a transition applied under this lock.
    let state: LockedState<EngineStateMachine>
    /// The state machine's list of released players, noted by player objects' `deinit` without the lock.
    let released: ReleasedPlayers
    /// Real time: how often the service has run, and how many of those runs the render thread asked for.
    let serviceRuns = Atomic<Int>(0)
    let serviceWakes = Atomic<Int>(0)
    /// How often the service has run (tests, diagnostics).
    package var serviceRunCount: Int { serviceRuns.load(ordering: .relaxed) }
    /// How many service runs the render thread asked for through the session's service `WakeSignal`.
    package var serviceWakeCount: Int { serviceWakes.load(ordering: .relaxed) }
    var sampleRate: Double { configuration.sampleRate }

    /// The label of the engine's logger (swift-log); see ``init(device:configuration:clock:callbackQueue:logger:route:)``.
    public static let logLabel = "OpenCoreHaptics.engine"

    /// Creates a stopped engine that will render into `device`.
    ///
    /// - Parameters:
    ///   - device: the output; it is started by ``start()`` and stopped by ``stop()``.
    ///   - configuration: rates, block size, pools, timeouts.
    ///   - clock: ``EngineClockMode/realTime`` (a render thread) or ``EngineClockMode/manual`` (tests, offline).
    ///   - callbackQueue: where real-time callbacks run (default: a private serial queue).
    ///   - logger: where diagnostics go (default: a logger labelled ``logLabel`` from the app's `LoggingSystem`).
    ///   - route: which of the device's motor channels this engine drives (`MotorRoute.all` unless
    ///     it is one of several engines sharing a game controller, one per locality).
    public init(
        device: any HapticDevice, configuration: EngineConfiguration = EngineConfiguration(),
        clock: EngineClockMode = .realTime, callbackQueue: DispatchQueue? = nil, logger: Logger = Logger(label: EngineRuntime.logLabel),
        route: MotorRoute = .all
    ) {
        self.logger = logger
        self.route = route
        precondition(configuration.blockFrames > 0 && configuration.sampleRate > 0, "EngineRuntime: bad configuration")
        self.configuration = configuration
        self.clockMode = clock
        self.callbackQueue = callbackQueue ?? DispatchQueue(label: "OpenCoreHaptics.engine.callbacks")
        self.serviceQueue = DispatchQueue(label: "OpenCoreHaptics.engine.service")
        let machine = EngineStateMachine(device: device, info: device.info, configuration: configuration, clockMode: clock, route: route)
        released = machine.released
        state = LockedState(machine)
    }

    deinit { destroy() }

    /// Ends the engine for good, as when its owner is destroyed: a running session stops, every playing player's
    /// completion gets `engineNotRunning`, and the stopped handler hears ``EngineStopReason/engineDestroyed``.
    ///
    /// The runtime's `deinit` calls it: an engine the app lets go of stops, whatever plays (the runtime keeps its
    /// players' state, not the player objects, so playing players do not keep the runtime alive). Calling it on a stopped engine does nothing.
    public func destroy() {
        var actions = EngineActions()
        state.withLock { $0.destroy(into: &actions) }
        // The device's output lets go of this engine now (the last engine there stops the device); the handlers always
        // run on the queue, also on a manual clock: this may run in deinit.
        perform(&actions, callbacksOnQueue: true)
    }

    // MARK: State

    /// The output device.
    public var device: any HapticDevice { state.withLock { $0.device } }

    /// Whether the engine is started (a session with its pools and, in real time, its render thread exists).
    public var isRunning: Bool { state.withLock { $0.session != nil } }

    /// The engine clock in seconds; see "Time" above.
    public var currentTime: Double {
        switch clockMode {
        case .realTime: return MonotonicClock.now()
        case .manual: return state.withLock { $0.now }
        }
    }

    /// Called when the engine stops on its own (device removed or failed, idle timeout, finished handler, a
    /// simulated interruption), never for ``stop()``.
    public var stoppedHandler: (@Sendable (EngineStopReason) -> Void)? {
        get { state.withLock { $0.stoppedHandler } }
        set { state.withLock { $0.stoppedHandler = newValue } }
    }

    /// Called after ``reset(replacingDevice:)``: players made before are invalid; make new ones and start again.
    public var resetHandler: (@Sendable () -> Void)? {
        get { state.withLock { $0.resetHandler } }
        set { state.withLock { $0.resetHandler = newValue } }
    }

    /// Whether the engine stops after ``idleTimeout`` seconds without playing players, and starts by itself when
    /// a player starts. Default `false`.
    public var isAutoShutdownEnabled: Bool {
        get { state.withLock { $0.isAutoShutdownEnabled } }
        set { state.withLock { $0.isAutoShutdownEnabled = newValue } }
    }

    /// The idle time before auto-shutdown, in seconds (starts as ``EngineConfiguration/idleTimeout``).
    public var idleTimeout: Double {
        get { state.withLock { $0.idleTimeout } }
        set { state.withLock { $0.idleTimeout = newValue } }
    }

    /// Ignore audio events (silence the audio bus). Takes effect at the next start.
    public var playsHapticsOnly: Bool {
        get { state.withLock { $0.playsHapticsOnly } }
        set { state.withLock { $0.playsHapticsOnly = newValue } }
    }

    /// Ignore haptic events (silence the haptic bus). Takes effect at the next start.
    public var playsAudioOnly: Bool {
        get { state.withLock { $0.playsAudioOnly } }
        set { state.withLock { $0.playsAudioOnly = newValue } }
    }

    /// Silence the haptic bus of every player, from the next block on.
    public var isMutedForHaptics: Bool {
        get { state.withLock { $0.isMutedForHaptics } }
        set { state.withLock { $0.isMutedForHaptics = newValue } }
    }

    /// Silence the audio bus of every player, from the next block on.
    public var isMutedForAudio: Bool {
        get { state.withLock { $0.isMutedForAudio } }
        set { state.withLock { $0.isMutedForAudio = newValue } }
    }

    /// Player runs started and not yet finished (including a restarted run's fading predecessor).
    public var activeRunCount: Int { state.withLock { $0.session?.runs.count ?? 0 } }

    /// Events that found no free voice since the engine started (the voice pool is fixed).
    public var droppedVoiceEventCount: Int { state.withLock { $0.session?.droppedVoiceEvents ?? 0 } }

    /// Runs stopped since the engine started because a start beyond ``EngineConfiguration/playerCapacity`` needed
    /// their slot (the oldest playing run is stolen, with a short fade).
    public var stolenRunCount: Int { state.withLock { $0.session?.stolenRuns ?? 0 } }

    /// Starts since the engine started that did not sound because every slot was held by a run fading out after
    /// being stolen (a burst of more than twice ``EngineConfiguration/playerCapacity`` starts within a few
    /// milliseconds); each ended at once, its completion called.
    public var coalescedStartCount: Int { state.withLock { $0.session?.coalescedStarts ?? 0 } }

    // MARK: Start and stop

    /// Starts the device and, in real time, the render thread. Does nothing when already running.
    ///
    /// The session is made outside the engine's lock (attaching to the device's output may open the device): the
    /// state machine plans the start, the session is made, and the state machine enters it — unless another start came
    /// first (that one's session is kept) or a reset, an end for good or a destroy came between (the start begins
    /// again, or throws once the engine ended for good).
    ///
    /// - Throws: ``EngineError/Code/deviceUnavailable`` when the device cannot be started.
    public func start() throws(EngineError) {
        while true {
            let plan = try state.withLock { (machine: inout EngineStateMachine) throws(EngineError) in try machine.startPlan() }
            guard let plan else { return }
            let session = try EngineSession.make(
                plan, configuration: configuration, clockMode: clockMode, route: route, serviceQueue: serviceQueue
            ) { [weak self] session, woken in
                if woken { self?.serviceWakes.add(1, ordering: .relaxed) }
                self?.service(session)
            }
            var actions = EngineActions()
            let outcome = state.withLock { $0.finishStart(session, plan, into: &actions) }
            perform(&actions)
            if outcome != .superseded { return }
        }
    }

    /// How long ``stop()`` lets events that were already due sound after the latest start at "now": 25 ms, longer
    /// than the longest transient (20 ms).
    public static let stopGraceDuration = 0.025

    /// Stops the render thread and the device; every playing player stops (its completion gets `nil`). Does not
    /// call ``stoppedHandler``. Returns when the thread has ended; callbacks are delivered after.
    ///
    /// A start at "now" that came just before still sounds: the stop waits until ``stopGraceDuration`` after the
    /// latest such start has rendered (in manual mode it renders those frames itself), so `start(atTime: 0)`
    /// followed by `stop()` plays the onset instead of silence. On a motor device the grace also covers the burst a
    /// transient becomes there (`MotorBurst.longestDuration(for:)`: up to 100 ms of overdrive on a
    /// pad), so a tap is not cut off before its motor is up to speed. The grace counts from where the start took
    /// effect, which is later than the call when the render thread was paused or the caller lost the CPU. A stalled
    /// device cannot hold each of the stop's (at most two) waits longer than its frames plus 100 ms. When every run
    /// has already ended and nothing sounds (no motor burst held), there is nothing to let sound and the stop does
    /// not wait: an idle engine stops within about a block.
    public func stop() {
        // The grace runs from where the latest start at "now" took effect: later than the frame it asked for when it
        // reached the render thread late (its caller lost the CPU between choosing the frame and sending it; on a
        // loaded machine the stop then cut a tap to 4 ms or waited for nothing). So the stop waits at least a block
        // while that start has not taken effect, and once more if it took effect later than assumed.
        var assumedStart: Int?
        while let grace = state.withLock({ $0.stopGrace }), grace.frames > 0 || !grace.started, grace.from != assumedStart {
            assumedStart = grace.from
            let frames = Swift.max(grace.frames, grace.started ? 0 : configuration.blockFrames)
            switch clockMode {
            case .manual:
                advance(frames: frames)
            case .realTime:
                waitForRenderedFrames(frames)
            }
        }
        var actions = EngineActions()
        state.withLock { $0.stop(into: &actions) }
        perform(&actions)
    }

    /// Real time: returns once the render thread has rendered `frames` more frames, or after their duration plus
    /// 100 ms (a stalled device); the render thread signals each block.
    private func waitForRenderedFrames(_ frames: Int) {
        guard let session = state.withLock({ $0.session?.link }) else { return }
        let deadline = MonotonicClock.now() + Double(frames) / sampleRate + 0.1
        session.output.waitUntil(session.context, hasRendered: session.mixer.currentFrame + frames, deadline: deadline)
    }

    /// How often the service runs while nothing plays: faults and the idle timeout are still noticed within this
    /// time, and an idle engine costs the machine a few wake-ups a second instead of one every few milliseconds.
    static let idleServiceInterval = 0.05

    /// Calls `handler` once, when no player is playing any more: at once if the engine runs and none is;
    /// registered on a stopped engine, after the engine has started and its players have finished. When it
    /// returns `true` the engine stops and ``stoppedHandler`` gets ``EngineStopReason/notifyWhenFinished``.
    ///
    /// Every handler is answered exactly once, also when nothing ever plays: registered on a stopped engine, it is
    /// called with `nil` at the engine's first service pass after a start that no player followed (about 50 ms in
    /// real time, the first block on a manual clock), or when ``stop()``, ``destroy()`` (the runtime's release) or
    /// ``endForGood(_:because:)`` finds it waiting. If the engine stops while players still play, the handler gets
    /// ``EngineError/Code/engineNotRunning``. An answer given on a stop is ignored.
    public func notifyWhenPlayersFinished(_ handler: @escaping @Sendable (EngineError?) -> Bool) {
        apply { machine, actions in machine.notifyWhenPlayersFinished(handler, into: &actions) }
    }

    /// Stops the engine as if the system had: ``stoppedHandler`` gets `reason`. For tests and for platform
    /// glue (interruptions, suspension); does nothing when the engine is not running.
    public func simulateExternalStop(_ reason: EngineStopReason) {
        apply { machine, actions in machine.stopIfRunning(reason, into: &actions) }
    }

    /// Ends the engine for good because its device is gone for good (a game controller was unplugged: one plugged
    /// in again is a new controller, with new engines): it stops as ``simulateExternalStop(_:)`` does (the stopped
    /// handler hears `reason` once, if the engine was running), and every later start — ``start()`` or a player's
    /// automatic start — throws ``EngineError/Code/deviceUnavailable``. So an app that restarts its engines when
    /// they stop never reaches whatever device later appears under the same node.
    public func endForGood(_ reason: EngineStopReason, because explanation: String) {
        apply { machine, actions in machine.endForGood(reason, because: explanation, into: &actions) }
    }

    /// Resets the engine after its output failed and came back (or was replaced): stops it if it runs, makes
    /// every existing player invalid (their calls throw ``EngineError/Code/invalidPlayer``), optionally swaps the
    /// device, then calls ``resetHandler``. The app makes new players and starts the engine again.
    ///
    /// - Parameter device: the device to use from now on (`nil` keeps the current one).
    public func reset(replacingDevice device: (any HapticDevice)? = nil) {
        // The new device's description is read here, outside the lock (a device is the app's code too).
        let replacement = device.map { (device: $0, info: $0.info) }
        apply { machine, actions in machine.reset(replacingWith: replacement, into: &actions) }
    }

    /// Runs `callback` where this engine delivers callbacks: on the callback queue in real time, at once on the
    /// calling thread in manual mode.
    public func deliver(_ callback: @escaping Callback) { deliver([callback]) }

    // MARK: Manual clock

    /// Manual clock: moves time forward by `count` frames, rendering block by block into the device when the
    /// engine runs, then collects finished players, faults and the idle timeout after each block and runs the
    /// resulting callbacks on this thread.
    ///
    /// The device's output renders every engine attached to it, so engines sharing a device advance together; each
    /// runs its own service after every block.
    public func advance(frames count: Int) {
        precondition(clockMode == .manual, "EngineRuntime.advance needs a manual-clock engine")
        var remaining = count
        while remaining > 0 {
            let output = state.withLock { machine -> DeviceOutput? in
                guard let link = machine.session?.link else {
                    machine.manualFrame += remaining
                    remaining = 0
                    return nil
                }
                return link.output
            }
            guard let output else { return }
            let n = Swift.min(remaining, configuration.blockFrames)
            remaining -= n
            output.advance(frames: n)
        }
    }

    /// Manual clock: ``advance(frames:)`` by `seconds` (rounded to whole frames).
    public func advance(bySeconds seconds: Double) {
        precondition(seconds.isFinite && seconds >= 0, "EngineRuntime.advance: seconds must be ≥ 0")
        advance(frames: Int((seconds * sampleRate).rounded()))
    }

    /// *For internal use only:* manual clock, renders `blocks` blocks into the device without collecting
    /// notifications or running callbacks (the render path alone, for allocation measurements).
    public func _renderWithoutServicing(blocks: Int) {
        precondition(clockMode == .manual, "EngineRuntime._renderWithoutServicing needs a manual-clock engine")
        let output = state.withLock { $0.session?.link.output }
        output?.advance(frames: blocks * configuration.blockFrames, servicing: false)
    }

    // MARK: Players

    /// Makes a player for a compiled program. Costs one small object; the program is shared.
    ///
    /// A motor device that anticipates onsets (`OnsetAnticipating`) hears what the program's first
    /// transient will play, so it can prepare that onset ahead of need (evdev then starts it without an upload, and,
    /// when the program opens with it, from the app's thread at the start itself).
    public func makePlayer(program: PatternProgram) -> EnginePlayer {
        let handle = apply { machine, actions in machine.addPlayer(program: program, into: &actions) }
        return EnginePlayer(runtime: self, program: program, handle: handle)
    }
}
