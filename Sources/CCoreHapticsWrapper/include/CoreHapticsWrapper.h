/*
 * CoreHapticsWrapper.h — OpenCoreHaptics' C ABI: the 58 entry points of Apple's Unity Core Haptics plug-in
 * (Apple.CoreHaptics, apple/unityplugins), with Apple's names, argument order and C types, played on Linux by
 * OpenCoreHaptics.
 *
 * The library is libCoreHapticsWrapper.so. Apple's C# package finds it through `[DllImport("CoreHapticsWrapper")]`;
 * C and C++ programs include this header and link with -lCoreHapticsWrapper.
 *
 * Rules every entry point keeps:
 *  - Handles (engines, players, generators) are opaque values, never addresses. A null, destroyed or wrong-kind
 *    handle is reported (through the call's error callback when it has one) and otherwise ignored: it never crashes.
 *  - Errors are reported before the call returns, on the calling thread, through the error callback the call takes,
 *    with the pointer argument set to the handle the caller's error routing expects (the engine for engine calls,
 *    including MakePlayer and MakeAdvancedPlayer; the player for player calls). The error's localizedDescription is
 *    valid only during the callback: copy it to keep it.
 *  - Error codes are Core Haptics' (CHHapticError.Code raw values, for example -4813 invalid pattern data), plus
 *    CHW_ERROR_INVALID_HANDLE (-1, the plug-in's own InvalidEnginePointer) for a handle that is not live.
 *  - Every callback parameter may be NULL; each declaration below says what NULL means for it. A NULL error
 *    callback does not lose the error: it is logged instead (a warning naming the call, the code and the message;
 *    see Logging below), and the call returns as it would have (NULL for a player that was not made).
 *  - Callbacks (stopped, reset, finished, completion) may arrive on OpenCoreHaptics' own threads.
 *  - Times: 0 means "now" (CHHapticTimeImmediate), as in Apple's wrapper; other values are engine times
 *    (see CoreHaptics_CHHapticEngine_Get_CurrentTime), in seconds. Engine time counts from the system's boot, as
 *    Core Haptics' host time does, so a start or stop time passed as a float has the resolution of a float at that
 *    magnitude (about 2 ms after 7 hours of uptime, 62 ms after 12 days): pass 0 for "now", or schedule through
 *    the relative times of a pattern or a parameter.
 *  - Functions returning bool return a 32-bit 0 or 1, so a caller that reads a 4-byte BOOL (C#'s default marshalling
 *    of bool) reads the right value.
 *  - Every function may be called from any thread. A player made while another thread destroys its engine is either
 *    destroyed with the engine or refused (NULL, CHW_ERROR_INVALID_HANDLE): no player outlives its engine.
 *  - Logging: the library's diagnostics (ignored calls, errors with no error callback, clipped output, a device
 *    that cannot be used) go to standard error, warnings and errors only, each kind of message once per process.
 *    The environment variable HAPTIC_LOG and CoreHapticsWrapper_SetLogging (below) change how much, and can send
 *    the lines to a callback instead.
 */
#ifndef OPEN_CORE_HAPTICS_CORE_HAPTICS_WRAPPER_H
#define OPEN_CORE_HAPTICS_CORE_HAPTICS_WRAPPER_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The code for a handle that is null, destroyed, or of another kind (the plug-in's CHErrorCode.InvalidEnginePointer). */
#define CHW_ERROR_INVALID_HANDLE (-1)

/** An error: a Core Haptics error code and a message (UTF-8, valid only during the callback that receives it). */
typedef struct {
    int code;
    char *localizedDescription;
} CHWError;

#pragma pack(push)
#pragma pack(8)
/** One dynamic parameter: a CHHapticDynamicParameter.ID index (see below), a time relative to the send, a value. */
typedef struct {
    int parameterID;
    float relativeTime;
    float value;
} CHWDynamicParameter;

/** Dynamic parameters to send at a time (0: now). */
typedef struct {
    CHWDynamicParameter *parameters;
    int parametersLength;
    float atTime;
} CHWSendParametersRequest;

/** A parameter curve's control point: a time relative to the curve's start and a value. */
typedef struct {
    float relativeTime;
    float value;
} CHWHapticParameterCurveControlPoint;

/** A parameter curve: a CHHapticDynamicParameter.ID index, a time relative to the player's start, its points. */
typedef struct {
    int parameterId;
    double relativeTime;
    CHWHapticParameterCurveControlPoint *points;
    int pointsLength;
} CHWHapticParameterCurve;
#pragma pack(pop)

