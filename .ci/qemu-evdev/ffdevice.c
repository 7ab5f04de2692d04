/* ffdevice: a uinput force-feedback device that logs every upload/play/stop/erase with CLOCK_MONOTONIC stamps
 * and models its motor: an effect runs from PLAY (or an update of a playing effect) until STOP, ERASE, or its
 * replay.length runs out; "MOTOR ON/OFF" lines say when the motor as a whole starts and stops, and why.
 * usage: ffdevice NAME TAG IDLE_SECONDS   (SIGUSR1: destroy the device, wait 0.5 s, create it again;
 *                                          SIGTERM: destroy and exit with a SUMMARY line)
 * It runs at SCHED_FIFO 90, above the programs it serves: it stands in for hardware, which does not wait for the CPU.
 * In the one-CPU guest a device process at normal priority would only see a write once the writing program's own
 * threads had yielded the CPU, and a program that never blocks on the device (ours) would pay for that while one that
 * blocks in EVIOCSFF until the device answers (SDL2) would not. Both devices (ours and SDL2's) run the same way. */
#include <errno.h>
#include <fcntl.h>
#include <linux/uinput.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#define MAXFX 16
static volatile sig_atomic_t stop_flag, replug_flag;
static void on_sig(int s) { if (s == SIGUSR1) replug_flag = 1; else stop_flag = 1; }
static const char *tag = "dev";
static double now(void) { struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts); return ts.tv_sec + ts.tv_nsec / 1e9; }
#define LOG(...) do { printf("[%s %.6f] ", tag, now()); printf(__VA_ARGS__); printf("\n"); fflush(stdout); } while (0)

static int allocated[MAXFX], length_ms[MAXFX];
static double until[MAXFX]; /* 0 = not playing */
static int motor_on, slots, max_slots, uploads, plays, stops, erases, gains;

static int create(const char *name) {
    int fd = open("/dev/uinput", O_RDWR | O_NONBLOCK);
    if (fd < 0) { LOG("FAIL open /dev/uinput: %s", strerror(errno)); exit(1); }
    ioctl(fd, UI_SET_EVBIT, EV_FF);
    ioctl(fd, UI_SET_EVBIT, EV_KEY);
    ioctl(fd, UI_SET_KEYBIT, BTN_SOUTH);
    int bits[] = { FF_RUMBLE, FF_PERIODIC, FF_SINE, FF_SQUARE, FF_TRIANGLE, FF_GAIN };
    for (unsigned i = 0; i < sizeof bits / sizeof *bits; i++) ioctl(fd, UI_SET_FFBIT, bits[i]);
    struct uinput_setup us; memset(&us, 0, sizeof us);
    us.id.bustype = BUS_USB; us.id.vendor = 0x1234; us.id.product = 0x5678; us.id.version = 1;
    snprintf(us.name, sizeof us.name, "%s", name);
    us.ff_effects_max = MAXFX;
    if (ioctl(fd, UI_DEV_SETUP, &us) < 0 || ioctl(fd, UI_DEV_CREATE) < 0) { LOG("FAIL create: %s", strerror(errno)); exit(1); }
    char sys[64] = "?"; ioctl(fd, UI_GET_SYSNAME(sizeof sys), sys);
    LOG("CREATED '%s' %s ff_effects_max=%d", name, sys, MAXFX);
    memset(allocated, 0, sizeof allocated); memset(until, 0, sizeof until); slots = 0; motor_on = 0;
    return fd;
}

/* `at`: when the motor state changed (the expiry time for "expired", else now). */
static void motor_update_at(const char *why, double at) {
    double t = now(); int on = 0;
    for (int i = 0; i < MAXFX; i++) if (until[i] > 0 && until[i] > t) on = 1;
    if (on && !motor_on) LOG("MOTOR ON");
    if (!on && motor_on) LOG("MOTOR OFF reason=%s at=%.6f", why, at);
    motor_on = on;
}
static void motor_update(const char *why) { motor_update_at(why, now()); }

