import Foundation
import HapticDevices
import HapticSystem
import Testing

@testable import OpenGameController

/// A ``ControllerSource`` a test scripts: the controllers present, pads plugged in and out, input batches, and what
/// each controller's device and trigger output received — no device node, no thread of its own.
final class ScriptedControllerSource: Sendable {
    private struct State {
        var present: [ControllerInfo]
        var watcher: (@Sendable (ControllerSource.Change) -> Void)?
        var inputHandler: (@Sendable (PadInputBatch) -> Void)?
        var watchedInput: [String] = []
        var motionRead: [String] = []
        var devices: [String: RecordingDevice] = [:]
        var triggerOutputs: [String: SimulatedTriggerRecord] = [:]
        var watchStopped = false
        var readerStopped = false
        var batteries: [String: PadBattery] = [:]
        var lights: [String: RecordedLights] = [:]
    }

    private let state: LockedState<State>

    /// A source with `controllers` present at discovery.
    init(_ controllers: [ControllerInfo]) { state = LockedState(State(present: controllers)) }

    /// The source to give a registry. Its closures hold this object weakly: the registry keeps the source, and this
    /// object keeps the registry's handlers, so strong captures would be a cycle (LeakSanitizer reported the devices).
    var source: ControllerSource {
        ControllerSource(
            discover: { [weak self] in ControllerSource.Discovery(controllers: self?.state.withLock { $0.present } ?? [], problems: []) },
            watch: { [weak self] _, handler in
                self?.state.withLock { $0.watcher = handler }
                return { [weak self] in self?.state.withLock { $0.watchStopped = true } }
            },
            makeDevice: { [weak self] info in
                let device = RecordingDevice(capacityFrames: 48_000, profile: .twoMotorPad, supportsAudio: false)
                self?.state.withLock { $0.devices[info.id] = device }
                return device
            },
            triggerOutput: { [weak self] info in
                let output = SimulatedTriggerRecord()
                self?.state.withLock { $0.triggerOutputs[info.id] = output }
                return output
            },
            readInput: { [weak self] handler in
                guard let self else { return nil }
                state.withLock { $0.inputHandler = handler }
                return Reader(owner: self)
            },
            readBattery: { [weak self] info in self?.state.withLock { $0.batteries[info.id] } },
            lights: { [weak self] info in self?.state.withLock { $0.lights[info.id] } })
    }

    /// A registry over a new source with `info` present, installed as the process's, and the controller it found
    /// (the caller shuts the registry down).
    static func connect(_ info: ControllerInfo) throws -> (ScriptedControllerSource, ControllerRegistry, GCController) {
        let scripted = ScriptedControllerSource([info])
        let registry = ControllerRegistry(source: scripted.source, clock: .manual, watchesHotPlug: false)
        ControllerRegistry.install(registry)
        let controller = try #require(GCController.controllers().first)
        return (scripted, registry, controller)
    }

    /// The controller `id` has `lights` (set before the registry finds it).
    func setLights(_ lights: RecordedLights, for id: String) { state.withLock { $0.lights[id] = lights } }

    /// The controller `id`'s battery reads `battery` from now on (`nil`: it has none, or it cannot be read).
    func setBattery(_ battery: PadBattery?, for id: String) { state.withLock { $0.batteries[id] = battery } }

    /// Plugs in `controller` (the registry's watch is told).
    func plug(_ controller: ControllerInfo) { state.withLock { $0.watcher }?(.connected(controller)) }
    /// Unplugs the controller `id`.
    func unplug(_ id: String) { state.withLock { $0.watcher }?(.disconnected(id: id)) }
    /// The pad `id`'s `node`, whose axes have the ranges `axes`, sends `events`; `isUse`: whether they are the player
    /// using it.
    func send(_ id: String, _ events: [PadInputEvent], isUse: Bool, axes: [UInt16: PadAxisRange] = [:], node: PadInputNode = .gamepad) {
        state.withLock { $0.inputHandler }?(PadInputBatch(controllerID: id, events: events, isUse: isUse, axes: axes, node: node))
    }

    /// The device made for the controller `id`, if any.
    func device(_ id: String) -> RecordingDevice? { state.withLock { $0.devices[id] } }
    /// The trigger output made for the controller `id`, if any.
    func triggers(_ id: String) -> SimulatedTriggerRecord? { state.withLock { $0.triggerOutputs[id] } }
    /// The controllers whose input is read now.
    var watchedInput: [String] { state.withLock { $0.watchedInput } }
    /// The controllers whose motion-sensor node is read now.
    var motionRead: [String] { state.withLock { $0.motionRead } }
    /// Whether the registry stopped the watch and the input reader.
    var stopped: (watch: Bool, reader: Bool) { state.withLock { ($0.watchStopped, $0.readerStopped) } }

    private final class Reader: PadInputReading {
        weak let owner: ScriptedControllerSource?
        init(owner: ScriptedControllerSource) { self.owner = owner }
        func watch(_ controller: ControllerInfo) { owner?.state.withLock { $0.watchedInput.append(controller.id) } }
        func forget(_ controller: ControllerInfo) { owner?.state.withLock { $0.watchedInput.removeAll { $0 == controller.id } } }
        func stop() { owner?.state.withLock { $0.readerStopped = true } }
        func setMotionActive(_ controller: ControllerInfo, _ active: Bool) {
            owner?.state.withLock { s in
                s.motionRead.removeAll { $0 == controller.id }
                if active { s.motionRead.append(controller.id) }
            }
        }
    }
}

/// A trigger output that keeps the effects written to it.
final class SimulatedTriggerRecord: DualSenseTriggerOutput {
    let transport = DualSenseTransport.usb
    let problem: String? = nil
    private let written = LockedState<[(left: DualSenseTriggerEffect?, right: DualSenseTriggerEffect?)]>([])

    func apply(left: DualSenseTriggerEffect?, right: DualSenseTriggerEffect?) throws(DeviceError) {
        written.withLock { $0.append((left, right)) }
    }

    func disconnect() {}
    func latestInput() -> DualSenseTriggerFeedback? { nil }

    /// The right trigger's effects, in the order written.
    var rightEffects: [DualSenseTriggerEffect] { written.withLock { $0.compactMap(\.right) } }
}

/// Notifications of `names` about controllers of `ids`, in order, waited for on a condition (never by polling).
final class ControllerNotes: @unchecked Sendable {
    // @unchecked: the tokens are set once, in init; the notes are behind the condition's lock.
    private let condition = NSCondition()
    private var notes: [(NSNotification.Name, String)] = []
    private var tokens: [NSObjectProtocol] = []

    init(_ names: [NSNotification.Name], ids: Set<String>) {
        for name in names {
            tokens.append(
                NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [condition] note in
                    guard let controller = note.object as? GCController, ids.contains(controller.info.id) else { return }
                    condition.lock()
                    self.notes.append((name, controller.info.id))
                    condition.broadcast()
                    condition.unlock()
                })
        }
    }

    deinit { for token in tokens { NotificationCenter.default.removeObserver(token) } }

    /// Waits up to `seconds` for at least `count` notes; the notes then.
    func wait(for count: Int, seconds: Double = 10) -> [String] {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while notes.count < count, condition.wait(until: deadline) {}
        return notes.map { "\(short($0.0)) \($0.1)" }
    }

    private func short(_ name: NSNotification.Name) -> String {
        switch name {
        case .GCControllerDidConnect: "connect"
        case .GCControllerDidDisconnect: "disconnect"
        case .GCControllerDidBecomeCurrent: "become"
        case .GCControllerDidStopBeingCurrent: "stop"
        default: name.rawValue
        }
    }
}
