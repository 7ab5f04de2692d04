import Foundation
import HapticInterchange
import HapticPattern
import HapticTestSupport
import Testing

@Suite struct HapticFileRoundTripTests {
    func load(_ url: URL) throws -> Pattern {
        try AHAPReader.read(Array(try Data(contentsOf: url)), file: url.lastPathComponent).pattern
    }

    /// AHAP → .haptic (text) → AHAP on every pattern file (own fixtures, plus the corpus when present): the haptic signal survives within measured bounds.
    @Test func corpusRoundTripHasBoundedError() throws {
        var worst = SignalDifference(PatternSignal(Pattern()), PatternSignal(Pattern()))
        for url in Fixtures.patternFiles() {
            let original = try load(url)
            let forward = HapticFile.converting(original)
            let text = forward.value.encoded()
            let decoded = try HapticFile.decode(Data(text.utf8), file: url.lastPathComponent)
            #expect(decoded.validate().isEmpty)
            let back = decoded.pattern()
            // The AHAP we write is itself valid and playable.
            let reread = try AHAPReader.read(Array(try AHAPWriter.string(from: back.value).utf8))
            #expect(PatternValidator.playabilityErrors(in: reread.pattern).isEmpty, "\(url.lastPathComponent)")
            let difference = SignalDifference(PatternSignal(original), PatternSignal(reread.pattern))
            print("round trip \(url.lastPathComponent): \(difference)")
            #expect(difference.transientCounts.0 == difference.transientCounts.1, "\(url.lastPathComponent)")
            #expect(difference.transientTime < 2e-6, "\(url.lastPathComponent)")
            #expect(difference.transientIntensity < 0.001, "\(url.lastPathComponent): \(difference)")
            #expect(difference.transientSharpness < 0.001, "\(url.lastPathComponent): \(difference)")
            #expect(difference.intensity < 0.02, "\(url.lastPathComponent): \(difference)")
            #expect(difference.sharpness < 0.01, "\(url.lastPathComponent): \(difference)")
            worst.intensity = max(worst.intensity, difference.intensity)
            worst.sharpness = max(worst.sharpness, difference.sharpness)
            worst.transientIntensity = max(worst.transientIntensity, difference.transientIntensity)
        }
        print("round trip worst: \(worst)")
    }
}
