import HapticDevices

/// One thing the engine does after a transition of its ``EngineStateMachine``, once the engine's lock is released:
/// tell a device something ahead of need, wake the render thread, pace or end the service, let an output go, log,
/// or call the app.
///
/// The state machine never does these itself (model: swift-nio's `NIOAsyncWriter.StateMachine`, whose mutating
/// methods return what the caller then does outside its lock). Under the engine's lock it only changes its own
/// state and enqueues mixer commands — an enqueue is a store into the mixer's single-producer queue, not I/O, and the
/// engine's lock is what makes control calls that queue's single producer. So no device I/O, no system call that can
/// wait and no app code (handlers, log back-ends, app-made devices) runs while the lock is held.
enum EngineAction: Sendable {
    // MARK: Devices and threads (performed first, in order; see ``EngineActions``)

    /// Tell an onset-anticipating device something ahead of need, in the order the state machine issued it
    /// (``DeviceHints`` orders the hints of threads that perform their actions out of order).
    case hint(DeviceHints, DeviceHint, sequence: UInt64)
    /// Run the session's service timer at the playing pace (`fast`) or the idle one; the latest decision wins
    /// (``EngineSession/pace(fast:sequence:interval:)``).
    case paceService(EngineSession, fast: Bool, sequence: UInt64)
    /// Stop the session's service timer and wake source (the session ended).
    case endService(EngineSession)
    /// Let the device's output go of a session that ended: the detach waits for the render thread's block boundary
    /// and, for the last engine on the device, joins the render thread and stops the device.
    case detach(EngineSession)
    /// Answer the silence requests that are due at `now` (the engine's clock when the transition ran) and schedule the
    /// next look (``SilenceWatch``; the device's reported latency is read here, outside the lock).
    case collectSilence(EngineSession, now: Double)
    /// Report, in the log, what the render side counted since the last report (device and mixer counters are read
    /// here, outside the lock).
    case reportDiagnostics(EngineSession, EngineDiagnosticsCounts)
    /// Write a line to the engine's log (the log back-end is app code; the line is worded only if its level is
    /// logged).
    case log(EngineLogEvent)
    /// Stop the watch for a removed output (cancelling joins its thread).
    case cancelReturnWatch(DeviceReturnWatch)

    // MARK: The app's handlers (performed last, where the engine delivers callbacks)

    /// Start watching for the removed output to come back (hot-plug) — where callbacks run, after the stopped handler
    /// that told the app of the removal (so a quick return's reset handler never comes first).
    case watchForDeviceReturn
    /// A player's completion handler, with why its run ended early (`nil`: it finished).
    case complete(@Sendable (EngineError?) -> Void, EngineError?)
    /// A `notifyWhenPlayersFinished` handler; when `mayStopEngine` and it returns `true`, the engine stops with
    /// ``EngineStopReason/notifyWhenFinished``.
    case answerFinished(@Sendable (EngineError?) -> Bool, EngineError?, mayStopEngine: Bool)
    /// The stopped handler.
    case notifyStopped(@Sendable (EngineStopReason) -> Void, EngineStopReason)
    /// The reset handler.
    case notifyReset(@Sendable () -> Void)
    /// A silence request's handler: `true` when the output is silent.
    case answerSilence(@Sendable (Bool) -> Void, Bool)

    /// Whether this is performed where the engine delivers callbacks (the callback queue in real time), in order
    /// with the app's handlers.
    var isCallback: Bool {
        switch self {
        case .complete, .answerFinished, .notifyStopped, .notifyReset, .answerSilence, .watchForDeviceReturn: return true
        case .hint, .paceService, .endService, .detach, .collectSilence, .reportDiagnostics, .log, .cancelReturnWatch:
            return false
        }
    }

    /// A short name, for tests and diagnostics: `complete(nil)`, `notifyStopped(idleTimeout)`, `hint(gain 0.5)`, ….
    var name: String {
        switch self {
        case .hint(_, let hint, _): return "hint(\(hint))"
        case .paceService(_, let fast, _): return "paceService(\(fast ? "fast" : "idle"))"
        case .endService: return "endService"
        case .detach: return "detach"
        case .collectSilence: return "collectSilence"
        case .reportDiagnostics(_, let counts): return counts.isFinal ? "reportDiagnostics(final)" : "reportDiagnostics"
        case .log(let event): return "log(\(event.name))"
        case .watchForDeviceReturn: return "watchForDeviceReturn"
        case .cancelReturnWatch: return "cancelReturnWatch"
        case .complete(_, let error): return "complete(\(error.map { "\($0.code)" } ?? "nil"))"
        case .answerFinished(_, let error, _): return "answerFinished(\(error.map { "\($0.code)" } ?? "nil"))"
        case .notifyStopped(_, let reason): return "notifyStopped(\(reason))"
        case .notifyReset: return "notifyReset"
        case .answerSilence(_, let silent): return "answerSilence(\(silent))"
        }
    }
}

