import Dispatch
import HapticDevices
import HapticRender
import HapticSystem
import Logging

/// What one engine start owns outside its state: the mixer's control side (and through it the mixer with its pools),
/// the render context, the device's output it is attached to, and, in real time, the service's timer and wake source.
/// The state that changes under the engine's lock (runs, counters, what to send again) is the session's part of the
/// state machine, ``SessionState``; this object is what that state names and what the shell's actions act on.
///
/// It is made outside the engine's lock (``make(_:configuration:clockMode:route:serviceQueue:mixer:service:)`` attaches to
/// the device's output, which may open the device), entered into the state by ``EngineStateMachine/finishStart(_:_:into:)``,
/// and let go of by a ``EngineAction/detach(_:)`` after the session ended.
final class EngineSession: @unchecked Sendable {
    // @unchecked: `control` is used by one thread at a time under the engine's lock (the mixer's single producer);
    // `timer` and `serviceSource` are set before the session is shared and only read afterwards; `outside` has its own
    // lock; the render thread touches only `context`.

    /// Sends the mixer its commands and keeps the programs and curves it reads alive until it gives them back (the
    /// ownership rule of HapticRender's `MixerCommand`); the session outlives the render thread's use of the mixer
    /// (the detach waits for it), so what the mixer still holds is released when the session goes.
    let control: MixerControl
    /// The mixer (``control``'s).
    var mixer: Mixer { control.mixer }
    let context: RenderContext
    /// The device's output the context is attached to (shared with the other engines on the device).
    var output: DeviceOutput {
        guard let attachedOutput else { preconditionFailure("EngineSession: the output is read before the attach") }
        return attachedOutput
    }
    /// Set once by ``make(_:configuration:clockMode:route:serviceQueue:mixer:service:)``, before the session is entered into
    /// the state (whose lock publishes it to every later reader).
    private var attachedOutput: DeviceOutput?
    /// Real time: the service's timer (its pace follows ``pace(fast:sequence:interval:)``).
    private(set) var timer: (any DispatchSourceTimer)?
    /// Real time: runs the service when the render thread raises the context's service `WakeSignal`.
    private(set) var serviceSource: (any DispatchSourceRead)?
    /// What the actions performed outside the engine's lock keep: the pace applied last, the diagnostics logged last.
    private let outside = LockedState(Outside())

    private struct Outside {
        var appliedPace: UInt64 = 0
        var logged = EngineDiagnosticsSnapshot()
    }

    private init(control: MixerControl, context: RenderContext) {
        self.control = control
        self.context = context
    }

    /// Makes a session for `plan`: the mixer with its pools, the render context, the attach to the device's output
    /// (which starts the device and its render thread when no engine plays on it yet) and, in real time, the service's
    /// wake source and timer. Called outside the engine's lock.
    ///
    /// - Parameters:
    ///   - mixer: the mixer's pools (default: the configuration's; tests make a queue small enough to fill).
    ///   - service: runs the engine's service for this session (called on `serviceQueue` in real time, after each
    ///     block on a manual clock; `woken` when the render thread asked for it); the session is held weakly.
    /// - Throws: ``EngineError/Code/deviceUnavailable`` when the device cannot be started.
    static func make(
        _ plan: EngineStateMachine.StartPlan, configuration: EngineConfiguration, clockMode: EngineClockMode, route: MotorRoute,
        serviceQueue: DispatchQueue, mixer mixerConfiguration: MixerConfiguration? = nil,
        service: @escaping @Sendable (EngineSession, _ woken: Bool) -> Void
    ) throws(EngineError) -> EngineSession {
        let mixer = Mixer(configuration: mixerConfiguration ?? configuration.mixerConfiguration, profile: plan.deviceInfo.profile)
        // Real time: the render thread wakes the service when a block leaves something to collect.
        let signal = clockMode == .realTime ? WakeSignal.available() : nil
        let context = RenderContext(
            mixer: mixer, route: route, blockFrames: configuration.blockFrames, sampleRate: configuration.sampleRate,
            playsHaptics: plan.playsHaptics, playsAudio: plan.playsAudio, serviceSignal: signal)
        context.mutedForHaptics.store(plan.isMutedForHaptics, ordering: .relaxed)
        context.mutedForAudio.store(plan.isMutedForAudio, ordering: .relaxed)
        let session = EngineSession(control: MixerControl(mixer: mixer), context: context)
        // Set before the attach: another engine on the device may advance its output (and run the hooks) at once; the
        // service then finds the session not (yet) in the state and does nothing.
        switch clockMode {
        case .realTime: context.anchor.store(frame: 0, time: MonotonicClock.now() + context.blockDuration)
        case .manual: context.afterBlock = { [weak session] in if let session { service(session, false) } }
        }
        // The device's output, shared with every other engine on the device: made and started on the first attach.
        session.attachedOutput = try DeviceOutput.attach(
            context, device: plan.device, sampleRate: configuration.sampleRate, blockFrames: configuration.blockFrames,
            clockMode: clockMode)
        guard clockMode == .realTime else { return session }
        if let signal {
            session.serviceSource = signal.makeReadSource(queue: serviceQueue) { [weak session] in
                if let session { service(session, true) }
            }
        }
        let timer = DispatchSource.makeTimerSource(queue: serviceQueue)
        let interval = DispatchTimeInterval.nanoseconds(Int(configuration.serviceInterval * 1e9))
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .microseconds(500))
        timer.setEventHandler { [weak session] in if let session { service(session, false) } }
        timer.resume()
        session.timer = timer
        return session
    }

    /// Runs the service timer at the playing pace (`fast`: `interval`) or the idle one, unless a later decision
    /// (a higher `sequence`) was applied already: two threads that perform their actions out of order leave the
    /// timer at the pace decided last under the engine's lock. A pace is absolute, so the late one is dropped.
    func pace(fast: Bool, sequence: UInt64, interval: Double) {
        guard let timer else { return }
        outside.withLock { o in
            guard sequence > o.appliedPace else { return }
            o.appliedPace = sequence
            let every = DispatchTimeInterval.nanoseconds(Int(interval * 1e9))
            timer.schedule(deadline: .now() + every, repeating: every, leeway: fast ? .microseconds(500) : .milliseconds(5))
        }
    }

    /// Stops the service's timer and wake source (the session ended; a service run already queued finds it gone).
    func endService() {
        timer?.cancel()
        serviceSource?.cancel()
    }

    /// Logs what changed since the last report: the state machine's counts, the mixer's and the device's counters
    /// (read here, outside the engine's lock).
    func reportDiagnostics(_ counts: EngineDiagnosticsCounts, configuration: EngineConfiguration, logger: Logger) {
        var current = EngineDiagnosticsSnapshot(
            droppedVoiceEvents: counts.droppedVoiceEvents, stolenRuns: counts.stolenRuns, coalescedStarts: counts.coalescedStarts,
            recoveredDeviceErrors: output.device.recoveredErrorCount, clippedFrames: mixer.clippedFrameCount,
            droppedNotifications: mixer.droppedNotificationCount)
        let lines = outside.withLock { o -> [EngineDiagnosticsSnapshot.Line] in
            let lines = current.lines(since: o.logged, busyRuns: counts.busyRuns, configuration: configuration)
            o.logged = current
            return lines
        }
        guard !lines.isEmpty else { return }
        let metadata: Logger.Metadata = ["device": "\(output.device.info.id)"]
        for line in lines { logger.log(level: line.level, "\(line.text)", metadata: metadata) }
    }
}

