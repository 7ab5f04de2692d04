extension CHHapticPattern {
    /// A key of a pattern dictionary; the raw value is the AHAP key with the same name.
    ///
    /// Use these keys to write a pattern as a dictionary literal, exactly as in an AHAP file. Nested dictionaries
    /// may use these keys or plain strings.
    ///
    ///     let pattern = try CHHapticPattern(dictionary: [
    ///         .pattern: [[CHHapticPattern.Key.event: [
    ///             CHHapticPattern.Key.eventType: CHHapticEvent.EventType.hapticTransient,
    ///             CHHapticPattern.Key.time: 0.0,
    ///         ]]],
    ///     ])
    public struct Key: RawRepresentable, Hashable, Sendable {
        /// The AHAP key, for example `"Version"`.
        public let rawValue: String

        /// Creates a value from its AHAP string.
        ///
        /// Any string is accepted; keys that are not AHAP keys are ignored when a pattern is read, as Core Haptics
        /// ignores them.
        ///
        /// - Parameter rawValue: The AHAP string.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The AHAP format version (a number; Core Haptics reads 1.0 … 1.1, a missing version means 1.0).
        public static let version = Key(rawValue: "Version")

        /// The array of entries; each entry is a dictionary holding ``event``, ``parameter`` or ``parameterCurve``.
        public static let pattern = Key(rawValue: "Pattern")

        /// An event entry: a dictionary with ``eventType``, ``time`` and optionally ``eventDuration``,
        /// ``eventParameters`` and the waveform keys.
        public static let event = Key(rawValue: "Event")

        /// The event's type: a ``CHHapticEvent/EventType`` or its raw string.
        public static let eventType = Key(rawValue: "EventType")

        /// A start time in seconds, relative to the pattern start (for control points: to the curve start).
        public static let time = Key(rawValue: "Time")

        /// An event's duration in seconds.
        public static let eventDuration = Key(rawValue: "EventDuration")

        /// The path of the audio file an ``CHHapticEvent/EventType/audioCustom`` event plays.
        ///
        /// - Note: In a file, a relative path resolves against the file's folder and may not leave it. In a
        ///   dictionary, a relative path resolves against the working directory at the time the pattern is made
        ///   (Core Haptics does not document this case).
        public static let eventWaveformPath = Key(rawValue: "EventWaveformPath")

        /// An event's array of parameter dictionaries (each with ``parameterID`` and ``parameterValue``).
        public static let eventParameters = Key(rawValue: "EventParameters")

        /// A dynamic-parameter entry: a dictionary with ``parameterID``, ``time`` and ``parameterValue``.
        public static let parameter = Key(rawValue: "Parameter")

        /// A parameter's identifier: a ``CHHapticEvent/ParameterID`` inside ``eventParameters``, a
        /// ``CHHapticDynamicParameter/ID`` in ``parameter`` and ``parameterCurve`` entries.
        public static let parameterID = Key(rawValue: "ParameterID")

        /// A parameter's or control point's value (out-of-range values are clamped when played).
        public static let parameterValue = Key(rawValue: "ParameterValue")

        /// A parameter-curve entry: a dictionary with ``parameterID``, ``time`` and ``parameterCurveControlPoints``.
        public static let parameterCurve = Key(rawValue: "ParameterCurve")

        /// A curve's array of control points, each a dictionary with ``time`` and ``parameterValue``.
        public static let parameterCurveControlPoints = Key(rawValue: "ParameterCurveControlPoints")

        /// Whether a custom audio waveform fades in and out to avoid clicks (a Boolean, default `true`).
        public static let eventWaveformUseVolumeEnvelope = Key(rawValue: "EventWaveformUseVolumeEnvelope")

        /// Whether a custom audio waveform loops for the event's duration (a Boolean, default `false`).
        public static let eventWaveformLoopEnabled = Key(rawValue: "EventWaveformLoopEnabled")
    }
}
