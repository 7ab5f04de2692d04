// Fault injection (issue 8): the engine over a device that fails, disappears, is interrupted or stalls.
// Exact checks run on the manual clock; threading checks on the real render thread with generous bounds.
#if !OPENCOREHAPTICS_COMPATIBILITY_TEST
import Foundation
import HapticDevices
import HapticEngine
import HapticTestSupport
import OpenCoreHaptics
import Synchronization
import Testing

@Suite struct FaultInjectionTests {
    static let rate = 8_000.0
    static let blockFrames = 64

    /// A manual-clock engine over `device`.
    static func manualEngine(_ device: any HapticDevice) -> CHHapticEngine {
        CHHapticEngine(
            device: device, clock: .manual,
            configuration: EngineConfiguration(sampleRate: rate, blockFrames: blockFrames))
    }

    /// The schedule every comparison plays: a long continuous player (playing when the fault hits), a transient
    /// train and a looping player with a live intensity change. Returns the players' completion log.
    static func playSchedule(on engine: CHHapticEngine, log: Counter) throws -> [any CHHapticAdvancedPatternPlayer] {
        try engine.start()
        let long = try engine.makeAdvancedPlayer(with: try EngineTestRig.continuous(duration: 2, intensity: 0.6))
        let train = try engine.makeAdvancedPlayer(with: try EngineTestRig.transients(at: [0, 0.05, 0.1, 0.15, 0.2, 0.25]))
        let loop = try engine.makeAdvancedPlayer(with: try EngineTestRig.transients(at: [0, 0.03], intensity: 0.5))
        loop.loopEnabled = true
        for (name, player) in [("long", long), ("train", train), ("loop", loop)] {
            player.completionHandler = { error in log.record(error == nil ? "\(name):nil" : "\(name):error") }
        }
        try long.start(atTime: 0)
        try train.start(atTime: 0.01)
        try loop.start(atTime: 0.02)
        try long.sendParameters([CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.5, relativeTime: 0.1)], atTime: 0)
        return [long, train, loop]
    }

    func code(_ body: () throws -> Void) -> CHHapticError.Code? {
        do { try body() } catch let error as CHHapticError { return error.code } catch { return nil }
        return nil
    }

    // MARK: Manual clock: exact

    /// A write error stops the engine once with `systemError`; every playing player's completion gets an error
    /// once; the output up to the fault is the clean run's, sample for sample.
    @Test(arguments: [FaultyDevice.Fault.fail(errno: 5), .remove(afterFrames: 20)])
    func deviceFaultStopsOnceAndKeepsOutputExact(fault: FaultyDevice.Fault) throws {
        let faultBlock = 40  // 0.32 s: every player is sounding
        let clean = RecordingDevice(capacityFrames: Int(Self.rate))
        let cleanEngine = Self.manualEngine(clean)
        let cleanLog = Counter()
        _ = try Self.playSchedule(on: cleanEngine, log: cleanLog)
        cleanEngine.advance(bySeconds: 0.6)

        let device = FaultyDevice(recorder: RecordingDevice(capacityFrames: Int(Self.rate)), plan: [faultBlock: fault])
        let engine = Self.manualEngine(device)
        let stopped = Counter()
        engine.stoppedHandler = { reason in stopped.record("\(reason.rawValue)") }
        let log = Counter()
        let players = try Self.playSchedule(on: engine, log: log)
        engine.advance(bySeconds: 0.6)
        engine.advance(bySeconds: 0.5)  // more time changes nothing

        let expectedReason: CHHapticEngine.StoppedReason = if case .remove = fault { .gameControllerDisconnect } else { .systemError }
        #expect(stopped.values == ["\(expectedReason.rawValue)"])
        // The train (6 transients within 0.25 s + decay) may have finished before the fault; the others were playing.
        #expect(log.values.filter { $0.hasPrefix("long") } == ["long:error"])
        #expect(log.values.filter { $0.hasPrefix("loop") } == ["loop:error"])
        #expect(log.values.filter { $0.hasPrefix("train") }.count == 1)
        #expect(device.writeCount == faultBlock + 1)

        let partialFrames: Int = if case .remove(let n) = fault { n } else { 0 }
        let expectedFrames = faultBlock * Self.blockFrames + partialFrames
        let faulty = device.recorder.recording
        let reference = clean.recording
        #expect(device.recorder.recordedFrameCount == expectedFrames)
        #expect(Array(faulty.amplitude) == Array(reference.amplitude.prefix(expectedFrames)))
        #expect(Array(faulty.drive) == Array(reference.drive.prefix(expectedFrames)))
        #expect(Array(faulty.sharpness) == Array(reference.sharpness.prefix(expectedFrames)))
        #expect(faulty.amplitude.contains { $0 > 0.1 })

        // The stopped engine refuses player calls with engineNotRunning, not a crash or a hang.
        #expect(code { try players[0].start(atTime: 0) } == .engineNotRunning)
    }

    /// Interrupted writes the device retries by itself are invisible: no stop, the same output, clean completions.
    @Test func interruptedWritesAreAbsorbed() throws {
        let clean = RecordingDevice(capacityFrames: Int(Self.rate * 3))
        let cleanEngine = Self.manualEngine(clean)
        let cleanLog = Counter()
        let cleanPlayers = try Self.playSchedule(on: cleanEngine, log: cleanLog)
        cleanEngine.advance(bySeconds: 1)
        try cleanPlayers[2].stop(atTime: 0)
        cleanEngine.advance(bySeconds: 1.5)

        var plan: [Int: FaultyDevice.Fault] = [:]
        for block in stride(from: 0, to: 350, by: 3) { plan[block] = .interrupted(retries: 1 + block % 50) }
        let device = FaultyDevice(recorder: RecordingDevice(capacityFrames: Int(Self.rate * 3)), plan: plan)
        let engine = Self.manualEngine(device)
        let stopped = Counter()
        engine.stoppedHandler = { reason in stopped.record("\(reason.rawValue)") }
        let log = Counter()
        let players = try Self.playSchedule(on: engine, log: log)
        engine.advance(bySeconds: 1)
        try players[2].stop(atTime: 0)
        engine.advance(bySeconds: 1.5)

        #expect(stopped.count == 0)
        #expect(device.absorbedInterruptions > 1_000)
        #expect(device.faultyWriteCount == 0)
        #expect(log.values.sorted() == ["long:nil", "loop:nil", "train:nil"])
        #expect(log.values.sorted() == cleanLog.values.sorted())
        #expect(device.recorder.recording.amplitude == clean.recording.amplitude)
        #expect(device.recorder.recording.drive == clean.recording.drive)
    }

    /// After a fault, `deviceDidRecover` calls the reset handler once; old players throw invalidPatternPlayer;
    /// new players play on the replacement device (and on the same device once it works again).
    @Test(arguments: [true, false])
    func recoveryAfterAFault(replacingDevice: Bool) throws {
        let device = FaultyDevice(recorder: RecordingDevice(capacityFrames: Int(Self.rate)), plan: [10: .remove(afterFrames: 0)])
        let engine = Self.manualEngine(device)
        let stopped = Counter()
        let resets = Counter()
        engine.stoppedHandler = { reason in stopped.record("\(reason.rawValue)") }
        engine.resetHandler = { resets.record("reset") }
        let log = Counter()
        let old = try Self.playSchedule(on: engine, log: log)
        engine.advance(bySeconds: 0.2)
        #expect(stopped.values == ["\(CHHapticEngine.StoppedReason.gameControllerDisconnect.rawValue)"])
        #expect(log.count == 3)

        let replacement = RecordingDevice(capacityFrames: Int(Self.rate))
        if replacingDevice {
            engine.deviceDidRecover(replacingDevice: replacement)
        } else {
            device.heal()
            device.recorder.reset()
            engine.deviceDidRecover()
        }
        #expect(resets.count == 1)
        #expect(stopped.count == 1)  // recovering is not another stop
        for player in old {
            #expect(code { try player.start(atTime: 0) } == .invalidPatternPlayer)
            #expect(code { try player.stop(atTime: 0) } == .invalidPatternPlayer)
        }
        #expect(log.count == 3)  // no second completion for the old players

        try engine.start()
        let fresh = try engine.makeAdvancedPlayer(with: try EngineTestRig.transients(at: [0, 0.1]))
        let done = Counter()
        fresh.completionHandler = { error in done.record(error == nil ? "nil" : "error") }
        try fresh.start(atTime: 0)
        engine.advance(bySeconds: 0.5)
        #expect(done.values == ["nil"])
        let output = replacingDevice ? replacement : device.recorder
        #expect(output.recording.amplitude.contains { $0 > 0.1 })
        #expect(resets.count == 1)
        #expect(stopped.count == 1)
    }

    /// A stall (the write sleeps) does not change what is rendered, only when: the manual clock stays exact.
    @Test func stallKeepsManualOutputExact() throws {
        let clean = RecordingDevice(capacityFrames: Int(Self.rate))
        let cleanEngine = Self.manualEngine(clean)
        _ = try Self.playSchedule(on: cleanEngine, log: Counter())
        cleanEngine.advance(bySeconds: 0.5)

        let device = FaultyDevice(
            recorder: RecordingDevice(capacityFrames: Int(Self.rate)), plan: [5: .stall(seconds: 0.06), 30: .stall(seconds: 0.06)])
        let engine = Self.manualEngine(device)
        _ = try Self.playSchedule(on: engine, log: Counter())
        engine.advance(bySeconds: 0.5)
        #expect(device.finishedStallCount == 2)
        #expect(device.recorder.recording.amplitude == clean.recording.amplitude)
    }

    // MARK: Real time: threading

    static func realTimeEngine(_ device: FaultyDevice) -> CHHapticEngine {
        CHHapticEngine(device: device, clock: .realTime, configuration: EngineConfiguration(sampleRate: 48_000, blockFrames: 480))
    }

    /// Waits up to `seconds` for `condition`.
    static func wait(upTo seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return true
    }

    /// On the render thread: a write error or a removal stops the engine once with the right reason, and every
    /// playing player's completion arrives once, with an error.
    @Test(arguments: [FaultyDevice.Fault.fail(errno: 19), .remove(afterFrames: 100)])
    func realTimeFaultStopsOnce(fault: FaultyDevice.Fault) throws {
        let device = FaultyDevice(recorder: RecordingDevice(capacityFrames: 48_000 * 20), paced: true)
        let engine = Self.realTimeEngine(device)
        let stopped = Counter()
        engine.stoppedHandler = { reason in stopped.record("\(reason.rawValue)") }
        try engine.start()
        let log = Counter()
        var players: [any CHHapticAdvancedPatternPlayer] = []
        for i in 0..<8 {
            let player = try engine.makeAdvancedPlayer(with: try EngineTestRig.continuous(duration: 10, intensity: 0.5))
            player.loopEnabled = i % 2 == 0
            player.completionHandler = { error in log.record(error == nil ? "\(i):nil" : "\(i):error") }
            try player.start(atTime: 0)
            players.append(player)
        }
        #expect(Self.wait(upTo: 5) { device.writeCount > 5 })
        device.arm(fault)
        #expect(Self.wait(upTo: 10) { stopped.count >= 1 && log.count >= 8 })
        Thread.sleep(forTimeInterval: 0.2)  // nothing more may arrive
        let expectedReason: CHHapticEngine.StoppedReason = if case .remove = fault { .gameControllerDisconnect } else { .systemError }
        #expect(stopped.values == ["\(expectedReason.rawValue)"])
        #expect(log.values.sorted() == (0..<8).map { "\($0):error" }.sorted())
        #expect(device.faultyWriteCount == 1)  // the render thread stopped writing at the first fault
        #expect(code { try players[0].start(atTime: 0) } == .engineNotRunning)
        withExtendedLifetime(players) {}
    }

    /// While the render thread sleeps in a stalled device write, API calls on other threads return promptly: they
    /// never wait for the render thread. `engine.stop()` is the exception: it waits for the write in progress
    /// (the device contract forbids stopping a device during a write), so it is bounded by the stall.
    @Test func apiCallsDoNotWaitForAStalledRenderThread() throws {
        let stall = 0.8
        let bound = 0.15  // generous for a loaded 2-core machine under ThreadSanitizer; the stall is 5× longer
        let device = FaultyDevice(recorder: RecordingDevice(capacityFrames: 48_000 * 20), paced: true)
        let engine = Self.realTimeEngine(device)
        try engine.start()
        let pattern = try EngineTestRig.continuous(duration: 5, intensity: 0.5)
        let playing = try engine.makeAdvancedPlayer(with: pattern)
        try playing.start(atTime: 0)
        #expect(Self.wait(upTo: 5) { device.writeCount > 3 })
        device.arm(.stall(seconds: stall))
        #expect(Self.wait(upTo: 5) { device.isStalling })

        func timed(_ name: String, _ body: () throws -> Void) rethrows {
            // Less the time a busy machine kept this thread from a CPU: waiting for the stall would be 0.8 s.
            let t0 = ThreadTimes.now()
            try body()
            let elapsed = t0.unloaded(until: .now())
            #expect(elapsed < bound, "\(name) took \(elapsed) s while the render thread was stalled")
        }
        var player: (any CHHapticAdvancedPatternPlayer)?
        try timed("makePlayer") { player = try engine.makeAdvancedPlayer(with: try EngineTestRig.transients(at: [0, 0.01])) }
        try timed("start") { try player!.start(atTime: 0) }
        try timed("sendParameters") {
            try playing.sendParameters(
                [CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.2, relativeTime: 0)], atTime: 0)
        }
        try timed("scheduleParameterCurve") {
            try playing.scheduleParameterCurve(
                CHHapticParameterCurve(
                    parameterID: .hapticIntensityControl,
                    controlPoints: [
                        .init(relativeTime: 0, value: 0.2), .init(relativeTime: 0.1, value: 1),
                    ], relativeTime: 0), atTime: 0)
        }
        try timed("seek") { try playing.seek(toOffset: 0.5) }
        try timed("stop") { try player!.stop(atTime: 0) }
        timed("currentTime") { _ = engine.currentTime }
        #expect(device.isStalling, "the stall ended before the calls were measured; the test proved nothing")

        let t0 = Date()
        engine.stop()
        let stopTime = Date().timeIntervalSince(t0)
        #expect(stopTime < stall + 2, "engine.stop() took \(stopTime) s")
        #expect(device.finishedStallCount == 1)
    }

    /// A stall does not stop the engine or lose completions: players finish once, with no error.
    @Test func stallIsNotAFault() throws {
        let device = FaultyDevice(recorder: RecordingDevice(capacityFrames: 48_000 * 20), paced: true)
        let engine = Self.realTimeEngine(device)
        let stopped = Counter()
        engine.stoppedHandler = { reason in stopped.record("\(reason.rawValue)") }
        try engine.start()
        let log = Counter()
        for i in 0..<4 {
            let player = try engine.makeAdvancedPlayer(with: try EngineTestRig.transients(at: [0, 0.05 * Double(i + 1)]))
            player.completionHandler = { error in log.record(error == nil ? "\(i):nil" : "\(i):error") }
            try player.start(atTime: 0)
        }
        device.arm(.stall(seconds: 0.2))
        #expect(Self.wait(upTo: 10) { log.count >= 4 && device.finishedStallCount == 1 })
        Thread.sleep(forTimeInterval: 0.1)
        #expect(log.values.sorted() == ["0:nil", "1:nil", "2:nil", "3:nil"])
        #expect(stopped.count == 0)
        engine.stop()
        #expect(stopped.count == 0)
    }
}
#endif
