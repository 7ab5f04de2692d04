/// The identifier of a parameter attached to a single event (`EventParameters` in AHAP).
///
/// Raw values are Apple's `CHHapticEvent.ParameterID` strings.
public enum EventParameterID: String, Sendable, Hashable, CaseIterable, Codable {
    /// Perceived strength of a haptic event, 0 (maximum attenuation) … 1.
    case hapticIntensity = "HapticIntensity"
    /// Perceived sharpness (frequency content) of a haptic event, 0 … 1.
    case hapticSharpness = "HapticSharpness"
    /// Envelope attack time, 0 (shortest) … 1, mapped exponentially to seconds.
    case attackTime = "AttackTime"
    /// Envelope decay time, 0 … 1; only used when ``sustained`` is 0.
    case decayTime = "DecayTime"
    /// Envelope release time, 0 … 1.
    case releaseTime = "ReleaseTime"
    /// 1 to sustain a continuous event for its duration, 0 to end when the decay finishes.
    case sustained = "Sustained"
    /// Audio volume, 0 … 1.
    case audioVolume = "AudioVolume"
    /// Audio pitch, −1 … 1.
    case audioPitch = "AudioPitch"
    /// Stereo pan, −1 (left) … 1 (right).
    case audioPan = "AudioPan"
    /// Audio brightness (frequency content), 0 … 1.
    case audioBrightness = "AudioBrightness"

    /// Whether this parameter belongs to haptic events.
    public var isHaptic: Bool { self == .hapticIntensity || self == .hapticSharpness }
    /// Whether this parameter belongs to audio events.
    public var isAudio: Bool {
        self == .audioVolume || self == .audioPitch || self == .audioPan || self == .audioBrightness
    }
    /// Whether this is one of the envelope parameters shared by continuous haptic and audio events.
    public var isEnvelope: Bool {
        self == .attackTime || self == .decayTime || self == .releaseTime || self == .sustained
    }

    /// The documented range and default of this parameter for events of `eventType`.
    ///
    /// Apple's capability table gives transients intensity 0.75 and sharpness 0.5 by default; the continuous
    /// defaults are not published, and we use the same values so a bare event is the same strength either way.
    public func range(for eventType: EventType) -> ParameterRange {
        switch self {
        case .hapticIntensity: return ParameterRange(minValue: 0, maxValue: 1, defaultValue: 0.75)
        case .hapticSharpness: return ParameterRange(minValue: 0, maxValue: 1, defaultValue: 0.5)
        case .attackTime, .decayTime, .releaseTime: return ParameterRange(minValue: 0, maxValue: 1, defaultValue: 0)
        case .sustained: return ParameterRange(minValue: 0, maxValue: 1, defaultValue: 1)
        case .audioVolume: return ParameterRange(minValue: 0, maxValue: 1, defaultValue: 1)
        case .audioPitch: return ParameterRange(minValue: -1, maxValue: 1, defaultValue: 0)
        case .audioPan: return ParameterRange(minValue: -1, maxValue: 1, defaultValue: 0)
        case .audioBrightness: return ParameterRange(minValue: 0, maxValue: 1, defaultValue: 1)
        }
    }

    /// The range of this parameter (independent of event type; all ranges are the same for every type).
    public var range: ParameterRange { range(for: .hapticContinuous) }
}