/// What one engine start owns, as state: its runs, what a full command queue refused, its counters. Part of the
/// ``EngineStateMachine`` (changed only by its transitions, under the engine's lock); ``link`` is the session's
/// resources.
struct SessionState: Sendable {
    /// The session's mixer control, render context and output.
    let link: EngineSession
    /// Manual clock: the engine frame at which this session's mixer frame 0 lies.
    var baseFrame: Int
    var runs: [PlayerHandle: PlayerRun] = [:]
    var droppedVoiceEvents = 0
    /// Runs whose settings (mute, loop, rate) a full command queue refused; the service sends them again.
    var settingsToResend: Set<PlayerHandle> = []
    /// Replaced runs whose stop a full command queue refused, with the frame it was meant for; the service sends it
    /// again.
    var stopsToResend: [PlayerHandle: Int] = [:]
    /// Runs of released paused players whose cancel a full command queue refused; the service sends it again.
    var cancelsToResend: Set<PlayerHandle> = []
    /// Runs in ``runs`` that were stolen and are fading out.
    var stolenRunsFading = 0
    /// Runs stolen since the session started (a start beyond capacity stopped the oldest run).
    var stolenRuns = 0
    /// Starts since the session started that found no slot even after stealing (every slot was fading out), so
    /// they did not sound; their completions were called at once.
    var coalescedStarts = 0
    /// The mixer frame of the latest start at "now" (time 0 or past), which ``EngineRuntime/stop()`` lets sound.
    var lastImmediateStartFrame: Int?
    /// Whether the service timer runs at the playing rate (see ``EngineStateMachine/pace(into:)``).
    var serviceIsFast: Bool
    /// Engine time of the last diagnostics report (one a second at most).
    var lastDiagnosticsTime = -Double.infinity

    /// The mixer.
    var mixer: Mixer { link.control.mixer }
    /// The mixer's control side.
    var control: MixerControl { link.control }

    /// A fresh session on `link`, its frame 0 at engine frame `baseFrame`.
    init(link: EngineSession, baseFrame: Int, serviceIsFast: Bool) {
        self.link = link
        self.baseFrame = baseFrame
        self.serviceIsFast = serviceIsFast
        // Room for a few runs up front, so that the first starts (a prepared generator's tap) do not allocate and
        // rehash the table inside the app's call.
        runs.reserveCapacity(16)
    }

    /// Sends a command (no program or curve) to the mixer and asks for the render thread to be woken for it, so that
    /// it renders the command now, not at the next block boundary. Returns `false` when the queue is full.
    ///
    /// The enqueue happens here, under the engine's lock (a store into the single-producer queue: no I/O); the wake
    /// (an `eventfd` write) is an action, performed after the lock is released.
    func enqueue(_ command: MixerCommand, into actions: inout EngineActions) -> Bool {
        guard link.control.send(command) else { return false }
        actions.wake = link.output
        return true
    }
}
