import Foundation
import HapticLoading

/// The user's feedback settings, read from environment variables and a JSON config file; every field is optional
/// and only the ones set change anything.
///
/// **Where they come from, highest precedence first:**
///
/// 1. Environment variables:
///    - `OPENHAPTICS_FEEDBACK` — `off`/`on` (also `0`/`1`, `false`/`true`, `no`/`yes`);
///    - `OPENHAPTICS_INTENSITY` — a scale from 0 to 1 (clamped);
///    - `OPENHAPTICS_FEEDBACK_RATE` — the maximum feedbacks per second, or `unlimited`;
///    - `OPENHAPTICS_FEEDBACK_BURST` — the burst size;
///    - `OPENHAPTICS_FEEDBACK_COALESCE` — the coalescing interval in seconds.
/// 2. The config file: `$OPENHAPTICS_FEEDBACK_CONFIG` if set, else `$XDG_CONFIG_HOME/openhaptics/feedback.json`,
///    else `~/.config/openhaptics/feedback.json`:
///
///        { "enabled": true, "intensity": 0.6, "maximumRate": 8, "burstSize": 4, "coalescingInterval": 0.05 }
///
/// 3. The app's ``FeedbackPreferences``, combined by ``FeedbackPreferences/resolved(with:)``: either the app or the
///    user can turn feedback off, the intensity scales multiply, and the user's rate-limit values win.
///
/// Unreadable values (a malformed file, `OPENHAPTICS_INTENSITY=loud`) are ignored, never fatal; ``load(environment:)``
/// reports them in ``problems``.
///
///     let user = UserFeedbackSettings.load()
///     print(user.isEnabled ?? true, user.problems)
///
/// Thread safety: a value type.
public struct UserFeedbackSettings: Sendable, Hashable, Codable {
    /// `false` turns feedback off; `nil` leaves the app's choice.
    public var isEnabled: Bool?
    /// Multiplies the app's intensity scale; `nil` means 1.
    public var intensityScale: Double?
    /// Replaces ``FeedbackRateLimit/coalescingInterval``.
    public var coalescingInterval: Double?
    /// Replaces ``FeedbackRateLimit/maximumRate`` (`.infinity` for unlimited).
    public var maximumRate: Double?
    /// Replaces ``FeedbackRateLimit/burstSize``.
    public var burstSize: Int?
    /// What could not be read, one message per problem (not part of equality or the file format).
    public var problems: [String] = []

    /// Creates settings; `nil` fields leave the app's values.
    ///
    /// - Parameters:
    ///   - isEnabled: `false` turns feedback off.
    ///   - intensityScale: 0 … 1.
    ///   - coalescingInterval: seconds.
    ///   - maximumRate: per second.
    ///   - burstSize: at least 1.
    public init(
        isEnabled: Bool? = nil, intensityScale: Double? = nil, coalescingInterval: Double? = nil,
        maximumRate: Double? = nil, burstSize: Int? = nil
    ) {
        self.isEnabled = isEnabled
        self.intensityScale = intensityScale.map { Swift.min(Swift.max($0, 0), 1) }
        self.coalescingInterval = coalescingInterval
        self.maximumRate = maximumRate
        self.burstSize = burstSize
    }

    /// No user settings: the app's preferences apply unchanged.
    public static let none = UserFeedbackSettings()

