import Dispatch
import HapticDevices
import HapticPattern
import HapticRender

@testable import HapticEngine

/// An ``EngineStateMachine`` driven by hand, as its shell drives it but with no threads: a manual clock, sessions made
/// as `EngineRuntime.start()` makes them (with no service hook: the test runs the service), the mixer rendered by the
/// test. Transitions return the names of their actions (`EngineActions.names`); of the actions, only a session's end of
/// service and detach are performed (so the device's output lets the session go), never a handler.
struct MachineRig {
    var machine: EngineStateMachine
    let device: any HapticDevice
    let mixer: MixerConfiguration?
    /// The players' programs, kept alive as player objects keep theirs (a player's state holds its program unowned).
    private(set) var programs: [PatternProgram] = []
    private let queue = DispatchQueue(label: "MachineRig.service")

    /// A stopped machine on `device` (default: a recorder) at 8 kHz in 64-frame blocks.
    init(device: any HapticDevice = RecordingDevice(capacityFrames: 96_000), mixer: MixerConfiguration? = nil) {
        self.device = device
        self.mixer = mixer
        machine = EngineStateMachine(
            device: device, info: device.info,
            configuration: EngineConfiguration(sampleRate: EngineStateMachineTests.rate, blockFrames: EngineStateMachineTests.block),
            clockMode: .manual, route: .all)
    }

    /// The recorder the machine renders into (for fault injection).
    var recorder: RecordingDevice { device as! RecordingDevice }

    /// Makes a session for `plan`, as the shell does outside the lock.
    func makeSession(_ plan: EngineStateMachine.StartPlan) throws -> EngineSession {
        try EngineSession.make(
            plan, configuration: machine.configuration, clockMode: .manual, route: .all, serviceQueue: queue, mixer: mixer,
            service: { _, _ in })
    }

    /// Starts the engine (both halves), returning the actions' names.
    @discardableResult
    mutating func start() throws -> [String] {
        guard let plan = try machine.startPlan() else { return [] }
        let session = try makeSession(plan)
        var actions = EngineActions()
        _ = machine.finishStart(session, plan, into: &actions)
        perform(actions)
        return actions.names
    }

    /// Applies a transition, returning its actions' names.
    @discardableResult
    mutating func apply(_ transition: (inout EngineStateMachine, inout EngineActions) -> Void) -> [String] {
        var actions = EngineActions()
        transition(&machine, &actions)
        perform(actions)
        return actions.names
    }

    /// Makes a player with a completion handler (so each run's end is a `complete` action).
    mutating func makePlayer(_ program: PatternProgram) -> EnginePlayerHandle {
        programs.append(program)
        var actions = EngineActions()
        let handle = machine.addPlayer(program: program, into: &actions)
        machine.setCompletion({ _ in }, of: handle)
        return handle
    }

    /// Starts a player's run at `time` (0: now).
    @discardableResult
    mutating func startPlayer(_ player: EnginePlayerHandle, at time: Double = 0) throws -> [String] {
        var actions = EngineActions()
        guard try machine.startPlayer(player, at: time, into: &actions) else { throw EngineError(.engineNotRunning, "stopped") }
        perform(actions)
        return actions.names
    }

    /// One service pass of the running session (nothing when stopped).
    @discardableResult
    mutating func service() -> [String] {
        guard let link = machine.session?.link else { return [] }
        return apply { $0.service(of: link, into: &$1) }
    }

    /// Renders `seconds` of the running session's output, without any service (the mixer's notifications wait).
    func render(seconds: Double) {
        guard let link = machine.session?.link else { return }
        link.output.advance(frames: Int((seconds * EngineStateMachineTests.rate).rounded()), servicing: false)
    }

    /// Performs a session's end of service and its detach; nothing else.
    func perform(_ actions: EngineActions) {
        for action in actions {
            switch action {
            case .endService(let session): session.endService()
            case .detach(let session): session.output.detach(session.context)
            default: break
            }
        }
    }
}
