/// Core Haptics' error codes, with Apple's raw values (`CHHapticErrorCode`).
///
/// `OpenCoreHaptics` exposes this type as `CHHapticError.Code`.
public enum HapticErrorCode: Int, Sendable, Hashable, CaseIterable {
    /// The engine is not running (a call needs a started engine). −4805
    case engineNotRunning = -4805
    /// The operation is not permitted (for example exporting a pattern with custom audio IDs). −4806
    case operationNotPermitted = -4806
    /// The engine did not start within the time allowed. −4808
    case engineStartTimeout = -4808
    /// Not supported on this device, or an unsupported feature or AHAP version. −4809
    case notSupported = -4809
    /// The haptic server failed to initialize. −4810
    case serverInitFailed = -4810
    /// The haptic server was interrupted. −4811
    case serverInterrupted = -4811
    /// The player is invalid (for example after a reset). −4812
    case invalidPatternPlayer = -4812
    /// Data handed to a player was corrupt, or exceeded a limit for untrusted input. −4813
    case invalidPatternData = -4813
    /// The pattern dictionary is malformed: missing `Pattern`, empty, or unparseable. −4814
    case invalidPatternDictionary = -4814
    /// The audio session was invalidated. −4815
    case invalidAudioSession = -4815
    /// An engine was given an invalid configuration parameter. −4816
    case invalidEngineParameter = -4816
    /// A parameter ID is unknown or does not apply here. −4820
    case invalidParameterType = -4820
    /// An event type is unknown. −4821
    case invalidEventType = -4821
    /// An event time is missing or invalid (for example negative). −4822
    case invalidEventTime = -4822
    /// An event duration is invalid. −4823
    case invalidEventDuration = -4823
    /// An audio resource is invalid or unknown. −4824
    case invalidAudioResource = -4824
    /// A required resource is not available. −4825
    case resourceNotAvailable = -4825
    /// An event entry is missing a required field or is malformed. −4830
    case badEventEntry = -4830
    /// A parameter or curve entry is missing a required field or is malformed. −4831
    case badParameterEntry = -4831
    /// A time value is invalid (for example a negative `atTime`). −4840
    case invalidTime = -4840
    /// A pattern or audio file was not found. −4851
    case fileNotFound = -4851
    /// Not enough power to play. −4897
    case insufficientPower = -4897
    /// Unknown error. −4898
    case unknownError = -4898
    /// Memory error. −4899
    case memoryError = -4899
}
