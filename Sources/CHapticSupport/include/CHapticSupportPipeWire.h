// PipeWire's ABI as the bridge uses it, declared here (not copied from its headers) so that loading libpipewire-0.3
// with dlopen needs no libpipewire-0.3-dev. Only what the streams, the core and the registry need: a few struct
// layouts (stable since PipeWire 0.3.0; each later field says since when), enum values and the method tables behind
// PipeWire's inline "interface" calls (pw_core_add_listener, pw_core_get_registry, pw_registry_add_listener), which
// are macros in the real headers and so cannot be reached with dlsym.
//
// .ci/pipewire.sh compiles .ci/pipewire-abi.c against the real headers and checks every offset, size and value
// below, and the format pod CHapticSupport_pwBuildAudioFormat builds, byte for byte, against spa's own builder.
#ifndef CHAPTICSUPPORT_PIPEWIRE_H
#define CHAPTICSUPPORT_PIPEWIRE_H

#include <stddef.h>
#include <stdint.h>

/// `struct spa_list`.
typedef struct CHapticSupport_SpaList {
    struct CHapticSupport_SpaList *next;
    struct CHapticSupport_SpaList *prev;
} CHapticSupport_SpaList;

/// `struct spa_callbacks`: a method or event table and the object it is called with.
typedef struct CHapticSupport_SpaCallbacks {
    const void *funcs;
    void *data;
} CHapticSupport_SpaCallbacks;

/// `struct spa_interface`: what a `pw_core *` or `pw_registry *` points at.
typedef struct CHapticSupport_SpaInterface {
    const char *type;
    uint32_t version;
    CHapticSupport_SpaCallbacks cb;
} CHapticSupport_SpaInterface;

/// `struct spa_hook`: a listener's registration (zeroed before use, kept alive while registered).
typedef struct CHapticSupport_SpaHook {
    CHapticSupport_SpaList link;
    CHapticSupport_SpaCallbacks cb;
    void (*removed)(struct CHapticSupport_SpaHook *hook);
    void *priv;
} CHapticSupport_SpaHook;

/// `struct spa_dict_item`.
typedef struct CHapticSupport_SpaDictItem {
    const char *key;
    const char *value;
} CHapticSupport_SpaDictItem;

/// `struct spa_dict`.
typedef struct CHapticSupport_SpaDict {
    uint32_t flags;
    uint32_t n_items;
    const CHapticSupport_SpaDictItem *items;
} CHapticSupport_SpaDict;

/// `struct spa_chunk`: the valid part of a buffer's data.
typedef struct CHapticSupport_SpaChunk {
    uint32_t offset;
    uint32_t size;
    int32_t stride;
    int32_t flags;
} CHapticSupport_SpaChunk;

/// `struct spa_data`.
typedef struct CHapticSupport_SpaData {
    uint32_t type;
    uint32_t flags;
    int64_t fd;
    uint32_t mapoffset;
    uint32_t maxsize;
    void *data;
    CHapticSupport_SpaChunk *chunk;
} CHapticSupport_SpaData;

/// `struct spa_buffer`.
typedef struct CHapticSupport_SpaBuffer {
    uint32_t n_metas;
    uint32_t n_datas;
    void *metas;
    CHapticSupport_SpaData *datas;
} CHapticSupport_SpaBuffer;

/// `struct pw_buffer` (`requested` since 0.3.49; never read before checking the library's version).
typedef struct CHapticSupport_PWBuffer {
    CHapticSupport_SpaBuffer *buffer;
    void *user_data;
    uint64_t size;
    uint64_t requested;
} CHapticSupport_PWBuffer;

/// `struct spa_fraction`.
typedef struct CHapticSupport_SpaFraction {
    uint32_t num;
    uint32_t denom;
} CHapticSupport_SpaFraction;

/// The leading fields of `struct pw_time` (the ones every 0.3 release has); `pw_stream_get_time_n` is told this size
/// and fills no more.
typedef struct CHapticSupport_PWTime {
    int64_t now;
    CHapticSupport_SpaFraction rate;
    uint64_t ticks;
    int64_t delay;
    uint64_t queued;
} CHapticSupport_PWTime;

