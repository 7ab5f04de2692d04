import CCoreHapticsWrapper
import Foundation
import OpenCoreHaptics

// CHHapticEngine's lifecycle and patterns through the C ABI (CoreHapticsWrapper.h). Every call checks its handle in
// the table first; errors reach the call's callback before it returns, with the engine handle as their pointer.

/// Creates an engine on the default device; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticEngine_Create")
public func CoreHaptics_CHHapticEngine_Create(
    _ onError: CHWErrorCallback?, _ onStopped: CHWStoppedWithReasonCallback?, _ onReset: CHWSuccessWithPointerCallback?
) -> UnsafeMutableRawPointer? {
    LogRouting.installIfUnconfigured()  // before the engine and its device make their loggers
    let engine: CHHapticEngine
    do {
        engine = try CHHapticEngine()
    } catch {
        ErrorReport.send(error, to: onError)
        return nil
    }
    guard let handle = HandleTable.shared.insert(EngineEntry(engine: engine), kind: .engine) else {
        ErrorReport.send(ErrorReport.tooManyHandles, to: onError)
        return nil
    }
    let bits = UInt(bitPattern: handle)
    // The handlers hold the handle's bits, not the entry: after Destroy they find nothing and stay silent. They run
    // on the callback thread (a managed runtime can stop it for a collection; libdispatch's workers it cannot).
    engine.stoppedHandler = { reason in
        guard let onStopped else { return }
        let code = Int32(truncatingIfNeeded: reason.rawValue)
        CallbackThread.shared.run {
            guard HandleTable.shared.engine(UnsafeRawPointer(bitPattern: bits)) != nil else { return }
            onStopped(UnsafeRawPointer(bitPattern: bits), code)
        }
    }
    engine.resetHandler = {
        guard let onReset else { return }
        CallbackThread.shared.run {
            guard HandleTable.shared.engine(UnsafeRawPointer(bitPattern: bits)) != nil else { return }
            onReset(UnsafeRawPointer(bitPattern: bits))
        }
    }
    return handle
}

