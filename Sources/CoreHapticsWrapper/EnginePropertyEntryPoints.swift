import CCoreHapticsWrapper
import OpenCoreHaptics

// CHHapticEngine's properties through the C ABI (CoreHapticsWrapper.h). Getters of a handle that is not live return
// false or 0, setters ignore it (and log): these calls have no error callback, in Apple's wrapper as here.
// Booleans are returned as a 32-bit 0 or 1: C# reads its default `bool` marshalling as a 4-byte BOOL.

/// Whether the engine stops itself when idle; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticEngine_Get_IsAutoShutdownEnabled")
public func CoreHaptics_CHHapticEngine_Get_IsAutoShutdownEnabled(_ enginePtr: UnsafeRawPointer?) -> Int32 {
    HandleTable.shared.engine(enginePtr)?.engine.isAutoShutdownEnabled == true ? 1 : 0
}

/// Sets whether the engine stops itself when idle; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticEngine_Set_IsAutoShutdownEnabled")
public func CoreHaptics_CHHapticEngine_Set_IsAutoShutdownEnabled(_ enginePtr: UnsafeRawPointer?, _ isAutoShutdownEnabled: Bool) {
    guard let entry = HandleTable.shared.engine(enginePtr) else {
        return WrapperLog.ignored(enginePtr, expected: "engine", in: #function)
    }
    entry.engine.isAutoShutdownEnabled = isAutoShutdownEnabled
}

/// Whether the engine ignores audio events; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticEngine_Get_PlaysHapticsOnly")
public func CoreHaptics_CHHapticEngine_Get_PlaysHapticsOnly(_ enginePtr: UnsafeRawPointer?) -> Int32 {
    HandleTable.shared.engine(enginePtr)?.engine.playsHapticsOnly == true ? 1 : 0
}

/// Sets whether the engine ignores audio events; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticEngine_Set_PlaysHapticsOnly")
public func CoreHaptics_CHHapticEngine_Set_PlaysHapticsOnly(_ enginePtr: UnsafeRawPointer?, _ playsHapticsOnly: Bool) {
    guard let entry = HandleTable.shared.engine(enginePtr) else {
        return WrapperLog.ignored(enginePtr, expected: "engine", in: #function)
    }
    entry.engine.playsHapticsOnly = playsHapticsOnly
}

/// Whether audio events are muted; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticEngine_Get_IsMutedForAudio")
public func CoreHaptics_CHHapticEngine_Get_IsMutedForAudio(_ enginePtr: UnsafeRawPointer?) -> Int32 {
    HandleTable.shared.engine(enginePtr)?.engine.isMutedForAudio == true ? 1 : 0
}

/// Mutes or unmutes audio events; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticEngine_Set_IsMutedForAudio")
public func CoreHaptics_CHHapticEngine_Set_IsMutedForAudio(_ enginePtr: UnsafeRawPointer?, _ isMutedForAudio: Bool) {
    guard let entry = HandleTable.shared.engine(enginePtr) else {
        return WrapperLog.ignored(enginePtr, expected: "engine", in: #function)
    }
    entry.engine.isMutedForAudio = isMutedForAudio
}

/// Whether haptic events are muted; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticEngine_Get_IsMutedForHaptics")
public func CoreHaptics_CHHapticEngine_Get_IsMutedForHaptics(_ enginePtr: UnsafeRawPointer?) -> Int32 {
    HandleTable.shared.engine(enginePtr)?.engine.isMutedForHaptics == true ? 1 : 0
}

/// Mutes or unmutes haptic events; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticEngine_Set_IsMutedForHaptics")
public func CoreHaptics_CHHapticEngine_Set_IsMutedForHaptics(_ enginePtr: UnsafeRawPointer?, _ isMutedForHaptics: Bool) {
    guard let entry = HandleTable.shared.engine(enginePtr) else {
        return WrapperLog.ignored(enginePtr, expected: "engine", in: #function)
    }
    entry.engine.isMutedForHaptics = isMutedForHaptics
}

/// The engine's clock; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_CHHapticEngine_Get_CurrentTime")
public func CoreHaptics_CHHapticEngine_Get_CurrentTime(_ enginePtr: UnsafeRawPointer?) -> Double {
    HandleTable.shared.engine(enginePtr)?.engine.currentTime ?? 0
}