/*
 * Indexes the plug-in uses for Apple's identifiers.
 * Dynamic parameters: 0 HapticIntensityControl, 1 HapticSharpnessControl, 2 HapticAttackTimeControl,
 *   3 HapticDecayTimeControl, 4 HapticReleaseTimeControl, 5 AudioVolumeControl, 6 AudioPanControl,
 *   7 AudioPitchControl, 8 AudioBrightnessControl, 9 AudioAttackTimeControl, 10 AudioDecayTimeControl,
 *   11 AudioReleaseTimeControl.
 * Event parameters: 0 HapticIntensity, 1 HapticSharpness, 2 AttackTime, 3 DecayTime, 4 ReleaseTime, 5 Sustained,
 *   6 AudioVolume, 7 AudioPan, 8 AudioPitch, 9 AudioBrightness.
 * Event types: 0 HapticTransient, 1 HapticContinuous, 2 AudioContinuous, 3 AudioCustom.
 * Impact styles: 0 heavy, 1 light, 2 medium, 3 rigid, 4 soft. Notification types: 0 error, 1 success, 2 warning.
 * Stopped reasons (CHHapticEngine.StoppedReason raw values): 1 audio session interrupt, 2 application suspended,
 *   3 idle timeout, 4 notify when finished, 5 engine destroyed, 6 game controller disconnect, -1 system error.
 */

/** Receives an error that belongs to no handle yet (engine creation). */
typedef void (*CHWErrorCallback)(CHWError error);
/** Receives an error and the handle it belongs to. */
typedef void (*CHWErrorWithPointerCallback)(const void *pointer, CHWError error);
/** Receives a handle: an engine that was reset, an advanced player that finished. */
typedef void (*CHWSuccessWithPointerCallback)(const void *pointer);
/** Receives an engine that stopped on its own, and why (a stopped-reason raw value). */
typedef void (*CHWStoppedWithReasonCallback)(const void *engine, int32_t reason);
/** Told that all of an engine's players finished; its return value is ignored (the call's leaveEngineRunning decides). */
typedef int32_t (*CHWAllPlayersFinishedCallback)(const void *engine);

/* ---- CHHapticEngine ---- */

/** Creates an engine on the default device (HAPTIC_DEVICE, else the best device found, else the simulated actuator).
 *  Returns NULL and calls onError when it cannot. The engine is not started. onError may be NULL (the error is
 *  logged); onStopped and onReset may be NULL (not told). */
void *CoreHaptics_CHHapticEngine_Create(CHWErrorCallback onError, CHWStoppedWithReasonCallback onStopped,
                                        CHWSuccessWithPointerCallback onReset);
/** Stops the engine (nothing is left playing), invalidates its players and releases it. */
void CoreHaptics_CHHapticEngine_Destroy(const void *enginePtr);
/** Starts the engine. onError may be NULL (the error is logged). */
void CoreHaptics_CHHapticEngine_Start(const void *enginePtr, CHWErrorWithPointerCallback onError);
/** Stops the engine and every player on it. onError may be NULL (the error is logged). */
void CoreHaptics_CHHapticEngine_Stop(const void *enginePtr, CHWErrorWithPointerCallback onError);
/** Plays an AHAP file once, now. Relative EventWaveformPath entries resolve beside the file. onError may be NULL (the
 *  error is logged). */
void CoreHaptics_CHHapticEngine_PlayPatternFromUrl(const void *enginePtr, const char *ahapUrl,
                                                   CHWErrorWithPointerCallback onError);
/** Plays AHAP text (UTF-8 JSON) once, now. onError may be NULL (the error is logged). */
void CoreHaptics_CHHapticEngine_PlayPatternFromJson(const void *enginePtr, const char *ahapJson,
                                                    CHWErrorWithPointerCallback onError);
/** Makes a player for AHAP text. Returns NULL and calls onError(engine, error) when the text is not a valid pattern,
 *  or with CHW_ERROR_INVALID_HANDLE when the engine is not live (also when another thread destroys it meanwhile).
 *  onError may be NULL (the error is logged). */
void *CoreHaptics_CHHapticEngine_MakePlayer(const void *enginePtr, const char *ahapJson,
                                            CHWErrorWithPointerCallback onError);
