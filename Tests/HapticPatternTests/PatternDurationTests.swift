import HapticPattern
import Testing

/// `Pattern.duration(audioDurations:)`: custom audio counts for the length the caller resolved, the model reads no
/// files.
@Suite struct PatternDurationTests {
    let sound = WaveformSource.path("Knock.wav")

    @Test func customAudioWithoutDurationLastsAsLongAsItsResource() {
        let pattern = Pattern(events: [
            Event(type: .hapticTransient, time: 0),
            Event(type: .audioCustom, time: 0.2, waveform: sound),
        ])
        #expect(pattern.duration == 0.2, "the model alone knows no audio length")
        #expect(abs(pattern.duration(audioDurations: [sound: 0.3]) - 0.5) < 1e-12)
        #expect(pattern.duration(audioDurations: [.path("Other.wav"): 9]) == 0.2, "lengths of other resources do not count")
    }

    @Test func anEventDurationCutsOrPadsTheSound() {
        for (given, looping) in [(0.1, false), (1.5, false), (1.5, true)] {
            let event = Event(type: .audioCustom, time: 0.2, duration: given, waveform: sound, waveformLoopEnabled: looping)
            #expect(abs(event.fullDuration(audioDuration: 0.3) - given) < 1e-12)
            #expect(abs(Pattern(events: [event]).duration(audioDurations: [sound: 0.3]) - (0.2 + given)) < 1e-12)
        }
    }

    @Test func otherEventsAndBadLengthsAreUnaffected() {
        let continuous = Event(type: .hapticContinuous, time: 0, duration: 1)
        #expect(continuous.fullDuration(audioDuration: 5) == continuous.fullDuration)
        let custom = Event(type: .audioCustom, time: 0, waveform: sound)
        for bad in [Double.nan, .infinity, -1, 0] { #expect(custom.fullDuration(audioDuration: bad) == 0) }
        #expect(custom.fullDuration(audioDuration: nil) == 0)
        // A curve or parameter after the sound still sets the end.
        let pattern = Pattern(events: [custom], parameters: [DynamicParameter(id: .audioVolumeControl, value: 0.5, time: 0.9)])
        #expect(pattern.duration(audioDurations: [sound: 0.3]) == 0.9)
    }
}
