import HapticDevices
import HapticRender
import HapticSystem

/// The shared center's output: an ``EngineFeedbackOutput`` on the default device, made on the first `prepare` or
/// `play` (so touching ``FeedbackCenter/shared`` or ``FeedbackCenter/current`` never probes devices), or an
/// ``OfflineFeedbackOutput`` when no engine can be created.
final class DefaultFeedbackOutput: FeedbackOutput {
    private let resolved = LockedState<(any FeedbackOutput)?>(nil)

    private var output: any FeedbackOutput {
        resolved.withLock { output in
            if let output { return output }
            let made: any FeedbackOutput = (try? EngineFeedbackOutput()) ?? OfflineFeedbackOutput(historyLimit: 0)
            output = made
            return made
        }
    }

    func prepare(_ effects: [FeedbackEffect]) { output.prepare(effects) }

    func play(_ effect: FeedbackEffect, intensity: Double) { output.play(effect, intensity: intensity) }
}
