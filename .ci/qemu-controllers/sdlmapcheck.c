/* sdlmapcheck: the SDL2 baseline of the mapped stick (issue 35, item 5). After haptic-controller-check has exited,
 * Debian's libSDL2 opens the same arcade stick (padevice's joystick layout) as a game controller through the same
 * SDL_GAMECONTROLLERCONFIG line, asks the stick for the same inputs through its FIFO (/tmp/st.input: each byte one
 * event, padevice logs its write time) and waits for each in SDL_WaitEventTimeout — SDL_PumpEvents and
 * SDL_PeepEvents every millisecond, SDL2's own loop when no video subsystem is there — logging
 * `[sdl <CLOCK_MONOTONIC>] EVENT <byte> <axis|button> <index> <value>` when the mapped event comes out. That is SDL's
 * best case: a game that calls SDL_PollEvent once a frame sees the event up to a frame later.
 * Declares the few SDL functions itself, so no libsdl2-dev is needed; links libSDL2-2.0.so.0. Needs
 * SDL_JOYSTICK_DISABLE_UDEV=1 in the guest (no udev daemon: SDL then scans /dev/input itself).
 * usage: sdlmapcheck NAME ROUNDS */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct SDL_GameController SDL_GameController;
typedef union { unsigned int type; unsigned char bytes[56]; } SDL_Event;
extern int SDL_Init(unsigned int flags);
extern int SDL_NumJoysticks(void);
extern int SDL_IsGameController(int index);
extern const char *SDL_JoystickNameForIndex(int index);
extern SDL_GameController *SDL_GameControllerOpen(int index);
extern const char *SDL_GameControllerName(SDL_GameController *controller);
extern int SDL_PollEvent(SDL_Event *event);
extern int SDL_WaitEventTimeout(SDL_Event *event, int timeout);
extern const char *SDL_GetError(void);
extern void SDL_Quit(void);
#define SDL_INIT_GAMECONTROLLER 0x00002000u
#define SDL_CONTROLLERAXISMOTION 0x650
#define SDL_CONTROLLERBUTTONDOWN 0x651
#define SDL_CONTROLLERBUTTONUP 0x652
/* SDL_ControllerAxisEvent: type, timestamp, which (4 bytes each), axis (offset 12), 3 padding, value (Sint16 at 16).
 * SDL_ControllerButtonEvent: type, timestamp, which, button (offset 12), state (13). */
static int axis_of(const SDL_Event *e) { return e->bytes[12]; }
static int axis_value(const SDL_Event *e) { short v; memcpy(&v, e->bytes + 16, sizeof v); return v; }

static double now(void) { struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts); return ts.tv_sec + ts.tv_nsec / 1e9; }
#define LOG(...) do { printf("[sdl %.6f] ", now()); printf(__VA_ARGS__); printf("\n"); fflush(stdout); } while (0)

/* The line's outputs for each byte (as MappedPadPhase's): SDL's axis or button, and the value when set. */
enum { AXIS_LEFTX = 0, AXIS_LEFTY = 1, AXIS_RIGHTX = 2, AXIS_RIGHTY = 3, AXIS_TRIGGERLEFT = 4 };
enum { BUTTON_A = 0, BUTTON_DPAD_UP = 11 };
static const struct { char set, reset; int axis; int index; int value; } inputs[] = {
    { 'a', 'A', 0, BUTTON_A, 1 },
    { 'z', 'Z', 1, AXIS_RIGHTX, 32767 },
    { 'r', 'R', 1, AXIS_RIGHTY, 32767 },  /* a3~ inverted: ABS_RZ 0 is SDL's down */
    { 'u', 'U', 0, BUTTON_DPAD_UP, 1 },
    { 'l', 'L', 1, AXIS_LEFTX, -32768 },  /* -leftx:b10 */
    { 't', 'T', 1, AXIS_TRIGGERLEFT, 32767 },
    { 'y', 'Y', 1, AXIS_LEFTY, -32768 },  /* ABS_Y 0 is up: SDL's -1 */
};

/* Whether `e` is the output of `i` at its set value (`set`) or back at rest. */
static int matches(const SDL_Event *e, unsigned i, int set) {
    if (inputs[i].axis) {
        if (e->type != SDL_CONTROLLERAXISMOTION || axis_of(e) != inputs[i].index) return 0;
        int v = axis_value(e);
        return set ? (inputs[i].value > 0 ? v >= 32000 : v <= -32000) : (v > -1000 && v < 1000);
    }
    if (e->bytes[12] != inputs[i].index) return 0;
    return set ? e->type == SDL_CONTROLLERBUTTONDOWN : e->type == SDL_CONTROLLERBUTTONUP;
}

int main(int argc, char **argv) {
    const char *want = argc > 1 ? argv[1] : "Acme Arcade Stick";
    int rounds = argc > 2 ? atoi(argv[2]) : 5;
    if (SDL_Init(SDL_INIT_GAMECONTROLLER) != 0) { LOG("FAIL SDL_Init(GAMECONTROLLER): %s", SDL_GetError()); return 1; }
    SDL_GameController *pad = NULL;
    for (int i = 0; i < SDL_NumJoysticks() && !pad; i++) {
        const char *name = SDL_JoystickNameForIndex(i);
        if (name && !strcmp(name, want) && SDL_IsGameController(i)) pad = SDL_GameControllerOpen(i);
    }
    if (!pad) { LOG("FAIL no game controller '%s' among %d joysticks: %s", want, SDL_NumJoysticks(), SDL_GetError()); return 1; }
    LOG("opened game controller '%s'", SDL_GameControllerName(pad));
    SDL_Event e;
    while (SDL_PollEvent(&e)) {} /* the device-added events, and the initial state */
    int fifo = open("/tmp/st.input", O_WRONLY | O_NONBLOCK);
    if (fifo < 0) { LOG("FAIL open /tmp/st.input: %s", strerror(errno)); return 1; }
    LOG("SDL timed start");
    for (int round = 0; round < rounds; round++) {
        for (int set = 1; set >= 0; set--) {
            for (unsigned i = 0; i < sizeof inputs / sizeof *inputs; i++) {
                char byte = set ? inputs[i].set : inputs[i].reset;
                if (write(fifo, &byte, 1) != 1) { LOG("FAIL write %c: %s", byte, strerror(errno)); return 1; }
                double deadline = now() + 10;
                int seen = 0;
                while (!seen && now() < deadline) {
                    if (!SDL_WaitEventTimeout(&e, 100)) continue;
                    if (matches(&e, i, set)) {
                        seen = 1;
                        LOG("EVENT %c %s %d %d", byte, inputs[i].axis ? "axis" : "button", inputs[i].index,
                            inputs[i].axis ? axis_value(&e) : e.type == SDL_CONTROLLERBUTTONDOWN);
                    }
                }
                if (!seen) { LOG("FAIL input '%c' did not come out of SDL within 10 s", byte); return 1; }
            }
        }
    }
    LOG("SDL timed end");
    close(fifo);
    SDL_Quit();
    return 0;
}
