// PipeWire's inline helpers, written from our own declarations (CHapticSupportPipeWire.h): the interface method
// calls its headers make with macros, the hook removal and dict lookup they make inline, and a format pod builder.
// Nothing here links or includes PipeWire.
#include "CHapticSupportPipeWire.h"

#include <errno.h>
#include <string.h>

/// The method table behind an interface pointer (`struct spa_interface`), and the object its methods take.
static const void *CHapticSupport_methods(void *object, void **data) {
    if (object == NULL) return NULL;
    CHapticSupport_SpaInterface *interface = (CHapticSupport_SpaInterface *)object;
    *data = interface->cb.data;
    return interface->cb.funcs;
}

int CHapticSupport_pwCoreAddListener(void *core, CHapticSupport_SpaHook *hook, const CHapticSupport_PWCoreEvents *events,
                                     void *data) {
    void *object = NULL;
    const CHapticSupport_PWCoreMethods *methods = CHapticSupport_methods(core, &object);
    if (methods == NULL || methods->add_listener == NULL) return -ENOTSUP;
    return methods->add_listener(object, hook, events, data);
}

void *CHapticSupport_pwCoreGetRegistry(void *core) {
    void *object = NULL;
    const CHapticSupport_PWCoreMethods *methods = CHapticSupport_methods(core, &object);
    if (methods == NULL || methods->get_registry == NULL) return NULL;
    return methods->get_registry(object, CHapticSupport_PW_VERSION_REGISTRY, 0);
}

int CHapticSupport_pwRegistryAddListener(void *registry, CHapticSupport_SpaHook *hook,
                                         const CHapticSupport_PWRegistryEvents *events, void *data) {
    void *object = NULL;
    const CHapticSupport_PWRegistryMethods *methods = CHapticSupport_methods(registry, &object);
    if (methods == NULL || methods->add_listener == NULL) return -ENOTSUP;
    return methods->add_listener(object, hook, events, data);
}

void CHapticSupport_spaHookRemove(CHapticSupport_SpaHook *hook) {
    // A hook in a list has both links set; a zeroed (never added) one has neither.
    if (hook->link.next != NULL && hook->link.prev != NULL) {
        hook->link.prev->next = hook->link.next;
        hook->link.next->prev = hook->link.prev;
        hook->link.next = NULL;
        hook->link.prev = NULL;
    }
    if (hook->removed != NULL) hook->removed(hook);
}

const char *CHapticSupport_spaDictLookup(const CHapticSupport_SpaDict *dict, const char *key) {
    if (dict == NULL || key == NULL) return NULL;
    for (uint32_t i = 0; i < dict->n_items; i++) {
        const char *itemKey = dict->items[i].key;
        if (itemKey != NULL && strcmp(itemKey, key) == 0) return dict->items[i].value;
    }
    return NULL;
}

// The pod encoding (spa/pod/pod.h): every pod is a header {uint32 size, uint32 type} followed by `size` bytes of
// body, padded to 8 bytes. An object's body is {uint32 object type, uint32 id} then properties, each
// {uint32 key, uint32 flags, pod value}. An array's body is a child header {uint32 size, uint32 type} then the
// values, `size` bytes each.
enum {
    PodTypeId = 3,
    PodTypeInt = 4,
    PodTypeArray = 13,
    PodTypeObject = 15,
    ObjectTypeFormat = 0x40003,
    KeyMediaType = 1,
    KeyMediaSubtype = 2,
    KeyAudioFormat = 0x10001,
    KeyAudioRate = 0x10003,
    KeyAudioChannels = 0x10004,
    KeyAudioPosition = 0x10005,
    MediaTypeAudio = 1,
    MediaSubtypeRaw = 1,
};

typedef struct {
    uint32_t *words;
    uint32_t capacity;  // in 32-bit words
    uint32_t used;
    int overflow;
} PodWriter;

static void put(PodWriter *w, uint32_t value) {
    if (w->used < w->capacity) w->words[w->used] = value; else w->overflow = 1;
    w->used++;
}

static void padTo8(PodWriter *w) {
    if (w->used % 2 != 0) put(w, 0);
}

/// A property whose value is a 4-byte pod (Id or Int).
static void putScalarProperty(PodWriter *w, uint32_t key, uint32_t type, uint32_t value) {
    put(w, key);
    put(w, 0);
    put(w, 4);
    put(w, type);
    put(w, value);
    padTo8(w);
}

uint32_t CHapticSupport_pwBuildAudioFormat(void *buffer, uint32_t capacity, uint32_t param, uint32_t format, uint32_t rate,
                                           uint32_t channels, const uint32_t *positions) {
    if (buffer == NULL || channels > 64) return 0;
    PodWriter w = { .words = (uint32_t *)buffer, .capacity = capacity / 4, .used = 0, .overflow = 0 };
    put(&w, 0);  // object size, filled in below
    put(&w, PodTypeObject);
    put(&w, ObjectTypeFormat);
    put(&w, param);
    putScalarProperty(&w, KeyMediaType, PodTypeId, MediaTypeAudio);
    putScalarProperty(&w, KeyMediaSubtype, PodTypeId, MediaSubtypeRaw);
    if (format != 0) putScalarProperty(&w, KeyAudioFormat, PodTypeId, format);
    if (rate != 0) putScalarProperty(&w, KeyAudioRate, PodTypeInt, rate);
    if (channels != 0) {
        putScalarProperty(&w, KeyAudioChannels, PodTypeInt, channels);
        if (positions != NULL) {
            put(&w, KeyAudioPosition);
            put(&w, 0);
            put(&w, 8 + 4 * channels);  // the array pod's body: child header and values
            put(&w, PodTypeArray);
            put(&w, 4);
            put(&w, PodTypeId);
            for (uint32_t i = 0; i < channels; i++) put(&w, positions[i]);
            padTo8(&w);
        }
    }
    if (w.overflow) return 0;
    uint32_t bytes = w.used * 4;
    w.words[0] = bytes - 8;
    return bytes;
}
