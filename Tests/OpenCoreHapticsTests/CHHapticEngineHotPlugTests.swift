// Hot-plug: a removed output is watched for, and its return resets the engine (manual clock, fake watchers and a
// temporary directory standing in for /dev/input).
import HapticSystem

#if !OPENCOREHAPTICS_COMPATIBILITY_TEST && os(Linux)
import Foundation
import Glibc
import HapticDevices
import HapticEngine
import HapticLinux
import HapticRender
import OpenCoreHaptics
import Synchronization
import Testing

/// A watcher the test drives: it records what it watches for and plugs devices back in on request.
final class FakeReturnWatcher: Sendable {
    private struct State {
        var watched: [DeviceInfo] = []
        var pending: [@Sendable (any HapticDevice) -> Void] = []
        var cancelled = 0
    }
    private let state = LockedState(State())

    var watched: [DeviceInfo] { state.withLock { $0.watched } }
    var cancelled: Int { state.withLock { $0.cancelled } }
    var isWatching: Bool { state.withLock { !$0.pending.isEmpty } }

    func source() -> CHHapticEngine.DeviceSource {
        CHHapticEngine.DeviceSource(output: { SimulatedDevice() }, hardware: { [] }) { [self] removed, found in
            state.withLock {
                $0.watched.append(removed)
                $0.pending.append(found)
            }
            return DeviceReturnWatch { [self] in
                state.withLock {
                    $0.cancelled += 1
                    $0.pending.removeAll()
                }
            }
        }
    }

    /// Plugs `device` back in: calls the pending `found` callbacks.
    func replug(_ device: any HapticDevice) {
        let callbacks = state.withLock { s in
            defer { s.pending.removeAll() }
            return s.pending
        }
        for found in callbacks { found(device) }
    }
}

/// A recorder that describes itself as an evdev pad (what the system watcher looks for).
final class FakeEvdevDevice: HapticDevice {
    let recorder: RecordingDevice
    let info: DeviceInfo

    /// Node numbers for fakes that do not name one: each fake is its own node, since hardware is shared by ID
    /// between engines (tests run in parallel and must not meet in one device output).
    private static let nodes = Atomic<Int>(1_000)

    init(name: String = "Fake Pad", node: Int? = nil) {
        let node = node ?? Self.nodes.add(1, ordering: .relaxed).newValue
        recorder = RecordingDevice(capacityFrames: 8 * Int(EngineTestRig.rate))
        info = DeviceInfo(
            id: "evdev:/dev/input/event\(node)", name: name, kind: .evdev, supportsHaptics: true, supportsAudio: false,
            isHardware: true, profile: recorder.info.profile)
    }

    func start(format: DeviceFormat) throws(DeviceError) { try recorder.start(format: format) }
    func write(_ block: DeviceBlock) -> DeviceStatus { recorder.write(block) }
    func stop() { recorder.stop() }
}

@Suite struct CHHapticEngineHotPlugTests {
    static let configuration = EngineConfiguration(sampleRate: EngineTestRig.rate, blockFrames: 64)

    func code(_ body: () throws -> Void) -> CHHapticError.Code? {
        do { try body() } catch let error as CHHapticError { return error.code } catch { return nil }
        return nil
    }

    func peak(_ recorder: RecordingDevice) -> Float { recorder.recording.amplitude.max() ?? 0 }

    @Test func removalThenReplugStopsOnceResetsOnceAndNewPlayersPlay() throws {
        let watcher = FakeReturnWatcher()
        let first = FakeEvdevDevice()
        let engine = CHHapticEngine(device: first, clock: .manual, configuration: Self.configuration, deviceSource: watcher.source())
        let events = Counter()
        engine.stoppedHandler = { reason in events.record("stopped \(reason.rawValue)") }
        engine.resetHandler = { events.record("reset") }
        try engine.start()
        let pattern = try EngineTestRig.continuous(duration: 2)
        let old = try engine.makePlayer(with: pattern)
        try old.start(atTime: 0)
        engine.advance(bySeconds: 0.1)
        #expect(peak(first.recorder) > 0.5)

        first.recorder.injectFault(removed: true)
        engine.advance(bySeconds: 0.1)
        engine.advance(bySeconds: 0.1)
        #expect(events.values == ["stopped 6"])  // gameControllerDisconnect, once
        #expect(watcher.watched.map(\.id) == [first.info.id])
        #expect(engine.isWatchingForDeviceReturn)
        #expect(code { try old.start(atTime: 0) } == .engineNotRunning)

        let second = FakeEvdevDevice(node: 7)
        watcher.replug(second)
        #expect(events.values == ["stopped 6", "reset"])  // resetHandler, once
        #expect(!engine.isWatchingForDeviceReturn)
        #expect(engine.runtime.device === second)
        #expect(code { try old.start(atTime: 0) } == .invalidPatternPlayer)
        #expect(code { try old.stop(atTime: 0) } == .invalidPatternPlayer)

        // What the reset handler tells the app to do: start again and make new players.
        try engine.start()
        let fresh = try engine.makePlayer(with: pattern)
        try fresh.start(atTime: CHHapticTimeImmediate)
        engine.advance(bySeconds: 0.1)
        #expect(peak(second.recorder) > 0.5)
        #expect(events.values == ["stopped 6", "reset"])
        #expect(watcher.watched.count == 1)
    }

