import HapticSystem

#if os(Linux)
import CHapticSupport
import Dispatch
import HapticDevices
import Synchronization

/// Watches `/dev/input` (inotify) and reports force-feedback devices as they come and go.
///
///     let monitor = DeviceMonitor()
///     try monitor.start { event in
///         switch event {
///         case .added(let device): print("plugged in:", device.info.id)
///         case .removed(let id): print("gone:", id)
///         }
///     }
///
/// A node is reported as added once it probes as usable (a node created before udev grants access is probed again
/// when its attributes change); removals are reported only for nodes reported as added. Devices present at
/// ``start(_:)`` are reported as added first, so a caller sees one consistent stream.
///
/// The corresponding calls are `inotify_init1`, `inotify_add_watch` (`IN_CREATE | IN_DELETE | IN_ATTRIB`), `ppoll`
/// and `read` on the inotify descriptor, and the probe's `open`/`EVIOCGBIT`/`EVIOCGEFFECTS`.
///
/// `CHHapticEngine` uses a monitor to notice that a removed evdev output was plugged in again (matching its kernel
/// name) and reset itself.
///
/// - Thread safety: ``start(_:)`` and ``stop()`` from any thread; the handler runs on ``queue``, one event at a time.
/// - Real-time safety: none (a background thread and a dispatch queue of its own).
public final class DeviceMonitor: Sendable {
    /// A change of the set of devices.
    public enum Event: Sendable, Hashable {
        /// A usable force-feedback device appeared.
        case added(DiscoveredDevice)
        /// A device reported as added is gone; its `DeviceInfo.id`.
        case removed(id: String)
    }

    /// The directory watched.
    public let directory: String
    /// The serial queue the handler runs on.
    public let queue: DispatchQueue
    private let running = Atomic<Bool>(false)
    /// The current watching thread's end (signalled when it returns), if one was started.
    private let finished = LockedState<ThreadMilestone?>(nil)
    private let probe: @Sendable (String) -> Result<EvdevCapabilities, DeviceError>

    /// A monitor of `directory` (default `/dev/input`).
    public convenience init(directory: String = "/dev/input") {
        self.init(directory: directory) { path in EvdevProbe.probe(path: path, system: LinuxEvdevSystemCalls()) }
    }

    /// A monitor with its own probe (tests).
    package init(directory: String, probe: @escaping @Sendable (String) -> Result<EvdevCapabilities, DeviceError>) {
        self.directory = directory
        self.probe = probe
        queue = DispatchQueue(label: "OpenCoreHaptics.DeviceMonitor")
    }

    /// Starts watching; `handler` receives the devices present now, then every change, on ``queue``.
    ///
    /// - Throws: `DeviceError` when inotify cannot watch the directory (`DeviceError.Code.notFound` when it
    ///   does not exist).
    public func start(_ handler: @escaping @Sendable (Event) -> Void) throws(DeviceError) {
        stop()
        let fd: Int32
        do throws(SystemCallError) {
            fd = try Posix.inotifyInit()
        } catch {
            throw DeviceError(error, device: directory)
        }
        do throws(SystemCallError) {
            try Posix.inotifyWatchDirectory(fd, directory)
        } catch {
            try? Posix.close(fd)
            throw DeviceError(error, device: directory)
        }
        let directory = self.directory
        let probe = self.probe
        let queue = self.queue
        // The devices present now are probed here, before start returns, so a node removed right after start is
        // known and reported as removed (a scan on the watching thread could miss it under load).
        final class Known: @unchecked Sendable { var paths: [String: String] = [:] }  // path → id; the watcher's alone
        let known = Known()
        let consider: @Sendable (String, Bool) -> Void = { name, present in
            guard name.hasPrefix("event"), Int(name.dropFirst(5)) != nil else { return }
            let path = "\(directory)/\(name)"
            if present {
                guard known.paths[path] == nil, case .success(let capabilities) = probe(path) else { return }
                let device = DeviceDiscovery.describe(capabilities)
                known.paths[path] = device.info.id
                queue.async { handler(.added(device)) }
            } else if let id = known.paths.removeValue(forKey: path) {
                queue.async { handler(.removed(id: id)) }
            }
        }
        for path in DeviceDiscovery.eventNodes(in: directory).0 {
            consider(String(path.dropFirst(directory.count + 1)), true)
        }
        running.store(true, ordering: .releasing)
        let done = ThreadMilestone()
        finished.withLock { $0 = done }
        SystemThread.detach(name: "device-monitor") { [self] in
            var descriptors = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            while running.load(ordering: .acquiring) {
                descriptors[0].revents = 0
                guard let ready = try? Posix.poll(&descriptors, timeout: 100) else { break }
                guard ready > 0 else { continue }
                var names: [(String, Bool)] = []
                guard (try? Posix.inotifyDrain(fd, { names.append(($0, $1)) })) != nil else { break }
                for (name, added) in names {
                    // IN_ATTRIB on a known node is a permission change, not a new device; a deleted node is gone.
                    consider(name, added && Posix.exists("\(directory)/\(name)"))
                }
            }
            try? Posix.close(fd)
            done.signal()
        }
    }

    /// Stops watching (within about 100 ms). Handlers already queued still run.
    public func stop() {
        running.store(false, ordering: .releasing)
        // The thread signals when it has returned.
        finished.withLock { $0 }?.wait(until: MonotonicClock.now() + 0.5)
    }
}
#endif
