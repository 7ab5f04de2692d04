/// The identifier of a dynamic parameter: a control that modulates all active and future events of a player.
///
/// Raw values are Apple's `CHHapticDynamicParameter.ID` strings.
public enum DynamicParameterID: String, Sendable, Hashable, CaseIterable, Codable {
    /// Multiplies haptic intensity (0 … 1, default 1).
    case hapticIntensityControl = "HapticIntensityControl"
    /// Adds to haptic sharpness (−1 … 1, default 0).
    case hapticSharpnessControl = "HapticSharpnessControl"
    /// Adds to the attack time of haptic events.
    case hapticAttackTimeControl = "HapticAttackTimeControl"
    /// Adds to the decay time of haptic events.
    case hapticDecayTimeControl = "HapticDecayTimeControl"
    /// Adds to the release time of haptic events.
    case hapticReleaseTimeControl = "HapticReleaseTimeControl"
    /// Multiplies audio volume (0 … 1, default 1).
    case audioVolumeControl = "AudioVolumeControl"
    /// Adds to audio pan.
    case audioPanControl = "AudioPanControl"
    /// Adds to audio brightness.
    case audioBrightnessControl = "AudioBrightnessControl"
    /// Adds to audio pitch (transposition).
    case audioPitchControl = "AudioPitchControl"
    /// Adds to the attack time of audio events.
    case audioAttackTimeControl = "AudioAttackTimeControl"
    /// Adds to the decay time of audio events.
    case audioDecayTimeControl = "AudioDecayTimeControl"
    /// Adds to the release time of audio events.
    case audioReleaseTimeControl = "AudioReleaseTimeControl"

    /// How a control combines with the event parameter it modulates.
    public enum Combination: Sendable, Hashable {
        /// `event × control` (intensity and volume).
        case multiply
        /// `event + control` (everything else).
        case add
    }

    /// Apple's rule: intensity and volume controls multiply, all others add.
    public var combination: Combination {
        self == .hapticIntensityControl || self == .audioVolumeControl ? .multiply : .add
    }

    /// The documented range and default: 0 … 1 (default 1) for the multiplying controls, −1 … 1 (default 0) otherwise.
    public var range: ParameterRange {
        combination == .multiply
            ? ParameterRange(minValue: 0, maxValue: 1, defaultValue: 1)
            : ParameterRange(minValue: -1, maxValue: 1, defaultValue: 0)
    }

    /// The event parameter this control modulates.
    public var target: EventParameterID {
        switch self {
        case .hapticIntensityControl: return .hapticIntensity
        case .hapticSharpnessControl: return .hapticSharpness
        case .hapticAttackTimeControl, .audioAttackTimeControl: return .attackTime
        case .hapticDecayTimeControl, .audioDecayTimeControl: return .decayTime
        case .hapticReleaseTimeControl, .audioReleaseTimeControl: return .releaseTime
        case .audioVolumeControl: return .audioVolume
        case .audioPanControl: return .audioPan
        case .audioBrightnessControl: return .audioBrightness
        case .audioPitchControl: return .audioPitch
        }
    }

    /// Whether the control affects haptic events (the `Haptic…` controls) rather than audio events.
    public var isHaptic: Bool {
        switch self {
        case .hapticIntensityControl, .hapticSharpnessControl, .hapticAttackTimeControl, .hapticDecayTimeControl,
            .hapticReleaseTimeControl:
            return true
        default: return false
        }
    }

    /// Whether a ``ParameterCurve`` may use this ID. Apple accepts curves only on these six; the
    /// envelope-time controls are rejected with ``HapticErrorCode/invalidParameterType``.
    public var isCurvable: Bool {
        switch self {
        case .hapticIntensityControl, .hapticSharpnessControl, .audioVolumeControl, .audioPanControl,
            .audioBrightnessControl, .audioPitchControl:
            return true
        default: return false
        }
    }

    /// Combines an event parameter value with this control's value and clamps to the event parameter's range.
    @inlinable
    public func apply(_ control: Float, to eventValue: Float) -> Float {
        let combined = combination == .multiply ? eventValue * control : eventValue + control
        return target.range.clamp(combined)
    }
}
