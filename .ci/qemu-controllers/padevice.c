/* padevice: a uinput gamepad (buttons, sticks, FF_RUMBLE + FF_GAIN, a vendor/product ID) that logs every
 * force-feedback request with CLOCK_MONOTONIC stamps and models its two motors the way the kernel's ff-memless
 * does: the strong and weak magnitudes of the playing rumble effects are summed (clipped to 0xffff), scaled by
 * the gain, and an effect plays from PLAY (or an update of a playing effect) until STOP, ERASE or its
 * replay.length runs out. "MOTOR strong=S weak=W" lines say when that pair changes, and why.
 *
 * usage: padevice NAME TAG VENDOR PRODUCT [IDLE_SECONDS [LAYOUT]]   (VENDOR/PRODUCT in hex)
 *   LAYOUT "gamepad" (the default): the kernel's gamepad layout (BTN_SOUTH …, sticks -32768 … 32767).
 *   LAYOUT "joystick": a DirectInput-style arcade stick, as hid-generic reports one, that only an SDL mapping line
 *   makes a gamepad: buttons BTN_TRIGGER … BTN_BASE6 (no BTN_GAMEPAD code), ABS_X/Y/Z/RZ 0 … 255 (fuzz 1, resting
 *   at 128), the hat ABS_HAT0X/Y -1 … 1.
 *   PADEVICE_HOLD=<byte> (joystick layout): the input that byte asks for is written right after the first create,
 *   before anyone can have the new node open — a button held while the pad is plugged in — and logged as
 *   "HELD <byte> code=0xCCC value=V written=T".
 *   SIGUSR1: unplug (UI_DEV_DESTROY; the pad stays away)    SIGUSR2: plug it in again (create it anew)
 *   SIGTERM: destroy and exit with a SUMMARY line
 * The player's hand: each byte written to the FIFO /tmp/TAG.input makes the pad report input through uinput, logged
 * as "INPUT <what> n=N written=T" with T the CLOCK_MONOTONIC time just before the write: 'p' presses and releases
 * BTN_SOUTH, 'n' jitters the left stick inside its dead zone (ABS_X 3000, -3000, 0), 's' pushes it (30000, then 0).
 * The joystick layout takes one event per byte (a letter sets, its capital puts back), logged as
 * "INPUT mapped <byte> code=0xCCC value=V n=N written=T": 'a'/'A' BTN_THUMB 1/0, 'z'/'Z' ABS_Z 255/128,
 * 'r'/'R' ABS_RZ 0/128, 'u'/'U' ABS_HAT0Y -1/0, 'l'/'L' BTN_BASE5 1/0, 't'/'T' BTN_BASE 1/0, 'y'/'Y' ABS_Y 0/128. */
#include <errno.h>
#include <fcntl.h>
#include <linux/uinput.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAXFX 16
static volatile sig_atomic_t stop_flag, unplug_flag, replug_flag;
static void on_sig(int s) {
    if (s == SIGUSR1) unplug_flag = 1;
    else if (s == SIGUSR2) replug_flag = 1;
    else stop_flag = 1;
}
static const char *tag = "pad";
static double now(void) { struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts); return ts.tv_sec + ts.tv_nsec / 1e9; }
#define LOG(...) do { printf("[%s %.6f] ", tag, now()); printf(__VA_ARGS__); printf("\n"); fflush(stdout); } while (0)

static int allocated[MAXFX], length_ms[MAXFX];
static unsigned strong_of[MAXFX], weak_of[MAXFX];
static double until[MAXFX]; /* 0 = not playing */
static unsigned gain = 0xffff, motor_strong, motor_weak;
static int slots, max_slots, uploads, plays, stops, erases, gains, creates;

static int joystick; /* the LAYOUT argument is "joystick" */

