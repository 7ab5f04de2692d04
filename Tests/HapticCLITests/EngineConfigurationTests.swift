import HapticDevices
import HapticEngine
import HapticLinux
import HapticTestSupport
import Testing

@testable import HapticCommands
@testable import OpenCoreHaptics

/// The tool is an ordinary client: its engines are configured for their device exactly as `CHHapticEngine()`
/// configures them.
@Suite(.offTheConcurrencyPool) struct EngineConfigurationTests {
    @Test func playOnAnEvdevPadRendersTheRecommendedEvdevConfiguration() {
        let pad = EvdevDevice(
            capabilities: EvdevCapabilities(
                path: "/dev/input/event7", name: "Test Pad", supportsRumble: true, supportsPeriodicSine: false, supportsGain: true,
                effectSlots: 16))
        let engine = LivePlayback.makeEngine(for: pad)
        #expect(engine.runtime.configuration == EngineConfiguration.recommended(for: pad.info))
        #expect(engine.runtime.configuration.sampleRate == 1_000 && engine.runtime.configuration.blockFrames == 4)
        let simulated = LivePlayback.makeEngine(for: SimulatedDevice(meter: .off))
        #expect(simulated.runtime.configuration.sampleRate == 48_000 && simulated.runtime.configuration.blockFrames == 48)
    }

    @Test func theVerboseTraceShowsTheConfigurationTheEngineStartedWith() throws {
        let result = try CommandRunner.haptic(["play", "success", "--device", "simulated", "--verbose"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("engine started: Simulated simulated-taptic-lra, 48000 Hz in 48-frame blocks, real time"),
            "\(result.stderr)")
    }
}
