import HapticPattern
import HapticRender
import Testing

/// Seeks, start offsets and loop wraps that land inside an event resume it part-way.
@Suite struct SeekResumeTests {
    static let rate = 8_000.0
    /// The mixer's fade-in for a resumed voice (the default stop fade, 2 ms).
    static let fade = 16

    /// Renders `program` from 0 and from `offset`, and returns both haptic amplitudes and audio left channels.
    func renderBoth(_ program: PatternProgram, offset: Double, frames: Int)
        -> (full: RenderResult, seeked: RenderResult, offsetFrames: Int)
    {
        let configuration = testConfiguration(rate: Self.rate)
        let full = OfflineRenderer.render(
            timeline: [(0, .start(player: 0, program: program))], frameCount: frames,
            configuration: configuration)
        let seeked = OfflineRenderer.render(
            timeline: [(0, .start(player: 0, program: program, offset: offset))],
            frameCount: frames, configuration: configuration)
        return (full, seeked, Int((offset * Self.rate).rounded()))
    }

    /// The seeked render equals the full render shifted by the offset, once the fade-in is over.
    func expectResumed(_ full: [Float], _ seeked: [Float], offsetFrames: Int, tolerance: Float = 1e-3) {
        var worst: Float = 0
        for k in Self.fade..<(seeked.count - offsetFrames) {
            worst = Swift.max(worst, abs(seeked[k] - full[offsetFrames + k]))
        }
        #expect(worst < tolerance, "largest difference \(worst)")
        let sounds = seeked.contains { $0 != 0 }
        #expect(sounds, "nothing resumed")
    }

    @Test func startOffsetResumesContinuousHapticInAttack() throws {
        // AttackTime 0.5 → 0.02·2^4 = 0.32 s of attack; an offset of 0.16 s lands half-way up it.
        let event = Event(
            type: .hapticContinuous, time: 0, duration: 1,
            parameters: [EventParameter(.hapticIntensity, 1), EventParameter(.attackTime, 0.5)])
        let program = try PatternProgram(pattern: Pattern(events: [event]))
        let (full, seeked, offset) = renderBoth(program, offset: 0.16, frames: 8_000)
        expectResumed(full.amplitude, seeked.amplitude, offsetFrames: offset)
        #expect(abs(seeked.amplitude[Self.fade] - 0.5) < 0.01)
        #expect(seeked.amplitude[0] < 0.1)  // fades in, no click
    }

    @Test func startOffsetResumesContinuousHapticInSustainAndRelease() throws {
        // Sustained, 0.5 s, ReleaseTime 0.5 → 0.32 s release from 0.46 s to 0.78 s.
        let event = Event(
            type: .hapticContinuous, time: 0, duration: 0.5,
            parameters: [EventParameter(.hapticIntensity, 1), EventParameter(.releaseTime, 0.5)])
        let program = try PatternProgram(pattern: Pattern(events: [event]))
        let sustain = renderBoth(program, offset: 0.3, frames: 6_000)
        expectResumed(sustain.full.amplitude, sustain.seeked.amplitude, offsetFrames: sustain.offsetFrames)
        #expect(abs(sustain.seeked.amplitude[100] - 1) < 1e-3)
        let release = renderBoth(program, offset: 0.62, frames: 6_000)
        expectResumed(release.full.amplitude, release.seeked.amplitude, offsetFrames: release.offsetFrames)
        #expect(abs(release.seeked.amplitude[Self.fade] - 0.5) < 0.02)
        let end = lastNonZero(release.seeked.amplitude) ?? -1
        #expect(abs(end - (6_240 - 4_960)) <= 2)  // ends at 0.78 s of pattern time
    }

    @Test func startOffsetResumesAudioContinuousInPhase() throws {
        let event = Event(type: .audioContinuous, time: 0, duration: 1, parameters: [EventParameter(.audioVolume, 1)])
        let program = try PatternProgram(pattern: Pattern(events: [event]))
        let (full, seeked, offset) = renderBoth(program, offset: 0.4, frames: 8_000)
        expectResumed(full.audioLeft, seeked.audioLeft, offsetFrames: offset)
    }

    @Test func startOffsetResumesCustomAudioAtTheRightSample() throws {
        // One second of a ramp at 4 kHz: the sample value tells where playback is.
        let samples = (0..<4_000).map { Float($0) / 4_000 }
        let buffer = AudioBuffer(sampleRate: 4_000, channelCount: 1, interleaved: samples)
        let event = Event(
            type: .audioCustom, time: 0.1, parameters: [EventParameter(.audioVolume, 1)],
            waveform: .path("ramp.wav"))
        let program = try PatternProgram(pattern: Pattern(events: [event]), audio: [.path("ramp.wav"): buffer])
        let (full, seeked, offset) = renderBoth(program, offset: 0.6, frames: 8_000)
        expectResumed(full.audioLeft, seeked.audioLeft, offsetFrames: offset)
        // 0.5 s into the resource: sample value 0.5 (× the equal-power centre gain).
        #expect(abs(seeked.audioLeft[Self.fade] / 0.707_1 - 0.5) < 0.01)
    }

    @Test func seekWhilePlayingResumesTheEventUnderWay() throws {
        let event = Event(type: .hapticContinuous, time: 0.5, duration: 1, parameters: [EventParameter(.hapticIntensity, 1)])
        let program = try PatternProgram(pattern: Pattern(events: [event]))
        let result = OfflineRenderer.render(
            timeline: [(0, .start(player: 0, program: program)), (0.1, .seek(player: 0, offset: 1))],
            frameCount: 8_000, configuration: testConfiguration(rate: Self.rate))
        #expect(result.amplitude[800 + 100] > 0.99)
        let end = lastNonZero(result.amplitude) ?? -1
        #expect(abs(end - (800 + 4_000)) <= 2)  // the remaining 0.5 s
    }

    @Test func transientsBeforeTheOffsetDoNotReplay() throws {
        let program = try PatternProgram(
            pattern: Pattern(events: [
                Event(type: .hapticTransient, time: 0.1), Event(type: .hapticTransient, time: 0.3),
            ]))
        let seeked = OfflineRenderer.render(
            timeline: [(0, .start(player: 0, program: program, offset: 0.105))],
            frameCount: 4_000, configuration: testConfiguration(rate: Self.rate))
        #expect(firstNonZero(seeked.amplitude) == 1_560)
    }

    @Test func loopWrapIntoTheMiddleOfAnEventResumesIt() throws {
        // Continuous 0 … 0.8 s, loop end 1 s; starting at 1.4 s wraps to 0.4 s, inside the event.
        let event = Event(type: .hapticContinuous, time: 0, duration: 0.8, parameters: [EventParameter(.hapticIntensity, 1)])
        let program = try PatternProgram(pattern: Pattern(events: [event]))
        let result = OfflineRenderer.render(
            timeline: [
                (0, .setLoop(player: 0, enabled: true, loopEnd: 1)), (0, .start(player: 0, program: program, offset: 1.4)),
            ], frameCount: 8_000, configuration: testConfiguration(rate: Self.rate))
        #expect(result.amplitude[100] > 0.99)
        // Silent from 0.8 s to 1 s of pattern time (frames 3 200 … 4 800), then the next loop starts it again.
        let silent = result.amplitude[3_210..<4_790].allSatisfy { $0 == 0 }
        #expect(silent)
        #expect(result.amplitude[4_800] > 0)
    }
}
