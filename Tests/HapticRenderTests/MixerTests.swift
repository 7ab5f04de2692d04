import HapticPattern
import HapticRender
import Testing

@Suite struct MixerTests {
    @Test func commandsHappenOnTheirExactFrameAndNotificationsFlow() throws {
        let program = try PatternProgram(pattern: Pattern(events: [Event(type: .hapticTransient, time: 0)]))
        let mixer = Mixer(configuration: testConfiguration(rate: 8_000, block: 64))
        let handle = try #require(mixer.allocatePlayer())
        #expect(mixer.enqueue(.start(handle, program: .passRetained(program), atFrame: 1_234, offset: 0)))
        let storage = BusStorage(capacity: 64)
        var amplitude: [Float] = []
        var released = 0
        var finished: [(Int, Bool)] = []
        for _ in 0..<40 {
            mixer.render(frameCount: 64, haptic: storage.haptic, audio: storage.audio)
            amplitude += storage.haptic.amplitude.prefix(64)
            mixer.drainNotifications { note in
                switch note {
                case .programReleased(let p):
                    p.release()
                    released += 1
                case .playerFinished(_, let frame, let stopped): finished.append((frame, stopped))
                default: break
                }
            }
        }
        #expect(firstNonZero(amplitude) == 1_234)
        #expect(released == 1)
        #expect(finished.count == 1 && finished[0].1 == false)
        #expect(mixer.currentFrame == 40 * 64)
    }

    @Test func stopFadesAndReportsStopped() throws {
        let event = Event(type: .hapticContinuous, time: 0, duration: 5, parameters: [EventParameter(.hapticIntensity, 1)])
        let program = try PatternProgram(pattern: Pattern(events: [event]))
        let result = OfflineRenderer.render(
            timeline: [(0, .start(player: 0, program: program)), (0.5, .stop(player: 0))],
            frameCount: 8_000, configuration: testConfiguration(rate: 8_000))
        let stopFrame = 4_000
        #expect(result.amplitude[stopFrame - 1] > 0.9)
        #expect(result.amplitude[(stopFrame + 20)...].allSatisfy { $0 == 0 })
        #expect(result.finished.count == 1 && result.finished[0].stopped)
    }

