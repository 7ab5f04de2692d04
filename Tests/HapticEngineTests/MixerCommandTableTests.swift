import HapticPattern
import HapticRender
import Testing

/// Regression tests for the two mixer changes the engine needs (see the engine branch notes): applied commands
/// leave the pending table, and the first command for a new handle claims its slot.
@Suite struct MixerCommandTableTests {
    static func onsets(_ mixer: Mixer, blocks: Int) -> [Int] {
        let storage = BusStorage(capacity: 64)
        var amplitude: [Float] = []
        for _ in 0..<blocks {
            mixer.render(frameCount: 64, haptic: storage.haptic, audio: storage.audio)
            amplitude += Array(storage.haptic.amplitude)
        }
        var result: [Int] = []
        var silent = true
        for (i, a) in amplitude.enumerated() {
            if silent && a > 1e-4 { result.append(i) }
            silent = a <= 1e-4
        }
        return result
    }

    @Test func appliedCommandsAreNotAppliedAgain() throws {
        let mixer = Mixer(configuration: MixerConfiguration(sampleRate: 8_000, maxBlockFrames: 64))
        let program = try PatternProgram(pattern: Pattern(events: [Event(type: .hapticTransient, time: 0)]))
        let handle = try #require(mixer.allocatePlayer())
        defer { withExtendedLifetime(program) {} }  // the test owns the program; the mixer borrows it
        #expect(mixer.enqueue(.start(handle, program: .passUnretained(program), atFrame: 0, offset: 0)))
        // One onset only (a command applied twice would restart the transient); transients sound from their first frame.
        #expect(Self.onsets(mixer, blocks: 20) == [0])
    }

    @Test func settingsSentBeforeTheFirstStartAreKept() throws {
        let mixer = Mixer(configuration: MixerConfiguration(sampleRate: 8_000, maxBlockFrames: 64))
        let program = try PatternProgram(
            pattern: Pattern(events: [
                Event(type: .hapticTransient, time: 0), Event(type: .hapticTransient, time: 0.1),
            ]))
        let handle = try #require(mixer.allocatePlayer())
        #expect(mixer.enqueue(.setRate(handle, rate: 2, atFrame: Int.min)))
        defer { withExtendedLifetime(program) {} }  // the test owns the program; the mixer borrows it
        #expect(mixer.enqueue(.start(handle, program: .passUnretained(program), atFrame: 0, offset: 0)))
        // At rate 2 the second transient (pattern time 0.1 s) sounds 0.05 s = 400 frames in.
        let onsets = Self.onsets(mixer, blocks: 20)
        #expect(onsets.count == 2)
        #expect(abs(onsets[1] - 400) <= 1, "\(onsets)")
    }

    @Test func aStartForAnOlderHandleIsIgnored() throws {
        let mixer = Mixer(configuration: MixerConfiguration(sampleRate: 8_000, maxBlockFrames: 64, playerCapacity: 1))
        let program = try PatternProgram(pattern: Pattern(events: [Event(type: .hapticTransient, time: 0)]))
        let old = try #require(mixer.allocatePlayer())
        #expect(mixer.freePlayer(old))
        let new = try #require(mixer.allocatePlayer())
        #expect(mixer.enqueue(.setMuted(new, muted: false)))
        #expect(mixer.enqueue(.start(old, program: .passRetained(program), atFrame: 0, offset: 0)))
        #expect(Self.onsets(mixer, blocks: 4).isEmpty)
        var released = 0
        mixer.drainNotifications {
            if case .programReleased(let p) = $0 {
                p.release()
                released += 1
            }
        }
        #expect(released == 1)
    }
}
