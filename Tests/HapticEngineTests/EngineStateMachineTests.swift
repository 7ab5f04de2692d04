import Dispatch
import HapticDevices
import HapticPattern
import HapticRender
import Testing

@testable import HapticEngine

/// The engine's lifecycle races, replayed as sequences of transitions of its state machine — no threads, no timers:
/// a manual clock, a recording device, sessions made as the shell makes them, the mixer rendered by the test, and
/// the service run when the test says. Each test names the race it replays (the commit that fixed it found it with
/// threads, late); here the interleaving is written down.
@Suite struct EngineStateMachineTests {
    static let rate = 8_000.0
    static let block = 64

    static func program(_ events: [Event]) -> PatternProgram { try! PatternProgram(pattern: Pattern(events: events)) }
    static let tap = program([Event(type: .hapticTransient, time: 0)])
    static let twoTaps = program([Event(type: .hapticTransient, time: 0), Event(type: .hapticTransient, time: 1)])
    static func hum(_ duration: Double) -> PatternProgram { program([Event(type: .hapticContinuous, time: 0, duration: duration)]) }

    @Test func finishedHandlersAreAnsweredExactlyOnce() throws {
        // 587894e: a handler registered on a stopped engine was dropped, or waited forever after a start nothing followed.
        var rig = MachineRig()
        #expect(rig.apply { $0.notifyWhenPlayersFinished({ _ in false }, into: &$1) }.isEmpty, "stopped: it waits")
        #expect(try rig.start().contains("log(started)"))
        #expect(rig.service().filter { $0.hasPrefix("answerFinished") } == ["answerFinished(nil)"], "the first pass answers it")
        #expect(rig.service().filter { $0.hasPrefix("answerFinished") }.isEmpty, "once")
        #expect(rig.apply { $0.stop(into: &$1) }.filter { $0.hasPrefix("answerFinished") }.isEmpty)
    }

    @Test func aHandlerRegisteredOnAStoppedEngineIsAnsweredByStop() throws {
        var rig = MachineRig()
        try rig.start()
        rig.apply { $0.stop(into: &$1) }
        rig.apply { $0.notifyWhenPlayersFinished({ _ in true }, into: &$1) }
        #expect(rig.apply { $0.stop(into: &$1) } == ["answerFinished(nil)"])
        try rig.start()
        #expect(rig.service().filter { $0.hasPrefix("answerFinished") }.isEmpty, "a later start does not answer it again")
    }

