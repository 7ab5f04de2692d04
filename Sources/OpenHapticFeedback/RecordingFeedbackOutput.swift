import HapticDevices
import HapticRender
import HapticSystem

/// A ``FeedbackOutput`` that plays nothing and records every call, for tests and for apps that want to see what
/// their code triggers.
///
///     let output = RecordingFeedbackOutput()
///     let center = FeedbackCenter(output: output)
///     FeedbackCenter.$current.withValue(center) {
///         UINotificationFeedbackGenerator().notificationOccurred(.success)
///     }
///     print(output.plays.map(\.effect.name))   // ["success"]
///
/// Thread safety: all members may be used from any thread.
public final class RecordingFeedbackOutput: FeedbackOutput {
    private struct State {
        var plays: [Play] = []
        var prepared: [[FeedbackEffect]] = []
    }
    private let state = LockedState(State())

    /// Creates an empty recorder.
    public init() {}

    /// Records the call.
    public func prepare(_ effects: [FeedbackEffect]) {
        state.withLock { $0.prepared.append(effects) }
    }

    /// Records the call.
    public func play(_ effect: FeedbackEffect, intensity: Double) {
        state.withLock { $0.plays.append(Play(effect: effect, intensity: intensity)) }
    }

    /// Every play so far, oldest first.
    public var plays: [Play] { state.withLock { $0.plays } }

    /// Every prepare call so far, oldest first (each with the effects it named).
    public var preparations: [[FeedbackEffect]] { state.withLock { $0.prepared } }

    /// Forgets everything recorded.
    public func reset() { state.withLock { $0 = State() } }
}
