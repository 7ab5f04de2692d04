import Foundation
import HapticDevices
import HapticRender
import HapticSystem

/// The hub every feedback passes through: it applies the preferences (on/off, intensity), merges bursts and
/// enforces the rate limit, then hands what remains to its ``FeedbackOutput``.
///
/// The UIKit generators, `WKInterfaceDevice`, `NSHapticFeedbackManager`, ``SensoryFeedback`` and the triggers all
/// use ``current`` — ``shared`` unless a task-local override is in effect — so a test or a subsystem can route
/// feedback to its own center without changing call sites:
///
///     let output = RecordingFeedbackOutput()
///     let center = FeedbackCenter(output: output, preferences: .init(intensityScale: 0.5))
///     FeedbackCenter.$current.withValue(center) {
///         let generator = UIImpactFeedbackGenerator(style: .heavy)
///         generator.impactOccurred()
///     }
///     print(output.plays.first!.intensity)   // 0.5
///
/// Generators and triggers capture ``current`` when they are created, so feedback they play later (from other
/// threads or tasks) still goes to the same center.
///
/// Thread safety: every member may be used from any thread; decisions are made under a lock, and the output is
/// called outside it. Real-time safety: none; never call from a render thread.
public final class FeedbackCenter: Sendable {
    /// The process-wide center: user settings from the environment and config file, default app preferences, and
    /// an ``EngineFeedbackOutput`` on the default device (real hardware when present, else the simulated actuator),
    /// or an ``OfflineFeedbackOutput`` if no engine can be created. The engine (and device discovery) is created on
    /// the first feedback, not when the center is first touched. Replace the output with ``setOutput(_:)``.
    ///
    /// When `OPENHAPTICS_FEEDBACK_LOG` names a file, every request is appended to it as a trigger-log line (see
    /// ``TriggerLogEntry``), ready for `haptic lint`.
    public static let shared: FeedbackCenter = {
        let center = FeedbackCenter(output: DefaultFeedbackOutput(), userSettings: .load())
        if let path = ProcessInfo.processInfo.environment["OPENHAPTICS_FEEDBACK_LOG"], !path.isEmpty,
            let file = TriggerLogFile(path: path)
        {
            center.setTriggerLog { entry in file.append(entry) }
        }
        return center
    }()

    /// The center feedback goes to in this task: ``shared`` unless overridden with `$current.withValue(_:)`.
    @TaskLocal public static var current: FeedbackCenter = .shared

    private struct State {
        var output: any FeedbackOutput
        var preferences: FeedbackPreferences
        var userSettings: UserFeedbackSettings
        var lastPlayed: [String: Double] = [:]
        var tokens: Double
        var lastRefill: Double?
        var counts: [FeedbackDecision: Int] = [:]
        var log: (@Sendable (TriggerLogEntry) -> Void)?
    }

    private let state: LockedState<State>
    private let clock: @Sendable () -> Double

    /// Creates a center.
    ///
    /// - Parameters:
    ///   - output: where feedback goes.
    ///   - preferences: the app's preferences.
    ///   - userSettings: the user's layer; pass `.load()` to read the environment and config file (the default is
    ///     ``UserFeedbackSettings/none`` so that tests are not affected by the machine they run on).
    ///   - clock: monotonic seconds, for coalescing and the rate limit (inject a manual clock in tests).
    public init(
        output: any FeedbackOutput, preferences: FeedbackPreferences = .default,
        userSettings: UserFeedbackSettings = .none, clock: (@Sendable () -> Double)? = nil
    ) {
        let resolved = preferences.resolved(with: userSettings)
        state = LockedState(
            State(
                output: output, preferences: preferences, userSettings: userSettings,
                tokens: Double(resolved.rateLimit.burstSize)))
        self.clock = clock ?? MonotonicSeconds.now
    }

    /// The app's preferences (before the user's settings are applied).
    public var preferences: FeedbackPreferences {
        get { state.withLock { $0.preferences } }
        set { state.withLock { $0.preferences = newValue } }
    }

    /// The user's settings layer.
    public var userSettings: UserFeedbackSettings {
        get { state.withLock { $0.userSettings } }
        set { state.withLock { $0.userSettings = newValue } }
    }

    /// The preferences in force: the app's combined with the user's (``FeedbackPreferences/resolved(with:)``).
    public var effectivePreferences: FeedbackPreferences {
        state.withLock { $0.preferences.resolved(with: $0.userSettings) }
    }

    /// The current output.
    public var output: any FeedbackOutput { state.withLock { $0.output } }

    /// Replaces the output (for example with an engine-backed one once the app has an engine).
    ///
    /// - Parameter output: the new output.
    public func setOutput(_ output: any FeedbackOutput) {
        state.withLock { $0.output = output }
    }

