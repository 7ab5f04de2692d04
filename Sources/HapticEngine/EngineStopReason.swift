/// Why an engine stopped on its own, with Core Haptics' raw values (`CHHapticEngineStoppedReason`).
///
/// `OpenCoreHaptics` exposes this type under Apple's name, `CHHapticEngine.StoppedReason` (a type alias: one
/// table of reasons for every layer).
///
/// - Note: On Linux there are no audio sessions or app suspension, so the engine never reports
///   ``audioSessionInterrupt`` or ``applicationSuspended`` by itself; ``gameControllerDisconnect`` means the
///   output device was removed (any device, not only game controllers), ``systemError`` that it failed.
public enum EngineStopReason: Int, Sendable, Hashable, CaseIterable {
    /// The audio session was interrupted (for example by a phone call).
    case audioSessionInterrupt = 1
    /// The application was suspended.
    case applicationSuspended = 2
    /// Auto-shutdown stopped the idle engine (`CHHapticEngine.isAutoShutdownEnabled`).
    case idleTimeout = 3
    /// A `CHHapticEngine.FinishedHandler` returned `.stopEngine`.
    case notifyWhenFinished = 4
    /// The engine object was destroyed while running; keep a strong reference to it.
    case engineDestroyed = 5
    /// The output device (a game controller, a motor, a sound card) was disconnected.
    case gameControllerDisconnect = 6
    /// The output failed. Try to start the engine again.
    case systemError = -1
}
