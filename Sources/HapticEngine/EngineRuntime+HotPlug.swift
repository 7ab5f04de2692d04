import HapticDevices
import Synchronization

// Hot-plug: an engine whose output was removed watches for the same device to come back, then takes the new device
// and resets (its reset handler runs; the app makes new players and starts again).
extension EngineRuntime {
    /// How a removed output is watched for until it comes back (HapticLinux's `DeviceReturnWatch.system(_:found:)` for the
    /// system's devices); `nil` (the default): the engine stays stopped after its output was removed.
    public var returnWatcher: ReturnWatcher? {
        get { state.withLock { $0.returnWatcher } }
        set { state.withLock { $0.returnWatcher = newValue } }
    }

    /// Whether the engine is watching for its removed output to come back.
    public var isWatchingForDeviceReturn: Bool { state.withLock { $0.returnWatch != nil } }

    /// Starts watching for the removed output (once per removal; a new removal replaces the old watch). When the
    /// watcher finds it, the engine resets onto the new device.
    func watchForDeviceReturn() {
        let (watcher, removed) = apply { machine, actions in
            machine.takeReturnWatch(into: &actions)  // cancelled before the new watch begins
            return (machine.returnWatcher, machine.deviceInfo)
        }
        guard let watcher else { return }
        let returned = ReturnFlag()
        let watch = watcher(removed) { [weak self] device in
            returned.value.store(true, ordering: .releasing)
            self?.reset(replacingDevice: device)
        }
        guard let watch else { return }
        // A device found before the watch is stored needs no watch any more (reset takes the slot after the flag is
        // set, so either order leaves it empty).
        let keep = state.withLock { machine -> Bool in
            guard !returned.value.load(ordering: .acquiring) else { return false }
            machine.returnWatch = watch
            return true
        }
        if !keep { watch.cancel() }
    }
}

/// Set when a watched-for device came back (shared by the watch's callback and the thread that stores the watch).
private final class ReturnFlag: Sendable {
    let value = Atomic<Bool>(false)
}