    @Test func loopingRepeatsEventsAtTheLoopEnd() throws {
        let program = try PatternProgram(pattern: Pattern(events: [Event(type: .hapticTransient, time: 0, duration: 0.1)]))
        let result = OfflineRenderer.render(
            timeline: [
                (0, .start(player: 0, program: program)), (0, .setLoop(player: 0, enabled: true, loopEnd: 0)),
            ], frameCount: 8_000 * 35 / 100, configuration: testConfiguration(rate: 8_000))
        // Onsets at 0, 800, 1600, 2400 frames.
        for onset in [0, 800, 1_600, 2_400] {
            #expect(result.amplitude[onset] > 0, "onset \(onset)")
            if onset > 0 { #expect(result.amplitude[onset - 1] == 0) }
        }
    }

    /// A loop far shorter than a block — the 1 ms floor of a tiny loop end (8 passes in a 64-frame block at 8 kHz), or
    /// any loop at a rate of 1e30 (passes by the thousand in one frame) — plays one pass per block: the render thread's
    /// work per block is bounded by the pattern, not by how many passes would fit. With one voice in the pool, every
    /// pass that starts while it sounds is counted as dropped: at most one per block (746 in 100 blocks before).
    @Test(arguments: [(Double(1e-9), Float(1)), (Double(0), Float(1e30))])
    func aLoopShorterThanABlockPlaysOnePassPerBlock(loopEnd: Double, rate: Float) throws {
        let program = try PatternProgram(pattern: Pattern(events: [Event(type: .hapticTransient, time: 0)]))
        let mixer = Mixer(
            configuration: MixerConfiguration(
                sampleRate: 8_000, maxBlockFrames: 64, playerCapacity: 2, voiceCapacity: 1, commandCapacity: 16))
        let handle = try #require(mixer.allocatePlayer())
        #expect(mixer.enqueue(.setLoop(handle, enabled: true, loopEnd: loopEnd)))
        #expect(mixer.enqueue(.setRate(handle, rate: rate, atFrame: Int.min)))
        #expect(mixer.enqueue(.start(handle, program: .passRetained(program), atFrame: 0, offset: 0)))
        let storage = BusStorage(capacity: 64)
        let blocks = 100
        var dropped = 0
        var finished = false
        var amplitude: Float = 0
        for _ in 0..<blocks {
            mixer.render(frameCount: 64, haptic: storage.haptic, audio: storage.audio)
            amplitude = max(amplitude, storage.haptic.amplitude.prefix(64).max() ?? 0)
            mixer.drainNotifications { note in
                switch note {
                case .voicesDropped(_, let count): dropped += count
                case .playerFinished: finished = true
                case .programReleased(let p): p.release()
                default: break
                }
            }
        }
        // The loop never ends by itself: cancel it so the mixer gives the program back (the leak check of the
        // sanitizer run counts a program left retained).
        #expect(mixer.enqueue(.cancel(handle)))
        for _ in 0..<4 {
            mixer.render(frameCount: 64, haptic: storage.haptic, audio: storage.audio)
            mixer.drainNotifications { note in
                if case .programReleased(let p) = note { p.release() }
            }
        }
        #expect(amplitude > 0, "the loop plays")
        #expect(!finished, "a loop does not finish")
        #expect(dropped <= blocks, "\(dropped) passes found no voice in \(blocks) blocks: more than one pass a block")
        // And a pass every block: the transient's voice (15 ms, under two blocks) is still busy for about every other
        // pass (51 of 100 measured). A wrap that landed outside the loop replayed nothing (rate 1e30: 0 before).
        #expect(dropped >= blocks / 3, "\(dropped) passes found the voice busy in \(blocks) blocks: the loop stopped passing")
    }

    /// A pause and a cancel sent for the same block: the cancel is applied first (it has no frame), and the pause must
    /// not freeze the stopping run, which would then never end (the engine's discard of a player paused just before).
    @Test func aCancelAfterAPauseInOneBlockEndsTheRun() throws {
        let program = try PatternProgram(
            pattern: Pattern(events: [Event(type: .hapticTransient, time: 0), Event(type: .hapticTransient, time: 1)]))
        let mixer = Mixer(configuration: testConfiguration(rate: 8_000, block: 64))
        let handle = try #require(mixer.allocatePlayer())
        #expect(mixer.enqueue(.start(handle, program: .passRetained(program), atFrame: 0, offset: 0)))
        let storage = BusStorage(capacity: 64)
        var finished = 0
        func render(_ blocks: Int) {
            for _ in 0..<blocks {
                mixer.render(frameCount: 64, haptic: storage.haptic, audio: storage.audio)
                mixer.drainNotifications { note in
                    switch note {
                    case .programReleased(let p): p.release()
                    case .playerFinished: finished += 1
                    default: break
                    }
                }
            }
        }
        render(10)
        #expect(mixer.enqueue(.pause(handle, atFrame: mixer.currentFrame)))
        #expect(mixer.enqueue(.cancel(handle)))
        render(10)
        #expect(finished == 1)
    }

    @Test func pauseFreezesAndSeekJumps() throws {
        let program = try PatternProgram(
            pattern: Pattern(events: [
                Event(type: .hapticTransient, time: 0.1), Event(type: .hapticTransient, time: 0.3),
            ]))
        let result = OfflineRenderer.render(
            timeline: [
                (0, .start(player: 0, program: program)), (0.05, .pause(player: 0)), (0.15, .resume(player: 0)),
            ], frameCount: 8_000 / 2, configuration: testConfiguration(rate: 8_000))
        #expect(firstNonZero(result.amplitude) == 1_600)  // 0.1 s of pattern time + 0.1 s paused
        let seeked = OfflineRenderer.render(
            timeline: [(0, .start(player: 0, program: program, offset: 0.2))],
            frameCount: 8_000 / 2, configuration: testConfiguration(rate: 8_000))
        #expect(firstNonZero(seeked.amplitude) == 800)  // only the event at 0.3 s, 0.1 s after the start
    }

    @Test func rateScalesThePatternTimeline() throws {
        let program = try PatternProgram(pattern: Pattern(events: [Event(type: .hapticTransient, time: 0.2)]))
        let result = OfflineRenderer.render(
            timeline: [(0, .start(player: 0, program: program)), (0, .setRate(player: 0, rate: 2))],
            frameCount: 4_000, configuration: testConfiguration(rate: 8_000))
        #expect(firstNonZero(result.amplitude) == 800)
    }

    @Test func scheduledCurveIsFollowedAndReleased() throws {
        let event = Event(type: .hapticContinuous, time: 0, duration: 1, parameters: [EventParameter(.hapticIntensity, 1)])
        let program = try PatternProgram(pattern: Pattern(events: [event]))
        let curve = try CurveProgram(
            ParameterCurve(
                id: .hapticIntensityControl, time: 0,
                controlPoints: [
                    ControlPoint(time: 0, value: 1), ControlPoint(time: 0.2, value: 0),
                ]))
        let mixer = Mixer(configuration: testConfiguration(rate: 8_000, block: 128))
        let handle = try #require(mixer.allocatePlayer())
        #expect(mixer.enqueue(.start(handle, program: .passRetained(program), atFrame: 0, offset: 0)))
        #expect(mixer.enqueue(.scheduleCurve(handle, curve: .passRetained(curve), atFrame: 800)))
        let storage = BusStorage(capacity: 128)
        var amplitude: [Float] = []
        var curvesReleased = 0
        var programsReleased = 0
        for _ in 0..<80 {
            mixer.render(frameCount: 128, haptic: storage.haptic, audio: storage.audio)
            amplitude += storage.haptic.amplitude.prefix(128)
            mixer.drainNotifications { note in
                if case .curveReleased(let c) = note {
                    c.release()
                    curvesReleased += 1
                }
                if case .programReleased(let p) = note {
                    p.release()
                    programsReleased += 1
                }
            }
        }
        #expect(abs(amplitude[800 + 800] - 0.5) < 0.01)  // half-way down at 0.1 s after the curve start
        #expect(amplitude[800 + 1_700] == 0)
        #expect(curvesReleased == 1 && programsReleased == 1)
    }

    @Test func voicePoolExhaustionIsReportedNotFatal() throws {
        let events = (0..<20).map { Event(type: .hapticTransient, time: Double($0) * 0.001) }
        let program = try PatternProgram(pattern: Pattern(events: events))
        let mixer = Mixer(
            configuration: MixerConfiguration(
                sampleRate: 8_000, maxBlockFrames: 256, playerCapacity: 2, voiceCapacity: 4, commandCapacity: 8))
        let handle = try #require(mixer.allocatePlayer())
        #expect(mixer.enqueue(.start(handle, program: .passUnretained(program), atFrame: 0, offset: 0)))
        let storage = BusStorage(capacity: 256)
        var dropped = 0
        for _ in 0..<4 {
            mixer.render(frameCount: 256, haptic: storage.haptic, audio: storage.audio)
            mixer.drainNotifications { if case .voicesDropped(_, let n) = $0 { dropped += n } }
        }
        #expect(dropped > 0)
    }
}

/// A playback-rate change re-times continuous voices that are already sounding.
@Suite struct RateChangeTests {
    @Test func soundingContinuousEventFollowsANewRate() throws {
        // 1 s sustained at rate 1; after 0.25 s the rate doubles: the remaining 0.75 s take 0.375 s (ends 0.625 s).
        let event = Event(type: .hapticContinuous, time: 0, duration: 1, parameters: [EventParameter(.hapticIntensity, 1)])
        let program = try PatternProgram(pattern: Pattern(events: [event]))
        let result = OfflineRenderer.render(
            timeline: [
                (0, .start(player: 0, program: program)), (0.25, .setRate(player: 0, rate: 2)),
            ], frameCount: 10_000, configuration: testConfiguration(rate: 8_000))
        let end = lastNonZero(result.amplitude) ?? -1
        #expect(abs(end - 5_000) <= 2, "ends at frame \(end)")
        // The 20 ms release at rate 2 lasts 10 ms (80 frames), and the envelope never jumps.
        #expect(result.amplitude[5_000 - 90] > 0.99)
        var largestStep: Float = 0
        for k in 1..<result.amplitude.count { largestStep = Swift.max(largestStep, abs(result.amplitude[k] - result.amplitude[k - 1])) }
        #expect(largestStep < 0.02, "largest step \(largestStep)")
        #expect(result.finished.count == 1)
    }

