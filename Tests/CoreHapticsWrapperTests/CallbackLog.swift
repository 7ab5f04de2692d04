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

    private let state = LockedState(
        (errors: [ReceivedError](), finished: [UInt](), allFinished: [UInt](), stopped: [Int32](), blockedGCSignals: 0))
    /// Signalled once per completion, all-finished or stopped callback.
    let signal = DispatchSemaphore(value: 0)

    var errors: [ReceivedError] { state.withLock { $0.errors } }
    var finished: [UInt] { state.withLock { $0.finished } }
    var allFinished: [UInt] { state.withLock { $0.allFinished } }
    var stopped: [Int32] { state.withLock { $0.stopped } }
    /// How many asynchronous callbacks ran on a thread that blocks `SIGPWR` or `SIGXCPU` (Mono's garbage collector
    /// stops threads with them: such a thread would hang a collection).
    var blockedGCSignals: Int { state.withLock { $0.blockedGCSignals } }

    func clear() {
        state.withLock { $0 = ([], [], [], [], 0) }
        while signal.wait(timeout: .now()) == .success {}
    }

    /// Waits (up to a generous limit, for loaded and sanitizer runs) for one callback that signals.
    func waitForSignal(seconds: Double = 20) -> Bool { signal.wait(timeout: .now() + seconds) == .success }

    func recordError(_ pointer: UnsafeRawPointer?, _ error: CHWError) {
        let message = error.localizedDescription.map { String(cString: $0) } ?? ""
        state.withLock { $0.errors.append(ReceivedError(pointer: UInt(bitPattern: pointer), code: error.code, message: message)) }
    }

    func recordFinished(_ pointer: UnsafeRawPointer?) {
        let blocked = Self.blocksGCSignals()
        state.withLock {
            $0.finished.append(UInt(bitPattern: pointer))
            if blocked { $0.blockedGCSignals += 1 }
        }
        signal.signal()
    }

    func recordAllFinished(_ pointer: UnsafeRawPointer?) {
        let blocked = Self.blocksGCSignals()
        state.withLock {
            $0.allFinished.append(UInt(bitPattern: pointer))
            if blocked { $0.blockedGCSignals += 1 }
        }
        signal.signal()
    }

    func recordStopped(_ reason: Int32) {
        let blocked = Self.blocksGCSignals()
        state.withLock {
            $0.stopped.append(reason)
            if blocked { $0.blockedGCSignals += 1 }
        }
        signal.signal()
    }

    /// Whether the calling thread blocks a signal Mono's collector needs.
    private static func blocksGCSignals() -> Bool {
        var mask = sigset_t()
        pthread_sigmask(SIG_SETMASK, nil, &mask)
        return sigismember(&mask, SIGPWR) == 1 || sigismember(&mask, SIGXCPU) == 1
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
