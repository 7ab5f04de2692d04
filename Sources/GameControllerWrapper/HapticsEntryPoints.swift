import CGameControllerWrapper
import CoreHapticsWrapper
import HapticSystem
import OpenCoreHaptics
import OpenGameController

// Haptics: Apple's GameControllerWrapper_CreateHapticsEngine (GameControllerWrapper.h).

/// A Core Haptics engine on the controller's haptics, as a CoreHapticsWrapper engine handle.
///
/// Apple's plug-in returns a retained `CHHapticEngine` pointer that its Core Haptics plug-in then drives; here the
/// engine is entered in CoreHapticsWrapper's handle table (both plug-ins' entry points live in one library), so every
/// `CoreHaptics_CHHapticEngine_*` entry point drives it and `CoreHaptics_CHHapticEngine_Destroy` releases it. As in
/// Apple's plug-in, the controller's previous engine from this call is stopped first.
@_cdecl("GameControllerWrapper_CreateHapticsEngine")
public func GameControllerWrapper_CreateHapticsEngine(
    _ uniqueId: UnsafePointer<CChar>?, _ onError: GCWErrorCallback?
) -> UnsafeMutableRawPointer? {
    guard let controller = ControllerIDs.shared.controller(uniqueId) else {
        report(-1, "GameControllerWrapper_CreateHapticsEngine: no connected controller has this unique id", to: onError)
        return nil
    }
    guard let engine = controller.haptics?.createEngine(withLocality: .default) else {
        report(
            Int32(truncatingIfNeeded: CHHapticError.Code.notSupported.rawValue),
            "GameControllerWrapper_CreateHapticsEngine: the controller has no haptics", to: onError)
        return nil
    }
    ControllerEngines.shared.replace(controller, with: engine)
    guard let handle = EngineHandles.insert(engine) else {
        report(
            Int32(truncatingIfNeeded: CHHapticError.Code.memoryError.rawValue),
            "GameControllerWrapper_CreateHapticsEngine: too many live handles", to: onError)
        return nil
    }
    return handle
}

/// Calls `callback` with a code and a message made for the call; with none, the error is dropped (Apple's plug-in
/// reports none at all).
private func report(_ code: Int32, _ message: String, to callback: GCWErrorCallback?) {
    guard let callback else { return }
    var bytes = Array(message.utf8CString)
    bytes.withUnsafeMutableBufferPointer { callback(GCWError(code: code, localizedDescription: $0.baseAddress)) }
}

/// The engine each controller's last `CreateHapticsEngine` made, to stop when a new one is made or the controller
/// disconnects (as Apple's plug-in does).
final class ControllerEngines: Sendable {
    fileprivate let engines = LockedState([ObjectIdentifier: CHHapticEngine]())

    /// The process's engines.
    static let shared = ControllerEngines()

    /// Records `engine` as `controller`'s, stopping the one before.
    func replace(_ controller: GCController, with engine: CHHapticEngine) {
        let old = engines.withLock { $0.updateValue(engine, forKey: ObjectIdentifier(controller)) }
        old?.stop(completionHandler: nil)
    }

    /// Stops and forgets `controller`'s engine.
    func stop(_ controller: GCController) {
        engines.withLock { $0.removeValue(forKey: ObjectIdentifier(controller)) }?.stop(completionHandler: nil)
    }
}

extension ControllerEngines {
    /// `controller`'s engine from the last `CreateHapticsEngine`, if not stopped since (for tests).
    func engine(of controller: GCController) -> CHHapticEngine? {
        engines.withLock { $0[ObjectIdentifier(controller)] }
    }
}
