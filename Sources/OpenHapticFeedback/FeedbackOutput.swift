/// Where feedback goes after the preferences and rate limits: the seam between the feedback layer and whatever
/// makes the haptics (a Core Haptics engine, an offline renderer, a recorder in tests).
///
/// A ``FeedbackCenter`` calls ``prepare(_:)`` when a generator is prepared and ``play(_:intensity:)`` for each
/// feedback that survives its checks; an output never sees feedback that preferences turned off or that the rate
/// limit dropped.
///
///     final class PrintingOutput: FeedbackOutput {
///         func prepare(_ effects: [FeedbackEffect]) {}
///         func play(_ effect: FeedbackEffect, intensity: Double) { print("play", effect.name, intensity) }
///     }
///     let center = FeedbackCenter(output: PrintingOutput())
///
/// Thread safety: implementations must accept calls from any thread, possibly concurrently.
public protocol FeedbackOutput: AnyObject, Sendable {
    /// Gets ready to play these effects with the least latency: start the hardware, compile the patterns, and keep
    /// that state for a few seconds. Calling it is optional; ``play(_:intensity:)`` must work without it.
    ///
    /// - Parameter effects: the effects the caller expects to play soon.
    func prepare(_ effects: [FeedbackEffect])

    /// Plays `effect` now.
    ///
    /// Failures (no device, engine stopped) are not reported: like UIKit's generators, feedback is best effort.
    ///
    /// - Parameters:
    ///   - effect: the effect to play.
    ///   - intensity: the scale for every event's intensity, 0 … 1, after the caller's intensity and the user's
    ///     preference were multiplied in; never 0 (the center skips those).
    func play(_ effect: FeedbackEffect, intensity: Double)
}
