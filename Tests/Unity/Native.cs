// The P/Invoke surface of Apple's Unity Core Haptics plug-in (Apple.CoreHaptics, apple/unityplugins, Apache-2.0),
// declared as its C# declares it: DllImport name "CoreHapticsWrapper", the same entry points and parameter types
// (bool, float, double, string, IntPtr, structs by value, delegates). Written for these tests from the plug-in's
// published signatures; no code of the plug-in is copied.
using System;
using System.Runtime.InteropServices;

namespace OpenCoreHaptics.UnityTests
{
    /// An error as the plug-in receives it: a Core Haptics code and a message.
    [StructLayout(LayoutKind.Sequential)]
    public struct CHError
    {
        public readonly int Code;
        public readonly string LocalizedDescription;
    }

    /// One dynamic parameter of a send request (the plug-in's layout: Pack = 8).
    [StructLayout(LayoutKind.Sequential, Pack = 8)]
    public struct CHSendParameter
    {
        public int ParameterID;
        public float RelativeTime;
        public float Value;
    }

    /// A send request: a pointer to pinned parameters, their count, a time (0: now).
    [StructLayout(LayoutKind.Sequential, Pack = 8)]
    public struct CHSendParametersRequest
    {
        public IntPtr Parameters;
        public int ParametersLength;
        public float AtTime;
    }

    /// A parameter curve's control point.
    [StructLayout(LayoutKind.Sequential)]
    public struct CHCurveControlPoint
    {
        public float Time;
        public float Value;
    }

    /// A parameter curve request, laid out as the plug-in's: its struct also carries the GCHandle of the pinned points
    /// after the four fields the native side reads, and is passed by value with it.
    [StructLayout(LayoutKind.Sequential)]
    public struct CHHapticParameterCurveRequest
    {
        public int ParameterID;
        public double Time;
        public IntPtr Points;
        public int PointsLength;
        public GCHandle PointsHandle;
    }

    /// Core Haptics' error codes as the plug-in names them (CHErrorCode).
    public static class CHErrorCode
    {
        public const int InvalidEnginePointer = -1;
        public const int EngineNotRunning = -4805;
        public const int OperationNotPermitted = -4806;
        public const int NotSupported = -4809;
        public const int InvalidPatternPlayer = -4812;
        public const int InvalidPatternData = -4813;
        public const int InvalidPatternDictionary = -4814;
        public const int InvalidParameterType = -4820;
        public const int InvalidEventType = -4821;
        public const int InvalidEventTime = -4822;
        public const int InvalidEventDuration = -4823;
        public const int InvalidAudioResource = -4824;
        public const int ResourceNotAvailable = -4825;
        public const int BadEventEntry = -4830;
        public const int BadParameterEntry = -4831;
        public const int InvalidTime = -4840;
        public const int FileNotFound = -4851;
        public const int UnknownError = -4898;
        public const int MemoryError = -4899;

        /// Whether a code is one the plug-in knows or a CHHapticError.Code (−4816 invalidEngineParameter, −4851
        /// fileNotFound and −4897 insufficientPower are Apple's, not in the plug-in's enum).
        public static bool IsKnown(int code)
        {
            switch (code)
            {
                case -1: case -4805: case -4806: case -4808: case -4809: case -4810: case -4811: case -4812:
                case -4813: case -4814: case -4815: case -4816: case -4820: case -4821: case -4822: case -4823:
                case -4824: case -4825: case -4830: case -4831: case -4840: case -4851: case -4897: case -4898:
                case -4899:
                    return true;
                default:
                    return false;
            }
        }
    }

    /// Why an engine stopped (CHHapticEngineStoppedReason raw values; the plug-in's enum, marshalled as an int).
    public enum CHHapticEngineStoppedReason
    {
        SystemError = -1,
        AudioSessionInterrupt = 1,
        ApplicationSuspended = 2,
        IdleTimeout = 3,
        NotifyWhenFinished = 4,
        EngineDestroyed = 5,
        GameControllerDisconnect = 6
    }

    public delegate void SuccessWithPointerCallback(IntPtr pointer);
    public delegate void GenericCallback<T1, T2>(T1 value1, T2 value2);
    public delegate void ErrorCallback(CHError error);
    public delegate void ErrorWithPointerCallback(IntPtr pointer, CHError error);
    public delegate void AllPlayersFinishedStatic(IntPtr engPtr);
    public delegate void LogCallback(int level, string message, IntPtr context);

    /// OpenCoreHaptics' own logging entry point (not in Apple's plug-in): how much the library logs, and where.
    public static class Logging
    {
        public const int Warning = 4;
        public const int Notice = 3;

        [DllImport("CoreHapticsWrapper", EntryPoint = "CoreHapticsWrapper_SetLogging")]
        public static extern void SetLogging(string setting, LogCallback callback, IntPtr context);
    }

