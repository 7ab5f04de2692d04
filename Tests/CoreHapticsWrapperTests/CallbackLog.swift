import CCoreHapticsWrapper
import Dispatch
import HapticSystem

/// What the C callbacks received. C function pointers cannot capture, so the tests' callbacks write here; the suites
/// that use it run serialized and clear it first.
final class CallbackLog: @unchecked Sendable {
    struct ReceivedError: Equatable {
        var pointer: UInt
        var code: Int32
        var message: String
    }

    static let shared = CallbackLog()

    private let state = LockedState((errors: [ReceivedError](), finished: [UInt](), allFinished: [UInt](), stopped: [Int32]()))
    /// Signalled once per completion, all-finished or stopped callback.
    let signal = DispatchSemaphore(value: 0)

    var errors: [ReceivedError] { state.withLock { $0.errors } }
    var finished: [UInt] { state.withLock { $0.finished } }
    var allFinished: [UInt] { state.withLock { $0.allFinished } }
    var stopped: [Int32] { state.withLock { $0.stopped } }

    func clear() {
        state.withLock { $0 = ([], [], [], []) }
        while signal.wait(timeout: .now()) == .success {}
    }

    /// Waits (up to a generous limit, for loaded and sanitizer runs) for one callback that signals.
    func waitForSignal(seconds: Double = 20) -> Bool { signal.wait(timeout: .now() + seconds) == .success }

    func recordError(_ pointer: UnsafeRawPointer?, _ error: CHWError) {
        let message = error.localizedDescription.map { String(cString: $0) } ?? ""
        state.withLock { $0.errors.append(ReceivedError(pointer: UInt(bitPattern: pointer), code: error.code, message: message)) }
    }

    func recordFinished(_ pointer: UnsafeRawPointer?) {
        state.withLock { $0.finished.append(UInt(bitPattern: pointer)) }
        signal.signal()
    }

    func recordAllFinished(_ pointer: UnsafeRawPointer?) {
        state.withLock { $0.allFinished.append(UInt(bitPattern: pointer)) }
        signal.signal()
    }

    func recordStopped(_ reason: Int32) {
        state.withLock { $0.stopped.append(reason) }
        signal.signal()
    }
}

/// The callbacks as C function pointers.
enum Callbacks {
    static let error: CHWErrorWithPointerCallback = { pointer, error in CallbackLog.shared.recordError(pointer, error) }
    static let createError: CHWErrorCallback = { error in CallbackLog.shared.recordError(nil, error) }
    static let finished: CHWSuccessWithPointerCallback = { pointer in CallbackLog.shared.recordFinished(pointer) }
    static let allFinished: CHWAllPlayersFinishedCallback = { pointer in
        CallbackLog.shared.recordAllFinished(pointer)
        return 0
    }
    static let stopped: CHWStoppedWithReasonCallback = { _, reason in CallbackLog.shared.recordStopped(reason) }
}

/// AHAP texts for the tests.
enum Texts {
    static let transient = #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": []}}]}"#
    static let continuous = #"""
        {"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 0.3,
          "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.8}]}}]}
        """#
    /// Broken on line 2, column 9 (a missing value).
    static let malformed = "{\"Pattern\": [\n  {\"Event\": }\n]}"
}