/// Something the engine logs, worded by the shell (``EngineRuntime``) when its level is logged. It names the device
/// by its name and id only, so the action stays small.
enum EngineLogEvent: Sendable {
    /// A session started on the device.
    case started(LoggedDevice)
    /// The engine stopped on its own for `reason` (its idle timeout as it was; the failed write's `errno` for a
    /// system error, else 0).
    case stopped(EngineStopReason, LoggedDevice, idleTimeout: Double, errno: Int32)
    /// The engine was reset; the device is the one it uses from now on.
    case reset(LoggedDevice)

    /// A device as a log line names it.
    struct LoggedDevice: Sendable {
        let name: String
        let id: String

        /// `info`'s name and id.
        init(_ info: DeviceInfo) {
            name = info.name
            id = info.id
        }
    }

    /// `started`, `stopped(<reason>)` or `reset`.
    var name: String {
        switch self {
        case .started: return "started"
        case .stopped(let reason, _, _, _): return "stopped(\(reason))"
        case .reset: return "reset"
        }
    }
}

/// What an onset-anticipating device is told ahead of need (``HapticDevices/OnsetAnticipating``).
enum DeviceHint: Sendable, Equatable, CustomStringConvertible {
    /// A player was made whose first transient will have these levels: arm them.
    case arm(MotorLevels)
    /// A player that opens with the armed onset starts for "now": start it from this thread.
    case startOnset(MotorLevels)
    /// An intensity control sent for "now" scaled what plays by this factor.
    case gain(Float)

    /// `arm`, `startOnset` or `gain <factor>`.
    var description: String {
        switch self {
        case .arm: return "arm"
        case .startOnset: return "startOnset"
        case .gain(let factor): return "gain \(factor)"
        }
    }
}

/// The actions of one transition, in order, plus whether the render thread must be woken.
///
/// A fixed-capacity inline buffer: the first four actions are stored in the value itself, so the hot paths
/// (`makePlayer`, a player's start, a parameter change — one hint and a wake at most) allocate nothing; a fifth action
/// (a stop that ends many runs, each with its completion) goes to an array.
///
/// **Order.** The shell performs the hints first, in order; then wakes the render thread (so a start's opening onset
/// is started from the app's thread before the render thread is woken to render that start, as it was when both
/// happened under the lock); then the other non-callback actions in order (a session's detach before any handler
/// runs: a stopped engine's handlers find nothing of it playing); then the app's handlers in order.
struct EngineActions: Sequence, Sendable {
    private var first: EngineAction?
    private var second: EngineAction?
    private var third: EngineAction?
    private var fourth: EngineAction?
    private var more: [EngineAction] = []
    /// How many actions are stored.
    private(set) var count = 0
    /// The output whose render thread must be woken: the transition enqueued mixer commands for it.
    var wake: DeviceOutput?

    /// No actions.
    init() {}

    /// Whether there is nothing to do (no action, no wake).
    var isEmpty: Bool { count == 0 && wake == nil }

    /// Appends `action`.
    mutating func append(_ action: EngineAction) {
        switch count {
        case 0: first = action
        case 1: second = action
        case 2: third = action
        case 3: fourth = action
        default: more.append(action)
        }
        count += 1
    }

    /// The action at `index` (`0 ..< count`).
    subscript(index: Int) -> EngineAction {
        let action: EngineAction? =
            switch index {
            case 0: first
            case 1: second
            case 2: third
            case 3: fourth
            default: more[index - 4]
            }
        guard let action else { preconditionFailure("EngineActions: no action at \(index) of \(count)") }
        return action
    }

    /// The actions in order.
    struct Iterator: IteratorProtocol {
        let actions: EngineActions
        var index = 0

        mutating func next() -> EngineAction? {
            guard index < actions.count else { return nil }
            defer { index += 1 }
            return actions[index]
        }
    }

    /// Iterates over the actions in order (the wake is not an action).
    func makeIterator() -> Iterator { Iterator(actions: self) }

    /// Whether any action calls the app.
    var hasCallbacks: Bool { contains { $0.isCallback } }

    /// The actions' names in order, with `wake` where the shell performs the wake (tests).
    var names: [String] {
        var hints: [String] = []
        var others: [String] = []
        for action in self {
            if case .hint = action { hints.append(action.name) } else { others.append(action.name) }
        }
        return hints + (wake == nil ? [] : ["wake"]) + others
    }

    /// The actions in order (tests).
    var all: [EngineAction] { Array(self) }
}