/** Makes an advanced player for AHAP text, as MakePlayer does; onFinishedPlaying(player) is its completion handler
 *  (NULL: none). onError may be NULL (the error is logged). */
void *CoreHaptics_CHHapticEngine_MakeAdvancedPlayer(const void *enginePtr, const char *ahapJson,
                                                    CHWSuccessWithPointerCallback onFinishedPlaying,
                                                    CHWErrorWithPointerCallback onError);
/** Calls onAllPlayersFinished(engine) once every player on the engine has finished; then stops the engine unless
 *  leaveEngineRunning. A paused player that is destroyed has not finished: a call made while it waited paused is
 *  answered when a later player finishes, or when the engine stops. onAllPlayersFinished may be NULL (nothing is
 *  called; the engine still stops unless leaveEngineRunning); onError may be NULL (the error is logged). */
void CoreHaptics_CHHapticEngine_NotifyWhenPlayersFinished(const void *enginePtr, bool leaveEngineRunning,
                                                          CHWAllPlayersFinishedCallback onAllPlayersFinished,
                                                          CHWErrorWithPointerCallback onError);
/** Whether a haptic output other than the simulated actuator is present: haptic hardware found, or any output chosen
 *  with HAPTIC_DEVICE (CHHapticEngine.capabilitiesForHardware().supportsHaptics). With only the simulated actuator it
 *  is false, though engines still start and play. */
bool CoreHaptics_CHHapticEngine_HardwareSupportsHaptics(void);
/** Whether the engine stops itself after a while with nothing playing. */
bool CoreHaptics_CHHapticEngine_Get_IsAutoShutdownEnabled(const void *enginePtr);
/** Sets whether the engine stops itself after a while with nothing playing. */
void CoreHaptics_CHHapticEngine_Set_IsAutoShutdownEnabled(const void *enginePtr, bool isAutoShutdownEnabled);
/** Whether the engine ignores audio events. */
bool CoreHaptics_CHHapticEngine_Get_PlaysHapticsOnly(const void *enginePtr);
/** Sets whether the engine ignores audio events. */
void CoreHaptics_CHHapticEngine_Set_PlaysHapticsOnly(const void *enginePtr, bool playsHapticsOnly);
/** Whether audio events are muted. */
bool CoreHaptics_CHHapticEngine_Get_IsMutedForAudio(const void *enginePtr);
/** Mutes or unmutes audio events. */
void CoreHaptics_CHHapticEngine_Set_IsMutedForAudio(const void *enginePtr, bool isMutedForAudio);
/** Whether haptic events are muted. */
bool CoreHaptics_CHHapticEngine_Get_IsMutedForHaptics(const void *enginePtr);
/** Mutes or unmutes haptic events. */
void CoreHaptics_CHHapticEngine_Set_IsMutedForHaptics(const void *enginePtr, bool isMutedForHaptics);
/** The engine's clock in seconds (the time base of start, stop and send times); 0 for a handle that is not live. */
double CoreHaptics_CHHapticEngine_Get_CurrentTime(const void *enginePtr);

/* ---- CHHapticPatternPlayer ---- */

/** Stops the player and releases it. */
void CoreHaptics_CHHapticPatternPlayer_Destroy(const void *playerPtr);
/** Whether the player is muted. */
bool CoreHaptics_CHHapticPatternPlayer_GetIsMuted(const void *playerPtr);
/** Mutes or unmutes the player. */
void CoreHaptics_CHHapticPatternPlayer_SetIsMuted(const void *playerPtr, bool isMuted);
/** Starts the player at an engine time (0: now). onError may be NULL (the error is logged). */
void CoreHaptics_CHHapticPatternPlayer_Start(const void *playerPtr, float startTime,
                                             CHWErrorWithPointerCallback onError);
/** Stops the player at an engine time (0: now). onError may be NULL (the error is logged). */
void CoreHaptics_CHHapticPatternPlayer_Stop(const void *playerPtr, float stopTime, CHWErrorWithPointerCallback onError);
/** Sends dynamic parameters to the player. onError may be NULL (the error is logged). */
void CoreHaptics_CHHapticPatternPlayer_SendParameters(const void *playerPtr, CHWSendParametersRequest request,
                                                      CHWErrorWithPointerCallback onError);
/** Schedules a parameter curve on the player at an engine time (0: now). onError may be NULL (the error is logged). */
void CoreHaptics_CHHapticPatternPlayer_ScheduleParameterCurve(const void *playerPtr, CHWHapticParameterCurve curve,
                                                              float atTime, CHWErrorWithPointerCallback onError);

