/// What a ``HapticDevice/write(_:)`` call found. Trivially copyable, so it can cross the render thread.
public enum DeviceStatus: Sendable, Hashable {
    /// The block was accepted.
    case ok
    /// The device is gone (unplugged): the engine stops with `gameControllerDisconnect` and, for evdev devices,
    /// watches for the same device to come back (then resets).
    case removed
    /// The device failed (`errno` when known, else 0): the engine stops with `systemError`.
    case failed(errno: Int32)
}