    /// CHHapticEngineInterface.
    public static class Engine
    {
        const string Dll = "CoreHapticsWrapper";

        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticEngine_Create")]
        public static extern IntPtr Create(ErrorCallback onError, GenericCallback<IntPtr, CHHapticEngineStoppedReason> onStopped, SuccessWithPointerCallback onReset);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticEngine_Destroy")]
        public static extern void Destroy(IntPtr enginePtr);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticEngine_Start")]
        public static extern void Start(IntPtr enginePtr, ErrorWithPointerCallback onError);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticEngine_Stop")]
        public static extern void Stop(IntPtr enginePtr, ErrorWithPointerCallback onError);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticEngine_MakePlayer")]
        public static extern IntPtr MakePlayer(IntPtr enginePtr, string ahapJson, ErrorWithPointerCallback onError);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticEngine_MakeAdvancedPlayer")]
        public static extern IntPtr MakeAdvancedPlayer(IntPtr enginePtr, string ahapJson, SuccessWithPointerCallback onFinishedPlaying, ErrorWithPointerCallback onError);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticEngine_PlayPatternFromUrl")]
        public static extern void PlayPatternFromUrl(IntPtr enginePtr, string ahapUrl, ErrorWithPointerCallback onError);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticEngine_PlayPatternFromJson")]
        public static extern void PlayPatternFromJson(IntPtr enginePtr, string ahapJson, ErrorWithPointerCallback onError);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticEngine_NotifyWhenPlayersFinished")]
        public static extern void NotifyWhenPlayersFinished(IntPtr enginePointer, bool leaveEngineRunning, AllPlayersFinishedStatic onFinished, ErrorWithPointerCallback onError);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticEngine_HardwareSupportsHaptics")]
        public static extern bool HardwareSupportsHaptics();
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticEngine_Get_PlaysHapticsOnly")]
        public static extern bool Get_PlaysHapticsOnly(IntPtr enginePointer);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticEngine_Set_PlaysHapticsOnly")]
        public static extern void Set_PlaysHapticsOnly(IntPtr enginePointer, bool playsHapticsOnly);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticEngine_Get_IsMutedForAudio")]
        public static extern bool Get_IsMutedForAudio(IntPtr enginePointer);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticEngine_Set_IsMutedForAudio")]
        public static extern void Set_IsMutedForAudio(IntPtr enginePointer, bool isMutedForAudio);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticEngine_Get_IsMutedForHaptics")]
        public static extern bool Get_IsMutedForHaptics(IntPtr enginePointer);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticEngine_Set_IsMutedForHaptics")]
        public static extern void Set_IsMutedForHaptics(IntPtr enginePointer, bool isMutedForHaptics);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticEngine_Get_IsAutoShutdownEnabled")]
        public static extern bool Get_IsAutoShutdownEnabled(IntPtr enginePointer);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticEngine_Set_IsAutoShutdownEnabled")]
        public static extern void Set_IsAutoShutdownEnabled(IntPtr enginePointer, bool isAutoShutdownEnabled);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticEngine_Get_CurrentTime")]
        public static extern double Get_CurrentTime(IntPtr enginePointer);
    }

    /// CHHapticPlayerInterface.
    public static class Player
    {
        const string Dll = "CoreHapticsWrapper";

        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticPatternPlayer_Destroy")]
        public static extern IntPtr Destroy(IntPtr playerId);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticPatternPlayer_GetIsMuted")]
        public static extern bool GetIsMuted(IntPtr playerId);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticPatternPlayer_SetIsMuted")]
        public static extern void SetIsMuted(IntPtr playerId, bool isMuted);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticPatternPlayer_Start")]
        public static extern void Start(IntPtr playerId, float startTime, ErrorWithPointerCallback onError);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticPatternPlayer_Stop")]
        public static extern void Stop(IntPtr playerId, float stopTime, ErrorWithPointerCallback onError);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticPatternPlayer_SendParameters")]
        public static extern void SendParameters(IntPtr playerId, CHSendParametersRequest request, ErrorWithPointerCallback onError);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticPatternPlayer_ScheduleParameterCurve")]
        public static extern void ScheduleParameterCurve(IntPtr playerId, CHHapticParameterCurveRequest request, float atTime, ErrorWithPointerCallback onError);
    }

