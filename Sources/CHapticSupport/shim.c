#include "CHapticSupport.h"

#ifdef __linux__
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <unistd.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <pthread.h>
#include <signal.h>
#include <sys/inotify.h>
#include <time.h>
#include <unistd.h>

#ifndef SYS_openat2
#define SYS_openat2 437  // the same number on every architecture
#endif

const int CHapticSupport_O_PATH = O_PATH;
const unsigned long long CHapticSupport_RESOLVE_BENEATH = RESOLVE_BENEATH;
const unsigned long long CHapticSupport_RESOLVE_NO_SYMLINKS = RESOLVE_NO_SYMLINKS;
const unsigned long long CHapticSupport_RESOLVE_NO_MAGICLINKS = RESOLVE_NO_MAGICLINKS;

int CHapticSupport_openat2(int dirfd, const char *path, int flags, unsigned int mode, unsigned long long resolve) {
    struct open_how how = { .flags = (unsigned long long)(unsigned int)flags, .mode = mode, .resolve = resolve };
    long result = syscall(SYS_openat2, dirfd, path, &how, sizeof how);
    return result < 0 ? -errno : (int)result;
}

int CHapticSupport_renameNoReplace(int olddirfd, const char *oldpath, int newdirfd, const char *newpath) {
    return renameat2(olddirfd, oldpath, newdirfd, newpath, RENAME_NOREPLACE) == 0 ? 0 : -errno;
}

unsigned long CHapticSupport_EVIOCGBIT(unsigned int ev, unsigned int len) { return EVIOCGBIT(ev, len); }
unsigned long CHapticSupport_EVIOCGNAME(unsigned int len) { return EVIOCGNAME(len); }
unsigned long CHapticSupport_EVIOCGKEY(unsigned int len) { return EVIOCGKEY(len); }
unsigned long CHapticSupport_EVIOCGABS(unsigned int abs) { return EVIOCGABS(abs); }

int CHapticSupport_waitForHangupOrWake(int fd, int wake, long timeoutNanoseconds) {
    struct pollfd p[2] = { { .fd = fd, .events = 0, .revents = 0 }, { .fd = wake, .events = POLLIN, .revents = 0 } };
    struct timespec t = { .tv_sec = timeoutNanoseconds / 1000000000L, .tv_nsec = timeoutNanoseconds % 1000000000L };
    int r = ppoll(p, wake >= 0 ? 2 : 1, &t, NULL);
    if (r < 0) return -errno;
    if (r == 0) return 0;
    if (p[0].revents & (POLLHUP | POLLERR | POLLNVAL)) return 1;
    if (wake >= 0 && (p[1].revents & POLLIN)) {
        uint64_t value;
        (void)read(wake, &value, sizeof value);
        return 2;
    }
    return 0;
}

int CHapticSupport_eventfdCreate(void) {
    int fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

int CHapticSupport_eventfdSignal(int fd) {
    uint64_t one = 1;
    return write(fd, &one, sizeof one) < 0 ? -errno : 0;
}

int CHapticSupport_waitForReadable(int fd, long timeoutNanoseconds) {
    struct pollfd p = { .fd = fd, .events = POLLIN, .revents = 0 };
    struct timespec t = { .tv_sec = timeoutNanoseconds / 1000000000L, .tv_nsec = timeoutNanoseconds % 1000000000L };
    int r = ppoll(&p, 1, &t, NULL);
    if (r < 0) return -errno;
    return r > 0 ? 1 : 0;
}

int CHapticSupport_eventfdDrain(int fd) {
    uint64_t value = 0;
    ssize_t r = read(fd, &value, sizeof value);
    if (r < 0) return errno == EAGAIN ? 0 : -errno;
    return value > 0 ? 1 : 0;
}

void CHapticSupport_setThreadName(const char *name) { pthread_setname_np(pthread_self(), name); }

int CHapticSupport_inotifyInit(void) {
    int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

int CHapticSupport_inotifyWatchDirectory(int fd, const char *path) {
    int wd = inotify_add_watch(fd, path, IN_CREATE | IN_DELETE | IN_ATTRIB | IN_MOVED_TO | IN_MOVED_FROM);
    return wd < 0 ? -errno : wd;
}

#include <stdarg.h>
#include <stdio.h>

static __thread char CHapticSupport_alsaMessage[512];
static __thread char CHapticSupport_alsaTaken[512];

void CHapticSupport_alsaErrorHandler(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err;
    va_list args;
    va_start(args, fmt);
    vsnprintf(CHapticSupport_alsaMessage, sizeof CHapticSupport_alsaMessage, fmt, args);
    va_end(args);
}

void *CHapticSupport_alsaErrorHandlerPointer(void) { return (void *)CHapticSupport_alsaErrorHandler; }

const char *CHapticSupport_alsaTakeLastError(void) {
    snprintf(CHapticSupport_alsaTaken, sizeof CHapticSupport_alsaTaken, "%s", CHapticSupport_alsaMessage);
    CHapticSupport_alsaMessage[0] = 0;
    return CHapticSupport_alsaTaken;
}
#else
// Keep the translation unit non-empty on other platforms.
int CHapticSupport_unused = 0;
#endif
