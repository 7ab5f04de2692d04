import HapticAnalysis
import HapticLoading
import HapticPattern
import HapticTestSupport
import Testing

/// The one function that builds a pattern from an analysis, for `haptic from-audio`, the studio's import and
/// `CHHapticPattern(contentsOfAudioAt:)`: the band asked for, the sound first at 0 when asked, and no sound track
/// on a pattern without haptics.
@Suite struct AudioFileAnalysisSoundTrackTests {
    static let hits = SyntheticAudio.hits(seconds: 2)

    @Test func theSoundTrackComesFirstAtZeroOnTheBandAskedFor() throws {
        var options = AudioAnalysisOptions()
        options.crossoverFrequency = 200
        let analysis = try AudioAnalyzer.analyze(
            interleaved: Self.hits.audio.samples, sampleRate: Self.hits.audio.sampleRate, channelCount: 1, options: options)
        #expect(AudioFileAnalysis.pattern(of: analysis) == analysis.pattern)
        let low = try #require(analysis.lowBandPattern)
        let high = try #require(analysis.highBandPattern)
        #expect(AudioFileAnalysis.pattern(of: analysis, band: .low) == low)
        #expect(AudioFileAnalysis.pattern(of: analysis, band: .high) == high)
        let withSound = AudioFileAnalysis.pattern(of: analysis, band: .low, soundTrack: "sounds/hits.wav")
        #expect(withSound.entries.count == low.entries.count + 1)
        #expect(withSound.entries.first == .event(Event(type: .audioCustom, time: 0, waveform: .path("sounds/hits.wav"))))
        #expect(Array(withSound.entries.dropFirst()) == low.entries)
    }

    @Test func aSilentSoundGetsNoSoundTrack() throws {
        let analysis = try AudioAnalyzer.analyze(interleaved: SyntheticAudio(seconds: 1).samples, sampleRate: 48_000, channelCount: 1)
        #expect(analysis.pattern.entries.isEmpty)
        #expect(AudioFileAnalysis.pattern(of: analysis, soundTrack: "silence.wav").entries.isEmpty)
        // A band of an analysis without a split is empty.
        #expect(AudioFileAnalysis.pattern(of: analysis, band: .high, soundTrack: "silence.wav").entries.isEmpty)
    }
}
