import HapticSystem

/// Watches for a removed device to come back: calls `found` at most once, on any thread, with a new, unstarted device
/// for the same hardware, and stops by itself after that or when the returned watch is cancelled. Returns `nil` when
/// devices of that kind are not watched. `DeviceReturnWatch.system(_:found:)` in HapticLinux is the system's.
public typealias ReturnWatcher =
    @Sendable (_ removed: DeviceInfo, _ found: @escaping @Sendable (any HapticDevice) -> Void) -> DeviceReturnWatch?

/// A running watch for a removed device: made by a ``ReturnWatcher`` when an engine's output was removed (hot-plug),
/// cancelled when the device came back or the engine went away.
///
///     let watch = DeviceReturnWatch { monitor.stop() }
///     watch.cancel()
///
/// - Thread safety: every member may be called from any thread.
/// - Real-time safety: none (``cancel()`` locks and runs the watcher's own cancellation).
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
}
