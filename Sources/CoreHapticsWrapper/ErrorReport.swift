import CCoreHapticsWrapper
import Foundation
import OpenCoreHaptics

/// Hands errors to the plug-in's error callbacks as `CHWError` values: Core Haptics' code and a message.
///
/// The message is a C string that lives only for the callback (Apple's wrapper leaks a copy per error; the plug-in
/// copies it into a managed string during the call, so nothing needs it later).
enum ErrorReport {
    /// The code for a handle that is null, destroyed or of another kind: the plug-in's `CHErrorCode.InvalidEnginePointer`.
    static let invalidHandleCode: Int32 = -1

    /// Calls `callback` with `error`'s code and message, and `pointer` as the handle it belongs to; with no callback,
    /// logs them (``WrapperLog/unreported(code:message:in:)``).
    static func send(
        _ error: any Error, to callback: CHWErrorWithPointerCallback?, pointer: UnsafeRawPointer?, in function: StaticString = #function
    ) {
        let (code, message) = describe(error)
        send(code: code, message: message, to: callback, pointer: pointer, in: function)
    }

    /// Calls `callback` with a code and a message; with no callback, logs them.
    static func send(
        code: Int32, message: String, to callback: CHWErrorWithPointerCallback?, pointer: UnsafeRawPointer?,
        in function: StaticString = #function
    ) {
        guard let callback else { return WrapperLog.unreported(code: code, message: message, in: function) }
        withMessage(message) { callback(pointer, CHWError(code: code, localizedDescription: $0)) }
    }

    /// Calls a creation callback (no handle yet) with `error`'s code and message; with no callback, logs them.
    static func send(_ error: any Error, to callback: CHWErrorCallback?, in function: StaticString = #function) {
        let (code, message) = describe(error)
        guard let callback else { return WrapperLog.unreported(code: code, message: message, in: function) }
        withMessage(message) { callback(CHWError(code: code, localizedDescription: $0)) }
    }

    /// Reports a handle that is not live, naming the call and what it expected.
    static func invalidHandle(
        _ handle: UnsafeRawPointer?, expected: String, in function: StaticString, to callback: CHWErrorWithPointerCallback?,
        detail: String = "null, destroyed, or another kind"
    ) {
        send(
            code: invalidHandleCode, message: "\(cName(function)): \(shown(handle)) is not a live \(expected) handle (\(detail))",
            to: callback, pointer: handle, in: function)
    }

    /// A handle as messages show it: its bits in hexadecimal, or NULL.
    static func shown(_ handle: UnsafeRawPointer?) -> String {
        handle.map { "0x" + String(UInt(bitPattern: $0), radix: 16) } ?? "NULL"
    }

    /// The error for a handle table that is full (16 777 215 live handles).
    static let tooManyHandles = CHHapticError(.memoryError, userInfo: [NSLocalizedDescriptionKey: "too many live handles"])

    /// A Swift `#function` of an entry point as its C name (`CoreHaptics_CHHapticEngine_Start(_:_:)` → without the labels).
    static func cName(_ function: StaticString) -> Substring {
        "\(function)".prefix { $0 != "(" }
    }

    /// The code and message of an error: Core Haptics' own for `CHHapticError`, `unknownError` (-4898) otherwise.
    static func describe(_ error: any Error) -> (code: Int32, message: String) {
        if let error = error as? CHHapticError {
            return (Int32(truncatingIfNeeded: error.code.rawValue), error.localizedDescription)
        }
        return (Int32(truncatingIfNeeded: CHHapticError.Code.unknownError.rawValue), String(describing: error))
    }

    /// Runs `body` with a NUL-terminated copy of `message` that is freed afterwards.
    private static func withMessage(_ message: String, _ body: (UnsafeMutablePointer<CChar>) -> Void) {
        var bytes = Array(message.utf8CString)
        bytes.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}
