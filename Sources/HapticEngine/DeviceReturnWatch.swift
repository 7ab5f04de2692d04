import HapticDevices
import HapticRender
import HapticSystem
import Synchronization

/// Watches for a removed device to come back: calls `found` at most once, on any thread, with a new, unstarted device
/// for the same hardware, and stops by itself after that or when the returned watch is cancelled. Returns `nil` when
/// devices of that kind are not watched. ``DeviceReturnWatch/system(_:found:)`` is the system's.
public typealias ReturnWatcher =
    @Sendable (_ removed: DeviceInfo, _ found: @escaping @Sendable (any HapticDevice) -> Void) -> DeviceReturnWatch?

/// A running watch for a removed device: made by a ``ReturnWatcher`` when an engine's output was removed (hot-plug),
/// cancelled when the device came back or the engine went away.
public final class DeviceReturnWatch: Sendable {
    private let cancelBody: LockedState<(@Sendable () -> Void)?>

    /// A watch that `cancel` ends (called at most once).
    public init(cancel: @escaping @Sendable () -> Void) { cancelBody = LockedState(cancel) }

    /// Stops watching; the `found` callback is not called after this returns (unless it was already running).
    /// Safe to call twice.
    public func cancel() {
        let body = cancelBody.withLock { body -> (@Sendable () -> Void)? in
            defer { body = nil }
            return body
        }
        body?()
    }

    /// The system watcher: `evdev(_:directory:probe:makeDevice:found:)` on Linux, `nil` elsewhere.
    public static func system(_ removed: DeviceInfo, found: @escaping @Sendable (any HapticDevice) -> Void) -> DeviceReturnWatch? {
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