    @Test func rateChangeDuringTheAttackKeepsTheLevel() throws {
        // AttackTime 0.5 → 0.32 s attack; halving the rate at 0.16 s (level 0.5) stretches the rest to 0.32 s.
        let event = Event(
            type: .hapticContinuous, time: 0, duration: 1,
            parameters: [EventParameter(.hapticIntensity, 1), EventParameter(.attackTime, 0.5)])
        let program = try PatternProgram(pattern: Pattern(events: [event]))
        let result = OfflineRenderer.render(
            timeline: [
                (0, .start(player: 0, program: program)), (0.16, .setRate(player: 0, rate: 0.5)),
            ], frameCount: 8_000, configuration: testConfiguration(rate: 8_000))
        #expect(abs(result.amplitude[1_280] - 0.5) < 0.01)
        #expect(abs(result.amplitude[1_280 + 1_280] - 0.75) < 0.01)  // half of the remaining rise after 0.16 s
        #expect(abs(result.amplitude[1_280 + 2_560 + 10] - 1) < 0.01)
    }
}

/// Releases that do not fit in a full notification queue are retried, so no program or curve leaks.
@Suite struct ReleaseRetryTests {
    @Test func curveReleasesAreRetriedWhenTheQueueIsFull() throws {
        let event = Event(type: .hapticContinuous, time: 0, duration: 0.2, parameters: [EventParameter(.hapticIntensity, 1)])
        let program = try PatternProgram(pattern: Pattern(events: [event]))
        let mixer = Mixer(
            configuration: MixerConfiguration(
                sampleRate: 8_000, maxBlockFrames: 64, playerCapacity: 2, voiceCapacity: 8, commandCapacity: 64,
                notificationCapacity: 16))
        let handle = try #require(mixer.allocatePlayer())
        #expect(mixer.enqueue(.start(handle, program: .passRetained(program), atFrame: 0, offset: 0)))
        // 30 curves, each replacing the one before: 29 releases in the first block, more than the queue holds.
        for i in 0..<30 {
            let curve = try CurveProgram(
                ParameterCurve(
                    id: .hapticIntensityControl, time: 0,
                    controlPoints: [
                        ControlPoint(time: 0, value: 1)
                    ]))
            #expect(mixer.enqueue(.scheduleCurve(handle, curve: .passRetained(curve), atFrame: i)))
        }
        let storage = BusStorage(capacity: 64)
        mixer.render(frameCount: 64, haptic: storage.haptic, audio: storage.audio)
        #expect(mixer.droppedNotificationCount > 0)
        var curves = 0
        var programs = 0
        for _ in 0..<40 {
            mixer.drainNotifications { note in
                if case .curveReleased(let c) = note {
                    c.release()
                    curves += 1
                }
                if case .programReleased(let p) = note {
                    p.release()
                    programs += 1
                }
            }
            mixer.render(frameCount: 64, haptic: storage.haptic, audio: storage.audio)
        }
        mixer.drainNotifications { note in
            if case .curveReleased(let c) = note {
                c.release()
                curves += 1
            }
            if case .programReleased(let p) = note {
                p.release()
                programs += 1
            }
        }
        #expect(curves == 30)
        #expect(programs == 1)
    }

