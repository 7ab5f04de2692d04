import HapticDevices
import HapticSystem
import Synchronization

// The system's watchers for a removed device (`ReturnWatcher`): what `CHHapticEngine`'s device source connects.
extension DeviceReturnWatch {
    /// The system watcher: `evdev(_:directory:probe:makeDevice:found:)` on Linux, `nil` elsewhere.
    public static func system(_ removed: DeviceInfo, found: @escaping @Sendable (any HapticDevice) -> Void) -> DeviceReturnWatch? {
        #if os(Linux)
        return evdev(removed, found: found)
        #else
        return nil
        #endif
    }

    #if os(Linux)
    /// The Linux watcher: for an evdev device, a ``DeviceMonitor`` on `/dev/input` (or
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
}

/// Whether a watch has reported its device or was cancelled.
private final class DoneBox: Sendable {
    let done = Atomic<Bool>(false)
}
