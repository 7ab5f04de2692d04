// A stand-in for AudioToolbox's system sounds, for the compatibility corpus gate only (.ci/corpus.sh): the corpus
// files call them as their fallback beside the feedback generators. They play nothing here.
#include <stdint.h>

typedef uint32_t SystemSoundID;

static const SystemSoundID kSystemSoundID_Vibrate = 0x00000FFF;

static inline void AudioServicesPlaySystemSound(SystemSoundID inSystemSoundID) { (void)inSystemSoundID; }

static inline void AudioServicesPlayAlertSound(SystemSoundID inSystemSoundID) { (void)inSystemSoundID; }