/// `struct pw_stream_events`, version 2 (`command` since 0.3.39, `trigger_done` since 0.3.40). Stream states are
/// `enum pw_stream_state` (an int: -1 error, 0 unconnected, 1 connecting, 2 paused, 3 streaming).
typedef struct CHapticSupport_PWStreamEvents {
    uint32_t version;
    void (*destroy)(void *data);
    void (*state_changed)(void *data, int old, int state, const char *error);
    void (*control_info)(void *data, uint32_t id, const void *control);
    void (*io_changed)(void *data, uint32_t id, void *area, uint32_t size);
    void (*param_changed)(void *data, uint32_t id, const void *param);
    void (*add_buffer)(void *data, CHapticSupport_PWBuffer *buffer);
    void (*remove_buffer)(void *data, CHapticSupport_PWBuffer *buffer);
    void (*process)(void *data);
    void (*drained)(void *data);
    void (*command)(void *data, const void *command);
    void (*trigger_done)(void *data);
} CHapticSupport_PWStreamEvents;

/// `struct pw_core_events`, version 0.
typedef struct CHapticSupport_PWCoreEvents {
    uint32_t version;
    void (*info)(void *data, const void *info);
    void (*done)(void *data, uint32_t id, int seq);
    void (*ping)(void *data, uint32_t id, int seq);
    void (*error)(void *data, uint32_t id, int seq, int res, const char *message);
    void (*remove_id)(void *data, uint32_t id);
    void (*bound_id)(void *data, uint32_t id, uint32_t global_id);
    void (*add_mem)(void *data, uint32_t id, uint32_t type, int fd, uint32_t flags);
    void (*remove_mem)(void *data, uint32_t id);
} CHapticSupport_PWCoreEvents;

/// `struct pw_core_methods`, version 0: the entries up to `destroy`.
typedef struct CHapticSupport_PWCoreMethods {
    uint32_t version;
    int (*add_listener)(void *object, CHapticSupport_SpaHook *listener, const CHapticSupport_PWCoreEvents *events, void *data);
    int (*hello)(void *object, uint32_t version);
    int (*sync)(void *object, uint32_t id, int seq);
    int (*pong)(void *object, uint32_t id, int seq);
    int (*error)(void *object, uint32_t id, int seq, int res, const char *message);
    void *(*get_registry)(void *object, uint32_t version, size_t user_data_size);
    void *(*create_object)(void *object, const char *factory_name, const char *type, uint32_t version,
                           const CHapticSupport_SpaDict *props, size_t user_data_size);
    int (*destroy)(void *object, void *proxy);
} CHapticSupport_PWCoreMethods;

/// `struct pw_registry_events`, version 0.
typedef struct CHapticSupport_PWRegistryEvents {
    uint32_t version;
    void (*global)(void *data, uint32_t id, uint32_t permissions, const char *type, uint32_t version,
                   const CHapticSupport_SpaDict *props);
    void (*global_remove)(void *data, uint32_t id);
} CHapticSupport_PWRegistryEvents;

/// `struct pw_registry_methods`, version 0.
typedef struct CHapticSupport_PWRegistryMethods {
    uint32_t version;
    int (*add_listener)(void *object, CHapticSupport_SpaHook *listener, const CHapticSupport_PWRegistryEvents *events,
                        void *data);
    void *(*bind)(void *object, uint32_t id, const char *type, uint32_t version, size_t user_data_size);
    int (*destroy)(void *object, uint32_t id);
} CHapticSupport_PWRegistryMethods;