    /// Re-reads the user's settings from the environment and config file.
    ///
    /// - Parameter environment: the variables to read (the process environment by default).
    public func reloadUserSettings(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let settings = UserFeedbackSettings.load(environment: environment)
        state.withLock { $0.userSettings = settings }
    }

    /// How many requests ended with each decision since the center was created.
    public var decisionCounts: [FeedbackDecision: Int] { state.withLock { $0.counts } }

    /// Sends every request from now on to `log` as a trigger-log entry (time on the center's clock, feedback name,
    /// intensity, outcome if given, and the decision), or stops logging when `log` is `nil`.
    ///
    ///     center.setTriggerLog { entry in print(entry.jsonLine()) }   // then: haptic lint log.jsonl
    ///
    /// - Parameter log: called outside the center's lock, on the thread that asked for feedback.
    public func setTriggerLog(_ log: (@Sendable (TriggerLogEntry) -> Void)?) {
        state.withLock { $0.log = log }
    }

    /// Prepares the output for `effects` unless feedback is off.
    ///
    /// - Parameter effects: the effects expected soon.
    public func prepare(_ effects: [FeedbackEffect]) {
        let output: (any FeedbackOutput)? = state.withLock { state in
            state.preferences.resolved(with: state.userSettings).isEnabled ? state.output : nil
        }
        output?.prepare(effects)
    }

    /// Plays a library or app effect, subject to the preferences and rate limits.
    ///
    ///     center.play(FeedbackEffect.named("success")!, intensity: 0.8)
    ///
    /// - Parameters:
    ///   - effect: the effect.
    ///   - intensity: the caller's intensity, clamped to 0 … 1; the user's scale multiplies it.
    ///   - outcome: what happened in the app, in words, for the trigger log (``setTriggerLog(_:)``) and `haptic lint`.
    /// - Returns: what happened (feedback is best effort; most callers ignore this).
    @discardableResult
    public func play(_ effect: FeedbackEffect, intensity: Double = 1, outcome: String? = nil) -> FeedbackDecision {
        let now = clock()
        let requested = intensity.isNaN ? 0 : Swift.min(Swift.max(intensity, 0), 1)
        let (decision, output, scale, log) = state.withLock { state in
            let preferences = state.preferences.resolved(with: state.userSettings)
            let decided = Self.decide(effect: effect, requested: requested, preferences: preferences, now: now, state: &state)
            state.counts[decided.0, default: 0] += 1
            return (decided.0, decided.0 == .played ? state.output : nil, decided.1, state.log)
        }
        output?.play(effect, intensity: scale)
        log?(
            TriggerLogEntry(
                time: now, feedback: effect.name, outcome: outcome, intensity: requested == 1 ? nil : requested,
                decision: decision.rawValue))
        return decision
    }

    /// Plays a SwiftUI-style feedback value, subject to the preferences and rate limits.
    ///
    ///     center.play(.impact(weight: .heavy, intensity: 0.7))
    ///
    /// - Parameters:
    ///   - feedback: the feedback.
    ///   - outcome: what happened in the app, for the trigger log.
    /// - Returns: what happened.
    @discardableResult
    public func play(_ feedback: SensoryFeedback, outcome: String? = nil) -> FeedbackDecision {
        play(feedback.effect, intensity: feedback.intensity, outcome: outcome)
    }

    /// Plays the library effect called `name`; unknown names play nothing and return ``FeedbackDecision/silent``.
    ///
    /// - Parameters:
    ///   - name: a name from ``FeedbackLibrary/names``.
    ///   - intensity: 0 … 1.
    /// - Returns: what happened.
    @discardableResult
    public func play(named name: String, intensity: Double = 1) -> FeedbackDecision {
        guard let effect = FeedbackLibrary.effect(named: name) else { return .silent }
        return play(effect, intensity: intensity)
    }

    /// The checks, in order: enabled, non-zero intensity, coalescing, token bucket.
    private static func decide(
        effect: FeedbackEffect, requested: Double, preferences: FeedbackPreferences, now: Double, state: inout State
    ) -> (FeedbackDecision, Double) {
        guard preferences.isEnabled else { return (.disabled, 0) }
        let scale = requested * preferences.intensityScale
        guard scale > 0 else { return (.silent, 0) }
        let limit = preferences.rateLimit
        if let last = state.lastPlayed[effect.name], now - last < limit.coalescingInterval {
            return (.coalesced, 0)
        }
        let capacity = Double(limit.burstSize)
        if limit.maximumRate.isInfinite {
            state.tokens = capacity
        } else if let last = state.lastRefill {
            state.tokens = Swift.min(capacity, state.tokens + Swift.max(0, now - last) * limit.maximumRate)
        } else {
            state.tokens = capacity
        }
        state.tokens = Swift.min(state.tokens, capacity)
        state.lastRefill = now
        guard state.tokens >= 1 else { return (.rateLimited, 0) }
        state.tokens -= 1
        state.lastPlayed[effect.name] = now
        return (.played, scale)
    }
}
