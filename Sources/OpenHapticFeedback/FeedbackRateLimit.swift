/// Overuse protection: how bursts of feedback are merged and how fast feedback may play.
///
/// Two rules run in order for every feedback that preferences let through:
///
/// 1. **Coalescing.** A feedback with the same name as one that played less than ``coalescingInterval`` seconds
///    ago is merged into it (dropped: the one that already played stands for both). Rapid selection ticks, a
///    slider crossing many values in one frame, or a collision reported twice collapse into one tap.
/// 2. **Rate limit.** A token bucket: up to ``burstSize`` feedbacks may play back to back, after which at most
///    ``maximumRate`` per second play; the rest are dropped until tokens refill.
///
/// The defaults and the reasons for them:
///
/// - `coalescingInterval` **0.04 s**: UIKit's own selection generator uses a 0.04 s minimum interval, and two
///   taps closer than about 25 ms fuse into one on the skin anyway (Petrosino & Fucci 1984), more so with the
///   actuator's 10–50 ms ring-down.
/// - `maximumRate` **12 per second**: pulses closer than about 80–90 ms stop being felt as separate events and
///   stream into a buzz (Jurado et al. 2021, segregation at ≤ 11–12 Hz), which is exactly the tiresome overuse the
///   HIG warns about.
/// - `burstSize` **8**: lets a deliberate short sequence (a few detents, then a success) through untouched while
///   thinning a sustained flurry to the segregation rate within about half a second.
///
///     var limits = FeedbackRateLimit.default
///     limits.maximumRate = 6            // calmer
///     let none = FeedbackRateLimit.unlimited
///
/// Thread safety: a value type.
public struct FeedbackRateLimit: Sendable, Hashable, Codable {
    /// Seconds within which a repeat of the same feedback is merged into the previous one (0 turns merging off).
    public var coalescingInterval: Double
    /// The sustained rate, feedbacks per second (`.infinity` turns the rate limit off).
    public var maximumRate: Double
    /// How many feedbacks may play back to back before ``maximumRate`` applies (at least 1).
    public var burstSize: Int

    /// Creates a rate limit; out-of-range values are clamped (negative interval → 0, rate ≤ 0 → 0.1/s,
    /// burst < 1 → 1).
    ///
    /// - Parameters:
    ///   - coalescingInterval: seconds; default 0.04.
    ///   - maximumRate: per second; default 12.
    ///   - burstSize: default 8.
    public init(coalescingInterval: Double = 0.04, maximumRate: Double = 12, burstSize: Int = 8) {
        self.coalescingInterval = coalescingInterval.isNaN ? 0 : Swift.max(0, coalescingInterval)
        self.maximumRate = maximumRate.isNaN ? 12 : Swift.max(0.1, maximumRate)
        self.burstSize = Swift.max(1, burstSize)
    }

    /// 0.04 s coalescing, 12 per second, bursts of 8 (see the type's discussion for why).
    public static let `default` = FeedbackRateLimit()

    /// No merging and no rate limit: every feedback plays.
    public static let unlimited = FeedbackRateLimit(coalescingInterval: 0, maximumRate: .infinity, burstSize: Int.max)

    private enum CodingKeys: String, CodingKey {
        case coalescingInterval, maximumRate, burstSize
    }

    /// Reads the three numbers; missing keys take the defaults. `maximumRate` may be the string `"unlimited"`.
    ///
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError` for values of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = FeedbackRateLimit.default
        var rate = defaults.maximumRate
        if let text = try? container.decodeIfPresent(String.self, forKey: .maximumRate), text == "unlimited" {
            rate = .infinity
        } else if let number = try container.decodeIfPresent(Double.self, forKey: .maximumRate) {
            rate = number
        }
        self.init(
            coalescingInterval: try container.decodeIfPresent(Double.self, forKey: .coalescingInterval) ?? defaults.coalescingInterval,
            maximumRate: rate,
            burstSize: try container.decodeIfPresent(Int.self, forKey: .burstSize) ?? defaults.burstSize)
    }

    /// Writes the three numbers (an infinite rate as `"unlimited"`).
    ///
    /// - Parameter encoder: the encoder.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(coalescingInterval, forKey: .coalescingInterval)
        if maximumRate.isInfinite {
            try container.encode("unlimited", forKey: .maximumRate)
        } else {
            try container.encode(maximumRate, forKey: .maximumRate)
        }
        try container.encode(burstSize, forKey: .burstSize)
    }
}