/// `PW_ID_CORE`: the core's own id (an error event on it is about the connection).
static const uint32_t CHapticSupport_PW_ID_CORE = 0;
/// `PW_ID_ANY` / `SPA_ID_INVALID`.
static const uint32_t CHapticSupport_PW_ID_ANY = 0xffffffffu;
/// `PW_VERSION_STREAM_EVENTS`.
static const uint32_t CHapticSupport_PW_VERSION_STREAM_EVENTS = 2;
/// `PW_VERSION_CORE_EVENTS`.
static const uint32_t CHapticSupport_PW_VERSION_CORE_EVENTS = 0;
/// `PW_VERSION_REGISTRY_EVENTS`.
static const uint32_t CHapticSupport_PW_VERSION_REGISTRY_EVENTS = 0;
/// `PW_VERSION_REGISTRY`: the registry interface version asked for.
static const uint32_t CHapticSupport_PW_VERSION_REGISTRY = 3;
/// `SPA_DIRECTION_INPUT`: a stream that receives (a sink, a capture).
static const uint32_t CHapticSupport_SPA_DIRECTION_INPUT = 0;
/// `SPA_DIRECTION_OUTPUT`: a stream that produces (playback).
static const uint32_t CHapticSupport_SPA_DIRECTION_OUTPUT = 1;
/// `PW_STREAM_FLAG_AUTOCONNECT`.
static const uint32_t CHapticSupport_PW_STREAM_FLAG_AUTOCONNECT = 1u << 0;
/// `PW_STREAM_FLAG_MAP_BUFFERS`.
static const uint32_t CHapticSupport_PW_STREAM_FLAG_MAP_BUFFERS = 1u << 2;
/// `PW_STREAM_FLAG_RT_PROCESS`: `process` runs on the real-time data thread.
static const uint32_t CHapticSupport_PW_STREAM_FLAG_RT_PROCESS = 1u << 4;
/// `PW_STREAM_FLAG_DONT_RECONNECT`.
static const uint32_t CHapticSupport_PW_STREAM_FLAG_DONT_RECONNECT = 1u << 7;
/// `SPA_PARAM_EnumFormat`.
static const uint32_t CHapticSupport_SPA_PARAM_EnumFormat = 3;
/// `SPA_AUDIO_FORMAT_F32` on a little-endian machine (`SPA_AUDIO_FORMAT_F32_LE`).
static const uint32_t CHapticSupport_SPA_AUDIO_FORMAT_F32_LE = 0x11b;
/// `SPA_AUDIO_CHANNEL_MONO`, `_FL`, `_FR`, `_RL`, `_RR`.
static const uint32_t CHapticSupport_SPA_AUDIO_CHANNEL_MONO = 2;
static const uint32_t CHapticSupport_SPA_AUDIO_CHANNEL_FL = 3;
static const uint32_t CHapticSupport_SPA_AUDIO_CHANNEL_FR = 4;
static const uint32_t CHapticSupport_SPA_AUDIO_CHANNEL_RL = 12;
static const uint32_t CHapticSupport_SPA_AUDIO_CHANNEL_RR = 13;

/// `pw_core_add_listener(core, hook, events, data)`: the core's `add_listener` method (a macro in PipeWire's headers).
/// -ENOTSUP when the core's method table lacks it.
int CHapticSupport_pwCoreAddListener(void *core, CHapticSupport_SpaHook *hook, const CHapticSupport_PWCoreEvents *events,
                                     void *data);
/// `pw_core_get_registry(core, PW_VERSION_REGISTRY, 0)`: the registry proxy (destroy it with `pw_proxy_destroy`), or NULL.
void *CHapticSupport_pwCoreGetRegistry(void *core);
/// `pw_registry_add_listener(registry, hook, events, data)`.
int CHapticSupport_pwRegistryAddListener(void *registry, CHapticSupport_SpaHook *hook,
                                         const CHapticSupport_PWRegistryEvents *events, void *data);
/// `spa_hook_remove(hook)`: unregisters a listener (a hook never registered, zeroed, is left alone).
void CHapticSupport_spaHookRemove(CHapticSupport_SpaHook *hook);
/// `spa_dict_lookup(dict, key)`: the value of `key`, or NULL.
const char *CHapticSupport_spaDictLookup(const CHapticSupport_SpaDict *dict, const char *key);
/// Builds the `SPA_TYPE_OBJECT_Format` pod `spa_format_audio_raw_build(builder, param, info)` would for raw audio of
/// `format` at `rate` with `channels` channels at `positions` (`channels` ids; NULL for none) into `buffer`: the
/// pod's size in bytes, or 0 when it does not fit `capacity` or `channels` is over 64.
uint32_t CHapticSupport_pwBuildAudioFormat(void *buffer, uint32_t capacity, uint32_t param, uint32_t format, uint32_t rate,
                                           uint32_t channels, const uint32_t *positions);

#endif
