// Deterministic playback tests on the manual clock: scheduling, restart, stop, loop, seek, pause, rate, mute,
// parameters and curves. Each measures what reached the (recording) device.
#if !OPENCOREHAPTICS_COMPATIBILITY_TEST
import Foundation
import HapticDevices
import OpenCoreHaptics
import Testing

@Suite struct CHHapticEnginePlaybackTests {
    @Test func startsAtFutureTimesOnTheExactFrame() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let a = try rig.engine.makePlayer(with: try EngineTestRig.transients(at: [0]))
        let b = try rig.engine.makePlayer(with: try EngineTestRig.transients(at: [0.1]))
        try a.start(atTime: 0.5)
        try b.start(atTime: 0.25)
        rig.advance(to: 1)
        #expect(onsetsMatch(rig.onsets, [0.35, 0.5]), "\(rig.onsets)")
        #expect(rig.peak(from: 0, to: 0.349) == 0)
    }

    @Test func immediateAndPastTimesMeanNow() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        rig.advance(to: 0.3)
        let player = try rig.engine.makePlayer(with: try EngineTestRig.transients(at: [0]))
        try player.start(atTime: 0.1)  // in the past: now
        rig.advance(to: 0.5)
        try player.start(atTime: CHHapticTimeImmediate)
        rig.advance(to: 1)
        #expect(onsetsMatch(rig.onsets, [0.3, 0.5]), "\(rig.onsets)")
    }

    @Test func secondStartRestartsFromTheBeginning() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let player = try rig.engine.makePlayer(with: try EngineTestRig.transients(at: [0, 0.3]))
        try player.start(atTime: 0)
        try player.start(atTime: 0.2)
        rig.advance(to: 1)
        #expect(onsetsMatch(rig.onsets, [0, 0.2, 0.5]), "\(rig.onsets)")
    }

    @Test func stopAtATimeSilencesFromThatTime() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let player = try rig.engine.makePlayer(with: try EngineTestRig.continuous(duration: 1))
        try player.start(atTime: 0)
        try player.stop(atTime: 0.4)
        rig.advance(to: 1.2)
        #expect(rig.peak(from: 0.1, to: 0.39) > 0.5)
        #expect(rig.peak(from: 0.41, to: 1.2) == 0)
    }

    @Test func loopsAtLoopEnd() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(with: try EngineTestRig.transients(at: [0, 0.3]))
        player.loopEnabled = true
        player.loopEnd = 0.2
        try player.start(atTime: 0)
        rig.advance(to: 0.7)
        #expect(onsetsMatch(rig.onsets, [0, 0.2, 0.4, 0.6]), "\(rig.onsets)")
    }

    /// Apple's Unity test Test_AdvancedPlayer_LoopEnd_DefaultIsPatternLength: a new player's loop end reads as the
    /// pattern's end (1.5 s here), not 0; setting 0 reads the same again.
    @Test func loopEndReadsAsThePatternEndUntilSet() throws {
        let rig = EngineTestRig()
        let pattern = try CHHapticPattern(
            events: [
                CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0),
                CHHapticEvent(eventType: .hapticContinuous, parameters: [], relativeTime: 0.5, duration: 1),
            ], parameters: [])
        let player = try rig.engine.makeAdvancedPlayer(with: pattern)
        #expect(player.loopEnd == 1.5)
        player.loopEnd = 0.75
        #expect(player.loopEnd == 0.75)
        player.loopEnd = -1  // ignored
        #expect(player.loopEnd == 0.75)
        player.loopEnd = 0
        #expect(player.loopEnd == 1.5)
    }

    @Test func loopEndZeroLoopsAtTheLastEventEnd() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let pattern = try CHHapticPattern(
            events: [
                CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0, duration: 0.25)
            ], parameters: [])
        let player = try rig.engine.makeAdvancedPlayer(with: pattern)
        player.loopEnabled = true
        try player.start(atTime: 0)
        rig.advance(to: 0.6)
        #expect(onsetsMatch(rig.onsets, [0, 0.25, 0.5]), "\(rig.onsets)")
    }

    @Test func seekInsideThePatternSkipsToTheOffset() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(with: try EngineTestRig.transients(at: [0, 0.5, 1.0]))
        try player.start(atTime: 0)
        rig.advance(to: 0.1)
        try player.seek(toOffset: 0.9)
        rig.advance(to: 1)
        #expect(onsetsMatch(rig.onsets, [0, 0.2]), "\(rig.onsets)")
    }

    @Test func seekPastTheEndFinishes() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let finished = Counter()
        let player = try rig.engine.makeAdvancedPlayer(with: try EngineTestRig.transients(at: [0, 0.5]))
        player.completionHandler = { error in finished.record("\(error == nil)") }
        try player.start(atTime: 0)
        rig.advance(to: 0.1)
        try player.seek(toOffset: 10)
        rig.advance(to: 1)
        #expect(onsetsMatch(rig.onsets, [0]), "\(rig.onsets)")
        #expect(finished.values == ["true"])
    }

    @Test func seekWhileLoopingStaysInTheLoop() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(with: try EngineTestRig.transients(at: [0, 0.3]))
        player.loopEnabled = true
        player.loopEnd = 0.4
        try player.start(atTime: 0)
        rig.advance(to: 0.1)
        try player.seek(toOffset: 0.35)  // 0.05 before the loop end
        rig.advance(to: 0.2)
        try player.seek(toOffset: 5)  // past the loop end: back to the start of the loop
        rig.advance(to: 0.3)
        #expect(onsetsMatch(rig.onsets, [0, 0.15, 0.2]), "\(rig.onsets)")
    }

    @Test func seekBeforeStartSetsTheStartOffset() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(with: try EngineTestRig.transients(at: [0, 0.3]))
        try player.seek(toOffset: 0.2)
        try player.start(atTime: 0)
        rig.advance(to: 0.5)
        #expect(onsetsMatch(rig.onsets, [0.1]), "\(rig.onsets)")
    }

    @Test func pauseAndResumeContinueWhereItPaused() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(with: try EngineTestRig.transients(at: [0, 0.2]))
        try player.start(atTime: 0)
        try player.pause(atTime: 0.1)
        try player.pause(atTime: 0.15)  // already paused: nothing
        try player.resume(atTime: 0.5)
        rig.advance(to: 1)
        #expect(onsetsMatch(rig.onsets, [0, 0.6]), "\(rig.onsets)")
    }

    @Test(arguments: [(Float(0.5), 0.4), (Float(2), 0.1)])
    func playbackRateScalesTime(rate: Float, secondOnset: Double) throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(with: try EngineTestRig.transients(at: [0, 0.2]))
        player.playbackRate = rate
        player.playbackRate = 0  // ignored
        player.playbackRate = -1  // ignored
        // Above 1 000 is ignored too (Core Haptics takes any rate above 0): a rate of Float's largest value only made
        // the render thread step through loop passes.
        for ignored in [Float.greatestFiniteMagnitude, 1_000.5, .infinity, .nan] { player.playbackRate = ignored }
        #expect(player.playbackRate == rate)
        player.playbackRate = 1_000
        #expect(player.playbackRate == 1_000)
        player.playbackRate = rate
        try player.start(atTime: 0)
        rig.advance(to: 0.6)
        #expect(onsetsMatch(rig.onsets, [0, secondOnset]), "\(rig.onsets)")
    }

    @Test func playbackRateScalesContinuousDurations() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(with: try EngineTestRig.continuous(duration: 0.4))
        player.playbackRate = 2
        try player.start(atTime: 0)
        rig.advance(to: 0.6)
        #expect(rig.peak(from: 0.05, to: 0.15) > 0.5)
        #expect(rig.peak(from: 0.3, to: 0.6) == 0)
    }

    @Test func seekIntoAContinuousEventResumesIt() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(with: try EngineTestRig.continuous(duration: 1))
        try player.start(atTime: 0)
        rig.advance(to: 0.1)
        try player.seek(toOffset: 0.5)  // inside the event: its last 0.5 s play
        rig.advance(to: 0.8)
        #expect(rig.peak(from: 0.15, to: 0.55) > 0.5)
        #expect(rig.peak(from: 0.65, to: 0.8) == 0)
    }

    @Test func startWithAnOffsetInsideAContinuousEventResumesIt() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(with: try EngineTestRig.continuous(duration: 1))
        try player.seek(toOffset: 0.7)
        try player.start(atTime: 0)
        rig.advance(to: 0.5)
        #expect(rig.peak(from: 0.05, to: 0.25) > 0.5)
        #expect(rig.peak(from: 0.35, to: 0.5) == 0)
    }

    @Test func playbackRateChangeRetimesASoundingContinuousEvent() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(with: try EngineTestRig.continuous(duration: 1))
        try player.start(atTime: 0)
        rig.advance(to: 0.2)
        player.playbackRate = 2  // the remaining 0.8 s take 0.4 s
        rig.advance(to: 1)
        #expect(rig.peak(from: 0.25, to: 0.55) > 0.5)
        #expect(rig.peak(from: 0.7, to: 1) == 0)
    }

    @Test func mutedPlayersAndMutedEnginesAreSilent() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let player = try rig.engine.makePlayer(with: try EngineTestRig.continuous(duration: 0.3))
        player.isMuted = true
        try player.start(atTime: 0)
        rig.advance(to: 0.4)
        #expect(rig.peak(from: 0, to: 0.4) == 0)
        player.isMuted = false
        try player.start(atTime: 0)
        rig.advance(to: 0.5)
        #expect(rig.peak(from: 0.42, to: 0.5) > 0.5)
        rig.engine.isMutedForHaptics = true
        rig.advance(to: 0.6)
        #expect(rig.peak(from: 0.5, to: 0.6) == 0)
    }

    @Test func dynamicParametersChangeAPlayingPattern() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let player = try rig.engine.makePlayer(with: try EngineTestRig.continuous(duration: 1))
        try player.start(atTime: 0)
        try player.sendParameters(
            [CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.5, relativeTime: 0.1)], atTime: 0.3)
        rig.advance(to: 0.9)
        let before = rig.peak(from: 0.2, to: 0.39)
        let after = rig.peak(from: 0.45, to: 0.8)
        #expect(before > 0.5)
        #expect(abs(after - before * 0.5) < 0.02, "\(before) → \(after)")
    }

    @Test func parameterCurvesChangeAPlayingPattern() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(with: try EngineTestRig.continuous(duration: 1))
        try player.start(atTime: 0)
        let fade = CHHapticParameterCurve(
            parameterID: .hapticIntensityControl,
            controlPoints: [.init(relativeTime: 0, value: 1), .init(relativeTime: 0.4, value: 0)], relativeTime: 5)
        try player.scheduleParameterCurve(fade, atTime: 0.2)
        rig.advance(to: 0.9)
        let a = rig.amplitude
        let at = { (t: Double) in a[Int(t * EngineTestRig.rate)] }
        #expect(at(0.1) > 0.5)
        #expect(abs(at(0.4) - at(0.1) * 0.5) < 0.02, "\(at(0.1)) → \(at(0.4))")
        #expect(rig.peak(from: 0.61, to: 0.9) < 0.01)
    }

    @Test func aDroppedPlayerKeepsPlaying() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        do {
            let player = try rig.engine.makePlayer(with: try EngineTestRig.transients(at: [0, 0.3]))
            try player.start(atTime: 0)
        }
        rig.advance(to: 0.5)
        #expect(onsetsMatch(rig.onsets, [0, 0.3]), "\(rig.onsets)")
    }

    @Test func cancelSilencesAPendingStart() throws {
        let rig = EngineTestRig()
        try rig.engine.start()
        let done = Counter()
        let player = try rig.engine.makeAdvancedPlayer(with: try EngineTestRig.transients(at: [0]))
        player.completionHandler = { _ in done.record("done") }
        try player.start(atTime: 0.3)
        try player.cancel()
        rig.advance(to: 0.6)
        #expect(rig.onsets.isEmpty)
        #expect(done.count == 1)
    }

    @Test func audioEventsReachTheAudioBusUnlessHapticsOnly() throws {
        let rig = EngineTestRig()
        let pattern = try CHHapticPattern(
            events: [
                CHHapticEvent(eventType: .audioContinuous, parameters: [], relativeTime: 0, duration: 0.2)
            ], parameters: [])
        try rig.engine.start()
        try rig.engine.makePlayer(with: pattern).start(atTime: 0)
        rig.advance(to: 0.3)
        #expect(rig.recorder.recording.left.map(abs).max()! > 0.01)
        rig.engine.stop()
        rig.engine.playsHapticsOnly = true
        rig.recorder.reset()
        try rig.engine.start()
        try rig.engine.makePlayer(with: pattern).start(atTime: 0)
        rig.engine.advance(bySeconds: 0.3)
        #expect(rig.recorder.recording.left.map(abs).max()! == 0)
    }
}
#endif