/// Stops and releases an engine and its players; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticEngine_Destroy")
public func CoreHaptics_CHHapticEngine_Destroy(_ enginePtr: UnsafeRawPointer?) {
    guard let entry = HandleTable.shared.remove(enginePtr, kind: .engine) as? EngineEntry else {
        WrapperLog.ignored(enginePtr, expected: "engine", in: #function)
        return
    }
    for bits in entry.close() {
        let handle = UnsafeRawPointer(bitPattern: bits)
        HandleTable.shared.remove(handle, kind: .player)
        HandleTable.shared.remove(handle, kind: .advancedPlayer)
    }
    entry.engine.stoppedHandler = { _ in }
    entry.engine.resetHandler = {}
    entry.engine.stop(completionHandler: nil)
}

/// Starts an engine; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticEngine_Start")
public func CoreHaptics_CHHapticEngine_Start(_ enginePtr: UnsafeRawPointer?, _ onError: CHWErrorWithPointerCallback?) {
    guard let entry = HandleTable.shared.engine(enginePtr) else {
        return ErrorReport.invalidHandle(enginePtr, expected: "engine", in: #function, to: onError)
    }
    do {
        try entry.engine.start()
    } catch {
        ErrorReport.send(error, to: onError, pointer: enginePtr)
    }
}

/// Stops an engine and its players; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticEngine_Stop")
public func CoreHaptics_CHHapticEngine_Stop(_ enginePtr: UnsafeRawPointer?, _ onError: CHWErrorWithPointerCallback?) {
    guard let entry = HandleTable.shared.engine(enginePtr) else {
        return ErrorReport.invalidHandle(enginePtr, expected: "engine", in: #function, to: onError)
    }
    let bits = UInt(bitPattern: enginePtr)
    entry.engine.stop { error in
        guard let error else { return }
        let (code, message) = ErrorReport.describe(error)
        CallbackThread.shared.run {
            guard HandleTable.shared.engine(UnsafeRawPointer(bitPattern: bits)) != nil else { return }
            ErrorReport.send(code: code, message: message, to: onError, pointer: UnsafeRawPointer(bitPattern: bits))
        }
    }
}

/// Plays an AHAP file once; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticEngine_PlayPatternFromUrl")
public func CoreHaptics_CHHapticEngine_PlayPatternFromUrl(
    _ enginePtr: UnsafeRawPointer?, _ ahapUrl: UnsafePointer<CChar>?, _ onError: CHWErrorWithPointerCallback?
) {
    guard let entry = HandleTable.shared.engine(enginePtr) else {
        return ErrorReport.invalidHandle(enginePtr, expected: "engine", in: #function, to: onError)
    }
    guard let url = CText.fileURL(ahapUrl) else {
        return ErrorReport.send(
            code: Int32(CHHapticError.Code.fileNotFound.rawValue),
            message: "\(#function): the AHAP path is NULL, empty or longer than PATH_MAX", to: onError, pointer: enginePtr)
    }
    do {
        try entry.engine.playPattern(from: url)
    } catch {
        ErrorReport.send(error, to: onError, pointer: enginePtr)
    }
}

/// Plays AHAP text once; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticEngine_PlayPatternFromJson")
public func CoreHaptics_CHHapticEngine_PlayPatternFromJson(
    _ enginePtr: UnsafeRawPointer?, _ ahapJson: UnsafePointer<CChar>?, _ onError: CHWErrorWithPointerCallback?
) {
    guard let entry = HandleTable.shared.engine(enginePtr) else {
        return ErrorReport.invalidHandle(enginePtr, expected: "engine", in: #function, to: onError)
    }
    do {
        try entry.engine.playPattern(from: try PatternText.data(ahapJson, in: #function))
    } catch {
        ErrorReport.send(error, to: onError, pointer: enginePtr)
    }
}

/// Makes a player; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticEngine_MakePlayer")
public func CoreHaptics_CHHapticEngine_MakePlayer(
    _ enginePtr: UnsafeRawPointer?, _ ahapJson: UnsafePointer<CChar>?, _ onError: CHWErrorWithPointerCallback?
) -> UnsafeMutableRawPointer? {
    PlayerMaking.make(on: enginePtr, ahapJson, advanced: false, onFinished: nil, onError: onError, in: #function)
}

/// Makes an advanced player; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticEngine_MakeAdvancedPlayer")
public func CoreHaptics_CHHapticEngine_MakeAdvancedPlayer(
    _ enginePtr: UnsafeRawPointer?, _ ahapJson: UnsafePointer<CChar>?, _ onFinishedPlaying: CHWSuccessWithPointerCallback?,
    _ onError: CHWErrorWithPointerCallback?
) -> UnsafeMutableRawPointer? {
    PlayerMaking.make(on: enginePtr, ahapJson, advanced: true, onFinished: onFinishedPlaying, onError: onError, in: #function)
}

/// Calls back once every player has finished; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticEngine_NotifyWhenPlayersFinished")
public func CoreHaptics_CHHapticEngine_NotifyWhenPlayersFinished(
    _ enginePtr: UnsafeRawPointer?, _ leaveEngineRunning: Bool, _ onAllPlayersFinished: CHWAllPlayersFinishedCallback?,
    _ onError: CHWErrorWithPointerCallback?
) {
    guard let entry = HandleTable.shared.engine(enginePtr) else {
        return ErrorReport.invalidHandle(enginePtr, expected: "engine", in: #function, to: onError)
    }
    let bits = UInt(bitPattern: enginePtr)
    entry.engine.notifyWhenPlayersFinished { error in
        let failure = error.map { ErrorReport.describe($0) }
        CallbackThread.shared.run {
            let handle = UnsafeRawPointer(bitPattern: bits)
            guard HandleTable.shared.engine(handle) != nil else { return }
            if let failure { ErrorReport.send(code: failure.code, message: failure.message, to: onError, pointer: handle) }
            _ = onAllPlayersFinished?(handle)
        }
        // The answer is the caller's, given now; the C callback's return value is ignored (as in Apple's wrapper).
        return leaveEngineRunning ? .leaveEngineRunning : .stopEngine
    }
}

/// Whether a real haptic actuator is present; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticEngine_HardwareSupportsHaptics")
public func CoreHaptics_CHHapticEngine_HardwareSupportsHaptics() -> Int32 {
    LogRouting.installIfUnconfigured()  // before device discovery makes its logger
    return CHHapticEngine.capabilitiesForHardware().supportsHaptics ? 1 : 0
}
