/* sdlcheck: the SDL2 baseline. Plays the same pattern as haptic-evdev-check through Debian's libSDL2 haptic API
 * (SDL_HapticRumblePlay; one EVIOCSFF + one play write per call) and logs `[sdl <CLOCK_MONOTONIC>] API …` before
 * each call. Declares the few SDL functions itself, so no libsdl2-dev is needed; links libSDL2-2.0.so.0.
 *
 * usage: sdlcheck NAME MARKERS          the pattern, the transients and the stall, after the Swift driver has run
 *        sdlcheck NAME MARKERS levels   only the level changes, at the same time as the Swift driver's: it waits on the
 *                                       FIFO MARKERS/levels until the driver opens it at the start of its level phase
 * The two level phases run together so both meet the same guest: our engine's render thread (SCHED_FIFO, a block every
 * 4 ms) preempts whatever runs on the guest's one CPU, SDL2's calls as much as ours, and a busy host slows both. */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct SDL_Haptic SDL_Haptic;
extern int SDL_Init(unsigned int flags);
extern int SDL_NumHaptics(void);
extern const char *SDL_HapticName(int index);
extern SDL_Haptic *SDL_HapticOpen(int index);
extern int SDL_HapticRumbleSupported(SDL_Haptic *haptic);
extern int SDL_HapticRumbleInit(SDL_Haptic *haptic);
extern int SDL_HapticRumblePlay(SDL_Haptic *haptic, float strength, unsigned int length);
extern int SDL_HapticRumbleStop(SDL_Haptic *haptic);
extern void SDL_HapticClose(SDL_Haptic *haptic);
extern const char *SDL_GetError(void);
extern void SDL_Quit(void);
#define SDL_INIT_HAPTIC 0x00001000u

static double now(void) { struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts); return ts.tv_sec + ts.tv_nsec / 1e9; }
#define LOG(...) do { printf("[sdl %.6f] ", now()); printf(__VA_ARGS__); printf("\n"); fflush(stdout); } while (0)
static void sleep_until(double t) { double d; while ((d = t - now()) > 0) usleep((useconds_t)(d * 1e6)); }

int main(int argc, char **argv) {
    const char *want = argc > 1 ? argv[1] : "sdl-ff-test";
    const char *markers = argc > 2 ? argv[2] : "/tmp";
    int levels_only = argc > 3 && !strcmp(argv[3], "levels");
    if (SDL_Init(SDL_INIT_HAPTIC) != 0) { LOG("FAIL SDL_Init(HAPTIC): %s", SDL_GetError()); return 1; }
    SDL_Haptic *h = NULL;
    for (int tries = 0; tries < 50 && !h; tries++) {
        for (int i = 0; i < SDL_NumHaptics(); i++) {
            const char *name = SDL_HapticName(i);
            if (name && !strcmp(name, want)) { h = SDL_HapticOpen(i); LOG("opened haptic %d '%s'", i, name); break; }
        }
        if (!h) usleep(50000);
    }
    if (!h) { LOG("FAIL haptic '%s' not found (%d haptics): %s", want, SDL_NumHaptics(), SDL_GetError()); return 1; }
    if (!SDL_HapticRumbleSupported(h) || SDL_HapticRumbleInit(h) != 0) { LOG("FAIL rumble init: %s", SDL_GetError()); return 1; }

    if (levels_only) {
        char fifo[256]; snprintf(fifo, sizeof fifo, "%s/levels", markers);
        if (mkfifo(fifo, 0600) != 0 && errno != EEXIST) { LOG("FAIL mkfifo %s", fifo); return 1; }
        LOG("WAIT for the Swift driver's level phase (%s)", fifo);
        int go = open(fifo, O_RDONLY); /* blocks until the driver opens it for writing: a signal, not a poll */
        if (go < 0) { LOG("FAIL open %s", fifo); return 1; }
        close(go);
        /* 2b. Level changes of a playing rumble (SDL_HapticRumblePlay again: one EVIOCSFF update + one play write).
         * 75 ms later than the driver's first change, so the two sides' calls alternate rather than collide. */
        LOG("API level start");
        SDL_HapticRumblePlay(h, 0.8f, 5000);
        usleep(375000);
        for (int i = 0; i < 120; i++) { /* as many as the OpenCoreHaptics side: 120 */
            float value = i % 2 == 0 ? 0.3f : 1.0f;
            LOG("API level %d value=%.1f", i, value);
            double at = now();
            SDL_HapticRumblePlay(h, 0.8f * value, 5000);
            usleep(150000);
            LOG("AT level %d %.6f", i, at);
        }
        LOG("API level stop");
        SDL_HapticRumbleStop(h);
        SDL_HapticClose(h);
        SDL_Quit();
        return 0;
    }

    /* 1. The pattern: the ramp 0.1 -> 1.0 over 0.3 s updated every 10 ms (as fine as our 8 ms grid), then transients. */
    LOG("API pattern");
    double t0 = now();
    for (int k = 0; k <= 30; k++) {
        sleep_until(t0 + k * 0.010);
        float level = 0.1f + 0.9f * (k / 30.0f);
        if (SDL_HapticRumblePlay(h, level, 100) != 0) LOG("FAIL play: %s", SDL_GetError());
    }
    sleep_until(t0 + 0.300); SDL_HapticRumbleStop(h);
    sleep_until(t0 + 0.400); SDL_HapticRumblePlay(h, 1.0f, 30);
    sleep_until(t0 + 0.550); SDL_HapticRumblePlay(h, 0.6f, 30);
    sleep_until(t0 + 0.800);

    /* 2. Transients, for the latency figure. */
    for (int i = 0; i < 30; i++) {
        LOG("API transient %d", i);
        double at = now(); /* the call's own time, logged after the wait, as the Swift driver does */
        SDL_HapticRumblePlay(h, 1.0f, 30);
        usleep(150000);
        LOG("AT transient %d %.6f", i, at);
    }

    /* 2b, the level changes, ran beside the Swift driver's (levels mode, above). */

    /* 3. A stall: a 5 s rumble, then the test stops (SIGSTOP) and kills the process. */
    LOG("API long rumble 5000 ms");
    SDL_HapticRumblePlay(h, 0.8f, 5000);
    usleep(300000);
    char path[256]; snprintf(path, sizeof path, "%s/sdlstall", markers);
    FILE *f = fopen(path, "w"); if (f) fclose(f);
    LOG("MARK stall");
    sleep(10);
    SDL_HapticClose(h);
    SDL_Quit();
    return 0;
}
