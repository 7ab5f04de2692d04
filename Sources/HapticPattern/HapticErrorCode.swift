/// Core Haptics' error codes, with Apple's raw values (`CHHapticErrorCode`), so `(error as NSError).code` compares
/// with the numbers an iOS app logs.
///
/// `OpenCoreHaptics` exposes this type under Apple's name, `CHHapticError.Code` (a type alias: one table of codes
/// for every layer).
public enum HapticErrorCode: Int, Sendable, Hashable, CaseIterable {
    /// The engine is not running, and the call needs a started engine. Raw value -4805.
    case engineNotRunning = -4805
    /// The operation is not permitted, for example exporting a pattern that plays a registered audio resource. Raw value -4806.
    case operationNotPermitted = -4806
    /// The engine did not start within the time allowed. Raw value -4808.
    case engineStartTimeout = -4808
    /// The feature is not supported: no suitable hardware, an AHAP `Version` outside 1.0 … 1.1, or a file type `init(contentsOf:)` does not read. Raw value -4809.
    case notSupported = -4809
    /// The haptic server failed to initialize. Raw value -4810.
    case serverInitFailed = -4810
    /// The haptic server was interrupted. Raw value -4811.
    case serverInterrupted = -4811
    /// The player is no longer valid (for example after an engine reset). Raw value -4812.
    case invalidPatternPlayer = -4812
    /// Pattern data was corrupt, or exceeded one of the limits for untrusted input. Raw value -4813.
    case invalidPatternData = -4813
    /// The pattern dictionary or file is malformed: not JSON, missing `Pattern`, or empty. Raw value -4814.
    case invalidPatternDictionary = -4814
    /// The audio session used by the engine was invalidated. Raw value -4815.
    case invalidAudioSession = -4815
    /// An engine was given an invalid configuration parameter. Raw value -4816.
    case invalidEngineParameter = -4816
    /// A parameter ID is unknown, does not apply to the event type, or cannot be curved. Raw value -4820.
    case invalidParameterType = -4820
    /// An event type is unknown. Raw value -4821.
    case invalidEventType = -4821
    /// An event time is missing, negative or not a finite number. Raw value -4822.
    case invalidEventTime = -4822
    /// An event duration is negative, not a finite number, or missing where one is needed. Raw value -4823.
    case invalidEventDuration = -4823
    /// An audio resource is unknown or cannot be decoded. Raw value -4824.
    case invalidAudioResource = -4824
    /// A resource the call needs is not available. Raw value -4825.
    case resourceNotAvailable = -4825
    /// An event entry is missing a required field or has a field of the wrong type. Raw value -4830.
    case badEventEntry = -4830
    /// A parameter, curve or control point entry is missing a required field or has a field of the wrong type. Raw value -4831.
    case badParameterEntry = -4831
    /// A time passed to a player is invalid, for example negative. Raw value -4840.
    case invalidTime = -4840
    /// A pattern or audio file was not found, or the URL is not a file URL. Raw value -4851.
    case fileNotFound = -4851
    /// There is not enough power to play. Raw value -4897.
    case insufficientPower = -4897
    /// An error with no more specific code. Raw value -4898.
    case unknownError = -4898
    /// Memory could not be allocated. Raw value -4899.
    case memoryError = -4899
}
