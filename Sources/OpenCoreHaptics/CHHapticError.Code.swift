import Foundation
import HapticPattern

extension CHHapticError {
    /// The reason for a ``CHHapticError``, with Core Haptics' raw values: Apple's nested name for the one table of
    /// codes every layer uses (`HapticErrorCode` in the pattern model).
    ///
    /// Match a code with `catch` or `switch`:
    ///
    ///     do {
    ///         _ = try CHHapticPattern(dictionary: [:])
    ///     } catch CHHapticError.invalidPatternDictionary {
    ///         print("not a pattern")
    ///     }
    public typealias Code = HapticErrorCode
}

extension HapticErrorCode {
    /// Whether `error` is a ``CHHapticError`` (or an `NSError` in ``CoreHapticsErrorDomain``) with this code.
    ///
    /// This operator is what makes `catch CHHapticError.invalidEventTime { … }` and
    /// `case CHHapticError.invalidEventTime:` match.
    ///
    /// - Parameters:
    ///   - match: The code to look for.
    ///   - error: The error thrown.
    /// - Returns: `true` when the error carries `match`.
    public static func ~= (match: HapticErrorCode, error: any Error) -> Bool {
        if let error = error as? CHHapticError { return error.code == match }
        let nsError = error as NSError
        return nsError.domain == CoreHapticsErrorDomain && nsError.code == match.rawValue
    }
}
