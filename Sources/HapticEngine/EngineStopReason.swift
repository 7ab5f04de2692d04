/// Why an engine stopped on its own (not because its owner called ``EngineRuntime/stop()``).
///
/// Raw values equal Core Haptics' `CHHapticEngine.StoppedReason`.
public enum EngineStopReason: Int, Sendable, Hashable, CaseIterable {
    /// An audio-session interruption (only through ``EngineRuntime/simulateExternalStop(_:)`` on Linux).
    case audioSessionInterrupt = 1
    /// The application was suspended (only through ``EngineRuntime/simulateExternalStop(_:)`` on Linux).
    case applicationSuspended = 2
    /// Auto-shutdown found the engine idle for ``EngineConfiguration/idleTimeout`` seconds.
    case idleTimeout = 3
    /// A players-finished handler asked the engine to stop.
    case notifyWhenFinished = 4
    /// The engine object went away while it was running.
    case engineDestroyed = 5
    /// The output device was removed (`DeviceStatus.removed`).
    case gameControllerDisconnect = 6
    /// The output device failed (`DeviceStatus.failed(errno:)`).
    case systemError = -1
}
