import HapticDevices
import HapticEngine
import Synchronization

extension CHHapticEngine {
    /// Where `CHHapticEngine()` gets its output, what `capabilitiesForHardware()` reports, and how a removed output
    /// is watched for until it comes back: the injection point between the Apple facade and device discovery.
    ///
    ///     CHHapticEngine.setDeviceSource(.simulated)          // tests: never touch hardware
    ///     CHHapticEngine.setDeviceSource(CHHapticEngine.DeviceSource(
    ///         output: { RecordingDevice(capacityFrames: 48_000) }, hardware: { [] }))
    package struct DeviceSource: Sendable {
        /// Starts watching for a removed device to come back: the watcher calls `found` at most once, on any thread,
        /// with a new, unstarted device for the same hardware, and stops by itself after that or when the returned
        /// watch is cancelled. Returns `nil` when devices of that kind are not watched.
        package typealias ReturnWatcher =
            @Sendable (_ removed: DeviceInfo, _ found: @escaping @Sendable (any HapticDevice) -> Void) -> DeviceReturnWatch?

        /// Makes the output device for a new engine.
        package var output: @Sendable () throws -> any HapticDevice
        /// Describes the devices present now; `capabilitiesForHardware()` looks at those that are hardware.
        package var hardware: @Sendable () -> [DeviceInfo]
        /// Watches for a removed output to be plugged in again (hot-plug); see ``ReturnWatcher``.
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
        /// (``HapticDevices/DeviceDiscovery``); capabilities from the devices discovery finds; a removed evdev
        /// device is watched for with ``HapticDevices/DeviceMonitor`` (``DeviceReturnWatch/system(_:found:)``).
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

    private static let source = Mutex(DeviceSource.system)

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

/// A running watch for a removed device (see ``CHHapticEngine/DeviceSource/ReturnWatcher``).
package final class DeviceReturnWatch: Sendable {
    private let cancelBody: Mutex<(@Sendable () -> Void)?>

    /// A watch that `cancel` ends (called at most once).
    package init(cancel: @escaping @Sendable () -> Void) { cancelBody = Mutex(cancel) }

    /// Stops watching; the `found` callback is not called after this returns (unless it was already running).
    /// Safe to call twice.
    package func cancel() {
        let body = cancelBody.withLock { body -> (@Sendable () -> Void)? in
            defer { body = nil }
            return body
        }
        body?()
    }

    /// The system watcher: ``evdev(_:directory:probe:makeDevice:found:)`` on Linux, `nil` elsewhere.
    package static func system(_ removed: DeviceInfo, found: @escaping @Sendable (any HapticDevice) -> Void) -> DeviceReturnWatch? {
        #if os(Linux)
        return evdev(removed, found: found)
        #else
        return nil
        #endif
    }

    #if os(Linux)
    /// The Linux watcher: for an evdev device, a ``HapticDevices/DeviceMonitor`` on `/dev/input` (or
    /// `HAPTIC_INPUT_DIR`) that reports the first force-feedback node whose kernel name (`EVIOCGNAME`) equals the
    /// removed device's, whatever its node number; `nil` for other kinds.
    ///
    /// Identity is the kernel name, because a re-plugged pad usually gets a new `eventN` and nothing else stable is
    /// read by the probe; with two pads of the same model, the first that appears is taken.
    ///
    /// - Parameters:
    ///   - removed: the device that was removed.
    ///   - directory: the directory to watch (tests); `nil` for `HAPTIC_INPUT_DIR` or `/dev/input`.
    ///   - probe: how a node is probed (tests); `nil` for the real `EVIOCGNAME`/`EVIOCGBIT` probe.
    ///   - makeDevice: makes the device for a discovered ID (tests replace it).
    ///   - found: called once with the new device.
    package static func evdev(
        _ removed: DeviceInfo, directory: String? = nil,
        probe: (@Sendable (String) -> Result<EvdevCapabilities, DeviceError>)? = nil,
        makeDevice: @escaping @Sendable (String) throws -> any HapticDevice = { id in try DeviceDiscovery.makeDevice(id: id) },
        found: @escaping @Sendable (any HapticDevice) -> Void
    ) -> DeviceReturnWatch? {
        guard removed.kind == .evdev else { return nil }
        let directory = directory ?? ProcessEnvironment.current["HAPTIC_INPUT_DIR"] ?? "/dev/input"
        let monitor = probe.map { DeviceMonitor(directory: directory, probe: $0) } ?? DeviceMonitor(directory: directory)
        let box = DoneBox()
        do {
            try monitor.start { event in
                // The removed node itself can linger for a moment but no longer probes (ENODEV), so it is never
                // reported; a node already present with the same name is a device of the same identity.
                guard case .added(let discovered) = event, discovered.info.name == removed.name,
                    !box.done.load(ordering: .acquiring)
                else { return }
                guard let device = try? makeDevice(discovered.info.id) else { return }
                guard box.done.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
                found(device)
                // Stopping joins the monitor thread, which never waits for this queue.
                monitor.stop()
            }
        } catch {
            return nil
        }
        return DeviceReturnWatch {
            box.done.store(true, ordering: .releasing)
            monitor.stop()
        }
    }
    #endif

    private final class DoneBox: Sendable {
        let done = Atomic<Bool>(false)
    }
}
