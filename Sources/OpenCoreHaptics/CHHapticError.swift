import Foundation
import HapticPattern

/// An error thrown by OpenCoreHaptics, in Apple's `CHHapticError` shape: a ``Code`` in ``CoreHapticsErrorDomain``.
///
/// Errors about a pattern carry a precise message in `localizedDescription`: the file (when there is one), the line
/// and column, the path inside the pattern and what is wrong, for example
/// `Boing.ahap:7:22: error: Pattern[1].Event: "Time" is negative (-0.5 s); times must be ≥ 0 (invalidEventTime, -4822)`.
///
///     do {
///         let pattern = try CHHapticPattern(contentsOf: url)
///     } catch CHHapticError.invalidEventTime {
///         print("a negative time")
///     } catch let error as CHHapticError {
///         print(error.code, error.localizedDescription)
///     }
///
/// - Note: Apple's `CHHapticError` wraps an `NSError`. This one is a Swift value that converts to an `NSError`
///   with the same domain and code; the `userInfo` it keeps is limited to `String` values.
public struct CHHapticError: Error, CustomNSError, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let code: CHHapticError.Code

    /// The message and other `String` entries of the error's user info.
    private let stringUserInfo: [String: String]

    /// The pattern-model error this error was made from, with its path and line:column, when there is one.
    ///
    /// - Note: An OpenCoreHaptics addition; Core Haptics has no equivalent.
    public let underlyingPatternError: PatternError?

    /// Creates an error with a code and optional user info, as Apple's bridged error type allows.
    ///
    ///     throw CHHapticError(.engineNotRunning)
    ///
    /// - Parameters:
    ///   - code: The reason.
    ///   - userInfo: Extra information; entries whose values are `String`s (such as `NSLocalizedDescriptionKey`)
    ///     are kept, others are dropped.
    public init(_ code: CHHapticError.Code, userInfo: [String: Any] = [:]) {
        self.code = code
        self.stringUserInfo = userInfo.compactMapValues { $0 as? String }
        self.underlyingPatternError = nil
    }

    /// Creates an error with a code and a message (for the engine and the layers below).
    ///
    /// - Parameters:
    ///   - code: The reason.
    ///   - message: The localized description.
    package init(_ code: CHHapticError.Code, message: String) {
        self.code = code
        self.stringUserInfo = [NSLocalizedDescriptionKey: message]
        self.underlyingPatternError = nil
    }

    /// Wraps a pattern-model error, keeping its code, message, path and line:column.
    ///
    /// - Parameter patternError: The error from the reader, the validator or a conversion.
    package init(_ patternError: PatternError) {
        self.code = patternError.code
        self.stringUserInfo = [
            NSLocalizedDescriptionKey: patternError.description,
            NSLocalizedFailureReasonErrorKey: patternError.message,
        ]
        self.underlyingPatternError = patternError
    }

    /// The error domain, ``CoreHapticsErrorDomain`` (`"com.apple.CoreHaptics"`).
    public static var errorDomain: String { CoreHapticsErrorDomain }

    /// The code's raw value, for example -4822 for `CHHapticError.Code.invalidEventTime`.
    public var errorCode: Int { code.rawValue }

    /// The user info: `NSLocalizedDescriptionKey` holds the full message (with file, line:column and path for pattern
    /// errors) and `NSLocalizedFailureReasonErrorKey` the bare reason.
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [:]
        for (key, value) in stringUserInfo { info[key] = value }
        if info[NSLocalizedDescriptionKey] == nil {
            info[NSLocalizedDescriptionKey] =
                "The operation couldn’t be completed. (\(CoreHapticsErrorDomain) error \(code.rawValue) (\(code)).)"
        }
        return info
    }

    /// The same as ``errorUserInfo``, under the name Apple's bridged error types use.
    public var userInfo: [String: Any] { errorUserInfo }

    /// The full message, as in `localizedDescription`.
    public var description: String {
        errorUserInfo[NSLocalizedDescriptionKey] as? String ?? "\(code)"
    }

    /// Shorthand for `CHHapticError.Code.engineNotRunning` (-4805), for `catch CHHapticError.engineNotRunning`.
    public static var engineNotRunning: CHHapticError.Code { .engineNotRunning }
    /// Shorthand for `CHHapticError.Code.operationNotPermitted` (-4806), for `catch CHHapticError.operationNotPermitted`.
    public static var operationNotPermitted: CHHapticError.Code { .operationNotPermitted }
    /// Shorthand for `CHHapticError.Code.engineStartTimeout` (-4808), for `catch CHHapticError.engineStartTimeout`.
    public static var engineStartTimeout: CHHapticError.Code { .engineStartTimeout }
    /// Shorthand for `CHHapticError.Code.notSupported` (-4809), for `catch CHHapticError.notSupported`.
    public static var notSupported: CHHapticError.Code { .notSupported }
    /// Shorthand for `CHHapticError.Code.serverInitFailed` (-4810), for `catch CHHapticError.serverInitFailed`.
    public static var serverInitFailed: CHHapticError.Code { .serverInitFailed }
    /// Shorthand for `CHHapticError.Code.serverInterrupted` (-4811), for `catch CHHapticError.serverInterrupted`.
    public static var serverInterrupted: CHHapticError.Code { .serverInterrupted }
    /// Shorthand for `CHHapticError.Code.invalidPatternPlayer` (-4812), for `catch CHHapticError.invalidPatternPlayer`.
    public static var invalidPatternPlayer: CHHapticError.Code { .invalidPatternPlayer }
    /// Shorthand for `CHHapticError.Code.invalidPatternData` (-4813), for `catch CHHapticError.invalidPatternData`.
    public static var invalidPatternData: CHHapticError.Code { .invalidPatternData }
    /// Shorthand for `CHHapticError.Code.invalidPatternDictionary` (-4814), for `catch CHHapticError.invalidPatternDictionary`.
    public static var invalidPatternDictionary: CHHapticError.Code { .invalidPatternDictionary }
    /// Shorthand for `CHHapticError.Code.invalidAudioSession` (-4815), for `catch CHHapticError.invalidAudioSession`.
    public static var invalidAudioSession: CHHapticError.Code { .invalidAudioSession }
    /// Shorthand for `CHHapticError.Code.invalidEngineParameter` (-4816), for `catch CHHapticError.invalidEngineParameter`.
    public static var invalidEngineParameter: CHHapticError.Code { .invalidEngineParameter }
    /// Shorthand for `CHHapticError.Code.invalidParameterType` (-4820), for `catch CHHapticError.invalidParameterType`.
    public static var invalidParameterType: CHHapticError.Code { .invalidParameterType }
    /// Shorthand for `CHHapticError.Code.invalidEventType` (-4821), for `catch CHHapticError.invalidEventType`.
    public static var invalidEventType: CHHapticError.Code { .invalidEventType }
    /// Shorthand for `CHHapticError.Code.invalidEventTime` (-4822), for `catch CHHapticError.invalidEventTime`.
    public static var invalidEventTime: CHHapticError.Code { .invalidEventTime }
    /// Shorthand for `CHHapticError.Code.invalidEventDuration` (-4823), for `catch CHHapticError.invalidEventDuration`.
    public static var invalidEventDuration: CHHapticError.Code { .invalidEventDuration }
    /// Shorthand for `CHHapticError.Code.invalidAudioResource` (-4824), for `catch CHHapticError.invalidAudioResource`.
    public static var invalidAudioResource: CHHapticError.Code { .invalidAudioResource }
    /// Shorthand for `CHHapticError.Code.resourceNotAvailable` (-4825), for `catch CHHapticError.resourceNotAvailable`.
    public static var resourceNotAvailable: CHHapticError.Code { .resourceNotAvailable }
    /// Shorthand for `CHHapticError.Code.badEventEntry` (-4830), for `catch CHHapticError.badEventEntry`.
    public static var badEventEntry: CHHapticError.Code { .badEventEntry }
    /// Shorthand for `CHHapticError.Code.badParameterEntry` (-4831), for `catch CHHapticError.badParameterEntry`.
    public static var badParameterEntry: CHHapticError.Code { .badParameterEntry }
    /// Shorthand for `CHHapticError.Code.invalidTime` (-4840), for `catch CHHapticError.invalidTime`.
    public static var invalidTime: CHHapticError.Code { .invalidTime }
    /// Shorthand for `CHHapticError.Code.fileNotFound` (-4851), for `catch CHHapticError.fileNotFound`.
    public static var fileNotFound: CHHapticError.Code { .fileNotFound }
    /// Shorthand for `CHHapticError.Code.insufficientPower` (-4897), for `catch CHHapticError.insufficientPower`.
    public static var insufficientPower: CHHapticError.Code { .insufficientPower }
    /// Shorthand for `CHHapticError.Code.unknownError` (-4898), for `catch CHHapticError.unknownError`.
    public static var unknownError: CHHapticError.Code { .unknownError }
    /// Shorthand for `CHHapticError.Code.memoryError` (-4899), for `catch CHHapticError.memoryError`.
    public static var memoryError: CHHapticError.Code { .memoryError }
}