int main(int argc, char **argv) {
    const char *name = argc > 1 ? argv[1] : "virtual-ff-test";
    tag = argc > 2 ? argv[2] : "dev";
    int idle_limit = argc > 3 ? atoi(argv[3]) : 30;
    struct sigaction sa; memset(&sa, 0, sizeof sa); sa.sa_handler = on_sig;
    sigaction(SIGTERM, &sa, NULL); sigaction(SIGINT, &sa, NULL); sigaction(SIGUSR1, &sa, NULL);
    struct sched_param sp = { .sched_priority = 90 };
    if (sched_setscheduler(0, SCHED_FIFO, &sp) == 0) LOG("PRIORITY SCHED_FIFO 90 (a stand-in for hardware)");
    else LOG("PRIORITY normal (SCHED_FIFO refused: %s)", strerror(errno));
    int fd = create(name);
    double last = now();
    while (!stop_flag) {
        if (replug_flag) {
            replug_flag = 0;
            ioctl(fd, UI_DEV_DESTROY); close(fd);
            for (int i = 0; i < MAXFX; i++) until[i] = 0;
            motor_update("destroyed");
            LOG("DESTROYED");
            usleep(500000);
            fd = create(name);
        }
        double t = now(), next = 0;
        for (int i = 0; i < MAXFX; i++) {
            if (until[i] > 0 && until[i] <= t) { double at = until[i]; until[i] = 0; motor_update_at("expired", at); }
            if (until[i] > 0 && (next == 0 || until[i] < next)) next = until[i];
        }
        int timeout = next > 0 ? (int)((next - t) * 1000) + 1 : 100;
        struct pollfd p = { .fd = fd, .events = POLLIN };
        int r = poll(&p, 1, timeout);
        if (r < 0) { if (errno == EINTR) continue; LOG("FAIL poll: %s", strerror(errno)); break; }
        if (r == 0) { if (now() - last > idle_limit) { LOG("idle timeout"); break; } continue; }
        struct input_event ev;
        while (read(fd, &ev, sizeof ev) == (ssize_t)sizeof ev) {
            last = now();
            if (ev.type == EV_UINPUT && ev.code == UI_FF_UPLOAD) {
                struct uinput_ff_upload up; memset(&up, 0, sizeof up);
                up.request_id = ev.value;
                if (ioctl(fd, UI_BEGIN_FF_UPLOAD, &up) < 0) { LOG("FAIL UI_BEGIN_FF_UPLOAD: %s", strerror(errno)); continue; }
                struct ff_effect *e = &up.effect;
                int id = e->id, update = up.old.type != 0;
                if (e->type == FF_RUMBLE)
                    LOG("UPLOAD id=%d %s type=RUMBLE strong=%u weak=%u len=%u", id, update ? "update" : "new",
                        e->u.rumble.strong_magnitude, e->u.rumble.weak_magnitude, e->replay.length);
                else if (e->type == FF_PERIODIC)
                    LOG("UPLOAD id=%d %s type=PERIODIC waveform=%u period=%u magnitude=%d len=%u", id, update ? "update" : "new",
                        e->u.periodic.waveform, e->u.periodic.period, e->u.periodic.magnitude, e->replay.length);
                else LOG("UPLOAD id=%d type=%u len=%u", id, e->type, e->replay.length);
                if (id >= 0 && id < MAXFX) {
                    if (!allocated[id]) { allocated[id] = 1; slots++; if (slots > max_slots) max_slots = slots; LOG("SLOTS %d", slots); }
                    length_ms[id] = e->replay.length;
                    if (until[id] > 0) until[id] = now() + (e->replay.length ? e->replay.length / 1000.0 : 1e9);
                }
                uploads++;
                up.retval = 0;
                ioctl(fd, UI_END_FF_UPLOAD, &up);
            } else if (ev.type == EV_UINPUT && ev.code == UI_FF_ERASE) {
                struct uinput_ff_erase er; memset(&er, 0, sizeof er);
                er.request_id = ev.value;
                ioctl(fd, UI_BEGIN_FF_ERASE, &er);
                unsigned id = er.effect_id;
                LOG("ERASE id=%u", id);
                if (id < MAXFX) { if (allocated[id]) { allocated[id] = 0; slots--; LOG("SLOTS %d", slots); } until[id] = 0; motor_update("erase"); }
                erases++;
                er.retval = 0;
                ioctl(fd, UI_END_FF_ERASE, &er);
            } else if (ev.type == EV_FF && ev.code == FF_GAIN) {
                LOG("GAIN %d", ev.value); gains++;
            } else if (ev.type == EV_FF) {
                unsigned id = ev.code;
                if (ev.value) {
                    LOG("PLAY id=%u", id); plays++;
                    if (id < MAXFX) { until[id] = now() + (length_ms[id] ? length_ms[id] / 1000.0 : 1e9); motor_update("play"); }
                } else {
                    LOG("STOP id=%u", id); stops++;
                    if (id < MAXFX) { until[id] = 0; motor_update("stop"); }
                }
            }
        }
    }
    ioctl(fd, UI_DEV_DESTROY);
    close(fd);
    LOG("SUMMARY uploads=%d plays=%d stops=%d erases=%d gains=%d max_slots=%d", uploads, plays, stops, erases, gains, max_slots);
    return 0;
}
