import HapticRender
import HapticSystem
import OpenHapticFeedback

/// A clock the test moves by hand.
final class ManualClock: Sendable {
    private let seconds = LockedState(100.0)

    /// The current time.
    var now: Double { seconds.withLock { $0 } }

    /// Moves time forward.
    func advance(by delta: Double) { seconds.withLock { $0 += delta } }

    /// The clock as the closure `FeedbackCenter` and `OfflineFeedbackOutput` take.
    var closure: @Sendable () -> Double { { [self] in self.now } }
}

/// A center with a recording output and a manual clock.
struct RecordingRig {
    let output = RecordingFeedbackOutput()
    let clock = ManualClock()
    let center: FeedbackCenter

    init(preferences: FeedbackPreferences = .default, user: UserFeedbackSettings = .none) {
        center = FeedbackCenter(output: output, preferences: preferences, userSettings: user, clock: clock.closure)
    }

    /// Runs Apple-shaped code with this rig's center as `FeedbackCenter.current`.
    func run<T>(_ body: () throws -> T) rethrows -> T {
        try FeedbackCenter.$current.withValue(center, operation: body)
    }

    /// Names of the effects that reached the output.
    var played: [String] { output.plays.map(\.effect.name) }
}

/// A center with an offline (rendering) output, no rate limit, and a manual clock.
struct RenderingRig {
    let clock = ManualClock()
    let output: OfflineFeedbackOutput
    let center: FeedbackCenter

    init(preferences: FeedbackPreferences = FeedbackPreferences(rateLimit: .unlimited)) {
        output = OfflineFeedbackOutput(historyLimit: 256, clock: clock.closure)
        center = FeedbackCenter(output: output, preferences: preferences, clock: clock.closure)
    }

    func run<T>(_ body: () throws -> T) rethrows -> T {
        try FeedbackCenter.$current.withValue(center, operation: body)
    }

    /// The pulses of the most recent rendering.
    var lastPulses: [OfflineFeedbackOutput.Pulse] { output.renderings.last?.pulses() ?? [] }

    /// The name of the most recent rendering.
    var lastName: String? { output.renderings.last?.effectName }
}
