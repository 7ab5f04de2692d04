import HapticDevices
import HapticEngine
import HapticLinux
import HapticRender
import HapticSystem

extension CHHapticEngine {
    /// Where `CHHapticEngine()` gets its output, what `capabilitiesForHardware()` reports, and how a removed output
    /// is watched for until it comes back: the injection point between the Apple facade and device discovery.
    ///
    ///     CHHapticEngine.setDeviceSource(.simulated)          // tests: never touch hardware
    ///     CHHapticEngine.setDeviceSource(CHHapticEngine.DeviceSource(
    ///         output: { RecordingDevice(capacityFrames: 48_000) }, hardware: { [] }))
    package struct DeviceSource: Sendable {
        /// Makes the output device for a new engine.
        package var output: @Sendable () throws -> any HapticDevice
        /// Describes the devices present now; `capabilitiesForHardware()` looks at those that are hardware.
        package var hardware: @Sendable () -> [DeviceInfo]
        /// Watches for a removed output to be plugged in again (hot-plug); see `ReturnWatcher`.
        package var watchForReturn: ReturnWatcher
        /// The output the user chose explicitly (`HAPTIC_DEVICE`), if any and usable; `capabilitiesForHardware()`
        /// describes it instead of the hardware.
        package var chosen: @Sendable () -> DeviceInfo?

        /// Creates a source; by default removed devices are not watched and no output is chosen explicitly.
        package init(
            output: @escaping @Sendable () throws -> any HapticDevice, hardware: @escaping @Sendable () -> [DeviceInfo],
            watchForReturn: @escaping ReturnWatcher = { _, _ in nil }, chosen: @escaping @Sendable () -> DeviceInfo? = { nil }
        ) {
            self.output = output
            self.hardware = hardware
            self.watchForReturn = watchForReturn
            self.chosen = chosen
        }

        /// The default: `HAPTIC_DEVICE` if set, else the first haptic hardware, else the simulated actuator
        /// (HapticLinux's `DeviceDiscovery`); capabilities from the devices discovery finds; a removed evdev
        /// device is watched for with `DeviceMonitor` (`DeviceReturnWatch.system(_:found:)`, HapticLinux).
        package static let system = DeviceSource(
            output: { DeviceDiscovery.defaultDevice() },
            hardware: { DeviceDiscovery.devices().devices.map(\.info) },
            watchForReturn: { removed, found in DeviceReturnWatch.system(removed, found: found) },
            chosen: {
                guard let id = ProcessEnvironment.current[DeviceDiscovery.overrideVariable], !id.isEmpty else { return nil }
                return (try? DeviceDiscovery.makeDevice(id: id))?.info
            })

        /// No hardware, and the simulated actuator as the output.
        package static let simulated = DeviceSource(output: { SimulatedDevice() }, hardware: { [] })
    }

    private static let source = LockedState(DeviceSource.system)

    /// Replaces how engines find their device and what hardware is reported (for tools and tests).
    package static func setDeviceSource(_ source: DeviceSource) {
        Self.source.withLock { $0 = source }
    }

    /// A source for the engines created by the current task only (tests that must not change the process-wide
    /// source under other tests): `CHHapticEngine.$taskDeviceSource.withValue(source) { try CHHapticEngine() }`.
    @TaskLocal package static var taskDeviceSource: DeviceSource?

    /// The current source: the task's, else the process-wide one.
    package static var deviceSource: DeviceSource { taskDeviceSource ?? source.withLock { $0 } }
}
