import HapticDevices
import HapticEngine
import Synchronization

extension CHHapticEngine {
    /// Where `CHHapticEngine()` gets its output and what `capabilitiesForHardware()` reports: the injection point
    /// for device discovery.
    ///
    ///     CHHapticEngine.setDeviceDiscovery(
    ///         output: { try discovery.bestDevice() },            // real hardware first, else simulated
    ///         hardware: { discovery.hardwareDevices() })
    package struct DeviceDiscovery: Sendable {
        /// Makes the output device for a new engine.
        package var output: @Sendable () throws -> any HapticDevice
        /// Describes the hardware present now (empty when there is none).
        package var hardware: @Sendable () -> [DeviceInfo]

        /// The default until device discovery lands: no hardware, and the simulated actuator as the output.
        package static let simulated = DeviceDiscovery(output: { SimulatedDevice() }, hardware: { [] })
    }

    private static let discovery = Mutex(DeviceDiscovery.simulated)

    /// Replaces how engines find their device and what hardware is reported (for the device layer and tests).
    package static func setDeviceDiscovery(_ discovery: DeviceDiscovery) {
        Self.discovery.withLock { $0 = discovery }
    }

    /// The current discovery.
    package static var deviceDiscovery: DeviceDiscovery { discovery.withLock { $0 } }
}
