import Dispatch
import HapticDevices
import HapticPattern
import HapticRender
import HapticSystem
import Logging
import Synchronization
import Testing

@testable import HapticEngine

/// A transition's actions: kept in order without allocating on the hot paths, and performed with the engine's lock
/// released — no device call, no log line, no handler ever runs while it is held.
@Suite struct EngineActionsTests {
    @Test func theFirstFourActionsAreKeptInlineAndTheRestFollowInOrder() {
        var actions = EngineActions()
        #expect(actions.isEmpty)
        for index in 0..<7 { actions.append(.answerSilence({ _ in }, index % 2 == 0)) }
        #expect(actions.count == 7)
        #expect(actions.names == (0..<7).map { "answerSilence(\($0 % 2 == 0))" })
        #expect(actions.hasCallbacks)
    }

    @Test func hintsComeFirstThenTheWakeThenTheRest() throws {
        let device = AnticipationTests.ListeningDevice()
        let hints = DeviceHints(device: device, firstSequence: 1)
        let output = try DeviceOutput.attach(
            RenderContext(
                mixer: Mixer(configuration: MixerConfiguration(sampleRate: 8_000)), route: .all, blockFrames: 64, sampleRate: 8_000,
                playsHaptics: true, playsAudio: true), device: RecordingDevice(capacityFrames: 64), sampleRate: 8_000, blockFrames: 64,
            clockMode: .manual)
        var actions = EngineActions()
        actions.append(.complete({ _ in }, nil))
        actions.wake = output
        actions.append(.hint(hints, .startOnset(.silent), sequence: 1))
        #expect(actions.names == ["hint(startOnset)", "wake", "complete(nil)"])
    }

    /// Every device call, log line and handler checks, from another thread, that the engine's lock is free: a call
    /// made under the lock leaves that thread waiting until it returns. Before the state machine, a start opened the
    /// device, an opening onset and an intensity scale were written to it, and log lines were written, under the lock.
    @Test func nothingTheEngineCallsOutRunsUnderItsLock() throws {
        let probe = LockProbe()
        let device = ProbingDevice(probe: probe)
        let log = ProbingLogHandler(probe: probe)
        let engine = EngineRuntime(
            device: device, configuration: EngineConfiguration(sampleRate: 1_000, blockFrames: 4), clock: .manual,
            logger: Logger(label: EngineRuntime.logLabel) { _ in log })
        probe.runtime.withLock { $0 = engine }
        engine.stoppedHandler = { _ in probe.check("stopped handler") }
        engine.resetHandler = { probe.check("reset handler") }
        engine.returnWatcher = { _, _ in
            probe.check("return watcher")
            return nil
        }
        try engine.start()
        let program = try PatternProgram(
            pattern: Pattern(events: [
                Event(type: .hapticTransient, time: 0, parameters: [.init(.hapticIntensity, 0.8)]),
                Event(type: .hapticContinuous, time: 0.05, duration: 0.3),
            ]))
        let player = engine.makePlayer(program: program)
        player.completion = { _ in probe.check("completion") }
        engine.notifyWhenPlayersFinished { _ in
            probe.check("finished handler")
            return false
        }
        try player.start(atTime: 0)
        try player.sendParameters([DynamicParameter(id: .hapticIntensityControl, value: 0.5, time: 0)], atTime: 0)
        engine.notifyWhenOutputSilent(timeout: 5) { _ in probe.check("silence handler") }
        engine.advance(bySeconds: 1.5)
        device.injectRemoval()
        engine.advance(bySeconds: 0.05)
        engine.reset(replacingDevice: ProbingDevice(probe: probe))
        try engine.start()
        engine.stop()
        // The gain's FF_GAIN write is the one deliberate exception (DeviceHints.prepare: sent after the queued
        // command, the level reached the device 0.14 ms later in the QEMU gate); everything else runs after the lock.
        #expect(probe.heldFor.allSatisfy { $0 == "gain" }, "called under the engine's lock: \(probe.heldFor)")
        let checked = probe.checked
        for call in [
            "device start", "arm", "start onset", "gain", "log", "completion", "finished handler", "silence handler", "stopped handler",
            "return watcher", "reset handler",
        ] {
            #expect(checked.contains(call), "\(call) was checked (\(checked.sorted()))")
        }
    }
}

/// Tells whether the engine's lock is free when a call reaches the app's or the device's code.
final class LockProbe: Sendable {
    let runtime = LockedState<EngineRuntime?>(nil)
    private let results = LockedState<(checked: Set<String>, heldFor: [String])>(([], []))

    /// Takes the engine's lock from another thread; when that thread is still waiting after a few seconds, this
    /// thread holds it (the other thread finishes once this call returns and the lock is released).
    func check(_ call: String) {
        guard let engine = runtime.withLock({ $0 }) else { return }
        let free = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = engine.isRunning
            free.signal()
        }
        let held = free.wait(timeout: .now() + 5) == .timedOut
        results.withLock {
            $0.checked.insert(call)
            if held { $0.heldFor.append(call) }
        }
    }

    var checked: Set<String> { results.withLock { $0.checked } }
    var heldFor: [String] { results.withLock { $0.heldFor } }
}

/// A motor device that anticipates onsets and checks the engine's lock on every call but `write`.
final class ProbingDevice: OnsetAnticipating {
    let probe: LockProbe
    private let removed = Atomic<Bool>(false)
    init(probe: LockProbe) { self.probe = probe }
    var info: DeviceInfo {
        probe.check("device info")
        return DeviceInfo(
            id: "probing", name: "Probing pad", kind: .null, supportsHaptics: true, supportsAudio: false, isHardware: false,
            profile: .twoMotorPad)
    }
    func injectRemoval() { removed.store(true, ordering: .relaxed) }
    func start(format: DeviceFormat) throws(DeviceError) { probe.check("device start") }
    func write(_ block: DeviceBlock) -> DeviceStatus { removed.load(ordering: .relaxed) ? .removed : .ok }
    func stop() { probe.check("device stop") }
    var recoveredErrorCount: Int {
        probe.check("device counter")
        return 0
    }
    var reportedLatency: Double? {
        probe.check("device latency")
        return nil
    }
    func anticipateOnset(_ levels: MotorLevels) { probe.check("arm") }
    func startAnticipatedOnset(_ levels: MotorLevels) -> Bool {
        probe.check("start onset")
        return true
    }
    func prepareScale(_ factor: Float) {}
    func sendPreparedScale() { probe.check("gain") }
}

/// A log back-end that checks the engine's lock on every line.
struct ProbingLogHandler: LogHandler {
    let probe: LockProbe
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) { probe.check("log") }
}