/* The joystick layout's buttons and axes (see the usage above). */
static void joystick_layout(int fd) {
    for (int key = BTN_TRIGGER; key <= BTN_BASE6; key++) ioctl(fd, UI_SET_KEYBIT, key);
    ioctl(fd, UI_SET_EVBIT, EV_ABS);
    int axes[] = { ABS_X, ABS_Y, ABS_Z, ABS_RZ, ABS_HAT0X, ABS_HAT0Y };
    for (unsigned i = 0; i < sizeof axes / sizeof *axes; i++) {
        struct uinput_abs_setup a; memset(&a, 0, sizeof a);
        int hat = axes[i] >= ABS_HAT0X;
        a.code = axes[i]; a.absinfo.minimum = hat ? -1 : 0; a.absinfo.maximum = hat ? 1 : 255;
        a.absinfo.fuzz = hat ? 0 : 1; a.absinfo.value = hat ? 0 : 128;
        ioctl(fd, UI_SET_ABSBIT, axes[i]);
        ioctl(fd, UI_ABS_SETUP, &a);
    }
}

static int create(const char *name, unsigned vendor, unsigned product) {
    int fd = open("/dev/uinput", O_RDWR | O_NONBLOCK);
    if (fd < 0) { LOG("FAIL open /dev/uinput: %s", strerror(errno)); exit(1); }
    ioctl(fd, UI_SET_EVBIT, EV_KEY);
    if (joystick) joystick_layout(fd);
    else {
        int keys[] = { BTN_SOUTH, BTN_EAST, BTN_NORTH, BTN_WEST, BTN_TL, BTN_TR, BTN_SELECT, BTN_START, BTN_MODE,
                       BTN_THUMBL, BTN_THUMBR };
        for (unsigned i = 0; i < sizeof keys / sizeof *keys; i++) ioctl(fd, UI_SET_KEYBIT, keys[i]);
        ioctl(fd, UI_SET_EVBIT, EV_ABS);
        int axes[] = { ABS_X, ABS_Y, ABS_RX, ABS_RY };
        for (unsigned i = 0; i < sizeof axes / sizeof *axes; i++) {
            struct uinput_abs_setup a; memset(&a, 0, sizeof a);
            a.code = axes[i]; a.absinfo.minimum = -32768; a.absinfo.maximum = 32767; a.absinfo.flat = 128;
            ioctl(fd, UI_SET_ABSBIT, axes[i]);
            ioctl(fd, UI_ABS_SETUP, &a);
        }
    }
    /* What ff-memless gives a rumble pad (xpad, hid-playstation): FF_RUMBLE, and FF_GAIN. */
    ioctl(fd, UI_SET_EVBIT, EV_FF);
    ioctl(fd, UI_SET_FFBIT, FF_RUMBLE);
    ioctl(fd, UI_SET_FFBIT, FF_GAIN);
    struct uinput_setup us; memset(&us, 0, sizeof us);
    us.id.bustype = BUS_USB; us.id.vendor = vendor; us.id.product = product; us.id.version = 0x0110;
    snprintf(us.name, sizeof us.name, "%s", name);
    us.ff_effects_max = MAXFX;
    if (ioctl(fd, UI_DEV_SETUP, &us) < 0 || ioctl(fd, UI_DEV_CREATE) < 0) { LOG("FAIL create: %s", strerror(errno)); exit(1); }
    char sys[64] = "?"; ioctl(fd, UI_GET_SYSNAME(sizeof sys), sys);
    creates++;
    LOG("CREATED '%s' %04x:%04x %s ff_effects_max=%d layout=%s", name, vendor, product, sys, MAXFX, joystick ? "joystick" : "gamepad");
    memset(allocated, 0, sizeof allocated); memset(until, 0, sizeof until); slots = 0; gain = 0xffff;
    return fd;
}

/* Reports one input event and a SYN_REPORT through uinput. */
static void emit(int fd, int type, int code, int value) {
    struct input_event ev[2]; memset(ev, 0, sizeof ev);
    ev[0].type = type; ev[0].code = code; ev[0].value = value;
    ev[1].type = EV_SYN; ev[1].code = SYN_REPORT;
    if (write(fd, ev, sizeof ev) != (ssize_t)sizeof ev) LOG("FAIL input write: %s", strerror(errno));
}

