import HapticDevices
import HapticEngine
import Synchronization

extension CHHapticEngine {
    /// Where `CHHapticEngine()` gets its output and what `capabilitiesForHardware()` reports: the injection point
    /// between the Apple facade and device discovery.
    ///
    ///     CHHapticEngine.setDeviceSource(.simulated)          // tests: never touch hardware
    ///     CHHapticEngine.setDeviceSource(CHHapticEngine.DeviceSource(
    ///         output: { RecordingDevice(capacityFrames: 48_000) }, hardware: { [] }))
    package struct DeviceSource: Sendable {
        /// Makes the output device for a new engine.
        package var output: @Sendable () throws -> any HapticDevice
        /// Describes the devices present now; `capabilitiesForHardware()` looks at those that are hardware.
        package var hardware: @Sendable () -> [DeviceInfo]

        /// Creates a source.
        package init(output: @escaping @Sendable () throws -> any HapticDevice, hardware: @escaping @Sendable () -> [DeviceInfo]) {
            self.output = output
            self.hardware = hardware
        }

        /// The default: `HAPTIC_DEVICE` if set, else the first haptic hardware, else the simulated actuator
        /// (``HapticDevices/DeviceDiscovery``); capabilities from the devices discovery finds.
        package static let system = DeviceSource(
            output: { DeviceDiscovery.defaultDevice() },
            hardware: { DeviceDiscovery.devices().devices.map(\.info) })

        /// No hardware, and the simulated actuator as the output.
        package static let simulated = DeviceSource(output: { SimulatedDevice() }, hardware: { [] })
    }

    private static let source = Mutex(DeviceSource.system)

    /// Replaces how engines find their device and what hardware is reported (for tools and tests).
    package static func setDeviceSource(_ source: DeviceSource) {
        Self.source.withLock { $0 = source }
    }

    /// The current source.
    package static var deviceSource: DeviceSource { source.withLock { $0 } }
}
