import CGameControllerWrapper
import CoreHapticsWrapper
import Foundation
import HapticSystem
import OpenGameController

// Discovery and connection: Apple's GameControllerWrapper_StartWirelessDiscovery, _StopWirelessDiscovery,
// _SetConnectionHandlers and _GetConnectedControllers (GameControllerWrapper.h), over GCController's class API and
// its notifications.

/// Starts watching for controllers; `onComplete` runs (on the library's callback thread) when discovery ends.
@_cdecl("GameControllerWrapper_StartWirelessDiscovery")
public func GameControllerWrapper_StartWirelessDiscovery(_ onComplete: GCWSuccessCallback?) {
    GCController.startWirelessControllerDiscovery {
        guard let onComplete else { return }
        CallbackThread.shared.run { onComplete() }
    }
}

/// Ends discovery early; the pending completion runs.
@_cdecl("GameControllerWrapper_StopWirelessDiscovery")
public func GameControllerWrapper_StopWirelessDiscovery() {
    GCController.stopWirelessControllerDiscovery()
}

/// Sets the connection callbacks; they replace earlier ones and run on the library's callback thread.
@_cdecl("GameControllerWrapper_SetConnectionHandlers")
public func GameControllerWrapper_SetConnectionHandlers(
    _ onConnected: GCWControllerConnectionStateChangedCallback?, _ onDisconnected: GCWControllerConnectionStateChangedCallback?
) {
    ConnectionObservers.shared.set(onConnected: onConnected, onDisconnected: onDisconnected)
}

/// The controllers connected now, each with its unique id.
@_cdecl("GameControllerWrapper_GetConnectedControllers")
public func GameControllerWrapper_GetConnectedControllers() -> GCWGetConnectedControllersResponse {
    ControllerIDs.shared.list(GCController.controllers())
}

/// The observers of `GCControllerDidConnect` and `GCControllerDidDisconnect` (closure observers: there are no
/// selectors on Linux), installed once, calling whichever callbacks were set last.
final class ConnectionObservers: Sendable {
    private struct Callbacks {
        var onConnected: GCWControllerConnectionStateChangedCallback?
        var onDisconnected: GCWControllerConnectionStateChangedCallback?
        var installed = false
    }

    private let callbacks = LockedState(Callbacks())

    /// The process's observers.
    static let shared = ConnectionObservers()

    /// Sets the callbacks and, the first time, starts observing.
    func set(
        onConnected: GCWControllerConnectionStateChangedCallback?, onDisconnected: GCWControllerConnectionStateChangedCallback?
    ) {
        let install = callbacks.withLock { state -> Bool in
            state.onConnected = onConnected
            state.onDisconnected = onDisconnected
            defer { state.installed = true }
            return !state.installed
        }
        guard install else { return }
        let center = NotificationCenter.default
        _ = center.addObserver(forName: .GCControllerDidConnect, object: nil, queue: nil) { [self] note in
            guard let controller = note.object as? GCController else { return }
            let c = ControllerIDs.shared.describe(controller)
            guard let callback = callbacks.withLock({ $0.onConnected }) else { return }
            let sendable = UnsafeTransfer(c)
            CallbackThread.shared.run { callback(sendable.value) }
        }
        _ = center.addObserver(forName: .GCControllerDidDisconnect, object: nil, queue: nil) { [self] note in
            guard let controller = note.object as? GCController else { return }
            ControllerEngines.shared.stop(controller)
            guard let c = ControllerIDs.shared.forget(controller) else { return }
            guard let callback = callbacks.withLock({ $0.onDisconnected }) else { return }
            let sendable = UnsafeTransfer(c)
            CallbackThread.shared.run { callback(sendable.value) }
        }
    }
}

/// A C value with pointers moved to the callback thread: its strings are immutable and never freed.
struct UnsafeTransfer<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
