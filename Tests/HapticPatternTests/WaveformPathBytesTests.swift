import HapticPattern
import Testing

/// `EventWaveformPath` is judged on bytes, as the kernel reads it, not on Swift Characters.
@Suite struct WaveformPathBytesTests {
    @Test func aCombiningMarkAfterASlashDoesNotHideDotDotOrAnAbsolutePath() {
        // "../" + U+0301: Swift sees the Characters ".", ".", "/\u{301}", "x" (no "/"), the kernel sees ".." and "/".
        #expect(AHAPReader.problem(withWaveformPath: "../\u{301}x.wav", policy: .confinedToFolder)?.contains("leaves") == true)
        #expect(AHAPReader.problem(withWaveformPath: "/\u{301}etc/x.wav", policy: .confinedToFolder)?.contains("absolute") == true)
        #expect(AHAPReader.problem(withWaveformPath: "a/../b.wav", policy: .confinedToFolder) == nil)
        #expect(AHAPReader.problem(withWaveformPath: "café/\u{301}b.wav", policy: .confinedToFolder) == nil)
    }
}
