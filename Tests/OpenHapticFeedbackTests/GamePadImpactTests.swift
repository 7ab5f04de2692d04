import Foundation
import HapticDevices
import HapticRender
import OpenCoreHaptics
import OpenHapticFeedback
import Testing

/// `UIImpactFeedbackGenerator` on a game pad (issue 21): each impact style is felt on a simulated Xbox pad's rumble
/// motors (heavy at least half of full drive, light clearly lighter), and a DualSense's voice coils play them as
/// before. Peaks are the simulated acceleration each handle actuator records (1 = a motor at full speed).
@Suite struct GamePadImpactTests {
    /// Plays one impact of `style` on a fresh simulated `model` pad (both handles, as `GCHapticsLocality.default`)
    /// and returns the peak of the stronger handle.
    static func peak(_ style: UIImpactFeedbackGenerator.FeedbackStyle, on model: SimulatedControllerSpec.Model) throws -> Float {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("impact-\(UInt64.random(in: 0...UInt64.max)).wav").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let device = SimulatedControllerDevice(
            spec: SimulatedControllerSpec(model: model, recordingPath: path), id: "simulated:test#1", name: "Simulated pad")
        let engine = CHHapticEngine(device: device, clock: .manual, route: .handles)
        let center = FeedbackCenter(
            output: EngineFeedbackOutput(engine: engine), preferences: FeedbackPreferences(rateLimit: .unlimited))
        FeedbackCenter.$current.withValue(center) { UIImpactFeedbackGenerator(style: style).impactOccurred() }
        engine.advance(bySeconds: 0.6)
        engine.stop()
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let channels = try WAVDecoder().decodeChannels(bytes).channels
        return channels.prefix(2).map { $0.map(abs).max() ?? 0 }.max() ?? 0
    }

    @Test func impactStylesAreFeltOnAnXboxPad() throws {
        let peaks = try [UIImpactFeedbackGenerator.FeedbackStyle.light, .medium, .heavy].map { try Self.peak($0, on: .xbox) }
        #expect(peaks[2] >= 0.5, "heavy reaches half of full drive: \(peaks)")
        #expect(peaks[0] <= 0.6 * peaks[2], "light clearly lighter: \(peaks)")
        #expect(peaks[1] - peaks[0] >= 0.08 && peaks[2] - peaks[1] >= 0.08, "light < medium < heavy: \(peaks)")
    }

    @Test func impactStylesOnADualSenseAreUnchanged() throws {
        let peaks = try [UIImpactFeedbackGenerator.FeedbackStyle.light, .medium, .heavy].map { try Self.peak($0, on: .dualsense) }
        // Measured before motor bursts existed: a voice coil plays a transient as a waveform, not a burst.
        for (peak, before) in zip(peaks, [Float(0.4185), 0.5858, 0.6760]) {
            #expect(abs(peak - before) < 0.002, "DualSense impacts \(peaks), were 0.4185, 0.5858, 0.6760")
        }
    }
}
