import Foundation
import HapticTestSupport
import OpenCoreHaptics
import Testing

@testable import OpenGameController

/// Taps are felt on every pad (issue 21): a transient on a rumble motor gets the motor's minimum on-time and an
/// overdrive kick, so the library's impacts reach the strength their intensity asks for — heavy at least half of full
/// drive, light clearly lighter — while continuous rumble and a DualSense's voice coils play as before. Peaks are the
/// simulated acceleration each actuator records (1 = a motor at full speed).
extension GameControllerSuites {
    @Suite struct TapStrengthTests {
        /// The library's impacts (`impact-light`, `impact-medium`, `impact-heavy`): one transient each.
        static let impacts: [(name: String, intensity: Float, sharpness: Float)] = [
            ("light", 0.5, 0.43), ("medium", 0.7, 0.43), ("heavy", 1, 0.57),
        ]

        /// Plays `pattern` on a fresh simulated `model` pad through `locality` and returns each handle actuator's peak.
        static func peaks(
            _ model: String, _ pattern: CHHapticPattern, locality: GCHapticsLocality = .default, seconds: Double = 0.6
        ) throws -> (strong: Float, weak: Float) {
            let pads = try SimulatedPads([model])
            let engine = try #require(GCController.controllers().first?.haptics?.createEngine(withLocality: locality))
            try engine.start()
            try engine.makePlayer(with: pattern).start(atTime: CHHapticTimeImmediate)
            engine.advance(bySeconds: seconds)
            engine.stop()
            let channels = try pads.recording(0).channels
            return (channels[0].map(abs).max() ?? 0, channels[1].map(abs).max() ?? 0)
        }

        /// The stronger handle's peak for each impact on `model`.
        static func impactPeaks(_ model: String) throws -> [Float] {
            try impacts.map { impact in
                let p = try peaks(model, tap(intensity: impact.intensity, sharpness: impact.sharpness))
                return max(p.strong, p.weak)
            }
        }

        @Test func impactsOnAnXboxPadAreFeltAndKeepTheirOrder() throws {
            var table: [String] = []
            var strongest: [Float] = []
            for impact in Self.impacts {
                let p = try Self.peaks("xbox", tap(intensity: impact.intensity, sharpness: impact.sharpness))
                table.append("\(impact.name) \(p.strong)/\(p.weak)")
                strongest.append(max(p.strong, p.weak))
                if impact.name == "heavy" {
                    // Both motors are kicked; the strong one vibrates at ≈ 30 Hz, so its recorded peak catches less
                    // of its top speed than the weak one's.
                    #expect(p.strong >= 0.45 && p.weak >= 0.5, "a heavy impact drives both motors: \(table)")
                }
            }
            let (light, medium, heavy) = (strongest[0], strongest[1], strongest[2])
            #expect(heavy >= 0.5, "heavy impact peak \(heavy): \(table)")
            #expect(light <= 0.6 * heavy, "light clearly lighter than heavy: \(table)")
            #expect(medium - light >= 0.08 && heavy - medium >= 0.08, "light < medium < heavy with margins: \(table)")
        }

        /// `player.start(atTime: 0)` then `engine.stop()` plays the tap on Apple's devices; on a pad that means its
        /// whole burst (`haptic play` stops the engine as soon as the pattern has played out).
        @Test func stoppingRightAfterATapLetsItsBurstPlay() throws {
            let pads = try SimulatedPads(["xbox"])
            let engine = try #require(GCController.controllers().first?.haptics?.createEngine(withLocality: .default))
            try engine.start()
            try engine.makePlayer(with: tap(intensity: 1, sharpness: 0.57)).start(atTime: CHHapticTimeImmediate)
            engine.stop()
            let channels = try pads.recording(0).channels
            let peak = max(channels[0].map(abs).max() ?? 0, channels[1].map(abs).max() ?? 0)
            #expect(peak >= 0.5, "heavy tap stopped at once: peak \(peak)")
        }

        /// The ControllerHaptics example's heavy thud (intensity 1, sharpness 0.1) on the left handle's motor alone.
        @Test func aThudOnOneHandleIsFelt() throws {
            let left = try Self.peaks("xbox", tap(intensity: 1, sharpness: 0.1), locality: .leftHandle)
            #expect(left.strong >= 0.5 && left.weak == 0, "left handle only: \(left)")
        }

        /// Continuous rumble is not kicked: the motor spins up at its own pace, to the level it always reached.
        @Test func continuousRumbleIsUnchanged() throws {
            // Peaks measured before motor bursts existed (strong, weak).
            let before: [(Float, Float, Double, (Float, Float))] = [
                (1, 0.5, 0.3, (0.9761, 0.9779)), (0.5, 0.5, 0.3, (0.2441, 0.2443)), (1, 0.5, 0.05, (0.1238, 0.1258)),
            ]
            for (intensity, sharpness, seconds, expected) in before {
                let p = try Self.peaks("xbox", rumble(intensity: intensity, sharpness: sharpness, seconds: seconds))
                #expect(
                    abs(p.strong - expected.0) < 0.002 && abs(p.weak - expected.1) < 0.002,
                    "continuous \(intensity) for \(seconds) s: \(p), was \(expected)")
            }
        }

        /// A DualSense's handles are voice coils: its taps are waveforms, unchanged by the motor rules.
        @Test func dualSenseImpactsAreUnchanged() throws {
            let peaks = try Self.impactPeaks("dualsense")
            // Measured before motor bursts existed.
            for (peak, before) in zip(peaks, [Float(0.4185), 0.5858, 0.6760]) {
                #expect(abs(peak - before) < 0.002, "DualSense impacts \(peaks), were 0.4185, 0.5858, 0.6760")
            }
        }
    }
}
