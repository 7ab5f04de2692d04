/*
 * GameControllerWrapper.h — the C ABI of Apple's Unity GameController plug-in (Apple.GameController,
 * apple/unityplugins): the eight entry points of its native GameControllerWrapper library, with Apple's names,
 * argument order and C types as the plug-in's C# declares them, over OpenGameController on Linux.
 *
 * Apple's C# finds them through `[DllImport("GameControllerWrapper")]`. On Linux they live in
 * libCoreHapticsWrapper.so beside Core Haptics' entry points, and libGameControllerWrapper.so is a small library
 * that needs it, so that both plug-ins share one process-wide engine table and one controller list: an engine from
 * GameControllerWrapper_CreateHapticsEngine is a CoreHapticsWrapper engine handle (see CoreHapticsWrapper.h).
 *
 * Rules:
 *  - A controller is named by its unique id, a UUID string given when the library first sees the controller (as
 *    Apple's plug-in does). An unknown id, or NULL, reads as no controller: Apple's "absent" value is returned.
 *  - Strings and arrays the library returns stay valid as stated on each function; the caller copies them.
 *  - Connection callbacks run on a thread of the library's (never a libdispatch worker), one at a time.
 *  - Light and battery: OpenGameController has neither yet, so hasLight and hasBattery are false, the light call does
 *    nothing and the battery reads as Apple's "none" (level 0, state -1).
 */
#ifndef OPEN_CORE_HAPTICS_GAME_CONTROLLER_WRAPPER_H
#define OPEN_CORE_HAPTICS_GAME_CONTROLLER_WRAPPER_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Apple's GCControllerInputName (0-23 as the native plug-in's, 24-27 the C# plug-in's d-pad directions). */
typedef enum {
    GCWInputButtonHome = 0,
    GCWInputButtonMenu = 1,
    GCWInputButtonOptions = 2,
    GCWInputButtonA = 3,
    GCWInputButtonB = 4,
    GCWInputButtonY = 5,
    GCWInputButtonX = 6,
    GCWInputShoulderRightFront = 7,
    GCWInputShoulderRightBack = 8,
    GCWInputShoulderLeftFront = 9,
    GCWInputShoulderLeftBack = 10,
    GCWInputDpadHorizontal = 11,
    GCWInputDpadVertical = 12,
    GCWInputThumbstickLeftHorizontal = 13,
    GCWInputThumbstickLeftVertical = 14,
    GCWInputThumbstickLeftButton = 15,
    GCWInputThumbstickRightHorizontal = 16,
    GCWInputThumbstickRightVertical = 17,
    GCWInputThumbstickRightButton = 18,
    GCWInputTouchpadButton = 19,
    GCWInputTouchpadPrimaryHorizontal = 20,
    GCWInputTouchpadPrimaryVertical = 21,
    GCWInputTouchpadSecondaryHorizontal = 22,
    GCWInputTouchpadSecondaryVertical = 23,
    GCWInputDpadLeft = 24,
    GCWInputDpadRight = 25,
    GCWInputDpadUp = 26,
    GCWInputDpadDown = 27
} GCWControllerInputName;

/** One poll of a controller: every element's value (buttons 0...1, axes -1...1, up and right positive) and the
 * battery (level 0...1; state -1 unknown, 0 discharging, 1 charging, 2 full). */
typedef struct {
    float buttonHome;
    float buttonMenu;
    float buttonOptions;
    float buttonA;
    float buttonB;
    float buttonY;
    float buttonX;
    float shoulderRightFront;
    float shoulderRightBack;
    float shoulderLeftFront;
    float shoulderLeftBack;
    float dpadHorizontal;
    float dpadVertical;
    float thumbstickLeftHorizontal;
    float thumbstickLeftVertical;
    float thumbstickLeftButton;
    float thumbstickRightHorizontal;
    float thumbstickRightVertical;
    float thumbstickRightButton;
    float touchpadButton;
    float touchpadPrimaryHorizontal;
    float touchpadPrimaryVertical;
    float touchpadSecondaryHorizontal;
    float touchpadSecondaryVertical;
    float batteryLevel;
    int batteryState;
} GCWControllerInputState;