/* The input the FIFO asked for ('p', 'n' or 's'). */
static int inputs;
/* The joystick layout's FIFO bytes: the event each one writes. */
static const struct { char what; int type, code, value; } mapped_inputs[] = {
    { 'a', EV_KEY, BTN_THUMB, 1 }, { 'A', EV_KEY, BTN_THUMB, 0 }, { 'z', EV_ABS, ABS_Z, 255 }, { 'Z', EV_ABS, ABS_Z, 128 },
    { 'r', EV_ABS, ABS_RZ, 0 }, { 'R', EV_ABS, ABS_RZ, 128 }, { 'u', EV_ABS, ABS_HAT0Y, -1 }, { 'U', EV_ABS, ABS_HAT0Y, 0 },
    { 'l', EV_KEY, BTN_BASE5, 1 }, { 'L', EV_KEY, BTN_BASE5, 0 }, { 't', EV_KEY, BTN_BASE, 1 }, { 'T', EV_KEY, BTN_BASE, 0 },
    { 'y', EV_ABS, ABS_Y, 0 }, { 'Y', EV_ABS, ABS_Y, 128 },
};
static void input(int fd, char what) {
    double t = now();
    inputs++;
    if (joystick) {
        for (unsigned i = 0; i < sizeof mapped_inputs / sizeof *mapped_inputs; i++) {
            if (mapped_inputs[i].what != what) continue;
            emit(fd, mapped_inputs[i].type, mapped_inputs[i].code, mapped_inputs[i].value);
            LOG("INPUT mapped %c code=0x%03x value=%d n=%d written=%.6f", what, mapped_inputs[i].code, mapped_inputs[i].value, inputs, t);
            return;
        }
        LOG("FAIL unknown input byte 0x%02x", (unsigned char)what);
        return;
    }
    if (what == 'p') { emit(fd, EV_KEY, BTN_SOUTH, 1); emit(fd, EV_KEY, BTN_SOUTH, 0); LOG("INPUT press n=%d written=%.6f", inputs, t); }
    else if (what == 'n') { emit(fd, EV_ABS, ABS_X, 3000); emit(fd, EV_ABS, ABS_X, -3000); emit(fd, EV_ABS, ABS_X, 0); LOG("INPUT noise n=%d written=%.6f", inputs, t); }
    else if (what == 's') { emit(fd, EV_ABS, ABS_X, 30000); emit(fd, EV_ABS, ABS_X, 0); LOG("INPUT stick n=%d written=%.6f", inputs, t); }
}

/* Recomputes the motors from the playing effects; logs a change. `at`: when it happened (an expiry's time). */
static void motors_at(const char *why, double at) {
    double t = now(); unsigned s = 0, w = 0; int n = 0;
    for (int i = 0; i < MAXFX; i++) if (until[i] > 0 && until[i] > t) { s += strong_of[i]; w += weak_of[i]; n++; }
    if (s > 0xffff) s = 0xffff;
    if (w > 0xffff) w = 0xffff;
    s = s * gain / 0xffff; w = w * gain / 0xffff;
    if (s != motor_strong || w != motor_weak)
        LOG("MOTOR strong=%u weak=%u effects=%d reason=%s at=%.6f", s, w, n, why, at);
    motor_strong = s; motor_weak = w;
}
static void motors(const char *why) { motors_at(why, now()); }

