import Foundation

extension CHHapticEngine {
    /// What the engine does after a ``CHHapticEngine/FinishedHandler`` returns.
    ///
    ///     engine.notifyWhenPlayersFinished { _ in .stopEngine }
    public enum FinishedAction: Int, Sendable, Hashable {
        /// Stop the engine; ``CHHapticEngine/stoppedHandler`` gets `CHHapticEngine.StoppedReason.notifyWhenFinished`.
        case stopEngine = 1
        /// Keep the engine running.
        case leaveEngineRunning = 2
    }
}