    /// Reads the config file and then the environment variables (which win), as described above.
    ///
    ///     let settings = UserFeedbackSettings.load(environment: ["OPENHAPTICS_FEEDBACK": "off"])
    ///
    /// - Parameter environment: the variables to read (the process environment by default).
    /// - Returns: the settings, with anything unreadable listed in ``problems``.
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) -> UserFeedbackSettings {
        var settings = UserFeedbackSettings()
        if let path = configFilePath(environment: environment), FileManager.default.fileExists(atPath: path) {
            do {
                let bytes = try InputGate.read(path, kind: .profile)  // a settings file: regular, at most 1 MiB
                settings = try JSONDecoder().decode(UserFeedbackSettings.self, from: Data(bytes))
            } catch {
                settings.problems.append("\(path): ignored: \(error)")
            }
        }
        settings.apply(environment: environment)
        return settings
    }

    /// The config file's path: `$OPENHAPTICS_FEEDBACK_CONFIG`, else `$XDG_CONFIG_HOME/openhaptics/feedback.json`,
    /// else `$HOME/.config/openhaptics/feedback.json` (`nil` when neither variable is set).
    ///
    /// - Parameter environment: the variables to read.
    /// - Returns: the path, which need not exist.
    public static func configFilePath(environment: [String: String]) -> String? {
        if let explicit = environment["OPENHAPTICS_FEEDBACK_CONFIG"], !explicit.isEmpty { return explicit }
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/openhaptics/feedback.json" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/openhaptics/feedback.json" }
        return nil
    }

    /// Overrides fields from the `OPENHAPTICS_*` environment variables.
    mutating func apply(environment: [String: String]) {
        func number(_ key: String) -> Double? {
            guard let text = environment[key]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
            if let value = Double(text), value.isFinite { return value }
            problems.append("\(key)=\(text): ignored: not a number")
            return nil
        }
        if let text = environment["OPENHAPTICS_FEEDBACK"]?.trimmingCharacters(in: .whitespaces).lowercased(), !text.isEmpty {
            switch text {
            case "off", "0", "false", "no", "disabled": isEnabled = false
            case "on", "1", "true", "yes", "enabled": isEnabled = true
            default: problems.append("OPENHAPTICS_FEEDBACK=\(text): ignored: expected on or off")
            }
        }
        if let value = number("OPENHAPTICS_INTENSITY") { intensityScale = Swift.min(Swift.max(value, 0), 1) }
        if environment["OPENHAPTICS_FEEDBACK_RATE"]?.lowercased() == "unlimited" {
            maximumRate = .infinity
        } else if let value = number("OPENHAPTICS_FEEDBACK_RATE") {
            maximumRate = value
        }
        if let value = number("OPENHAPTICS_FEEDBACK_BURST") { burstSize = Int(Swift.max(1, Swift.min(value, 1e6))) }
        if let value = number("OPENHAPTICS_FEEDBACK_COALESCE") { coalescingInterval = Swift.max(0, value) }
    }

    private enum CodingKeys: String, CodingKey {
        case isEnabled = "enabled"
        case intensityScale = "intensity"
        case coalescingInterval, maximumRate, burstSize
    }

    /// Reads the config-file shape; every key is optional and unknown keys are ignored.
    ///
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError` for values of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var rate: Double?
        if let text = try? container.decodeIfPresent(String.self, forKey: .maximumRate), text == "unlimited" {
            rate = .infinity
        } else {
            rate = try container.decodeIfPresent(Double.self, forKey: .maximumRate)
        }
        self.init(
            isEnabled: try container.decodeIfPresent(Bool.self, forKey: .isEnabled),
            intensityScale: try container.decodeIfPresent(Double.self, forKey: .intensityScale),
            coalescingInterval: try container.decodeIfPresent(Double.self, forKey: .coalescingInterval),
            maximumRate: rate,
            burstSize: try container.decodeIfPresent(Int.self, forKey: .burstSize))
    }

    /// Writes the config-file shape (only the fields that are set).
    ///
    /// - Parameter encoder: the encoder.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(isEnabled, forKey: .isEnabled)
        try container.encodeIfPresent(intensityScale, forKey: .intensityScale)
        try container.encodeIfPresent(coalescingInterval, forKey: .coalescingInterval)
        if let rate = maximumRate, rate.isInfinite {
            try container.encode("unlimited", forKey: .maximumRate)
        } else {
            try container.encodeIfPresent(maximumRate, forKey: .maximumRate)
        }
        try container.encodeIfPresent(burstSize, forKey: .burstSize)
    }

    /// Equal when every setting is equal (``problems`` is not compared).
    public static func == (lhs: UserFeedbackSettings, rhs: UserFeedbackSettings) -> Bool {
        lhs.isEnabled == rhs.isEnabled && lhs.intensityScale == rhs.intensityScale
            && lhs.coalescingInterval == rhs.coalescingInterval && lhs.maximumRate == rhs.maximumRate
            && lhs.burstSize == rhs.burstSize
    }

    /// Hashes the settings (not ``problems``).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(isEnabled)
        hasher.combine(intensityScale)
        hasher.combine(coalescingInterval)
        hasher.combine(maximumRate)
        hasher.combine(burstSize)
    }
}
