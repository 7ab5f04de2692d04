// C shim for what Swift cannot import: the linux/input.h ioctl request macros, with the kernel's own struct layouts.
#ifndef CHAPTICSUPPORT_H
#define CHAPTICSUPPORT_H

#ifdef __linux__
#include <linux/input.h>
#include <linux/uinput.h>
#include <sys/ioctl.h>

static const unsigned long CHapticSupport_EVIOCSFF = EVIOCSFF;
static const unsigned long CHapticSupport_EVIOCRMFF = EVIOCRMFF;
static const unsigned long CHapticSupport_EVIOCGEFFECTS = EVIOCGEFFECTS;
static const unsigned long CHapticSupport_EVIOCGVERSION = EVIOCGVERSION;
static const unsigned long CHapticSupport_EVIOCGID = EVIOCGID;

/// EVIOCGBIT(ev, len): the request that reads the event-type (ev = 0) or per-type capability bitmask.
unsigned long CHapticSupport_EVIOCGBIT(unsigned int ev, unsigned int len);
/// EVIOCGNAME(len): the request that reads the device name.
unsigned long CHapticSupport_EVIOCGNAME(unsigned int len);

_Static_assert(sizeof(struct ff_effect) == 48, "ff_effect layout changed");
_Static_assert(sizeof(struct input_event) == 24, "input_event layout changed (64-bit time expected)");
#endif

#endif