int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: padevice NAME TAG VENDOR PRODUCT [IDLE_SECONDS [gamepad|joystick]]\n"); return 2; }
    const char *name = argv[1];
    tag = argv[2];
    unsigned vendor = (unsigned)strtoul(argv[3], NULL, 16), product = (unsigned)strtoul(argv[4], NULL, 16);
    int idle_limit = argc > 5 ? atoi(argv[5]) : 60;
    if (argc > 6 && strcmp(argv[6], "gamepad") != 0) {
        if (strcmp(argv[6], "joystick") != 0) { fprintf(stderr, "padevice: layout '%s' is not gamepad or joystick\n", argv[6]); return 2; }
        joystick = 1;
    }
    struct sigaction sa; memset(&sa, 0, sizeof sa); sa.sa_handler = on_sig;
    sigaction(SIGTERM, &sa, NULL); sigaction(SIGINT, &sa, NULL); sigaction(SIGUSR1, &sa, NULL); sigaction(SIGUSR2, &sa, NULL);
    char fifo[64]; snprintf(fifo, sizeof fifo, "/tmp/%s.input", tag);
    mkfifo(fifo, 0666);
    int in = open(fifo, O_RDWR | O_NONBLOCK); /* read-write: it never reads end-of-file */
    if (in < 0) LOG("FAIL open %s: %s", fifo, strerror(errno));
    int fd = create(name, vendor, product);
    const char *hold = getenv("PADEVICE_HOLD");
    if (hold && hold[0] && joystick) {
        for (unsigned i = 0; i < sizeof mapped_inputs / sizeof *mapped_inputs; i++) {
            if (mapped_inputs[i].what != hold[0]) continue;
            double t = now();
            emit(fd, mapped_inputs[i].type, mapped_inputs[i].code, mapped_inputs[i].value);
            LOG("HELD %c code=0x%03x value=%d written=%.6f", hold[0], mapped_inputs[i].code, mapped_inputs[i].value, t);
        }
    }
    double last = now();
    while (!stop_flag) {
        if (unplug_flag && fd >= 0) {
            unplug_flag = 0;
            LOG("UNPLUG with the motors at strong=%u weak=%u", motor_strong, motor_weak);
            ioctl(fd, UI_DEV_DESTROY); close(fd); fd = -1;
            for (int i = 0; i < MAXFX; i++) until[i] = 0;
            motors("unplugged");
            LOG("DESTROYED");
        }
        if (replug_flag && fd < 0) {
            replug_flag = 0;
            fd = create(name, vendor, product);
            last = now();
        }
        if (fd < 0) { usleep(2000); last = now(); continue; }
        double t = now(), next = 0;
        for (int i = 0; i < MAXFX; i++) {
            if (until[i] > 0 && until[i] <= t) { double at = until[i]; until[i] = 0; motors_at("expired", at); }
            if (until[i] > 0 && (next == 0 || until[i] < next)) next = until[i];
        }
        int timeout = next > 0 ? (int)((next - t) * 1000) + 1 : 100;
        struct pollfd p[2] = { { .fd = fd, .events = POLLIN }, { .fd = in, .events = POLLIN } };
        int r = poll(p, in >= 0 ? 2 : 1, timeout);
        if (r < 0) { if (errno == EINTR) continue; LOG("FAIL poll: %s", strerror(errno)); break; }
        if (r == 0) { if (now() - last > idle_limit) { LOG("idle timeout"); break; } continue; }
        if (in >= 0 && (p[1].revents & POLLIN)) {
            char asked[16]; ssize_t k = read(in, asked, sizeof asked);
            for (ssize_t i = 0; i < k; i++) input(fd, asked[i]);
            last = now();
        }
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
                else LOG("UPLOAD id=%d type=%u len=%u", id, e->type, e->replay.length);
                if (id >= 0 && id < MAXFX) {
                    if (!allocated[id]) { allocated[id] = 1; slots++; if (slots > max_slots) max_slots = slots; LOG("SLOTS %d", slots); }
                    length_ms[id] = e->replay.length;
                    strong_of[id] = e->type == FF_RUMBLE ? e->u.rumble.strong_magnitude : 0;
                    weak_of[id] = e->type == FF_RUMBLE ? e->u.rumble.weak_magnitude : 0;
                    if (until[id] > 0) { until[id] = now() + (e->replay.length ? e->replay.length / 1000.0 : 1e9); motors("update"); }
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
                if (id < MAXFX) { if (allocated[id]) { allocated[id] = 0; slots--; LOG("SLOTS %d", slots); } until[id] = 0; motors("erase"); }
                erases++;
                er.retval = 0;
                ioctl(fd, UI_END_FF_ERASE, &er);
            } else if (ev.type == EV_FF && ev.code == FF_GAIN) {
                LOG("GAIN %d", ev.value); gains++;
                gain = (unsigned)ev.value & 0xffff;
                motors("gain");
            } else if (ev.type == EV_FF) {
                unsigned id = ev.code;
                if (ev.value) {
                    LOG("PLAY id=%u", id); plays++;
                    if (id < MAXFX) { until[id] = now() + (length_ms[id] ? length_ms[id] / 1000.0 : 1e9); motors("play"); }
                } else {
                    LOG("STOP id=%u", id); stops++;
                    if (id < MAXFX) { until[id] = 0; motors("stop"); }
                }
            }
        }
    }
    if (fd >= 0) { ioctl(fd, UI_DEV_DESTROY); close(fd); }
    LOG("SUMMARY creates=%d uploads=%d plays=%d stops=%d erases=%d gains=%d max_slots=%d inputs=%d", creates, uploads, plays, stops,
        erases, gains, max_slots, inputs);
    return 0;
}
