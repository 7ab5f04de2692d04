import Foundation
import HapticEngine

extension CHHapticEngine {
    /// Why an engine stopped on its own; the argument of ``CHHapticEngine/stoppedHandler``.
    ///
    ///     engine.stoppedHandler = { reason in
    ///         switch reason {
    ///         case .idleTimeout: print("stopped after being idle")
    ///         case .gameControllerDisconnect, .systemError: print("the output went away")
    ///         default: print("stopped: \(reason.rawValue)")
    ///         }
    ///     }
    ///
    /// Raw values are Core Haptics'; this is Apple's name for the runtime's `EngineStopReason` (one table of
    /// reasons for every layer).
    ///
    /// - Note: On Linux there are no audio sessions or app suspension, so OpenCoreHaptics never reports
    ///   `audioSessionInterrupt` or `applicationSuspended` by itself; `gameControllerDisconnect` means the
    ///   output device was removed (any device, not only game controllers), `systemError` that it failed.
    public typealias StoppedReason = EngineStopReason
}
