import CCoreHapticsWrapper
import Foundation
import OpenCoreHaptics

// CHHapticAdvancedPatternPlayer through the C ABI (CoreHapticsWrapper.h). Only advanced-player handles are taken.
// Errors go to the call's callback with the player handle as their pointer; getters of a handle that is not live
// return false or 0 and setters ignore it (and log).

/// Stops and releases an advanced player; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticAdvancedPatternPlayer_Destroy")
public func CoreHaptics_CHHapticAdvancedPatternPlayer_Destroy(_ playerPtr: UnsafeRawPointer?) {
    PlayerDestruction.destroy(playerPtr, kinds: [.advancedPlayer], in: #function)
}

/// Whether an advanced player is muted; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticAdvancedPatternPlayer_GetIsMuted")
public func CoreHaptics_CHHapticAdvancedPatternPlayer_GetIsMuted(_ playerPtr: UnsafeRawPointer?) -> Int32 {
    HandleTable.shared.advancedPlayer(playerPtr)?.player.isMuted == true ? 1 : 0
}

/// Mutes or unmutes an advanced player; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticAdvancedPatternPlayer_SetIsMuted")
public func CoreHaptics_CHHapticAdvancedPatternPlayer_SetIsMuted(_ playerPtr: UnsafeRawPointer?, _ isMuted: Bool) {
    guard let entry = HandleTable.shared.advancedPlayer(playerPtr) else {
        return WrapperLog.ignored(playerPtr, expected: "advanced player", in: #function)
    }
    entry.player.isMuted = isMuted
}

/// Starts an advanced player; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticAdvancedPatternPlayer_Start")
public func CoreHaptics_CHHapticAdvancedPatternPlayer_Start(
    _ playerPtr: UnsafeRawPointer?, _ startTime: Float, _ onError: CHWErrorWithPointerCallback?
) {
    PlayerCall.runAdvanced(playerPtr, onError, in: #function) { try $0.start(atTime: TimeInterval(startTime)) }
}

/// Stops an advanced player; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticAdvancedPatternPlayer_Stop")
public func CoreHaptics_CHHapticAdvancedPatternPlayer_Stop(
    _ playerPtr: UnsafeRawPointer?, _ stopTime: Float, _ onError: CHWErrorWithPointerCallback?
) {
    PlayerCall.runAdvanced(playerPtr, onError, in: #function) { try $0.stop(atTime: TimeInterval(stopTime)) }
}

/// Pauses an advanced player; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticAdvancedPatternPlayer_Pause")
public func CoreHaptics_CHHapticAdvancedPatternPlayer_Pause(
    _ playerPtr: UnsafeRawPointer?, _ pauseTime: Float, _ onError: CHWErrorWithPointerCallback?
) {
    PlayerCall.runAdvanced(playerPtr, onError, in: #function) { try $0.pause(atTime: TimeInterval(pauseTime)) }
}

/// Resumes an advanced player; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticAdvancedPatternPlayer_Resume")
public func CoreHaptics_CHHapticAdvancedPatternPlayer_Resume(
    _ playerPtr: UnsafeRawPointer?, _ resumeTime: Float, _ onError: CHWErrorWithPointerCallback?
) {
    PlayerCall.runAdvanced(playerPtr, onError, in: #function) { try $0.resume(atTime: TimeInterval(resumeTime)) }
}

/// Moves an advanced player within its pattern; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticAdvancedPatternPlayer_Seek")
public func CoreHaptics_CHHapticAdvancedPatternPlayer_Seek(
    _ playerPtr: UnsafeRawPointer?, _ toOffset: Float, _ onError: CHWErrorWithPointerCallback?
) {
    PlayerCall.runAdvanced(playerPtr, onError, in: #function) { try $0.seek(toOffset: TimeInterval(toOffset)) }
}

/// Whether an advanced player loops; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticAdvancedPatternPlayer_GetLoopEnabled")
public func CoreHaptics_CHHapticAdvancedPatternPlayer_GetLoopEnabled(_ playerPtr: UnsafeRawPointer?) -> Int32 {
    HandleTable.shared.advancedPlayer(playerPtr)?.advanced?.loopEnabled == true ? 1 : 0
}

/// Sets whether an advanced player loops; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticAdvancedPatternPlayer_SetLoopEnabled")
public func CoreHaptics_CHHapticAdvancedPatternPlayer_SetLoopEnabled(_ playerPtr: UnsafeRawPointer?, _ loopEnabled: Bool) {
    guard let player = HandleTable.shared.advancedPlayer(playerPtr)?.advanced else {
        return WrapperLog.ignored(playerPtr, expected: "advanced player", in: #function)
    }
    player.loopEnabled = loopEnabled
}

/// Where an advanced player's loop ends; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticAdvancedPatternPlayer_GetLoopEnd")
public func CoreHaptics_CHHapticAdvancedPatternPlayer_GetLoopEnd(_ playerPtr: UnsafeRawPointer?) -> Double {
    HandleTable.shared.advancedPlayer(playerPtr)?.advanced?.loopEnd ?? 0
}

/// Sets where an advanced player's loop ends; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticAdvancedPatternPlayer_SetLoopEnd")
public func CoreHaptics_CHHapticAdvancedPatternPlayer_SetLoopEnd(_ playerPtr: UnsafeRawPointer?, _ loopEnd: Double) {
    guard let player = HandleTable.shared.advancedPlayer(playerPtr)?.advanced else {
        return WrapperLog.ignored(playerPtr, expected: "advanced player", in: #function)
    }
    guard loopEnd.isFinite, loopEnd >= 0 else {
        return WrapperLog.refused("loopEnd \(loopEnd)", in: #function, because: "a loop end is a finite time ≥ 0")
    }
    player.loopEnd = loopEnd
}

/// An advanced player's playback rate; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticAdvancedPatternPlayer_GetPlaybackRate")
public func CoreHaptics_CHHapticAdvancedPatternPlayer_GetPlaybackRate(_ playerPtr: UnsafeRawPointer?) -> Float {
    HandleTable.shared.advancedPlayer(playerPtr)?.advanced?.playbackRate ?? 0
}

/// Sets an advanced player's playback rate; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticAdvancedPatternPlayer_SetPlaybackRate")
public func CoreHaptics_CHHapticAdvancedPatternPlayer_SetPlaybackRate(_ playerPtr: UnsafeRawPointer?, _ playbackRate: Float) {
    guard let player = HandleTable.shared.advancedPlayer(playerPtr)?.advanced else {
        return WrapperLog.ignored(playerPtr, expected: "advanced player", in: #function)
    }
    guard PlaybackRateRange.contains(playbackRate) else {
        return WrapperLog.refused(
            "playbackRate \(playbackRate)", in: #function,
            because: "a rate is a number above 0 and at most \(PlaybackRateRange.maximum); the rate stays \(player.playbackRate)")
    }
    player.playbackRate = playbackRate
}

/// Sends dynamic parameters to an advanced player; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticAdvancedPatternPlayer_SendParameters")
public func CoreHaptics_CHHapticAdvancedPatternPlayer_SendParameters(
    _ playerPtr: UnsafeRawPointer?, _ request: CHWSendParametersRequest, _ onError: CHWErrorWithPointerCallback?
) {
    PlayerCall.runAdvanced(playerPtr, onError, in: #function) {
        let (parameters, atTime) = try ParameterRequests.parameters(of: request)
        try $0.sendParameters(parameters, atTime: atTime)
    }
}

/// Replaces an advanced player's completion handler; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticAdvancedPatternPlayer_RegisterCompletionHandler")
public func CoreHaptics_CHHapticAdvancedPatternPlayer_RegisterCompletionHandler(
    _ playerPtr: UnsafeRawPointer?, _ handler: CHWSuccessWithPointerCallback?, _ onError: CHWErrorWithPointerCallback?
) {
    PlayerCall.runAdvanced(playerPtr, onError, in: #function) { player in
        guard let playerPtr else { return }
        player.completionHandler = CompletionForwarding.handler(for: playerPtr, calling: handler)
    }
}
