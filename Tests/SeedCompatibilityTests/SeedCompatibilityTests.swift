import Foundation
import HapticDevices
import HapticTestSupport
import OpenHapticFeedback
import Testing

@testable import OpenCoreHaptics

/// The seed code in SeedCode.swift runs as written and does what its sample promises, recorded through a `wav:`
/// output in real time (as `HAPTIC_DEVICE=wav:<path>` records an app).
@Suite(.serialized) struct SeedCompatibilityTests {
    /// Runs `body` with `CHHapticEngine()` recording into a fresh WAV file (drive, audio left, audio right), then
    /// reads the file.
    func recording(_ body: () async throws -> Void) async throws -> WAVFile {
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("seed.wav").path
        let source = CHHapticEngine.DeviceSource(
            output: { WAVDevice(path: path) }, hardware: { [] }, chosen: { WAVDevice(path: path).info })
        try await CHHapticEngine.$taskDeviceSource.withValue(source) { try await body() }
        return try WAVFile(contentsOf: URL(fileURLWithPath: path))
    }

    /// The first frame above `threshold` and the peak of the channel.
    func onset(_ samples: [Float], threshold: Float = 0.01) -> (frame: Int?, peak: Float) {
        (samples.firstIndex { abs($0) > threshold }, samples.map(abs).max() ?? 0)
    }

    @Test func seed001TapPlaysAlthoughTheEngineStopsRightAfterTheStart() async throws {
        let file = try await recording { try playSingleTap() }
        let drive = onset(file.channels[0])
        #expect(drive.frame != nil, "the tap is in the recording")
        // The whole transient (10–20 ms of drive) is there, not the 1 ms of one block.
        let active = file.channels[0].filter { abs($0) > 0.01 }.count
        #expect(Double(active) / Double(file.sampleRate) > 0.008, "\(active) active frames")
        #expect(drive.peak > 0.3)
    }

    @Test func seed001AsyncSpellingPlaysToo() async throws {
        let file = try await recording { try await playSingleTapAsync() }
        #expect(onset(file.channels[0]).frame != nil)
    }

    // Deprecated like the seed's createPlayer(with:) it calls, so the deprecation is stated once, not warned about.
    @available(*, deprecated, message: "calls seed 003's createPlayer(with:) spelling")
    @Test func seed003CollisionsPlaySoundAndTouchTogether() async throws {
        let file = try await recording {
            let bounce = try BounceCollisions()
            try bounce.playCollision(magnitude: 0.9)
            try await Task.sleep(for: .milliseconds(150))
            bounce.stop()
        }
        let drive = onset(file.channels[0])
        let audio = onset(file.channels[1])
        let driveFrame = try #require(drive.frame, "no haptic output")
        let audioFrame = try #require(audio.frame, "no audio output")
        // Both events are at relative time 0: they start within a couple of milliseconds of each other.
        #expect(abs(driveFrame - audioFrame) < file.sampleRate / 200, "haptic at \(driveFrame), audio at \(audioFrame)")
    }

    @Test func seed002ShortImpactSpellingsAreTheLabelledValues() {
        #expect(
            Array(seedFeedbackValues.prefix(7)) == [
                .impact(weight: .light), .impact(weight: .medium), .impact(weight: .heavy), .impact(flexibility: .rigid),
                .impact(flexibility: .soft), .impact(flexibility: .solid), .impact(weight: .heavy, intensity: 0.5),
            ])
    }

    @Test func anExplicitlyChosenSimulatedOutputReportsHaptics() async {
        let simulated = CHHapticEngine.DeviceSource(
            output: { SimulatedDevice() }, hardware: { [] }, chosen: { SimulatedDevice().info })
        CHHapticEngine.$taskDeviceSource.withValue(simulated) {
            #expect(CHHapticEngine.capabilitiesForHardware().supportsHaptics)
        }
        CHHapticEngine.$taskDeviceSource.withValue(.simulated) {
            #expect(!CHHapticEngine.capabilitiesForHardware().supportsHaptics, "no choice made: no hardware, no haptics")
        }
    }
}