    /// A run's end is its player's completion: one that finds the queue full is posted later, with its own frame,
    /// and the mixer is not idle until it is (an output must not pause with it unposted).
    @Test func finishedNotificationsAreRetriedWhenTheQueueIsFull() throws {
        let program = try PatternProgram(pattern: Pattern(events: [Event(type: .hapticTransient, time: 0)]))
        let mixer = Mixer(
            configuration: MixerConfiguration(
                sampleRate: 8_000, maxBlockFrames: 64, playerCapacity: 40, voiceCapacity: 64, commandCapacity: 64,
                notificationCapacity: 16))
        // 40 runs that all end in the first block: 40 finished and 40 program releases, five times what fits.
        var handles: [PlayerHandle] = []
        for _ in 0..<40 {
            let handle = try #require(mixer.allocatePlayer())
            #expect(mixer.enqueue(.start(handle, program: .passRetained(program), atFrame: 0, offset: 0)))
            handles.append(handle)
        }
        let storage = BusStorage(capacity: 64)
        // Nothing drains until the runs have ended (a transient's run lasts a few blocks).
        for _ in 0..<10 where mixer.droppedNotificationCount == 0 {
            mixer.render(frameCount: 64, haptic: storage.haptic, audio: storage.audio)
        }
        #expect(mixer.droppedNotificationCount > 0)
        var finished: [PlayerHandle: Int] = [:]
        var programs = 0
        func drain() {
            mixer.drainNotifications { note in
                switch note {
                case .playerFinished(let handle, let frame, let stopped):
                    #expect(!stopped)
                    #expect(finished[handle] == nil, "one end per run")
                    finished[handle] = frame
                case .programReleased(let p):
                    p.release()
                    programs += 1
                default: break
                }
            }
        }
        drain()
        #expect(finished.count < 40)
        #expect(!mixer.isQuiet, "ends still to post")
        for _ in 0..<20 {
            mixer.render(frameCount: 64, haptic: storage.haptic, audio: storage.audio)
            drain()
        }
        #expect(Set(finished.keys) == Set(handles))
        // Every run started together ends on the same frame: a late post keeps the frame its run ended on.
        #expect(Set(finished.values).count == 1, "\(Set(finished.values).sorted())")
        #expect(programs == 40)
        #expect(mixer.isQuiet)
    }
}

/// An idle mixer lets its output pause: it must not say so while a motor still holds a transient's burst (a 20 ms
/// tap is held 30 ms on a pad), or the output pauses mid-burst and the rest of the burst comes back as new onsets.
@Suite struct MixerIdleTests {
    @Test func aHeldBurstIsNotIdle() throws {
        let program = try PatternProgram(pattern: Pattern(events: [Event(type: .hapticTransient, time: 0)]))
        let mixer = Mixer(configuration: testConfiguration(rate: 1_000, block: 4), profile: .twoMotorPad)
        let handle = try #require(mixer.allocatePlayer())
        #expect(mixer.enqueue(.start(handle, program: .passUnretained(program), atFrame: 0, offset: 0)))
        let storage = BusStorage(capacity: 4)
        var soundingBlocks = 0
        var lastSounding = -1
        var idleBefore = false
        for block in 0..<30 {
            mixer.render(frameCount: 4, haptic: storage.haptic, audio: storage.audio)
            let sounding = storage.haptic.strong.prefix(4).contains { $0 > 0 } || storage.haptic.weak.prefix(4).contains { $0 > 0 }
            if sounding {
                soundingBlocks += 1
                lastSounding = block
                // Had the mixer called itself idle after the previous block, the output could have paused here.
                #expect(!idleBefore, "block \(block) plays the burst after the mixer said it was idle")
            }
            idleBefore = mixer.isIdle
            mixer.drainNotifications { _ in }
        }
        #expect(soundingBlocks >= 7, "the 30 ms burst spans at least 7 blocks of 4 ms (\(soundingBlocks))")
        #expect(lastSounding < 29 && mixer.isIdle, "idle once the burst is over")
    }
}
