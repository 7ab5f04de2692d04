extension CHHapticEvent {
    /// The identifier of a value attached to a single event, such as its intensity or sharpness.
    ///
    /// The raw value is the AHAP `ParameterID` string. Values outside a parameter's range are clamped when the
    /// pattern plays, not rejected. An ID that Core Haptics does not know, or one that does not apply to the event's
    /// type (for example ``audioVolume`` on a haptic event), makes ``CHHapticPattern`` throw
    /// `CHHapticError.Code.invalidParameterType`.
    ///
    ///     let strong = CHHapticEventParameter(parameterID: .hapticIntensity, value: 1.0)
    ///     let soft = CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.2)
    public struct ParameterID: RawRepresentable, Hashable, Sendable {
        /// The AHAP string for this value, for example `"HapticIntensity"`.
        public let rawValue: String

        /// Creates a value from its AHAP string.
        ///
        /// Any string is accepted; a string Core Haptics does not know is reported when a pattern is built
        /// from it.
        ///
        /// - Parameter rawValue: The AHAP string.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The strength of a haptic event, from 0 (fully attenuated) to 1 (no attenuation).
        public static let hapticIntensity = ParameterID(rawValue: "HapticIntensity")

        /// How crisp a haptic event feels, from 0 (round, soft) to 1 (sharp, precise).
        public static let hapticSharpness = ParameterID(rawValue: "HapticSharpness")

        /// How long a continuous event's envelope takes to rise, from 0 (shortest, the default) to 1; the time grows
        /// exponentially with the value.
        public static let attackTime = ParameterID(rawValue: "AttackTime")

        /// How long a continuous event's envelope takes to fall, from 0 (shortest, the default) to 1.
        ///
        /// Decay only takes effect when ``sustained`` is 0.
        public static let decayTime = ParameterID(rawValue: "DecayTime")

        /// How long a sustained event takes to fade out after its duration, from 0 (shortest, the default) to 1.
        ///
        /// The release tail counts towards ``CHHapticPattern/duration``.
        public static let releaseTime = ParameterID(rawValue: "ReleaseTime")

        /// Whether a continuous event holds its level for its whole duration (1, the default) or ends when its decay
        /// finishes (0).
        public static let sustained = ParameterID(rawValue: "Sustained")

        /// The volume of an audio event, from 0 (fully attenuated) to 1 (no attenuation).
        public static let audioVolume = ParameterID(rawValue: "AudioVolume")

        /// The pitch of an audio event, from -1 (lowest) to 1 (highest).
        public static let audioPitch = ParameterID(rawValue: "AudioPitch")

        /// The stereo position of an audio event, from -1 (full left) through 0 (centre, the default) to 1 (full right).
        public static let audioPan = ParameterID(rawValue: "AudioPan")

        /// The high-frequency content of an audio event, from 0 (most reduced) to 1 (unchanged, the default).
        public static let audioBrightness = ParameterID(rawValue: "AudioBrightness")
    }
}
