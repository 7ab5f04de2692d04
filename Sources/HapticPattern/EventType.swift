/// The kind of an event in a haptic pattern.
///
/// The raw values are the strings used by AHAP files (`"EventType"`), identical to Apple's
/// `CHHapticEvent.EventType` raw values.
///
///     let type = EventType(rawValue: "HapticTransient")   // .hapticTransient
public enum EventType: String, Sendable, Hashable, CaseIterable, Codable {
    /// A short, fixed-length haptic tap.
    case hapticTransient = "HapticTransient"
    /// A haptic of arbitrary length with an attack/decay/release envelope.
    case hapticContinuous = "HapticContinuous"
    /// A synthesized audio tone with an envelope.
    case audioContinuous = "AudioContinuous"
    /// Playback of a registered audio waveform.
    case audioCustom = "AudioCustom"

    /// Whether the event drives the haptic actuator (as opposed to the audio output).
    public var isHaptic: Bool { self == .hapticTransient || self == .hapticContinuous }

    /// Whether the event is one of the two continuous kinds that sustain for a duration.
    public var isContinuous: Bool { self == .hapticContinuous || self == .audioContinuous }

    /// The event parameters this event type responds to; others are rejected with
    /// ``HapticErrorCode/invalidParameterType``.
    public var applicableParameters: [EventParameterID] {
        switch self {
        case .hapticTransient: return [.hapticIntensity, .hapticSharpness]
        case .hapticContinuous:
            return [.hapticIntensity, .hapticSharpness, .attackTime, .decayTime, .releaseTime, .sustained]
        case .audioContinuous:
            return [.audioVolume, .audioPitch, .audioPan, .audioBrightness, .attackTime, .decayTime, .releaseTime, .sustained]
        case .audioCustom: return [.audioVolume, .audioPitch, .audioPan, .audioBrightness]
        }
    }

    /// Whether `parameter` applies to this event type.
    public func accepts(_ parameter: EventParameterID) -> Bool {
        switch (self, parameter) {
        case (.hapticTransient, .hapticIntensity), (.hapticTransient, .hapticSharpness): return true
        // Apple's converter ignores envelope parameters on transients instead of rejecting them.
        case (.hapticTransient, .attackTime), (.hapticTransient, .decayTime),
            (.hapticTransient, .releaseTime), (.hapticTransient, .sustained):
            return true
        case (.hapticContinuous, _): return parameter.isHaptic || parameter.isEnvelope
        case (.audioContinuous, _): return parameter.isAudio || parameter.isEnvelope
        case (.audioCustom, _): return parameter.isAudio
        default: return false
        }
    }
}