/* ---- CHHapticAdvancedPatternPlayer ---- */

/** Stops the advanced player and releases it; its completion handler is not called afterwards. A paused player is
 *  abandoned where it waited: it does not count as finished for NotifyWhenPlayersFinished. */
void CoreHaptics_CHHapticAdvancedPatternPlayer_Destroy(const void *playerPtr);
/** Whether the player is muted. */
bool CoreHaptics_CHHapticAdvancedPatternPlayer_GetIsMuted(const void *playerPtr);
/** Mutes or unmutes the player. */
void CoreHaptics_CHHapticAdvancedPatternPlayer_SetIsMuted(const void *playerPtr, bool isMuted);
/** Starts the player at an engine time (0: now). onError may be NULL (the error is logged). */
void CoreHaptics_CHHapticAdvancedPatternPlayer_Start(const void *playerPtr, float startTime,
                                                     CHWErrorWithPointerCallback onError);
/** Stops the player at an engine time (0: now). onError may be NULL (the error is logged). */
void CoreHaptics_CHHapticAdvancedPatternPlayer_Stop(const void *playerPtr, float stopTime,
                                                    CHWErrorWithPointerCallback onError);
/** Pauses the player at an engine time (0: now). onError may be NULL (the error is logged). */
void CoreHaptics_CHHapticAdvancedPatternPlayer_Pause(const void *playerPtr, float pauseTime,
                                                     CHWErrorWithPointerCallback onError);
/** Resumes a paused player at an engine time (0: now). onError may be NULL (the error is logged). */
void CoreHaptics_CHHapticAdvancedPatternPlayer_Resume(const void *playerPtr, float resumeTime,
                                                      CHWErrorWithPointerCallback onError);
/** Moves the player to an offset in its pattern, in seconds. onError may be NULL (the error is logged). */
void CoreHaptics_CHHapticAdvancedPatternPlayer_Seek(const void *playerPtr, float toOffset,
                                                    CHWErrorWithPointerCallback onError);
/** Whether the player loops. */
bool CoreHaptics_CHHapticAdvancedPatternPlayer_GetLoopEnabled(const void *playerPtr);
/** Sets whether the player loops. */
void CoreHaptics_CHHapticAdvancedPatternPlayer_SetLoopEnabled(const void *playerPtr, bool loopEnabled);
/** Where a loop ends, in seconds into the pattern. Until one is set (or after 0 is set) it is the end of the pattern's
 *  last event, as on Apple's platforms (1.5 for a pattern whose last event ends at 1.5 s). */
double CoreHaptics_CHHapticAdvancedPatternPlayer_GetLoopEnd(const void *playerPtr);
/** Sets where a loop ends (0: the end of the last event; a negative or non-finite value is refused, keeping the old
 *  one). A loop plays at most one pass per render block (1 ms; 4 ms on an evdev game pad), however short. */
void CoreHaptics_CHHapticAdvancedPatternPlayer_SetLoopEnd(const void *playerPtr, double loopEnd);
/** The playback rate (1: as written). */
float CoreHaptics_CHHapticAdvancedPatternPlayer_GetPlaybackRate(const void *playerPtr);
/** Sets the playback rate: above 0 and at most 1000 (Core Haptics takes any rate above 0; at 1000 a 30-second
 *  pattern is over in 30 ms). Any other value — 0, negative, above 1000, not finite — is refused (logged) and the
 *  old rate stays. */
void CoreHaptics_CHHapticAdvancedPatternPlayer_SetPlaybackRate(const void *playerPtr, float playbackRate);
/** Sends dynamic parameters to the player. onError may be NULL (the error is logged). */
void CoreHaptics_CHHapticAdvancedPatternPlayer_SendParameters(const void *playerPtr, CHWSendParametersRequest request,
                                                              CHWErrorWithPointerCallback onError);
/** Replaces the player's completion handler (handler(player) once it finishes or is stopped; NULL: none). onError may
 *  be NULL (the error is logged). */
void CoreHaptics_CHHapticAdvancedPatternPlayer_RegisterCompletionHandler(const void *playerPtr,
                                                                         CHWSuccessWithPointerCallback handler,
                                                                         CHWErrorWithPointerCallback onError);

/* ---- CHHapticDeviceCapability (of the default device) ---- */

