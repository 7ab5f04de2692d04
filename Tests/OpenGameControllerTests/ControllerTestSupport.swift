import Foundation
import HapticDevices
import HapticEngine
import HapticLinux
import HapticTestSupport
import OpenCoreHaptics
import Testing

@testable import OpenGameController

/// Simulated controllers on a manual clock, each recording its actuators to a WAV file in a fresh folder.
struct SimulatedPads {
    let folder: URL
    let registry: ControllerRegistry

    /// Installs a registry whose `HAPTIC_CONTROLLERS` lists `models` (each recorded to `<folder>/<index>.wav`).
    init(_ models: [String]) throws {
        let folder = try Fixtures.temporaryDirectory()
        self.folder = folder
        let list = models.enumerated().map { index, model in "simulated:\(model)=wav:\(folder.path)/\(index).wav" }
        registry = ControllerRegistry(
            environment: [
                "HAPTIC_CONTROLLERS": list.joined(separator: ","), "HAPTIC_INPUT_DIR": folder.appendingPathComponent("no-input").path,
            ],
            clock: .manual, watchesHotPlug: false)
        ControllerRegistry.install(registry)
    }

    /// The recording of controller `index`, one channel per actuator.
    func recording(_ index: Int) throws -> WAVFile {
        try WAVFile(contentsOf: folder.appendingPathComponent("\(index).wav"))
    }
}

/// The root-mean-square level of `samples[range]` (clamped to the samples there are).
func rms(_ samples: [Float], _ range: Range<Int>) -> Float {
    let lower = Swift.min(range.lowerBound, samples.count)
    let upper = Swift.min(range.upperBound, samples.count)
    guard upper > lower else { return 0 }
    var sum: Float = 0
    for i in lower..<upper { sum += samples[i] * samples[i] }
    return (sum / Float(upper - lower)).squareRoot()
}

/// A pattern of one transient, as game code writes it.
func tap(intensity: Float, sharpness: Float) throws -> CHHapticPattern {
    try CHHapticPattern(
        events: [
            CHHapticEvent(
                eventType: .hapticTransient,
                parameters: [
                    CHHapticEventParameter(parameterID: .hapticIntensity, value: intensity),
                    CHHapticEventParameter(parameterID: .hapticSharpness, value: sharpness),
                ], relativeTime: 0)
        ], parameters: [])
}

/// A pattern of one continuous event, as game code writes it.
func rumble(intensity: Float, sharpness: Float, seconds: TimeInterval) throws -> CHHapticPattern {
    try CHHapticPattern(
        events: [
            CHHapticEvent(
                eventType: .hapticContinuous,
                parameters: [
                    CHHapticEventParameter(parameterID: .hapticIntensity, value: intensity),
                    CHHapticEventParameter(parameterID: .hapticSharpness, value: sharpness),
                ], relativeTime: 0, duration: seconds)
        ], parameters: [])
}

/// The suites that install a process-wide ``ControllerRegistry`` (and observe the process-wide notification center):
/// they run one at a time.
@Suite(.serialized) enum GameControllerSuites {}

extension ControllerRegistry {
    /// A registry over files that stand for evdev pads: HapticLinux's source with `probe`, each controller's device
    /// from `makeDevice`.
    convenience init(
        environment: [String: String], clock: EngineClockMode,
        probe: @escaping @Sendable (String) -> Result<EvdevCapabilities, DeviceError>,
        makeDevice: @escaping DeviceMaker
    ) {
        var source = ControllerSource.linux(environment: environment, probe: probe)
        source.makeDevice = makeDevice
        self.init(source: source, clock: clock)
    }
}