/** A controller as the plug-in sees it. The strings stay valid for the life of the process. */
typedef struct {
    char *uniqueId;
    char *productCategory;
    char *vendorName;
    bool isAttachedToDevice;
    bool hasHaptics;
    bool hasLight;
    bool hasBattery;
} GCWController;

/** The connected controllers: an array valid until the next GameControllerWrapper_GetConnectedControllers call. */
typedef struct {
    GCWController *controllers;
    int controllerCount;
} GCWGetConnectedControllersResponse;

/** A button glyph as PNG bytes (valid for the life of the process); all zero when there is none. */
typedef struct {
    int width;
    int height;
    unsigned char *data;
    int dataLength;
} GCWGetSymbolForInputNameResponse;

/** An error: a code and a message (UTF-8, valid only during the callback). */
typedef struct {
    int code;
    char *localizedDescription;
} GCWError;

typedef void (*GCWSuccessCallback)(void);
typedef void (*GCWErrorCallback)(GCWError error);
typedef void (*GCWControllerConnectionStateChangedCallback)(GCWController controller);

/** Starts watching for controllers; onComplete (may be NULL) runs when discovery ends (Stop, or 60 s). */
void GameControllerWrapper_StartWirelessDiscovery(GCWSuccessCallback onComplete);
/** Ends discovery; the pending onComplete runs. */
void GameControllerWrapper_StopWirelessDiscovery(void);
/** Sets the callbacks for controllers that connect and disconnect from now on (either may be NULL). */
void GameControllerWrapper_SetConnectionHandlers(
    GCWControllerConnectionStateChangedCallback onConnected, GCWControllerConnectionStateChangedCallback onDisconnected);
/** The controllers connected now. */
GCWGetConnectedControllersResponse GameControllerWrapper_GetConnectedControllers(void);
/** A glyph for one input of a controller: symbolScale 1 small, 2 medium, 3 large; renderingMode 0 automatic,
 * 1 always original (filled, in colour), 2 always template (outline). All zero for an unknown controller or an input
 * the controller does not have. */
GCWGetSymbolForInputNameResponse GameControllerWrapper_GetSymbolForInputName(
    const char *uniqueId, int inputName, int symbolScale, int renderingMode);
/** Sets a controller's light (each 0...1). Does nothing yet on Linux (no GCDeviceLight in OpenGameController). */
void GameControllerWrapper_SetControllerLightColor(const char *uniqueId, float red, float green, float blue);
/** The controller's input now; all zero (battery state -1) for an unknown controller. */
GCWControllerInputState GameControllerWrapper_PollController(const char *uniqueId);
/** A Core Haptics engine on the controller's haptics (default locality), as a CoreHapticsWrapper engine handle that
 * CoreHaptics_CHHapticEngine_* entry points drive and CoreHaptics_CHHapticEngine_Destroy releases. A controller's
 * previous engine from this call is stopped (its handle stays live until destroyed). NULL, with onError called (if
 * not NULL), for an unknown controller or one without haptics. */
void *GameControllerWrapper_CreateHapticsEngine(const char *uniqueId, GCWErrorCallback onError);

/** OpenCoreHaptics' own, not Apple's: sets one input of a controller through GameController's setValue(_:) (as a
 * snapshot's), for tests and demos with a simulated pad (HAPTIC_CONTROLLERS=simulated:...); a real pad's next report
 * overwrites it. inputName as GCWControllerInputName (24-27 not accepted: set the d-pad's axes); value 0...1 for
 * buttons, -1...1 for axes. Returns false for an unknown controller or an input it does not have. */
bool OpenGameController_SetSimulatedInput(const char *uniqueId, int inputName, float value);

#ifdef __cplusplus
}
#endif

#endif
