/// The error domain of every ``CHHapticError``: `"com.apple.CoreHaptics"`, the same string as Apple's.
///
/// Bridged to `NSError`, a ``CHHapticError`` reports this domain and its code's raw value:
///
///     let nsError = error as NSError
///     if nsError.domain == CoreHapticsErrorDomain && nsError.code == CHHapticError.Code.invalidEventTime.rawValue { … }
public let CoreHapticsErrorDomain: String = "com.apple.CoreHaptics"
