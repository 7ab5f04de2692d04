import Logging

/// Diagnostics for calls that have no error callback to report to (setters, destroys, generator triggers): they log
/// through swift-log (label `OpenCoreHaptics.CoreHapticsWrapper`) and return, leaving everything as it was.
enum WrapperLog {
    static let logger = Logger(label: "OpenCoreHaptics.CoreHapticsWrapper")

    /// A call ignored because its handle is not live.
    static func ignored(_ handle: UnsafeRawPointer?, expected: String, in function: StaticString) {
        logger.warning("\(ErrorReport.cName(function)): ignored, \(ErrorReport.shown(handle)) is not a live \(expected) handle")
    }

    /// A call ignored because a value is out of range.
    static func refused(_ value: String, in function: StaticString, because reason: String) {
        logger.warning("\(ErrorReport.cName(function)): ignored \(value): \(reason)")
    }
}
