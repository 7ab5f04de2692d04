// Checks CHapticSupportPipeWire.h (our own declarations of PipeWire's ABI) against PipeWire's real headers
// (libpipewire-0.3-dev): every struct offset and size, every constant, and the format pod our builder makes, byte for
// byte against spa_format_audio_raw_build. Built and run by .ci/pipewire.sh:
//   cc -I Sources/CHapticSupport/include $(pkg-config --cflags libpipewire-0.3) .ci/pipewire/abi-check.c
//      Sources/CHapticSupport/pipewire.c -o abi-check && ./abi-check
#include <pipewire/pipewire.h>
#include <spa/param/audio/format-utils.h>
#include <stdio.h>
#include <string.h>

#include "CHapticSupportPipeWire.h"

#define SAME_FIELD(ours, theirs, field) \
    _Static_assert(offsetof(ours, field) == offsetof(theirs, field), #theirs "." #field " moved")
#define SAME_SIZE(ours, theirs) _Static_assert(sizeof(ours) == sizeof(theirs), #theirs " changed size")

SAME_SIZE(CHapticSupport_SpaList, struct spa_list);
SAME_SIZE(CHapticSupport_SpaCallbacks, struct spa_callbacks);
SAME_FIELD(CHapticSupport_SpaInterface, struct spa_interface, cb);
SAME_SIZE(CHapticSupport_SpaInterface, struct spa_interface);
SAME_FIELD(CHapticSupport_SpaHook, struct spa_hook, cb);
SAME_FIELD(CHapticSupport_SpaHook, struct spa_hook, removed);
SAME_FIELD(CHapticSupport_SpaHook, struct spa_hook, priv);
SAME_SIZE(CHapticSupport_SpaHook, struct spa_hook);
SAME_SIZE(CHapticSupport_SpaDictItem, struct spa_dict_item);
SAME_FIELD(CHapticSupport_SpaDict, struct spa_dict, n_items);
SAME_FIELD(CHapticSupport_SpaDict, struct spa_dict, items);
SAME_FIELD(CHapticSupport_SpaChunk, struct spa_chunk, size);
SAME_FIELD(CHapticSupport_SpaChunk, struct spa_chunk, flags);
SAME_SIZE(CHapticSupport_SpaChunk, struct spa_chunk);
SAME_FIELD(CHapticSupport_SpaData, struct spa_data, fd);
SAME_FIELD(CHapticSupport_SpaData, struct spa_data, maxsize);
SAME_FIELD(CHapticSupport_SpaData, struct spa_data, data);
SAME_FIELD(CHapticSupport_SpaData, struct spa_data, chunk);
SAME_SIZE(CHapticSupport_SpaData, struct spa_data);
SAME_FIELD(CHapticSupport_SpaBuffer, struct spa_buffer, n_datas);
SAME_FIELD(CHapticSupport_SpaBuffer, struct spa_buffer, datas);
SAME_FIELD(CHapticSupport_PWBuffer, struct pw_buffer, buffer);
SAME_FIELD(CHapticSupport_PWBuffer, struct pw_buffer, size);
SAME_FIELD(CHapticSupport_PWBuffer, struct pw_buffer, requested);
SAME_FIELD(CHapticSupport_PWTime, struct pw_time, rate);
SAME_FIELD(CHapticSupport_PWTime, struct pw_time, ticks);
SAME_FIELD(CHapticSupport_PWTime, struct pw_time, delay);
SAME_FIELD(CHapticSupport_PWTime, struct pw_time, queued);
_Static_assert(sizeof(CHapticSupport_PWTime) <= sizeof(struct pw_time), "pw_time shrank");
SAME_FIELD(CHapticSupport_PWStreamEvents, struct pw_stream_events, state_changed);
SAME_FIELD(CHapticSupport_PWStreamEvents, struct pw_stream_events, param_changed);
SAME_FIELD(CHapticSupport_PWStreamEvents, struct pw_stream_events, process);
SAME_FIELD(CHapticSupport_PWStreamEvents, struct pw_stream_events, trigger_done);
SAME_SIZE(CHapticSupport_PWStreamEvents, struct pw_stream_events);
SAME_FIELD(CHapticSupport_PWCoreEvents, struct pw_core_events, error);
SAME_FIELD(CHapticSupport_PWCoreEvents, struct pw_core_events, remove_mem);
SAME_FIELD(CHapticSupport_PWCoreMethods, struct pw_core_methods, add_listener);
SAME_FIELD(CHapticSupport_PWCoreMethods, struct pw_core_methods, get_registry);
SAME_FIELD(CHapticSupport_PWCoreMethods, struct pw_core_methods, destroy);
SAME_FIELD(CHapticSupport_PWRegistryEvents, struct pw_registry_events, global);
SAME_FIELD(CHapticSupport_PWRegistryEvents, struct pw_registry_events, global_remove);
SAME_SIZE(CHapticSupport_PWRegistryEvents, struct pw_registry_events);
SAME_FIELD(CHapticSupport_PWRegistryMethods, struct pw_registry_methods, add_listener);

_Static_assert(PW_STREAM_STATE_ERROR == -1 && PW_STREAM_STATE_STREAMING == 3, "pw_stream_state");

/// Compares one of our constants (a `static const`, not a constant expression in C) with PipeWire's.
static int sameValue(long long ours, long long theirs, const char *name) {
    if (ours == theirs) return 1;
    fprintf(stderr, "abi-check: %s is %lld in PipeWire's headers, %lld in ours\n", name, theirs, ours);
    return 0;
}

/// Builds one format with spa's builder and with ours, and compares the bytes.
static int samePod(uint32_t rate, uint32_t channels, const uint32_t *positions) {
    uint8_t theirs[1024];
    uint8_t ours[1024];
    struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(theirs, sizeof theirs);
    struct spa_audio_info_raw info = { .format = SPA_AUDIO_FORMAT_F32, .rate = rate, .channels = channels };
    if (positions == NULL) info.flags |= SPA_AUDIO_FLAG_UNPOSITIONED;
    for (uint32_t i = 0; positions != NULL && i < channels; i++) info.position[i] = positions[i];
    const struct spa_pod *pod = spa_format_audio_raw_build(&builder, SPA_PARAM_EnumFormat, &info);
    uint32_t size = CHapticSupport_pwBuildAudioFormat(ours, sizeof ours, CHapticSupport_SPA_PARAM_EnumFormat,
                                                      CHapticSupport_SPA_AUDIO_FORMAT_F32_LE, rate, channels, positions);
    if (size != SPA_POD_SIZE(pod) || memcmp(ours, pod, size) != 0) {
        fprintf(stderr, "abi-check: the format pod for %u channels at %u Hz differs (ours %u bytes, spa %u)\n", channels,
                rate, size, (unsigned)SPA_POD_SIZE(pod));
        return 0;
    }
    return 1;
}

int main(void) {
    const uint32_t four[4] = { SPA_AUDIO_CHANNEL_FL, SPA_AUDIO_CHANNEL_FR, SPA_AUDIO_CHANNEL_RL, SPA_AUDIO_CHANNEL_RR };
    const uint32_t two[2] = { SPA_AUDIO_CHANNEL_FL, SPA_AUDIO_CHANNEL_FR };
    const uint32_t one[1] = { SPA_AUDIO_CHANNEL_MONO };
    const uint32_t three[3] = { SPA_AUDIO_CHANNEL_FL, SPA_AUDIO_CHANNEL_FR, SPA_AUDIO_CHANNEL_RL };
    int ok = 1;
    ok &= sameValue(CHapticSupport_PW_ID_CORE, PW_ID_CORE, "PW_ID_CORE");
    ok &= sameValue(CHapticSupport_PW_ID_ANY, PW_ID_ANY, "PW_ID_ANY");
    ok &= sameValue(CHapticSupport_PW_VERSION_STREAM_EVENTS, PW_VERSION_STREAM_EVENTS, "PW_VERSION_STREAM_EVENTS");
    ok &= sameValue(CHapticSupport_PW_VERSION_CORE_EVENTS, PW_VERSION_CORE_EVENTS, "PW_VERSION_CORE_EVENTS");
    ok &= sameValue(CHapticSupport_PW_VERSION_REGISTRY_EVENTS, PW_VERSION_REGISTRY_EVENTS, "PW_VERSION_REGISTRY_EVENTS");
    ok &= sameValue(CHapticSupport_PW_VERSION_REGISTRY, PW_VERSION_REGISTRY, "PW_VERSION_REGISTRY");
    ok &= sameValue(CHapticSupport_SPA_DIRECTION_INPUT, SPA_DIRECTION_INPUT, "SPA_DIRECTION_INPUT");
    ok &= sameValue(CHapticSupport_SPA_DIRECTION_OUTPUT, SPA_DIRECTION_OUTPUT, "SPA_DIRECTION_OUTPUT");
    ok &= sameValue(CHapticSupport_PW_STREAM_FLAG_AUTOCONNECT, PW_STREAM_FLAG_AUTOCONNECT, "AUTOCONNECT");
    ok &= sameValue(CHapticSupport_PW_STREAM_FLAG_MAP_BUFFERS, PW_STREAM_FLAG_MAP_BUFFERS, "MAP_BUFFERS");
    ok &= sameValue(CHapticSupport_PW_STREAM_FLAG_RT_PROCESS, PW_STREAM_FLAG_RT_PROCESS, "RT_PROCESS");
    ok &= sameValue(CHapticSupport_PW_STREAM_FLAG_DONT_RECONNECT, PW_STREAM_FLAG_DONT_RECONNECT, "DONT_RECONNECT");
    ok &= sameValue(CHapticSupport_SPA_PARAM_EnumFormat, SPA_PARAM_EnumFormat, "SPA_PARAM_EnumFormat");
    ok &= sameValue(CHapticSupport_SPA_AUDIO_FORMAT_F32_LE, SPA_AUDIO_FORMAT_F32_LE, "SPA_AUDIO_FORMAT_F32_LE");
    ok &= sameValue(CHapticSupport_SPA_AUDIO_CHANNEL_MONO, SPA_AUDIO_CHANNEL_MONO, "MONO");
    ok &= sameValue(CHapticSupport_SPA_AUDIO_CHANNEL_FL, SPA_AUDIO_CHANNEL_FL, "FL");
    ok &= sameValue(CHapticSupport_SPA_AUDIO_CHANNEL_FR, SPA_AUDIO_CHANNEL_FR, "FR");
    ok &= sameValue(CHapticSupport_SPA_AUDIO_CHANNEL_RL, SPA_AUDIO_CHANNEL_RL, "RL");
    ok &= sameValue(CHapticSupport_SPA_AUDIO_CHANNEL_RR, SPA_AUDIO_CHANNEL_RR, "RR");
    ok &= samePod(48000, 4, four) && samePod(48000, 2, two) && samePod(44100, 1, one) && samePod(48000, 3, three)
        && samePod(0, 2, NULL) && samePod(96000, 0, NULL);
    if (!ok) return 1;
    printf("abi-check: %s: layouts, constants and format pods match (PipeWire headers %s)\n", "CHapticSupportPipeWire.h",
           pw_get_headers_version());
    return 0;
}