    @Test func aSecondRemovalIsWatchedForAgain() throws {
        let watcher = FakeReturnWatcher()
        let first = FakeEvdevDevice()
        let engine = CHHapticEngine(device: first, clock: .manual, configuration: Self.configuration, deviceSource: watcher.source())
        let events = Counter()
        engine.stoppedHandler = { reason in events.record("stopped \(reason.rawValue)") }
        engine.resetHandler = { events.record("reset") }
        try engine.start()
        first.recorder.injectFault(removed: true)
        engine.advance(bySeconds: 0.05)
        let second = FakeEvdevDevice()
        watcher.replug(second)
        try engine.start()
        second.recorder.injectFault(removed: true)
        engine.advance(bySeconds: 0.05)
        watcher.replug(FakeEvdevDevice())
        #expect(events.values == ["stopped 6", "reset", "stopped 6", "reset"])
        #expect(watcher.watched.count == 2)
    }

    @Test func aFailureIsNotWatchedFor() throws {
        let watcher = FakeReturnWatcher()
        let device = FakeEvdevDevice()
        let engine = CHHapticEngine(device: device, clock: .manual, configuration: Self.configuration, deviceSource: watcher.source())
        let events = Counter()
        engine.stoppedHandler = { reason in events.record("stopped \(reason.rawValue)") }
        try engine.start()
        device.recorder.injectFault(removed: false)
        engine.advance(bySeconds: 0.05)
        #expect(events.values == ["stopped -1"])  // systemError
        #expect(watcher.watched.isEmpty)
        #expect(!engine.isWatchingForDeviceReturn)
    }

    @Test func theWatchEndsWithTheEngineOrAManualRecovery() throws {
        let watcher = FakeReturnWatcher()
        do {
            let device = FakeEvdevDevice()
            let engine = CHHapticEngine(device: device, clock: .manual, configuration: Self.configuration, deviceSource: watcher.source())
            try engine.start()
            device.recorder.injectFault(removed: true)
            engine.advance(bySeconds: 0.05)
            #expect(watcher.isWatching)
            engine.deviceDidRecover(replacingDevice: FakeEvdevDevice())
            #expect(watcher.cancelled == 1)
            try engine.start()
            (engine.runtime.device as! FakeEvdevDevice).recorder.injectFault(removed: true)
            engine.advance(bySeconds: 0.05)
            #expect(watcher.isWatching)
        }
        #expect(watcher.cancelled == 2)  // the engine was released while watching
        #expect(!watcher.isWatching)
    }

    @Test func theSystemWatcherOnlyWatchesEvdevDevices() {
        let recorder = RecordingDevice(capacityFrames: 64)
        #expect(DeviceReturnWatch.system(recorder.info, found: { _ in }) == nil)
        #expect(DeviceReturnWatch.system(SimulatedDevice().info, found: { _ in }) == nil)
    }

    @Test func theEvdevWatcherFindsTheSameNameUnderANewNodeAndResetsTheEngine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hotplug-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The probe names nodes by number: event4 is another pad, event9 is ours come back.
        let probe: @Sendable (String) -> Result<EvdevCapabilities, DeviceError> = { path in
            guard access(path, F_OK) == 0 else { return .failure(DeviceError(.notFound, path)) }
            let name = path.hasSuffix("event9") ? "Fake Pad" : "Other Pad"
            return .success(
                EvdevCapabilities(
                    path: path, name: name, supportsRumble: true, supportsPeriodicSine: false, supportsGain: false, effectSlots: 16))
        }
        let made = LockedState<[String]>([])
        let replacement = FakeEvdevDevice(node: 9)
        let source = CHHapticEngine.DeviceSource(output: { SimulatedDevice() }, hardware: { [] }) { removed, found in
            DeviceReturnWatch.evdev(
                removed, directory: directory, probe: probe,
                makeDevice: { id in
                    made.withLock { $0.append(id) }
                    return replacement
                }, found: found)
        }
        let first = FakeEvdevDevice(node: 3)
        let engine = CHHapticEngine(device: first, clock: .manual, configuration: Self.configuration, deviceSource: source)
        let events = Counter()
        engine.stoppedHandler = { reason in events.record("stopped \(reason.rawValue)") }
        engine.resetHandler = { events.record("reset") }
        try engine.start()
        first.recorder.injectFault(removed: true)
        engine.advance(bySeconds: 0.05)
        #expect(events.values == ["stopped 6"])
        #expect(engine.isWatchingForDeviceReturn)

        #expect(FileManager.default.createFile(atPath: "\(directory)/event4", contents: nil))
        MonotonicClock.sleep(until: MonotonicClock.now() + 0.3)
        #expect(events.values == ["stopped 6"])  // another pad: not ours
        #expect(FileManager.default.createFile(atPath: "\(directory)/event9", contents: nil))
        let deadline = MonotonicClock.now() + 10
        while events.count < 2 && MonotonicClock.now() < deadline { MonotonicClock.sleep(until: MonotonicClock.now() + 0.01) }
        #expect(events.values == ["stopped 6", "reset"])
        #expect(made.withLock { $0 } == ["evdev:\(directory)/event9"])
        #expect(engine.runtime.device === replacement)
        #expect(!engine.isWatchingForDeviceReturn)
        try engine.start()
        let player = try engine.makePlayer(with: try EngineTestRig.transients(at: [0]))
        try player.start(atTime: CHHapticTimeImmediate)
        engine.advance(bySeconds: 0.05)
        #expect(peak(replacement.recorder) > 0.5)
    }
}
#endif
