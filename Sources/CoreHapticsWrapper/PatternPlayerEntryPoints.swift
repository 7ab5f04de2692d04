import CCoreHapticsWrapper
import Foundation
import OpenCoreHaptics

// CHHapticPatternPlayer through the C ABI (CoreHapticsWrapper.h). These calls also take an advanced player's handle
// (an advanced player is a pattern player, as in Core Haptics). Errors go to the call's callback with the player
// handle as their pointer.

/// Stops and releases a player; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticPatternPlayer_Destroy")
public func CoreHaptics_CHHapticPatternPlayer_Destroy(_ playerPtr: UnsafeRawPointer?) {
    PlayerDestruction.destroy(playerPtr, kinds: [.player, .advancedPlayer], in: #function)
}

/// Whether a player is muted; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticPatternPlayer_GetIsMuted")
public func CoreHaptics_CHHapticPatternPlayer_GetIsMuted(_ playerPtr: UnsafeRawPointer?) -> Int32 {
    HandleTable.shared.anyPlayer(playerPtr)?.player.isMuted == true ? 1 : 0
}

/// Mutes or unmutes a player; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticPatternPlayer_SetIsMuted")
public func CoreHaptics_CHHapticPatternPlayer_SetIsMuted(_ playerPtr: UnsafeRawPointer?, _ isMuted: Bool) {
    guard let entry = HandleTable.shared.anyPlayer(playerPtr) else {
        return WrapperLog.ignored(playerPtr, expected: "player", in: #function)
    }
    entry.player.isMuted = isMuted
}

/// Starts a player; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticPatternPlayer_Start")
public func CoreHaptics_CHHapticPatternPlayer_Start(
    _ playerPtr: UnsafeRawPointer?, _ startTime: Float, _ onError: CHWErrorWithPointerCallback?
) {
    PlayerCall.run(playerPtr, onError, in: #function) { try $0.player.start(atTime: TimeInterval(startTime)) }
}

/// Stops a player; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticPatternPlayer_Stop")
public func CoreHaptics_CHHapticPatternPlayer_Stop(
    _ playerPtr: UnsafeRawPointer?, _ stopTime: Float, _ onError: CHWErrorWithPointerCallback?
) {
    PlayerCall.run(playerPtr, onError, in: #function) { try $0.player.stop(atTime: TimeInterval(stopTime)) }
}

/// Sends dynamic parameters to a player; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticPatternPlayer_SendParameters")
public func CoreHaptics_CHHapticPatternPlayer_SendParameters(
    _ playerPtr: UnsafeRawPointer?, _ request: CHWSendParametersRequest, _ onError: CHWErrorWithPointerCallback?
) {
    PlayerCall.run(playerPtr, onError, in: #function) {
        let (parameters, atTime) = try ParameterRequests.parameters(of: request)
        try $0.player.sendParameters(parameters, atTime: atTime)
    }
}

/// Schedules a parameter curve on a player; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticPatternPlayer_ScheduleParameterCurve")
public func CoreHaptics_CHHapticPatternPlayer_ScheduleParameterCurve(
    _ playerPtr: UnsafeRawPointer?, _ curve: CHWHapticParameterCurve, _ atTime: Float, _ onError: CHWErrorWithPointerCallback?
) {
    PlayerCall.run(playerPtr, onError, in: #function) {
        try $0.player.scheduleParameterCurve(try ParameterRequests.curve(of: curve), atTime: TimeInterval(atTime))
    }
}

/// Runs a throwing call on a live player, reporting a dead handle or the call's error to the callback.
enum PlayerCall {
    /// Runs `body` on any live player (pattern or advanced).
    static func run(
        _ playerPtr: UnsafeRawPointer?, _ onError: CHWErrorWithPointerCallback?, in function: StaticString,
        _ body: (PlayerEntry) throws -> Void
    ) {
        guard let entry = HandleTable.shared.anyPlayer(playerPtr) else {
            return ErrorReport.invalidHandle(playerPtr, expected: "player", in: function, to: onError)
        }
        do { try body(entry) } catch { ErrorReport.send(error, to: onError, pointer: playerPtr, in: function) }
    }

    /// Runs `body` on a live advanced player.
    static func runAdvanced(
        _ playerPtr: UnsafeRawPointer?, _ onError: CHWErrorWithPointerCallback?, in function: StaticString,
        _ body: (any CHHapticAdvancedPatternPlayer) throws -> Void
    ) {
        guard let player = HandleTable.shared.advancedPlayer(playerPtr)?.advanced else {
            return ErrorReport.invalidHandle(playerPtr, expected: "advanced player", in: function, to: onError)
        }
        do { try body(player) } catch { ErrorReport.send(error, to: onError, pointer: playerPtr, in: function) }
    }
}

/// Destroying a player: out of the table, out of its engine's list, stopped.
enum PlayerDestruction {
    /// Destroys a live player of one of `kinds`; logs and ignores anything else.
    static func destroy(_ playerPtr: UnsafeRawPointer?, kinds: [HandleKind], in function: StaticString) {
        for kind in kinds {
            guard let entry = HandleTable.shared.remove(playerPtr, kind: kind) as? PlayerEntry, let playerPtr else { continue }
            HandleTable.shared.engine(UnsafeRawPointer(bitPattern: entry.engineHandle))?.forget(playerPtr)
            // Nothing is left playing. A paused player is abandoned: its end does not answer the engine's
            // NotifyWhenPlayersFinished registrations that waited for it (Apple's destroy only releases it; an answer
            // would reach the game after it moved on).
            discardPlayback(of: entry.player)
            return
        }
        WrapperLog.ignored(playerPtr, expected: kinds.contains(.player) ? "player" : "advanced player", in: function)
    }
}
