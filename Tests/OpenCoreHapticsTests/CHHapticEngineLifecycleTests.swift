// Deterministic tests of handlers, stopped reasons, reset, auto-shutdown and errors (manual clock).
#if !OPENCOREHAPTICS_COMPATIBILITY_TEST
import Foundation
import HapticDevices
import HapticEngine
import HapticLinux
import HapticRender
import OpenCoreHaptics
import Testing

@Suite struct CHHapticEngineLifecycleTests {
    func code(_ body: () throws -> Void) -> CHHapticError.Code? {
        do { try body() } catch let error as CHHapticError { return error.code } catch { return nil }
        return nil
    }

    @Test func completionIsCalledOnceWhenAPlayerPlaysOut() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let calls = Counter()
        let player = try rig.engine.makeAdvancedPlayer(with: try EngineTestRig.transients(at: [0, 0.1]))
        player.completionHandler = { error in calls.record(error == nil ? "nil" : "\(error!)") }
        try player.start(atTime: 0)
        rig.advance(to: 0.1)
        #expect(calls.count == 0)
        rig.advance(to: 1)
        #expect(calls.values == ["nil"])
        rig.advance(to: 2)
        #expect(calls.count == 1)
    }

    @Test func completionIsCalledOnceForStopCancelAndRestart() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let calls = Counter()
        let player = try rig.engine.makeAdvancedPlayer(with: try EngineTestRig.continuous(duration: 1))
        player.completionHandler = { _ in calls.record("done") }
        try player.start(atTime: 0)
        try player.start(atTime: 0.1)  // a restart is not an end
        try player.stop(atTime: 0.3)
        rig.advance(to: 0.5)
        #expect(calls.count == 1)
        try player.start(atTime: 0)
        rig.advance(to: 0.6)
        try player.cancel()
        rig.advance(to: 0.7)
        #expect(calls.count == 2)
        try player.start(atTime: 0)
        rig.engine.stop()  // the engine stopping ends the run too
        #expect(calls.count == 3)
    }

    @Test func finishedHandlerIsCalledOnceWhenAllPlayersFinish() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let finished = Counter()
        let stopped = Counter()
        rig.engine.stoppedHandler = { reason in stopped.record("\(reason.rawValue)") }
        let a = try rig.engine.makePlayer(with: try EngineTestRig.transients(at: [0]))
        let b = try rig.engine.makePlayer(with: try EngineTestRig.transients(at: [0.3]))
        try a.start(atTime: 0)
        try b.start(atTime: 0)
        rig.engine.notifyWhenPlayersFinished { error in
            finished.record(error == nil ? "nil" : "error")
            return .stopEngine
        }
        rig.advance(to: 0.2)
        #expect(finished.count == 0)
        rig.advance(to: 0.5)
        #expect(finished.values == ["nil"])
        #expect(stopped.values == ["4"])  // notifyWhenFinished
        #expect(code { try a.stop(atTime: 0) } == .engineNotRunning)
    }

    @Test func finishedHandlerLeavingTheEngineRunning() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let finished = Counter()
        rig.engine.notifyWhenPlayersFinished { _ in
            finished.record("now")
            return .leaveEngineRunning
        }
        #expect(finished.values == ["now"])  // no players: at once
        let player = try rig.engine.makePlayer(with: try EngineTestRig.transients(at: [0]))
        try player.start(atTime: 0)
        rig.advance(to: 0.5)
        #expect(finished.count == 1)
        try player.stop(atTime: 0)  // still running
    }

    @Test func finishedHandlerRegisteredBeforeStartWaitsForThePlayers() throws {
        // The order of Apple's single-tap sample: make the player, register, start the engine, start the player.
        let rig = EngineTestRig()
        let calls = Counter()
        let player = try rig.engine.makePlayer(with: try EngineTestRig.transients(at: [0.1]))
        rig.engine.notifyWhenPlayersFinished { error in
            calls.record(error == nil ? "nil" : "\((error as? CHHapticError)?.code.rawValue ?? 0)")
            return .stopEngine
        }
        try rig.engine.start()
        try player.start(atTime: 0)
        rig.advance(to: 0.05)
        #expect(calls.count == 0)
        rig.advance(to: 0.5)
        #expect(calls.values == ["nil"])
    }

    @Test func finishedHandlerGetsEngineNotRunningWhenTheEngineStopsFirst() throws {
        let rig = EngineTestRig()
        let calls = Counter()
        try rig.engine.start()
        try rig.engine.makePlayer(with: try EngineTestRig.continuous(duration: 1)).start(atTime: 0)
        rig.engine.notifyWhenPlayersFinished { error in
            calls.record("\((error as? CHHapticError)?.code.rawValue ?? 0)")
            return .stopEngine
        }
        rig.engine.stop()
        #expect(calls.values == ["-4805"])
    }

    @Test func stopDoesNotCallTheStoppedHandlerButCallsTheCompletion() throws {
        let rig = EngineTestRig()
        let calls = Counter()
        rig.engine.stoppedHandler = { _ in calls.record("stopped") }
        rig.engine.start { error in calls.record("started \(error == nil)") }
        rig.engine.stop { error in calls.record("stop \(error == nil)") }
        #expect(calls.values == ["started true", "stop true"])
    }

    @Test(arguments: [(true, CHHapticEngine.StoppedReason.gameControllerDisconnect), (false, .systemError)])
    func deviceFaultsStopTheEngineWithAReason(removed: Bool, reason: CHHapticEngine.StoppedReason) throws {
        let rig = EngineTestRig()
        let stopped = Counter()
        let completions = Counter()
        rig.engine.stoppedHandler = { reason in stopped.record("\(reason.rawValue)") }
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(with: try EngineTestRig.continuous(duration: 1))
        player.completionHandler = { error in completions.record("\((error as? CHHapticError)?.code.rawValue ?? 0)") }
        try player.start(atTime: 0)
        rig.advance(to: 0.2)
        rig.recorder.injectFault(removed: removed)
        rig.advance(to: 0.3)
        #expect(stopped.values == ["\(reason.rawValue)"])
        #expect(completions.values == ["-4811"])  // serverInterrupted
        #expect(code { try player.pause(atTime: 0) } == .engineNotRunning)
    }

    @Test func simulatedInterruptionsReportTheirReason() throws {
        let rig = EngineTestRig()
        let stopped = Counter()
        rig.engine.stoppedHandler = { reason in stopped.record("\(reason.rawValue)") }
        try rig.engine.start()
        rig.engine.simulateStop(.audioSessionInterrupt)
        try rig.engine.start()
        rig.engine.simulateStop(.applicationSuspended)
        rig.engine.simulateStop(.applicationSuspended)  // not running: nothing
        #expect(stopped.values == ["1", "2"])
    }

    @Test func resetAfterADeviceFailureInvalidatesPlayers() throws {
        let rig = EngineTestRig()
        let events = Counter()
        rig.engine.stoppedHandler = { reason in events.record("stopped \(reason.rawValue)") }
        rig.engine.resetHandler = { events.record("reset") }
        try rig.engine.start()
        let pattern = try EngineTestRig.transients(at: [0])
        let old = try rig.engine.makePlayer(with: pattern)
        try old.start(atTime: 0)
        rig.recorder.injectFault(removed: false)
        rig.advance(to: 0.1)
        rig.recorder.injectFault(removed: nil)
        rig.engine.deviceDidRecover()
        #expect(events.values == ["stopped -1", "reset"])
        #expect(code { try old.start(atTime: 0) } == .invalidPatternPlayer)
        #expect(code { try old.stop(atTime: 0) } == .invalidPatternPlayer)
        // What the reset handler tells the app to do: start again, make new players.
        try rig.engine.start()
        rig.recorder.reset()
        let fresh = try rig.engine.makePlayer(with: pattern)
        try fresh.start(atTime: 0)
        rig.engine.advance(bySeconds: 0.1)
        #expect(rig.peak(from: 0, to: 0.1) > 0.5)
    }

    @Test func autoShutdownStopsAnIdleEngineAndPlayersRestartIt() throws {
        let rig = EngineTestRig(idleTimeout: 0.5)
        let stopped = Counter()
        let engine = rig.engine
        let stopTimes = Counter()
        rig.engine.stoppedHandler = { [weak engine] reason in  // weak: the engine owns its handler
            stopped.record("\(reason.rawValue)")
            stopTimes.record("\(engine?.currentTime ?? -1)")
        }
        rig.engine.isAutoShutdownEnabled = true
        try rig.engine.start()
        let player = try rig.engine.makePlayer(with: try EngineTestRig.transients(at: [0]))
        try player.start(atTime: 0)
        rig.advance(to: 0.5)  // the transient ends at about 0.015 s; idle since then
        #expect(stopped.count == 0)
        rig.advance(to: 0.6)
        #expect(stopped.values == ["3"])  // idleTimeout
        // Idle from the end of the transient (about 15 ms), checked every 8 ms block.
        let stopTime = Double(stopTimes.values[0])!
        #expect(stopTime >= 0.515 && stopTime <= 0.53, "\(stopTime)")
        try player.start(atTime: 0)  // auto-shutdown on: starts the engine
        rig.advance(to: 0.7)
        #expect(stopped.count == 1)
        rig.engine.isAutoShutdownEnabled = false
        rig.advance(to: 3)
        #expect(stopped.count == 1)
    }

    @Test func errorsHaveCoreHapticsCodes() throws {
        let rig = EngineTestRig()
        let player = try rig.engine.makeAdvancedPlayer(with: try EngineTestRig.transients(at: [0]))
        #expect(code { try player.start(atTime: 0) } == .engineNotRunning)
        #expect(code { try player.stop(atTime: 0) } == .engineNotRunning)
        #expect(code { try player.pause(atTime: 0) } == .engineNotRunning)
        #expect(code { try player.resume(atTime: 0) } == .engineNotRunning)
        #expect(code { try player.cancel() } == .engineNotRunning)
        try rig.engine.start()
        #expect(code { try player.start(atTime: -1) } == .invalidTime)
        #expect(code { try player.stop(atTime: -0.5) } == .invalidTime)
        #expect(code { try player.seek(toOffset: -1) } == .invalidTime)
        #expect(code { try player.sendParameters([], atTime: -1) } == .invalidTime)
        let curve = CHHapticParameterCurve(
            parameterID: .hapticIntensityControl, controlPoints: [.init(relativeTime: 0, value: 1)], relativeTime: 0)
        #expect(code { try player.scheduleParameterCurve(curve, atTime: -1) } == .invalidTime)
        #expect(code { try player.start(atTime: .nan) } == .invalidTime)
        let bad = CHHapticDynamicParameter(parameterID: .init(rawValue: "Nope"), value: 1, relativeTime: 0)
        try player.start(atTime: 0)
        #expect(code { try player.sendParameters([bad], atTime: 0) } == .invalidParameterType)
        let sustained = try CHHapticPattern(
            events: [CHHapticEvent(eventType: .hapticContinuous, parameters: [], relativeTime: 0)], parameters: [])
        #expect(code { _ = try rig.engine.makePlayer(with: sustained) } == .invalidEventDuration)
        let missingAudio = try CHHapticPattern(
            events: [CHHapticEvent(audioResourceID: 42, parameters: [], relativeTime: 0)], parameters: [])
        #expect(code { _ = try rig.engine.makePlayer(with: missingAudio) } == .invalidAudioResource)
    }

    @Test func makePlayerReusesTheCompiledProgram() throws {
        let rig = EngineTestRig()
        let pattern = try EngineTestRig.transients(at: [0, 0.1])
        let first = try rig.engine.program(for: pattern)
        let second = try rig.engine.program(for: pattern)
        #expect(first === second)
        let other = EngineTestRig()
        #expect(try other.engine.program(for: pattern) === first)  // no custom audio: shared by every engine
    }

    @Test func capabilitiesTellTheTruthAboutHardware() throws {
        let capabilities = CHHapticEngine.capabilitiesForHardware()
        let hardware = DeviceDiscovery.devices().devices.map(\.info).filter(\.isHardware)
        #expect(capabilities.supportsHaptics == hardware.contains { $0.supportsHaptics })
        #expect(capabilities.supportsAudio == hardware.contains { $0.supportsAudio })
        let intensity = try capabilities.attributes(forEventParameter: .hapticIntensity, eventType: .hapticTransient)
        #expect(intensity.minValue == 0 && intensity.maxValue == 1 && intensity.defaultValue == 0.75)
        let pan = try capabilities.attributes(forEventParameter: .audioPan, eventType: .audioContinuous)
        #expect(pan.minValue == -1 && pan.maxValue == 1 && pan.defaultValue == 0)
        let control = try capabilities.attributes(forDynamicParameter: .hapticIntensityControl)
        #expect(control.minValue == 0 && control.maxValue == 1 && control.defaultValue == 1)
        #expect(
            code { _ = try capabilities.attributes(forEventParameter: .init(rawValue: "Bogus"), eventType: .hapticTransient) }
                == .invalidParameterType)
        #expect(
            code { _ = try capabilities.attributes(forEventParameter: .audioVolume, eventType: .hapticTransient) } == .invalidParameterType)
        #expect(code { _ = try capabilities.attributes(forDynamicParameter: .init(rawValue: "Bogus")) } == .invalidParameterType)
    }

    @Test func audioResourcesRegisterOncePlayAndUnregister() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("och-engine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("tone.wav")
        let tone = (0..<800).map { Float(sin(Double($0) * 0.3)) * 0.5 }
        try Data(WAVEncoder().encode(channels: [tone], sampleRate: 8_000)).write(to: url)
        let rig = EngineTestRig()
        let id = try rig.engine.registerAudioResource(url)
        #expect(id != 0)
        #expect(try rig.engine.registerAudioResource(url) == id)
        let looped = try rig.engine.registerAudioResource(url, options: [CHHapticAudioResourceKeyLoopEnabled: true])
        #expect(looped != id)
        try rig.engine.start()
        let pattern = try CHHapticPattern(events: [CHHapticEvent(audioResourceID: id, parameters: [], relativeTime: 0.1)], parameters: [])
        try rig.engine.makePlayer(with: pattern).start(atTime: 0)
        rig.advance(to: 0.3)
        let left = rig.recorder.recording.left
        #expect(left[0..<800].map(abs).max()! == 0)
        #expect(left[800..<1600].map(abs).max()! > 0.1)
        try rig.engine.unregisterAudioResource(id)
        #expect(code { try rig.engine.unregisterAudioResource(id) } == .invalidAudioResource)
        #expect(code { _ = try rig.engine.makePlayer(with: pattern) } == .invalidAudioResource)
        #expect(code { _ = try rig.engine.registerAudioResource(folder.appendingPathComponent("missing.wav")) } == .fileNotFound)
    }

    @Test func playPatternFromDataStartsTheEngineAndPlays() throws {
        let rig = EngineTestRig()
        let ahap = #"{"Pattern": [{"Event": {"Time": 0.2, "EventType": "HapticTransient"}}]}"#
        try rig.engine.playPattern(from: Data(ahap.utf8))
        rig.advance(to: 0.5)
        #expect(onsetsMatch(rig.onsets, [0.2]), "\(rig.onsets)")
        #expect(code { try rig.engine.playPattern(from: Data("nonsense".utf8)) } != nil)
    }
}
#endif
