// C shim for what Swift cannot import: the linux/input.h ioctl request macros, with the kernel's own struct layouts.
#ifndef CHAPTICSUPPORT_H
#define CHAPTICSUPPORT_H

#include <stdint.h>

#include "CHapticSupportPipeWire.h"

/// libsndfile's `SF_INFO` (sndfile.h), declared here so that loading libsndfile with dlopen needs no libsndfile1-dev.
typedef struct CHapticSupport_SoundFileInfo {
    int64_t frames;
    int samplerate;
    int channels;
    int format;
    int sections;
    int seekable;
} CHapticSupport_SoundFileInfo;
_Static_assert(sizeof(CHapticSupport_SoundFileInfo) == 32, "SF_INFO layout: one int64 and five ints");

#ifdef __linux__
#include <linux/input.h>
#include <linux/uinput.h>
#include <sys/ioctl.h>

static const unsigned long CHapticSupport_EVIOCSFF = EVIOCSFF;
static const unsigned long CHapticSupport_EVIOCRMFF = EVIOCRMFF;
static const unsigned long CHapticSupport_EVIOCGEFFECTS = EVIOCGEFFECTS;
static const unsigned long CHapticSupport_EVIOCGVERSION = EVIOCGVERSION;
static const unsigned long CHapticSupport_EVIOCGID = EVIOCGID;

#include <linux/hidraw.h>
/// HIDIOCGRAWINFO: a hidraw node's bus type, vendor and product (struct hidraw_devinfo).
static const unsigned long CHapticSupport_HIDIOCGRAWINFO = HIDIOCGRAWINFO;

/// EVIOCGBIT(ev, len): the request that reads the event-type (ev = 0) or per-type capability bitmask.
unsigned long CHapticSupport_EVIOCGBIT(unsigned int ev, unsigned int len);
/// EVIOCGNAME(len): the request that reads the device name.
unsigned long CHapticSupport_EVIOCGNAME(unsigned int len);
/// EVIOCGKEY(len): the request that reads which keys and buttons are held now, as a bitmask.
unsigned long CHapticSupport_EVIOCGKEY(unsigned int len);
/// EVIOCGABS(abs): the request that reads one absolute axis's state and range (struct input_absinfo).
unsigned long CHapticSupport_EVIOCGABS(unsigned int abs);

/// ppoll on the device (hang-up) and a wake eventfd (POLLIN): 1 when the device hung up or errs, 2 when the eventfd
/// was signalled (its counter is then read back to zero), 0 on timeout, -errno on error (-EINTR too: HapticSystem's
/// funnel retries). `wake` < 0: device only.
int CHapticSupport_waitForHangupOrWake(int fd, int wake, long timeoutNanoseconds);
/// eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC), or -errno.
int CHapticSupport_eventfdCreate(void);
/// Adds 1 to an eventfd's counter: one non-blocking write(2) of 8 bytes. 0, or -errno (EAGAIN when the counter is
/// saturated, which still leaves it readable).
int CHapticSupport_eventfdSignal(int fd);
/// ppoll(fd, POLLIN, timeout): 1 when readable, 0 on timeout, -errno on error.
int CHapticSupport_waitForReadable(int fd, long timeoutNanoseconds);
/// Reads an eventfd's counter back to zero (non-blocking): 1 when it had been signalled, 0 when not, -errno.
int CHapticSupport_eventfdDrain(int fd);
/// pthread_setname_np(pthread_self(), name) (a GNU extension Swift's Glibc module does not export).
void CHapticSupport_setThreadName(const char *name);
/// inotify_init1(IN_NONBLOCK | IN_CLOEXEC), or -errno.
int CHapticSupport_inotifyInit(void);
/// inotify_add_watch(fd, path, IN_CREATE | IN_DELETE | IN_ATTRIB | IN_MOVED_TO | IN_MOVED_FROM), or -errno.
int CHapticSupport_inotifyWatchDirectory(int fd, const char *path);

/// alsa-lib's error handler (`snd_lib_error_handler_t`, variadic, which Swift cannot write): formats the message
/// into a per-thread buffer instead of printing it to standard error, so the caller can put it into its own error.
void CHapticSupport_alsaErrorHandler(const char *file, int line, const char *function, int err, const char *fmt, ...);
/// ``CHapticSupport_alsaErrorHandler`` as a plain pointer, to pass to `snd_lib_error_set_handler` (Swift cannot name a
/// variadic C function).
void *CHapticSupport_alsaErrorHandlerPointer(void);
/// The last alsa-lib message this thread captured ("Unknown PCM nonexistent"), and clears it; "" when none.
const char *CHapticSupport_alsaTakeLastError(void);

/// openat2(dirfd, path, &{flags, mode, resolve}, sizeof) through syscall(SYS_openat2) (glibc 2.36 has no wrapper):
/// the new descriptor, or -errno (-ENOSYS on kernels before 5.6). `resolve` takes the RESOLVE_* bits below.
int CHapticSupport_openat2(int dirfd, const char *path, int flags, unsigned int mode, unsigned long long resolve);
/// O_PATH (a GNU extension Swift's Glibc module does not export): a descriptor that only names a file or folder.
extern const int CHapticSupport_O_PATH;
/// RESOLVE_BENEATH: the kernel refuses any resolution that leaves `dirfd` (`..`, absolute paths and links), EXDEV.
extern const unsigned long long CHapticSupport_RESOLVE_BENEATH;
/// RESOLVE_NO_SYMLINKS: the kernel refuses any symbolic link on the path, the last component included, ELOOP.
extern const unsigned long long CHapticSupport_RESOLVE_NO_SYMLINKS;
/// RESOLVE_NO_MAGICLINKS: no /proc "magic" links.
extern const unsigned long long CHapticSupport_RESOLVE_NO_MAGICLINKS;
/// renameat2(olddirfd, oldpath, newdirfd, newpath, RENAME_NOREPLACE): 0, or -errno (EEXIST when the target exists;
/// EINVAL or ENOSYS where the file system or kernel lacks it).
int CHapticSupport_renameNoReplace(int olddirfd, const char *oldpath, int newdirfd, const char *newpath);

_Static_assert(sizeof(struct ff_effect) == 48, "ff_effect layout changed");
_Static_assert(sizeof(struct input_event) == 24, "input_event layout changed (64-bit time expected)");
#endif

#endif
