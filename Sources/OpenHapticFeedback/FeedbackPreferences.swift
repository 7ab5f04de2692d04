/// The app's feedback settings: on/off, an intensity scale and the overuse protection.
///
/// These are the *app's* layer. The user's layer (``UserFeedbackSettings``, read from the environment and a
/// config file) is combined with it by ``resolved(with:)``: either side can turn haptics off, the two intensity
/// scales multiply, and a user's rate-limit values replace the app's. Set them on a ``FeedbackCenter``:
///
///     FeedbackCenter.shared.preferences.isEnabled = settingsScreen.hapticsToggle   // HIG: make haptics optional
///     FeedbackCenter.shared.preferences.intensityScale = 0.8
///     FeedbackCenter.shared.preferences.rateLimit.maximumRate = 8
///
/// Thread safety: a value type.
public struct FeedbackPreferences: Sendable, Hashable, Codable {
    /// Whether any feedback plays. When `false`, nothing reaches the output (not even `prepare`).
    public var isEnabled: Bool
    /// Multiplies every feedback's intensity, 0 … 1 (clamped when used).
    public var intensityScale: Double
    /// Coalescing and rate limiting.
    public var rateLimit: FeedbackRateLimit

    /// Creates preferences; the defaults are on, full intensity and ``FeedbackRateLimit/default``.
    ///
    /// - Parameters:
    ///   - isEnabled: whether feedback plays.
    ///   - intensityScale: 0 … 1.
    ///   - rateLimit: the overuse protection.
    public init(isEnabled: Bool = true, intensityScale: Double = 1, rateLimit: FeedbackRateLimit = .default) {
        self.isEnabled = isEnabled
        self.intensityScale = intensityScale
        self.rateLimit = rateLimit
    }

    /// On, full intensity, default rate limit.
    public static let `default` = FeedbackPreferences()

    /// The effective preferences once the user's settings are applied.
    ///
    /// - `isEnabled`: the app's value **and** the user's (either can turn feedback off).
    /// - `intensityScale`: the app's × the user's, clamped to 0 … 1.
    /// - `rateLimit`: each value the user set replaces the app's.
    ///
    ///     let effective = app.resolved(with: UserFeedbackSettings(intensityScale: 0.5))
    ///
    /// - Parameter user: the user's settings.
    /// - Returns: the combined preferences.
    public func resolved(with user: UserFeedbackSettings) -> FeedbackPreferences {
        var result = self
        result.isEnabled = isEnabled && (user.isEnabled ?? true)
        let scale = intensityScale.isNaN ? 1 : intensityScale
        result.intensityScale = Swift.min(Swift.max(scale * (user.intensityScale ?? 1), 0), 1)
        result.rateLimit = FeedbackRateLimit(
            coalescingInterval: user.coalescingInterval ?? rateLimit.coalescingInterval,
            maximumRate: user.maximumRate ?? rateLimit.maximumRate,
            burstSize: user.burstSize ?? rateLimit.burstSize)
        return result
    }
}
