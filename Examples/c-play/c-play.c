/*
 * c-play: plays an AHAP file on the default device through OpenCoreHaptics' C ABI (CoreHapticsWrapper.h, the entry
 * points of Apple's Unity Core Haptics plug-in) and turns its intensity down while it plays.
 *
 *   c-play <file.ahap> [seconds-before-the-change [intensity]]      (defaults: 1.0 s, 0.25)
 *
 * HAPTIC_DEVICE picks the device (wav:<path> records it). Build: see README.md beside this file.
 */
#include "CoreHapticsWrapper.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int errors = 0;
static pthread_mutex_t finished_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t finished_signal = PTHREAD_COND_INITIALIZER;
static int finished = 0;

/* Errors arrive before the call returns, on the calling thread: the message is valid during the callback only. */
static void on_create_error(CHWError error) {
    fprintf(stderr, "c-play: error %d creating the engine: %s\n", error.code,
            error.localizedDescription ? error.localizedDescription : "(no message)");
    errors++;
}

static void on_error(const void *handle, CHWError error) {
    (void)handle;
    fprintf(stderr, "c-play: error %d: %s\n", error.code,
            error.localizedDescription ? error.localizedDescription : "(no message)");
    errors++;
}

/* May arrive on one of OpenCoreHaptics' threads. */
static int32_t on_all_players_finished(const void *engine) {
    (void)engine;
    pthread_mutex_lock(&finished_lock);
    finished = 1;
    pthread_cond_signal(&finished_signal);
    pthread_mutex_unlock(&finished_lock);
    return 0;
}

static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) {
        fprintf(stderr, "c-play: cannot open %s: %s\n", path, strerror(errno));
        return NULL;
    }
    size_t capacity = 4096, length = 0;
    char *text = malloc(capacity);
    size_t got;
    while (text && (got = fread(text + length, 1, capacity - length - 1, file)) > 0) {
        length += got;
        if (length + 1 == capacity) {
            if (capacity >= (64u << 20)) {
                fprintf(stderr, "c-play: %s is larger than 64 MiB\n", path);
                free(text);
                text = NULL;
                break;
            }
            char *bigger = realloc(text, capacity * 2);
            if (!bigger) {
                free(text);
                text = NULL;
                break;
            }
            text = bigger;
            capacity *= 2;
        }
    }
    fclose(file);
    if (text) text[length] = '\0';
    return text;
}

static int parse_number(const char *text, const char *what, double low, double high, double *value) {
    char *end = NULL;
    errno = 0;
    double parsed = strtod(text, &end);
    if (errno != 0 || end == text || *end != '\0' || !isfinite(parsed) || parsed < low || parsed > high) {
        fprintf(stderr, "c-play: %s must be a number from %g to %g, not '%s'\n", what, low, high, text);
        return 0;
    }
    *value = parsed;
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 2 || argc > 4) {
        fprintf(stderr, "usage: c-play <file.ahap> [seconds-before-the-change [intensity]]\n");
        return 2;
    }
    double change_after = 1.0, intensity = 0.25;
    if (argc > 2 && !parse_number(argv[2], "seconds-before-the-change", 0, 60, &change_after)) return 2;
    if (argc > 3 && !parse_number(argv[3], "intensity", 0, 1, &intensity)) return 2;

    char *ahap = read_file(argv[1]);
    if (!ahap) return 1;

    printf("c-play: haptics supported: %s\n", CoreHaptics_CHHapticEngine_HardwareSupportsHaptics() ? "yes" : "no");
    void *engine = CoreHaptics_CHHapticEngine_Create(on_create_error, NULL, NULL);
    if (!engine) return 1;
    CoreHaptics_CHHapticEngine_Start(engine, on_error);
    printf("c-play: engine started (engine time %.3f s)\n", CoreHaptics_CHHapticEngine_Get_CurrentTime(engine));

    void *player = CoreHaptics_CHHapticEngine_MakePlayer(engine, ahap, on_error);
    free(ahap);
    if (!player) {
        CoreHaptics_CHHapticEngine_Destroy(engine);
        return 1;
    }
    CoreHaptics_CHHapticPatternPlayer_Start(player, 0, on_error);
    printf("c-play: playing %s (engine time %.3f s)\n", argv[1], CoreHaptics_CHHapticEngine_Get_CurrentTime(engine));

    /* pacing: the change is meant to come this long into the pattern, as a game's event would. */
    struct timespec pause = {(time_t)change_after, (long)((change_after - (double)(time_t)change_after) * 1e9)};
    nanosleep(&pause, NULL);

    CHWDynamicParameter turn_down = {0 /* HapticIntensityControl */, 0, (float)intensity};
    CHWSendParametersRequest request = {&turn_down, 1, 0 /* now */};
    CoreHaptics_CHHapticPatternPlayer_SendParameters(player, request, on_error);
    printf("c-play: intensity set to %.2f (engine time %.3f s)\n", intensity,
           CoreHaptics_CHHapticEngine_Get_CurrentTime(engine));

    /* Wait for the end, told by the engine (60 s at most). */
    CoreHaptics_CHHapticEngine_NotifyWhenPlayersFinished(engine, false, on_all_players_finished, on_error);
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 60;
    pthread_mutex_lock(&finished_lock);
    int waited = 0;
    while (!finished && waited == 0) waited = pthread_cond_timedwait(&finished_signal, &finished_lock, &deadline);
    int done = finished;
    pthread_mutex_unlock(&finished_lock);
    if (done) {
        printf("c-play: finished (engine time %.3f s)\n", CoreHaptics_CHHapticEngine_Get_CurrentTime(engine));
    } else {
        fprintf(stderr, "c-play: the pattern did not finish within 60 s\n");
        errors++;
    }

    CoreHaptics_CHHapticPatternPlayer_Destroy(player);
    CoreHaptics_CHHapticEngine_Destroy(engine);
    printf("c-play: %s\n", errors == 0 ? "done" : "done, with errors");
    return errors == 0 ? 0 : 1;
}