    @Test func aHandlerWaitsForThePlayersStartedAfterTheEngine() throws {
        // Apple's single-tap order: register, start the engine, start the player.
        var rig = MachineRig()
        let player = rig.makePlayer(Self.program([Event(type: .hapticTransient, time: 0.3)]))
        rig.apply { $0.notifyWhenPlayersFinished({ _ in false }, into: &$1) }
        try rig.start()
        try rig.startPlayer(player)
        rig.render(seconds: 0.2)
        #expect(rig.service().filter { $0.hasPrefix("answerFinished") }.isEmpty)
        rig.render(seconds: 0.4)
        #expect(
            rig.service().filter { $0.hasPrefix("complete") || $0.hasPrefix("answerFinished") } == ["complete(nil)", "answerFinished(nil)"])
    }

    @Test func aStopRightAfterAStartAtNowLetsTheOnsetSound() throws {
        // 7dfb4b0 and 4d79287: stop() lets a start at "now" sound for the grace, and an idle engine stops at once.
        var rig = MachineRig()
        try rig.start()
        #expect(rig.machine.stopGraceFrames == 0, "nothing was started")
        let player = rig.makePlayer(Self.tap)
        try rig.startPlayer(player)
        let grace = Int((EngineRuntime.stopGraceDuration * Self.rate).rounded(.up))
        #expect(rig.machine.stopGraceFrames >= grace, "the start at now has not sounded yet")
        rig.render(seconds: 0.1)
        rig.service()
        #expect(rig.machine.stopGraceFrames == 0, "every run ended and nothing sounds: nothing to wait for")
        try rig.startPlayer(player, at: rig.machine.now + 1)
        #expect(rig.machine.stopGraceFrames == 0, "a start later than now needs no grace")
    }

    @Test func aDestroyWhilePlayersPlayEndsThemAndTellsTheApp() throws {
        // 436a668, dfd6509: an engine let go of while players play stops, and every run's completion is called.
        var rig = MachineRig()
        rig.machine.stoppedHandler = { _ in }
        try rig.start()
        let player = rig.makePlayer(Self.hum(1))
        try rig.startPlayer(player)
        rig.apply { $0.notifyWhenPlayersFinished({ _ in true }, into: &$1) }
        rig.render(seconds: 0.1)
        let actions = rig.apply { $0.destroy(into: &$1) }
        #expect(
            actions == [
                "endService", "complete(engineNotRunning)", "detach", "answerFinished(engineNotRunning)",
                "notifyStopped(engineDestroyed)",
            ])
        #expect(rig.machine.session == nil)
        #expect(rig.apply { $0.destroy(into: &$1) }.isEmpty, "a second destroy does nothing")
    }

    @Test func aResetMakesEarlierPlayersInvalidButKeepsTheirState() throws {
        var rig = MachineRig()
        try rig.start()
        let player = rig.makePlayer(Self.tap)
        rig.machine.resetHandler = {}
        #expect(rig.apply { $0.reset(replacingWith: nil, into: &$1) }.suffix(2) == ["log(reset)", "notifyReset"])
        try rig.start()
        #expect(throws: EngineError.self) { try rig.startPlayer(player) }
        rig.apply { $0.changeSettings(of: player, into: &$1) { $0.loopSetting = true } }
        #expect(rig.machine.players[player]?.loopSetting == false, "a player from before the reset is left as it is")
        rig.machine.setCompletion({ _ in }, of: player)
        #expect(rig.machine.players[player]?.completionSetting != nil, "its completion may still be set")
    }

    @Test func aRestartAfterTheRunEndedUncollectedIsTwoCompletions() throws {
        // 3715310: the run played out, the player started again before the service collected that end.
        var rig = MachineRig()
        try rig.start()
        let player = rig.makePlayer(Self.tap)
        try rig.startPlayer(player)
        rig.render(seconds: 0.1)  // over in the mixer, not collected
        try rig.startPlayer(player)
        rig.render(seconds: 0.5)
        #expect(rig.service().filter { $0.hasPrefix("complete") } == ["complete(nil)", "complete(nil)"])
        #expect(rig.machine.session?.runs.isEmpty == true)
    }

    @Test func aRestartOfAPlayingRunIsOneCompletionHoweverLateItsEndIsCollected() throws {
        var rig = MachineRig()
        try rig.start()
        let player = rig.makePlayer(Self.hum(0.3))
        try rig.startPlayer(player)
        rig.render(seconds: 0.1)
        try rig.startPlayer(player)
        rig.render(seconds: 0.1)  // the replaced run has faded out, uncollected
        #expect(rig.service().filter { $0.hasPrefix("complete") }.isEmpty)
        rig.render(seconds: 0.5)
        #expect(rig.service().filter { $0.hasPrefix("complete") } == ["complete(nil)"])
    }

    @Test func runEndsThatFoundTheNotificationQueueFullAreCollectedLater() throws {
        // 4d16d9f: 40 runs ending in one block and a 16-entry notification queue: every completion comes, once.
        var mixer = EngineConfiguration(sampleRate: Self.rate, blockFrames: Self.block).mixerConfiguration
        mixer.notificationCapacity = 16
        var rig = MachineRig(mixer: mixer)
        try rig.start()
        for _ in 0..<40 { try rig.startPlayer(rig.makePlayer(Self.tap)) }
        rig.apply { $0.notifyWhenPlayersFinished({ _ in false }, into: &$1) }
        var completions = 0
        var answers = 0
        for _ in 0..<20 {
            rig.render(seconds: Double(Self.block) / Self.rate)
            let actions = rig.service()
            completions += actions.filter { $0.hasPrefix("complete") }.count
            answers += actions.filter { $0.hasPrefix("answerFinished") }.count
        }
        #expect(completions == 40)
        #expect(answers == 1, "answered once, when the last run ended")
        #expect(rig.machine.session?.runs.isEmpty == true)
    }

    @Test func aDiscardedPausedPlayerDoesNotAnswerTheHandlersThatWaitedForIt() throws {
        // 98a3634: Apple's Unity suite registers while its only player is paused, then destroys that player.
        var rig = MachineRig()
        try rig.start()
        let paused = rig.makePlayer(Self.twoTaps)
        try rig.startPlayer(paused)
        rig.render(seconds: 0.2)
        rig.apply { try! $0.pausePlayer(paused, at: 0, into: &$1) }
        rig.apply { $0.notifyWhenPlayersFinished({ _ in false }, into: &$1) }
        rig.render(seconds: 0.2)
        #expect(rig.service().filter { $0.hasPrefix("answerFinished") }.isEmpty, "a paused player has not finished")
        #expect(rig.apply { $0.discardPlayer(paused, into: &$1) } == ["wake"])
        rig.render(seconds: 0.1)
        #expect(rig.service().filter { $0.hasPrefix("complete") || $0.hasPrefix("answerFinished") } == ["complete(nil)"])
        rig.render(seconds: 0.5)
        #expect(rig.service().filter { $0.hasPrefix("answerFinished") }.isEmpty, "the service passes do not answer it either")
        // A player that finishes answers it, once.
        try rig.startPlayer(rig.makePlayer(Self.tap))
        rig.render(seconds: 0.2)
        #expect(rig.service().filter { $0.hasPrefix("answerFinished") } == ["answerFinished(nil)"])
    }

    @Test func aReleasedPausedPlayerIsDiscardedInsteadOfHoldingTheEngineForever() throws {
        // The app lets go of a paused player: nobody can resume it. Its run used to stay paused for good, so neither a
        // notifyWhenPlayersFinished handler nor the idle timeout ever came.
        var rig = MachineRig()
        rig.machine.isAutoShutdownEnabled = true
        rig.machine.idleTimeout = 0.5
        rig.machine.stoppedHandler = { _ in }
        try rig.start()
        let paused = rig.makePlayer(Self.twoTaps)
        try rig.startPlayer(paused)
        rig.render(seconds: 0.2)
        rig.apply { try! $0.pausePlayer(paused, at: 0, into: &$1) }
        rig.render(seconds: 0.2)
        rig.service()
        rig.machine.released.release(paused)  // the player object's deinit
        #expect(rig.service().contains("wake"), "the purge sent the run's cancel")
        #expect(rig.machine.players[paused] == nil)
        rig.render(seconds: 0.1)
        #expect(
            rig.service().filter { $0.hasPrefix("complete") } == ["complete(nil)"], "its run ended, with the completion it started with")
        #expect(rig.machine.session?.runs.isEmpty == true)
        #expect(rig.apply { $0.notifyWhenPlayersFinished({ _ in false }, into: &$1) } == ["answerFinished(nil)"], "nothing plays")
        rig.render(seconds: 0.6)
        #expect(rig.service().contains("notifyStopped(idleTimeout)"), "and the engine idles out")
    }

    @Test func theIdleTimeoutStopsAnAutoShutdownEngineAndAStartStartsItAgain() throws {
        var rig = MachineRig()
        rig.machine.isAutoShutdownEnabled = true
        rig.machine.idleTimeout = 0.5
        rig.machine.stoppedHandler = { _ in }
        try rig.start()
        rig.render(seconds: 0.4)
        #expect(!rig.service().contains("notifyStopped(idleTimeout)"))
        rig.render(seconds: 0.2)
        #expect(
            rig.service() == [
                "collectSilence", "reportDiagnostics(final)", "log(stopped(idleTimeout))", "endService", "detach",
                "notifyStopped(idleTimeout)",
            ])
        #expect(rig.machine.session == nil)
        let player = rig.makePlayer(Self.tap)
        var actions = EngineActions()
        #expect(try rig.machine.startPlayer(player, at: 0, into: &actions) == false, "stopped: the shell starts the engine first")
        #expect(actions.isEmpty, "and nothing changed")
        try rig.start()
        #expect(try rig.machine.startPlayer(player, at: 0, into: &actions))
        rig.machine.isAutoShutdownEnabled = false
        rig.apply { $0.stop(into: &$1) }
        #expect(throws: EngineError.self) { try rig.startPlayer(player) }
    }

    @Test func aRemovedDeviceStopsTheEngineWhichWatchesForItsReturnAndResetsOntoIt() throws {
        // A removal is heard by the stopped handler first; the watch starts after it; the returned device resets the
        // engine onto it.
        var rig = MachineRig()
        rig.machine.stoppedHandler = { _ in }
        rig.machine.resetHandler = {}
        rig.machine.returnWatcher = { _, _ in nil }
        try rig.start()
        let player = rig.makePlayer(Self.hum(1))
        try rig.startPlayer(player)
        rig.recorder.injectFault(removed: true)
        rig.render(seconds: 0.01)
        #expect(
            rig.service() == [
                "collectSilence", "reportDiagnostics", "reportDiagnostics(final)", "log(stopped(gameControllerDisconnect))", "endService",
                "complete(deviceFailed)",
                "detach", "notifyStopped(gameControllerDisconnect)", "watchForDeviceReturn",
            ], "the stopped handler hears of the removal before the watch begins")
        let back = RecordingDevice(capacityFrames: 8_000)
        #expect(rig.apply { $0.reset(replacingWith: (back, back.info), into: &$1) } == ["log(reset)", "notifyReset"])
        #expect(rig.machine.device === back)
        #expect(throws: EngineError.self) { try rig.startPlayer(player) }
        try rig.start()
        try rig.startPlayer(rig.makePlayer(Self.tap))
    }

    @Test func aResetOrAnEndForGoodDuringAStartSupersedesIt() throws {
        var rig = MachineRig()
        let plan = try #require(try rig.machine.startPlan())
        let session = try rig.makeSession(plan)
        let back = RecordingDevice(capacityFrames: 8_000)
        rig.apply { $0.reset(replacingWith: (back, back.info), into: &$1) }
        var actions = EngineActions()
        #expect(rig.machine.finishStart(session, plan, into: &actions) == .superseded)
        #expect(actions.names == ["endService", "detach"], "the session made for the old device is let go of")
        rig.perform(actions)
        #expect(try rig.machine.startPlan()?.device === back, "the start begins again, on the new device")
        // A second start that lost the race lets its session go and leaves the first running.
        let first = try #require(try rig.machine.startPlan())
        let second = try #require(try rig.machine.startPlan())
        actions = EngineActions()
        #expect(rig.machine.finishStart(try rig.makeSession(first), first, into: &actions) == .started)
        #expect(rig.machine.finishStart(try rig.makeSession(second), second, into: &actions) == .alreadyRunning)
        rig.perform(actions)
        // An end for good during a start: superseded, and the next plan is refused.
        rig.apply { $0.stop(into: &$1) }
        let late = try #require(try rig.machine.startPlan())
        let lateSession = try rig.makeSession(late)
        rig.apply { $0.endForGood(.gameControllerDisconnect, because: "unplugged", into: &$1) }
        actions = EngineActions()
        #expect(rig.machine.finishStart(lateSession, late, into: &actions) == .superseded)
        rig.perform(actions)
        #expect(throws: EngineError.self) { try rig.machine.startPlan() }
    }

    @Test func aSilenceRequestIsAnsweredByTheStopThatFindsIt() throws {
        // 7abf177, b7830ba: a request is entered under the lock, so a stop either finds it and answers it (nothing of the
        // engine sounds once its session is detached, which comes before any handler) or came first (answered at once).
        var rig = MachineRig()
        #expect(rig.apply { $0.requestSilenceNotice(timeout: 5, { _ in }, into: &$1) } == ["answerSilence(true)"], "stopped: silent")
        try rig.start()
        try rig.startPlayer(rig.makePlayer(Self.hum(1)))
        rig.render(seconds: 0.1)
        #expect(rig.apply { $0.requestSilenceNotice(timeout: 5, { _ in }, into: &$1) } == ["wake", "collectSilence"], "it waits")
        let link = try #require(rig.machine.session?.link)
        #expect(link.context.silence.hasWaiters)
        let stop = rig.apply { $0.stop(into: &$1) }
        #expect(stop == ["endService", "complete(nil)", "detach", "answerSilence(true)"])
        #expect(!link.context.silence.hasWaiters, "answered once")
        #expect(rig.apply { $0.requestSilenceNotice(timeout: 5, { _ in }, into: &$1) } == ["answerSilence(true)"])
    }

    @Test func aDestroyDuringAStartSupersedesItAndAnswersTheWaitingHandlers() throws {
        // A destroy between a start's halves: the session made before it is let go of (it would play on a destroyed
        // engine, the device held open), and the waiting handlers are answered once, by the destroy.
        var rig = MachineRig()
        rig.apply { $0.notifyWhenPlayersFinished({ _ in false }, into: &$1) }
        let plan = try #require(try rig.machine.startPlan())
        let session = try rig.makeSession(plan)
        #expect(rig.apply { $0.destroy(into: &$1) } == ["answerFinished(nil)"], "a stopped engine's handlers are answered")
        var actions = EngineActions()
        #expect(rig.machine.finishStart(session, plan, into: &actions) == .superseded)
        #expect(actions.names == ["endService", "detach"])
        rig.perform(actions)
        #expect(rig.machine.session == nil)
    }

    @Test func twoIntensityChangesAreNumberedInTheOrderTheStateSawThem() throws {
        // What the lock used to order: two threads' gains reach the device in the state's order (DeviceHints delivers
        // by number), and a start's onset is hinted before the render thread is woken.
        var rig = MachineRig(device: AnticipationTests.ListeningDevice())
        try rig.start()
        let tap = Self.program([
            Event(type: .hapticTransient, time: 0, parameters: [.init(.hapticIntensity, 0.8), .init(.hapticSharpness, 0.25)]),
            Event(type: .hapticContinuous, time: 0.1, duration: 2),
        ])
        var actions = EngineActions()
        let player = rig.machine.addPlayer(program: tap, into: &actions)
        #expect(actions.names == ["hint(arm)"])
        actions = EngineActions()
        _ = try rig.machine.startPlayer(player, at: 0, into: &actions)
        #expect(actions.names == ["hint(startOnset)", "wake"], "the onset before the wake")
        var first = EngineActions()
        try rig.machine.sendParameters(player, [DynamicParameter(id: .hapticIntensityControl, value: 0.5, time: 0)], at: 0, into: &first)
        var second = EngineActions()
        try rig.machine.sendParameters(player, [DynamicParameter(id: .hapticIntensityControl, value: 0.8, time: 0)], at: 0, into: &second)
        #expect(first.names == ["hint(gain 0.5)", "wake"])
        #expect(second.names == ["hint(gain 1.6)", "wake"])
        let sequences = (first.all + second.all).compactMap { action -> UInt64? in
            if case .hint(_, _, let sequence) = action { return sequence }
            return nil
        }
        #expect(sequences.count == 2 && sequences[1] == sequences[0] + 1)
    }
}