    /// CHHapticAdvancedPatternPlayerInterface (plus RegisterCompletionHandler, which the plug-in's native side exports).
    public static class AdvancedPlayer
    {
        const string Dll = "CoreHapticsWrapper";

        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticAdvancedPatternPlayer_Destroy")]
        public static extern IntPtr Destroy(IntPtr playerId);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticAdvancedPatternPlayer_GetIsMuted")]
        public static extern bool GetIsMuted(IntPtr playerId);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticAdvancedPatternPlayer_SetIsMuted")]
        public static extern void SetIsMuted(IntPtr playerId, bool isMuted);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticAdvancedPatternPlayer_Start")]
        public static extern void Start(IntPtr playerId, float startTime, ErrorWithPointerCallback onError);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticAdvancedPatternPlayer_Stop")]
        public static extern void Stop(IntPtr playerId, float stopTime, ErrorWithPointerCallback onError);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticAdvancedPatternPlayer_Pause")]
        public static extern void Pause(IntPtr playerId, float pauseTime, ErrorWithPointerCallback onError);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticAdvancedPatternPlayer_Resume")]
        public static extern void Resume(IntPtr playerId, float resumeTime, ErrorWithPointerCallback onError);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticAdvancedPatternPlayer_Seek")]
        public static extern void Seek(IntPtr playerId, float toOffset, ErrorWithPointerCallback onError);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticAdvancedPatternPlayer_GetLoopEnabled")]
        public static extern bool GetLoopEnabled(IntPtr playerId);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticAdvancedPatternPlayer_SetLoopEnabled")]
        public static extern void SetLoopEnabled(IntPtr playerId, bool loopEnabled);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticAdvancedPatternPlayer_GetLoopEnd")]
        public static extern double GetLoopEnd(IntPtr playerId);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticAdvancedPatternPlayer_SetLoopEnd")]
        public static extern void SetLoopEnd(IntPtr playerId, double loopEnd);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticAdvancedPatternPlayer_GetPlaybackRate")]
        public static extern float GetPlaybackRate(IntPtr playerId);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticAdvancedPatternPlayer_SetPlaybackRate")]
        public static extern void SetPlaybackRate(IntPtr playerId, float playbackRate);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticAdvancedPatternPlayer_SendParameters")]
        public static extern void SendParameters(IntPtr playerId, CHSendParametersRequest request, ErrorWithPointerCallback onError);
        [DllImport(Dll, EntryPoint = "CoreHaptics_CHHapticAdvancedPatternPlayer_RegisterCompletionHandler")]
        public static extern void RegisterCompletionHandler(IntPtr playerId, SuccessWithPointerCallback handler, ErrorWithPointerCallback onError);
    }

    /// CHHapticCapabilitiesInterface.
    public static class Capabilities
    {
        const string Dll = "CoreHapticsWrapper";

        [DllImport(Dll, EntryPoint = "CoreHaptics_Capabilities_MinValueForEventParameter")]
        public static extern float MinValueForEventParameter(int integerParameterId, int integerEventType);
        [DllImport(Dll, EntryPoint = "CoreHaptics_Capabilities_DefaultValueForEventParameter")]
        public static extern float DefaultValueForEventParameter(int integerParameterId, int integerEventType);
        [DllImport(Dll, EntryPoint = "CoreHaptics_Capabilities_MaxValueForEventParameter")]
        public static extern float MaxValueForEventParameter(int integerParameterId, int integerEventType);
        [DllImport(Dll, EntryPoint = "CoreHaptics_Capabilities_MinValueForDynamicParameter")]
        public static extern float MinValueForDynamicParameter(int integerParameterId);
        [DllImport(Dll, EntryPoint = "CoreHaptics_Capabilities_DefaultValueForDynamicParameter")]
        public static extern float DefaultValueForDynamicParameter(int integerParameterId);
        [DllImport(Dll, EntryPoint = "CoreHaptics_Capabilities_MaxValueForDynamicParameter")]
        public static extern float MaxValueForDynamicParameter(int integerParameterId);
    }

    /// UIFeedbackGeneratorInterface.
    public static class FeedbackGenerator
    {
        const string Dll = "CoreHapticsWrapper";

        [DllImport(Dll, EntryPoint = "UIFeedbackGenerator_CreateImpactGenerator")]
        public static extern IntPtr CreateImpactGenerator(int feedbackStyle);
        [DllImport(Dll, EntryPoint = "UIImpactFeedbackGenerator_Trigger")]
        public static extern void TriggerImpactGenerator(IntPtr generatorPtr, float intensity);
        [DllImport(Dll, EntryPoint = "UIFeedbackGenerator_DestroyImpactGenerator")]
        public static extern void DestroyImpactGenerator(IntPtr generatorPtr);
        [DllImport(Dll, EntryPoint = "UIFeedbackGenerator_CreateSelectionGenerator")]
        public static extern IntPtr CreateSelectionGenerator();
        [DllImport(Dll, EntryPoint = "UISelectionFeedbackGenerator_Trigger")]
        public static extern void TriggerSelectionGenerator(IntPtr generatorPtr);
        [DllImport(Dll, EntryPoint = "UIFeedbackGenerator_DestroySelectionGenerator")]
        public static extern void DestroySelectionGenerator(IntPtr generatorPtr);
        [DllImport(Dll, EntryPoint = "UIFeedbackGenerator_CreateNotificationGenerator")]
        public static extern IntPtr CreateNotificationGenerator();
        [DllImport(Dll, EntryPoint = "UINotificationFeedbackGenerator_Trigger")]
        public static extern void TriggerNotificationGenerator(IntPtr generatorPtr, int feedbackType);
        [DllImport(Dll, EntryPoint = "UIFeedbackGenerator_DestroyNotificationGenerator")]
        public static extern void DestroyNotificationGenerator(IntPtr generatorPtr);
        [DllImport(Dll, EntryPoint = "UIFeedbackGenerator_Prepare")]
        public static extern void PrepareGenerator(IntPtr generatorPtr);
    }
}
