import HapticPattern

extension CHHapticDynamicParameter {
    /// The identifier of a dynamic parameter: a control that modulates every playing and future event of a player.
    ///
    /// The raw value is the AHAP `ParameterID` string of a `Parameter` or `ParameterCurve` entry. Intensity and volume
    /// controls multiply the event's value; all other controls add to it; the result is clamped to the event
    /// parameter's range. Only six IDs can be curved: ``hapticIntensityControl``, ``hapticSharpnessControl``,
    /// ``audioVolumeControl``, ``audioPanControl``, ``audioBrightnessControl`` and ``audioPitchControl``.
    ///
    ///     let dim = CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.5, relativeTime: 0.2)
    public struct ID: RawRepresentable, Hashable, Sendable {
        /// The AHAP string for this value, for example `"HapticIntensityControl"`.
        public let rawValue: String

        /// The control `rawValue` names, `nil` for a string Core Haptics does not know: looked up once, here, so a
        /// `sendParameters` call compares no strings on its way to the device (in the QEMU gate's emulated CPU the
        /// lookup was half of the engine's own path to the `FF_GAIN` write).
        package let model: DynamicParameterID?

        /// Creates a value from its AHAP string.
        ///
        /// Any string is accepted; a string Core Haptics does not know is reported when a pattern is built
        /// from it.
        ///
        /// - Parameter rawValue: The AHAP string.
        public init(rawValue: String) {
            self.rawValue = rawValue
            self.model = DynamicParameterID(rawValue: rawValue)
        }

        /// Whether two identifiers have the same AHAP string.
        public static func == (lhs: ID, rhs: ID) -> Bool { lhs.rawValue == rhs.rawValue }

        /// Hashes the AHAP string.
        ///
        /// - Parameter hasher: The hasher to feed.
        public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

        /// Multiplies the intensity of haptic events (0 … 1, default 1).
        public static let hapticIntensityControl = ID(rawValue: "HapticIntensityControl")

        /// Adds to the sharpness of haptic events (-1 … 1, default 0).
        public static let hapticSharpnessControl = ID(rawValue: "HapticSharpnessControl")

        /// Adds to the attack time of haptic events (-1 … 1, default 0). It cannot be used in a parameter curve.
        public static let hapticAttackTimeControl = ID(rawValue: "HapticAttackTimeControl")

        /// Adds to the decay time of haptic events (-1 … 1, default 0). It cannot be used in a parameter curve.
        public static let hapticDecayTimeControl = ID(rawValue: "HapticDecayTimeControl")

        /// Adds to the release time of haptic events (-1 … 1, default 0). It cannot be used in a parameter curve.
        public static let hapticReleaseTimeControl = ID(rawValue: "HapticReleaseTimeControl")

        /// Multiplies the volume of audio events (0 … 1, default 1).
        public static let audioVolumeControl = ID(rawValue: "AudioVolumeControl")

        /// Adds to the stereo position of audio events (-1 … 1, default 0).
        public static let audioPanControl = ID(rawValue: "AudioPanControl")

        /// Adds to the brightness of audio events (-1 … 1, default 0).
        public static let audioBrightnessControl = ID(rawValue: "AudioBrightnessControl")

        /// Adds to the pitch of audio events (-1 … 1, default 0).
        public static let audioPitchControl = ID(rawValue: "AudioPitchControl")

        /// Adds to the attack time of audio events (-1 … 1, default 0). It cannot be used in a parameter curve.
        public static let audioAttackTimeControl = ID(rawValue: "AudioAttackTimeControl")

        /// Adds to the decay time of audio events (-1 … 1, default 0). It cannot be used in a parameter curve.
        public static let audioDecayTimeControl = ID(rawValue: "AudioDecayTimeControl")

        /// Adds to the release time of audio events (-1 … 1, default 0). It cannot be used in a parameter curve.
        public static let audioReleaseTimeControl = ID(rawValue: "AudioReleaseTimeControl")
    }
}
