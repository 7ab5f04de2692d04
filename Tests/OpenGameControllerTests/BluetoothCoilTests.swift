import Foundation
import HapticDevices
import HapticLinux
import HapticRender
import HapticTestSupport
import OpenCoreHaptics
import Testing

@testable import OpenGameController

extension GameControllerSuites {
    /// A simulated DualSense on Bluetooth (`simulated:dualsense-bt`): its handles play through the `0x32` coil reports,
    /// whose decoded PCM the pad records.
    @Suite struct BluetoothCoilTests {
        /// A transient at 0.1 s and a continuous event from 0.3 to 0.6 s.
        private func pattern() throws -> CHHapticPattern {
            try CHHapticPattern(
                events: [
                    CHHapticEvent(
                        eventType: .hapticTransient,
                        parameters: [
                            CHHapticEventParameter(parameterID: .hapticIntensity, value: 1),
                            CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.4),
                        ], relativeTime: 0.1),
                    CHHapticEvent(
                        eventType: .hapticContinuous,
                        parameters: [
                            CHHapticEventParameter(parameterID: .hapticIntensity, value: 0.8),
                            CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.2),
                        ], relativeTime: 0.3, duration: 0.3),
                ], parameters: [])
        }

        /// The coil PCM recorded by pad 0 (3000 Hz, left and right).
        private func coilPCM(_ pads: SimulatedPads) throws -> WAVFile {
            try WAVFile(contentsOf: pads.folder.appendingPathComponent("0-coils.wav"))
        }

        /// Plays `pattern` on `locality` of the first (simulated Bluetooth) DualSense for `seconds`, manual clock.
        private func play(_ pattern: CHHapticPattern, on locality: GCHapticsLocality, seconds: Double) throws -> SimulatedPads {
            let pads = try SimulatedPads(["dualsense-bt"])
            let controller = try #require(GCController.controllers().first)
            #expect(controller.vendorName?.contains("Bluetooth") == true)
            let engine = try #require(controller.haptics?.createEngine(withLocality: locality))
            try engine.start()
            try engine.makePlayer(with: pattern).start(atTime: CHHapticTimeImmediate)
            engine.advance(bySeconds: seconds)
            engine.stop()
            return pads
        }

        /// Normalized cross-correlation of `a` against `b` shifted by `lag` frames (b[i + lag] ~ a[i]).
        private func correlation(_ a: [Float], _ b: [Float], lag: Int) -> Double {
            var ab = 0.0
            var aa = 0.0
            var bb = 0.0
            for i in 0..<a.count where i + lag >= 0 && i + lag < b.count {
                let x = Double(a[i])
                let y = Double(b[i + lag])
                ab += x * y
                aa += x * x
                bb += y * y
            }
            return aa > 0 && bb > 0 ? ab / (aa * bb).squareRoot() : 0
        }

        private func onset(_ samples: [Float]) -> Int? {
            let peak = samples.map(abs).max() ?? 0
            return samples.firstIndex { abs($0) > 0.1 * peak }
        }

        @Test func aPatternOnTheHandlesRecordsCoilPCMMatchingItsOfflineRender() throws {
            let chPattern = try pattern()
            let pads = try play(chPattern, on: .handles, seconds: 1)
            let pcm = try coilPCM(pads)
            #expect(pcm.sampleRate == 3_000 && pcm.channels.count == 2)
            // The offline render of the same pattern for the coils, resampled to 3 kHz by the same filter.
            let offline = OfflineRenderer.render(
                program: try PatternProgram(pattern: chPattern.pattern), seconds: 1, configuration: MixerConfiguration(sampleRate: 48_000),
                profile: .voiceCoil)
            var reference: [Float] = []
            var strong = offline.strong
            let resampler = DualSenseCoilResampler(inputRate: 48_000)
            strong.withUnsafeMutableBufferPointer { s in
                resampler.process(left: s, right: s, count: s.count) { l, _ in reference.append(l) }
            }
            for side in 0..<2 {
                let recorded = pcm.channels[side]
                let best = (-150...150).max { correlation(reference, recorded, lag: $0) < correlation(reference, recorded, lag: $1) } ?? 0
                let score = correlation(reference, recorded, lag: best)
                #expect(score >= 0.9, "side \(side): correlation \(score) at lag \(best)")
                let recordedOnset = try #require(onset(recorded))
                let referenceOnset = try #require(onset(reference))
                let error = Double(recordedOnset - referenceOnset) / 3
                #expect(abs(error) <= 2, "side \(side): onset \(error) ms from the offline render's")
                #expect(abs(recordedOnset - 300) <= 30, "the transient at 0.1 s (frame 300 at 3 kHz), not \(recordedOnset)")
            }
        }

        @Test(arguments: [(GCHapticsLocality.leftHandle, 0), (GCHapticsLocality.rightHandle, 1)])
        func eachHandlePlaysOnItsOwnCoil(locality: GCHapticsLocality, side: Int) throws {
            let pads = try play(try pattern(), on: locality, seconds: 0.8)
            let pcm = try coilPCM(pads)
            #expect(rms(pcm.channels[side], 0..<2_400) > 0.05)
            #expect(pcm.channels[1 - side].allSatisfy { $0 == 0 }, "the other coil never moves")
        }
    }
}
