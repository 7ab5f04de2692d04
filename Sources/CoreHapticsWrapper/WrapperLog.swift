import Logging

/// Diagnostics for calls that have no error callback to report to (setters, destroys, generator triggers, and calls
/// given a NULL error callback): they log through swift-log (label `OpenCoreHaptics.CoreHapticsWrapper`, routed by
/// ``LogRouting``) and return, leaving everything as it was.
enum WrapperLog {
    static let logger = LogRouting.logger(label: "OpenCoreHaptics.CoreHapticsWrapper")

    /// A call ignored because its handle is not live.
    static func ignored(_ handle: UnsafeRawPointer?, expected: String, in function: StaticString) {
        logger.warning("\(ErrorReport.cName(function)): ignored, \(ErrorReport.shown(handle)) is not a live \(expected) handle")
    }

    /// A call ignored because a value is out of range.
    static func refused(_ value: String, in function: StaticString, because reason: String) {
        logger.warning("\(ErrorReport.cName(function)): ignored \(value): \(reason)")
    }

    /// An error reported by a call whose error callback is NULL: logged instead, so it is never lost.
    static func unreported(code: Int32, message: String, in function: StaticString) {
        logger.warning("\(ErrorReport.cName(function)): error \(code) (no error callback was given): \(message)")
    }
}
