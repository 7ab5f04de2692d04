import Foundation
import HapticPattern
import HapticRender
import HapticTestSupport
import Testing

/// The first pattern a newcomer plays (README: `haptic play Examples/Patterns/Welcome.ahap`) must be felt whole.
@Suite struct WelcomePatternTests {
    /// Its closing double tap plays at the taps' own intensities: the swell's control curves return to neutral
    /// before the taps (a curve's last value holds, so a curve left at 0.2 would scale the taps to a fifth).
    @Test func theClosingDoubleTapIsFeltAtItsOwnIntensity() throws {
        let url = Fixtures.packageRoot.appendingPathComponent("Examples/Patterns/Welcome.ahap")
        let pattern = try AHAPReader.read(Array(try Data(contentsOf: url))).pattern
        let taps = pattern.events.filter { $0.type == .hapticTransient && $0.time > 1 }
        #expect(taps.count == 2)
        let rate = 8_000.0
        let result = OfflineRenderer.render(
            program: try PatternProgram(pattern: pattern), seconds: pattern.duration + 0.1, configuration: testConfiguration(rate: rate))
        for tap in taps {
            let intensity = Double(tap.parameters.first { $0.id == .hapticIntensity }?.value ?? 1)
            let start = Int(tap.time * rate)
            let peak = result.amplitude[start..<(start + Int(0.02 * rate))].max() ?? 0
            #expect(abs(Double(peak) - intensity) < 0.05, "tap at \(tap.time) s peaks at \(peak), its intensity is \(intensity)")
        }
    }
}