/** The minimum value of an event parameter for an event type (indexes above; 0 for unknown ones). */
float CoreHaptics_Capabilities_MinValueForEventParameter(int parameterId, int eventType);
/** The default value of an event parameter for an event type (indexes above; 0 for unknown ones). */
float CoreHaptics_Capabilities_DefaultValueForEventParameter(int parameterId, int eventType);
/** The maximum value of an event parameter for an event type (indexes above; 0 for unknown ones). */
float CoreHaptics_Capabilities_MaxValueForEventParameter(int parameterId, int eventType);
/** The minimum value of a dynamic parameter (indexes above; 0 for unknown ones). */
float CoreHaptics_Capabilities_MinValueForDynamicParameter(int parameterId);
/** The default value of a dynamic parameter (indexes above; 0 for unknown ones). */
float CoreHaptics_Capabilities_DefaultValueForDynamicParameter(int parameterId);
/** The maximum value of a dynamic parameter (indexes above; 0 for unknown ones). */
float CoreHaptics_Capabilities_MaxValueForDynamicParameter(int parameterId);

/* ---- UIFeedbackGenerator ---- */

/** Creates an impact generator (styles above; an unknown style makes a heavy one, as Apple's wrapper does). */
void *UIFeedbackGenerator_CreateImpactGenerator(int feedbackStyle);
/** Creates a selection generator. */
void *UIFeedbackGenerator_CreateSelectionGenerator(void);
/** Creates a notification generator. */
void *UIFeedbackGenerator_CreateNotificationGenerator(void);
/** Releases an impact generator. */
void UIFeedbackGenerator_DestroyImpactGenerator(const void *generatorPtr);
/** Releases a selection generator. */
void UIFeedbackGenerator_DestroySelectionGenerator(const void *generatorPtr);
/** Releases a notification generator. */
void UIFeedbackGenerator_DestroyNotificationGenerator(const void *generatorPtr);
/** Prepares any generator: the next trigger plays with less latency. */
void UIFeedbackGenerator_Prepare(const void *generatorPtr);
/** Plays an impact at an intensity from 0 to 1 (values outside are clamped; not a number plays nothing). */
void UIImpactFeedbackGenerator_Trigger(const void *generatorPtr, float intensity);
/** Plays a selection change. */
void UISelectionFeedbackGenerator_Trigger(const void *generatorPtr);
/** Plays a notification (types above; an unknown type plays success, as Apple's wrapper does). */
void UINotificationFeedbackGenerator_Trigger(const void *generatorPtr, int feedbackType);

/* ---- Logging (OpenCoreHaptics' own; not in Apple's plug-in) ---- */

/** Log levels, as the callback receives them (swift-log's, least severe first). */
#define CHW_LOG_TRACE 0
#define CHW_LOG_DEBUG 1
#define CHW_LOG_INFO 2
#define CHW_LOG_NOTICE 3
#define CHW_LOG_WARNING 4
#define CHW_LOG_ERROR 5
#define CHW_LOG_CRITICAL 6

/** Receives one log line: its level (CHW_LOG_*), the line (UTF-8, one line without a newline, valid only during the
 *  call: copy it to keep it) and the context pointer given to CoreHapticsWrapper_SetLogging. */
typedef void (*CHWLogCallback)(int32_t level, const char *message, void *context);

/** Sets how much the library logs and where the lines go, for the whole process.
 *
 *  setting: what HAPTIC_LOG takes, "<level>[:<repeats>]" — level off, critical, error, warning, notice, info, debug
 *  or trace; repeats once (each kind of message once per destination: a number in it does not make a new kind) or
 *  all (every line); case-insensitive, "once" when left out. NULL keeps what HAPTIC_LOG says, else the default,
 *  "warning:once". A setting that is not understood is refused (logged as an error) and the environment's is used.
 *
 *  callback: receives each line instead of standard error; NULL sends lines to standard error again (the default),
 *  and context is then ignored. A line the callback itself causes (by calling the library) is dropped.
 *
 *  Thread safety: any thread, at any time. The callback is called on the library's callback thread (where completion
 *  and stopped callbacks run, a thread a managed runtime can stop), one line at a time and in order, shortly after
 *  the line was logged, not during the call that logged it. When this function returns, the callback it replaced is
 *  not running and is not called again (lines still queued for it are dropped), so its context may be freed. */
void CoreHapticsWrapper_SetLogging(const char *setting, CHWLogCallback callback, void *context);

#ifdef __cplusplus
}
#endif

#endif
