/* dsemu: a USB DualSense emulated through /dev/uhid, so that the kernel's own hid-playstation driver binds to it
 * and creates the gamepad's evdev node (FF_RUMBLE through ff-memless), as it does for a real pad on a cable.
 *
 * It creates the HID device (UHID_CREATE2: bus USB, Sony's 054C:0CE6, the DualSense's USB report descriptor),
 * answers the feature reports hid-playstation reads at probe (GET_REPORT: 0x09 pairing info = the MAC address,
 * 0x20 firmware info = hardware/firmware/update versions, 0x05 motion calibration) with UHID_GET_REPORT_REPLY of
 * the sizes the driver checks (20, 64, 41 bytes), and logs every output report the driver sends (UHID_OUTPUT):
 * report 0x02, 63 bytes, whose common part starts at byte 1 with valid_flag0, valid_flag1, motor_right,
 * motor_left, and has valid_flag2 at byte 39. A report is a rumble report when valid_flag0 has HAPTICS_SELECT
 * (bit 1) and either COMPATIBLE_VIBRATION (valid_flag0 bit 0, firmware before update version 2.21) or
 * COMPATIBLE_VIBRATION2 (valid_flag2 bit 2, "vibration v2", update version 2.21 and later): "RUMBLE left=L
 * right=R" then gives the motor bytes (hid-playstation: left = strong_magnitude / 256, right = weak / 256).
 *
 * With the transport `bt` it is a Bluetooth DualSense instead (issue 25): bus Bluetooth, the name a paired pad has,
 * every feature reply ending in the CRC-32 the driver checks (seed 0xA3), and output reports 0x31 (78 bytes: report
 * ID, sequence in the high nibble of byte 1, tag 0x10, the common part from byte 3, CRC-32 with seed 0xA2 in the
 * last 4 bytes, checked here). On both transports a report whose valid_flag0 has bit 2 (right trigger) or bit 3
 * (left trigger) is logged as "TRIGGER ... right=<11 bytes>|- left=<11 bytes>|-" (common bytes 10..20 and 21..31),
 * with the flags and the other fields it sets, so check.py can compare them with each mode's encoding. Each such
 * report is answered with an input report (UHID_INPUT2: 0x01, 64 bytes on USB; 0x31, 78 bytes with a CRC-32 seeded
 * 0xA1 on Bluetooth, declared in an extra vendor collection of the descriptor) whose trigger bytes model the pad:
 * common byte 41 (right) and 42 (left) = stop location (the effect's lowest zone) | status 1 << 4 (0 for off), byte
 * 47 = the running effects (right low nibble, left high: 1 feedback, 2 weapon, 3 vibration, 0 off).
 *
 * On Bluetooth it also takes the voice coils' report 0x32 (dscoil.h): checked, timed and its PCM summarised at exit.
 *
 * The player's fingers on the touchpad (issue 35): each byte written to the FIFO /tmp/TAG.input makes it send an
 * input report, logged as "TOUCH <what> written=T" (T: CLOCK_MONOTONIC just before the UHID_INPUT2 write): 't' two
 * fingers down, point 0 at the top right corner (x 1919, y 0) and point 1 at the bottom left (x 0, y 1079), with the
 * touchpad pressed (buttons[2] bit 1); 'u' both lifted and the touchpad released. hid-playstation reports them on
 * the pad's touchpad node (ABS_MT slots 0 and 1, BTN_LEFT).
 *
 * The pad held in known poses (issue 35, item 3): 'f', 'r' and 'l' on the same FIFO set the motion sensors' raw
 * values (common bytes 15..26: gyro x, y, z then accelerometer x, y, z, little-endian int16, the pad's axes: x right,
 * y up out of the face, z towards the player) and the battery's status byte (common byte 52: the level in tenths in
 * the low nibble, the charging state in the high one), which every later input report carries. Each pose is sent as
 * two reports: the new status with the old motion values first ("BATTERY status=0xNN written=T"), then the pose
 * ("MOTION pose=NAME gyro=X,Y,Z accel=X,Y,Z status=0xNN written=T"), so the battery hid-playstation shows in sysfs
 * has changed before the pose reaches the motion node. With the calibration report below (biases 0, gyro +/- 8862,
 * 8866, 8874 at 540 deg/s, accelerometer +/- 8192 at 1 g) hid-playstation passes the accelerometer through (8192 per
 * g) and scales the gyro to 1024 per deg/s; check.py computes what it reports.
 *
 * usage: dsemu TAG MAC UPDATE_VERSION [usb|bt]   (MAC as aa:bb:cc:dd:ee:ff, UPDATE_VERSION in hex, e.g. 0204)
 *   SIGTERM: UHID_DESTROY (the pad is unplugged) and exit with a SUMMARY line */
#include <errno.h>
#include <fcntl.h>
#include <linux/uhid.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t stop_flag;
static void on_sig(int s) { (void)s; stop_flag = 1; }
static const char *tag = "ds";
static double now(void) { struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts); return ts.tv_sec + ts.tv_nsec / 1e9; }
#define LOG(...) do { printf("[%s %.6f] ", tag, now()); printf(__VA_ARGS__); printf("\n"); fflush(stdout); } while (0)

/* The report descriptor of a DualSense (CFI-ZCT1) on USB, item by item (offset, item). Report 1 is the
 * input report, 2 the output report, the rest feature reports. */
static const uint8_t rdesc[] = {
    0x05, 0x01,          /*   0 Usage Page (Generic Desktop) */
    0x09, 0x05,          /*   2 Usage (Game Pad) */
    0xa1, 0x01,          /*   4 Collection (Application) */
    0x85, 0x01,          /*   6 Report ID (1) */
    0x09, 0x30,          /*   8 Usage (X) */
    0x09, 0x31,          /*  10 Usage (Y) */
    0x09, 0x32,          /*  12 Usage (Z) */
    0x09, 0x35,          /*  14 Usage (Rz) */
    0x09, 0x33,          /*  16 Usage (Rx) */
    0x09, 0x34,          /*  18 Usage (Ry) */
    0x15, 0x00,          /*  20 Logical Minimum (0) */
    0x26, 0xff, 0x00,    /*  22 Logical Maximum (255) */
    0x75, 0x08,          /*  25 Report Size (8) */
    0x95, 0x06,          /*  27 Report Count (6) */
    0x81, 0x02,          /*  29 Input (Data,Var,Abs) */
    0x06, 0x00, 0xff,    /*  31 Usage Page (Vendor Defined Page 1) */
    0x09, 0x20,          /*  34 Usage (Vendor Usage 0x20) */
    0x95, 0x01,          /*  36 Report Count (1) */
    0x81, 0x02,          /*  38 Input (Data,Var,Abs) */
    0x05, 0x01,          /*  40 Usage Page (Generic Desktop) */
    0x09, 0x39,          /*  42 Usage (Hat switch) */
    0x15, 0x00,          /*  44 Logical Minimum (0) */
    0x25, 0x07,          /*  46 Logical Maximum (7) */
    0x35, 0x00,          /*  48 Physical Minimum (0) */
    0x46, 0x3b, 0x01,    /*  50 Physical Maximum (315) */
    0x65, 0x14,          /*  53 Unit (Degrees,EngRotation) */
    0x75, 0x04,          /*  55 Report Size (4) */
    0x95, 0x01,          /*  57 Report Count (1) */
    0x81, 0x42,          /*  59 Input (Data,Var,Abs,Null) */
    0x65, 0x00,          /*  61 Unit (None) */
    0x05, 0x09,          /*  63 Usage Page (Button) */
    0x19, 0x01,          /*  65 Usage Minimum (1) */
    0x29, 0x0f,          /*  67 Usage Maximum (15) */
    0x15, 0x00,          /*  69 Logical Minimum (0) */
    0x25, 0x01,          /*  71 Logical Maximum (1) */
    0x75, 0x01,          /*  73 Report Size (1) */
    0x95, 0x0f,          /*  75 Report Count (15) */
    0x81, 0x02,          /*  77 Input (Data,Var,Abs) */
    0x06, 0x00, 0xff,    /*  79 Usage Page (Vendor Defined Page 1) */
    0x09, 0x21,          /*  82 Usage (Vendor Usage 0x21) */
    0x95, 0x0d,          /*  84 Report Count (13) */
    0x81, 0x02,          /*  86 Input (Data,Var,Abs) */
    0x06, 0x00, 0xff,    /*  88 Usage Page (Vendor Defined Page 1) */
    0x09, 0x22,          /*  91 Usage (Vendor Usage 0x22) */
    0x15, 0x00,          /*  93 Logical Minimum (0) */
    0x26, 0xff, 0x00,    /*  95 Logical Maximum (255) */
    0x75, 0x08,          /*  98 Report Size (8) */
    0x95, 0x34,          /* 100 Report Count (52) */
    0x81, 0x02,          /* 102 Input (Data,Var,Abs) */
    0x85, 0x02,          /* 104 Report ID (2) */
    0x09, 0x23,          /* 106 Usage (Vendor Usage 0x23) */
    0x95, 0x2f,          /* 108 Report Count (47) */
    0x91, 0x02,          /* 110 Output (Data,Var,Abs) */
    0x85, 0x05,          /* 112 Report ID (5) */
    0x09, 0x33,          /* 114 Usage (Vendor Usage 0x33) */
    0x95, 0x28,          /* 116 Report Count (40) */
    0xb1, 0x02,          /* 118 Feature (Data,Var,Abs) */
    0x85, 0x08,          /* 120 Report ID (8) */
    0x09, 0x24,          /* 122 Usage (Vendor Usage 0x24) */
    0x95, 0x2f,          /* 124 Report Count (47) */
    0xb1, 0x02,          /* 126 Feature (Data,Var,Abs) */
    0x85, 0x09,          /* 128 Report ID (9) */
    0x09, 0x24,          /* 130 Usage (Vendor Usage 0x24) */
    0x95, 0x13,          /* 132 Report Count (19) */
    0xb1, 0x02,          /* 134 Feature (Data,Var,Abs) */
    0x85, 0x0a,          /* 136 Report ID (10) */
    0x09, 0x25,          /* 138 Usage (Vendor Usage 0x25) */
    0x95, 0x1a,          /* 140 Report Count (26) */
    0xb1, 0x02,          /* 142 Feature (Data,Var,Abs) */
    0x85, 0x20,          /* 144 Report ID (32) */
    0x09, 0x26,          /* 146 Usage (Vendor Usage 0x26) */
    0x95, 0x3f,          /* 148 Report Count (63) */
    0xb1, 0x02,          /* 150 Feature (Data,Var,Abs) */
    0x85, 0x21,          /* 152 Report ID (33) */
    0x09, 0x27,          /* 154 Usage (Vendor Usage 0x27) */
    0x95, 0x04,          /* 156 Report Count (4) */
    0xb1, 0x02,          /* 158 Feature (Data,Var,Abs) */
    0x85, 0x22,          /* 160 Report ID (34) */
    0x09, 0x40,          /* 162 Usage (Vendor Usage 0x40) */
    0x95, 0x3f,          /* 164 Report Count (63) */
    0xb1, 0x02,          /* 166 Feature (Data,Var,Abs) */
    0x85, 0x80,          /* 168 Report ID (128) */
    0x09, 0x28,          /* 170 Usage (Vendor Usage 0x28) */
    0x95, 0x3f,          /* 172 Report Count (63) */
    0xb1, 0x02,          /* 174 Feature (Data,Var,Abs) */
    0x85, 0x81,          /* 176 Report ID (129) */
    0x09, 0x29,          /* 178 Usage (Vendor Usage 0x29) */
    0x95, 0x3f,          /* 180 Report Count (63) */
    0xb1, 0x02,          /* 182 Feature (Data,Var,Abs) */
    0x85, 0x82,          /* 184 Report ID (130) */
    0x09, 0x2a,          /* 186 Usage (Vendor Usage 0x2a) */
    0x95, 0x09,          /* 188 Report Count (9) */
    0xb1, 0x02,          /* 190 Feature (Data,Var,Abs) */
    0x85, 0x83,          /* 192 Report ID (131) */
    0x09, 0x2b,          /* 194 Usage (Vendor Usage 0x2b) */
    0x95, 0x3f,          /* 196 Report Count (63) */
    0xb1, 0x02,          /* 198 Feature (Data,Var,Abs) */
    0x85, 0x84,          /* 200 Report ID (132) */
    0x09, 0x2c,          /* 202 Usage (Vendor Usage 0x2c) */
    0x95, 0x3f,          /* 204 Report Count (63) */
    0xb1, 0x02,          /* 206 Feature (Data,Var,Abs) */
    0x85, 0x85,          /* 208 Report ID (133) */
    0x09, 0x2d,          /* 210 Usage (Vendor Usage 0x2d) */
    0x95, 0x02,          /* 212 Report Count (2) */
    0xb1, 0x02,          /* 214 Feature (Data,Var,Abs) */
    0x85, 0xa0,          /* 216 Report ID (160) */
    0x09, 0x2e,          /* 218 Usage (Vendor Usage 0x2e) */
    0x95, 0x01,          /* 220 Report Count (1) */
    0xb1, 0x02,          /* 222 Feature (Data,Var,Abs) */
    0x85, 0xe0,          /* 224 Report ID (224) */
    0x09, 0x2f,          /* 226 Usage (Vendor Usage 0x2f) */
    0x95, 0x3f,          /* 228 Report Count (63) */
    0xb1, 0x02,          /* 230 Feature (Data,Var,Abs) */
    0x85, 0xf0,          /* 232 Report ID (240) */
    0x09, 0x30,          /* 234 Usage (Vendor Usage 0x30) */
    0x95, 0x3f,          /* 236 Report Count (63) */
    0xb1, 0x02,          /* 238 Feature (Data,Var,Abs) */
    0x85, 0xf1,          /* 240 Report ID (241) */
    0x09, 0x31,          /* 242 Usage (Vendor Usage 0x31) */
    0x95, 0x3f,          /* 244 Report Count (63) */
    0xb1, 0x02,          /* 246 Feature (Data,Var,Abs) */
    0x85, 0xf2,          /* 248 Report ID (242) */
    0x09, 0x32,          /* 250 Usage (Vendor Usage 0x32) */
    0x95, 0x0f,          /* 252 Report Count (15) */
    0xb1, 0x02,          /* 254 Feature (Data,Var,Abs) */
    0x85, 0xf4,          /* 256 Report ID (244) */
    0x09, 0x35,          /* 258 Usage (Vendor Usage 0x35) */
    0x95, 0x3f,          /* 260 Report Count (63) */
    0xb1, 0x02,          /* 262 Feature (Data,Var,Abs) */
    0x85, 0xf5,          /* 264 Report ID (245) */
    0x09, 0x36,          /* 266 Usage (Vendor Usage 0x36) */
    0x95, 0x03,          /* 268 Report Count (3) */
    0xb1, 0x02,          /* 270 Feature (Data,Var,Abs) */
    0xc0,                /* 272 End Collection */
};

/* On Bluetooth the descriptor also declares the full report 0x31 (77 bytes after the ID), input and output, in a
 * vendor collection: hid-core drops input reports whose ID the descriptor does not know, before hidraw sees them. */
static const uint8_t rdesc_bt_extra[] = {
    0x06, 0x00, 0xff, 0x09, 0x01, 0xa1, 0x01, /* Usage Page (Vendor 0xFF00), Usage (1), Collection (Application) */
    0x85, 0x31, 0x09, 0x31, 0x15, 0x00, 0x26, 0xff, 0x00, 0x75, 0x08, 0x95, 0x4d, 0x81, 0x02, /* ID 0x31, 77 bytes in */
    0x09, 0x32, 0x95, 0x4d, 0x91, 0x02, /* and out */
    0x85, 0x32, 0x09, 0x33, 0x95, 0x8d, 0x91, 0x02, /* ID 0x32, 141 bytes out: the voice coils' PCM (dscoil.h) */
    0xc0,
};
static uint8_t mac[6];            /* as written aa:bb:..., most significant first */
static int uhid_fd = -1;
static uint8_t trig_stop[2], trig_status[2], trig_effect[2]; /* [0] right, [1] left: what the input report says */
static int bluetooth;             /* the transport: 0 USB, 1 Bluetooth */
static int triggers, bad_crc;
static unsigned update_version;
static int outputs, rumbles, feature_requests;
static int motor_left = -1, motor_right = -1;
/* The motion sensors' raw values and the battery's status byte every input report carries (see the header). */
static int16_t gyro[3], accel[3];
static uint8_t battery_status;

/* The poses the FIFO's 'f', 'r', 'l' ask for: the raw values with the calibration below (deg/s after scaling in the
 * comments) and the battery each pose reports (hid-playstation: discharging 7 -> 75 %, charging 3 -> 35 %, full). */
static const struct pose {
    char key;
    const char *name;
    int16_t gyro[3], accel[3];
    uint8_t status;
} poses[] = {
    { 'f', "flat", { 0, 0, 0 }, { 0, 8192, 0 }, 0x07 },          /* lying flat, face up, still: +1 g along y */
    { 'r', "turning", { 0, 1478, 0 }, { 0, 8192, 0 }, 0x13 },    /* flat, turning anticlockwise seen from above, 90 deg/s */
    /* leaning: right side down 30 deg, the grips raised (1 g along (-0.5, 0.75, 0.433)), turning at about 30 deg/s
     * about x, -60 about y, -45 about z */
    { 'l', "leaning", { 492, -985, -740 }, { -4096, 6144, 3547 }, 0x2a },
};

static void put16(uint8_t *p, unsigned v) { p[0] = v & 0xff; p[1] = (v >> 8) & 0xff; }
static void put32(uint8_t *p, uint32_t v) { for (int i = 0; i < 4; i++) p[i] = (v >> (8 * i)) & 0xff; }

/* The reflected CRC-32 (zlib's) of the seed byte followed by `n` bytes of `d`. */
static uint32_t crc32_seeded(uint8_t seed, const uint8_t *d, unsigned n) {
    uint32_t c = 0xffffffffu;
    for (unsigned i = 0; i <= n; i++) {
        c ^= i == 0 ? seed : d[i - 1];
        for (int k = 0; k < 8; k++) c = (c & 1) ? (c >> 1) ^ 0xedb88320u : c >> 1;
    }
    return ~c;
}

#include "dscoil.h"

/* Fills feature report `rnum`; returns its size (report ID included), or 0 for a report this emulator does not
 * know (answered with an error). */
static size_t feature(uint8_t rnum, uint8_t *r) {
    switch (rnum) {
    case 0x09: /* pairing info: the MAC address, little endian, at bytes 1..6 */
        r[0] = 0x09;
        for (int i = 0; i < 6; i++) r[1 + i] = mac[5 - i];
        return 20;
    case 0x20: /* firmware info: build date and time (ASCII), hw_version at 24, fw_version at 28, update_version at 44 */
        r[0] = 0x20;
        memcpy(&r[1], "Nov 25 2026", 11);
        memcpy(&r[12], "12:00:00", 8);
        put16(&r[20], 0x0003); /* firmware type */
        put16(&r[22], 0x0004); /* software series */
        put32(&r[24], 0x00000313);
        put32(&r[28], 0x0100001e);
        put16(&r[44], update_version);
        return 64;
    case 0x05: { /* motion calibration: gyro biases, gyro +/- references, gyro speed, accelerometer +/- 1 g */
        r[0] = 0x05;
        int16_t v[] = { 0, 0, 0,                    /* gyro pitch, yaw, roll bias */
                        8862, -8862, 8866, -8866, 8874, -8874, /* pitch +/-, yaw +/-, roll +/- */
                        540, 540,                   /* gyro speed + and - (deg/s) */
                        8192, -8192, 8192, -8192, 8192, -8192 }; /* accel x +/-, y +/-, z +/- */
        for (unsigned i = 0; i < sizeof v / sizeof *v; i++) put16(&r[1 + 2 * i], (uint16_t)v[i]);
        return 41;
    }
    default:
        return 0;
    }
}

/* A feature reply; on Bluetooth its last 4 bytes are the CRC-32 (seed 0xA3) of the bytes before them. */
static size_t feature_reply(uint8_t rnum, uint8_t *r) {
    size_t size = feature(rnum, r);
    if (size && bluetooth) put32(&r[size - 4], crc32_seeded(0xa3, r, (unsigned)size - 4));
    return size;
}

/* The 11 bytes of a trigger effect as "21 f8 03 …" (out: at least 33 bytes). */
static void hex11(const uint8_t *p, char *out) {
    for (int i = 0; i < 11; i++) sprintf(out + 3 * i, "%02x ", p[i]);
    out[32] = 0;
}

static int send_event(int fd, struct uhid_event *ev) {
    ssize_t n = write(fd, ev, sizeof *ev);
    if (n != (ssize_t)sizeof *ev) { LOG("FAIL write uhid event %u: %s", ev->type, n < 0 ? strerror(errno) : "short write"); return -1; }
    return 0;
}

static int send_event(int fd, struct uhid_event *ev);

/* The model of one trigger after an effect is written: its lowest zone as the stop location, status 1, the effect. */
static void model_trigger(int side, const uint8_t *effect) {
    unsigned mask = effect[1] | effect[2] << 8, lowest = 0;
    while (mask && !(mask & (1u << lowest))) lowest++;
    trig_effect[side] = effect[0] == 0x21 ? 1 : effect[0] == 0x25 ? 2 : effect[0] == 0x26 ? 3 : 0;
    trig_status[side] = trig_effect[side] ? 1 : 0;
    trig_stop[side] = trig_effect[side] && mask ? (uint8_t)lowest : 0;
}

/* Fills the input report `r` (the common part at c) with the modelled trigger state; `touch`: two fingers down and
 * the touchpad pressed. Returns its size. */
static unsigned fill_input(uint8_t *r, int touch) {
    unsigned c = bluetooth ? 2 : 1, size = bluetooth ? 78 : 64;
    r[0] = bluetooth ? 0x31 : 0x01;
    /* Nothing but the triggers changes on the gamepad's evdev node: the sticks rest at their centre (0x80, where
     * hid-playstation's node starts them; at 0 they would read as pushed fully up and left, which the current
     * controller counts as the player using the pad), the analog triggers at 0, the d-pad is released (8), both
     * touch points inactive (bit 7). */
    r[c + 0] = r[c + 1] = r[c + 2] = r[c + 3] = 0x80;
    r[c + 7] = 0x08;
    r[c + 32] = r[c + 36] = 0x80;
    r[c + 41] = trig_stop[0] | trig_status[0] << 4;
    r[c + 42] = trig_stop[1] | trig_status[1] << 4;
    r[c + 47] = trig_effect[0] | trig_effect[1] << 4;
    for (int i = 0; i < 3; i++) {
        put16(&r[c + 15 + 2 * i], (uint16_t)gyro[i]);
        put16(&r[c + 21 + 2 * i], (uint16_t)accel[i]);
    }
    r[c + 52] = battery_status;
    if (touch) {
        /* struct dualsense_touch_point: contact (bit 7 set: no finger; low bits its ID), x_lo, x_hi | y_lo << 4, y_hi */
        static const unsigned xs[2] = { 1919, 0 }, ys[2] = { 0, 1079 };
        for (int i = 0; i < 2; i++) {
            uint8_t *p = &r[c + 32 + 4 * i];
            p[0] = (uint8_t)(10 + i);
            p[1] = xs[i] & 0xff;
            p[2] = (uint8_t)((xs[i] >> 8) | (ys[i] & 0x0f) << 4);
            p[3] = (uint8_t)(ys[i] >> 4);
        }
        r[c + 9] |= 0x02; /* buttons[2]: DS_BUTTONS2_TOUCHPAD */
    }
    if (bluetooth) put32(&r[74], crc32_seeded(0xa1, r, 74));
    return size;
}

/* Sends the touchpad's input ('t' two fingers down and pressed, 'u' lifted). */
static void send_touch_input(char what) {
    struct uhid_event ev; memset(&ev, 0, sizeof ev);
    ev.type = UHID_INPUT2;
    ev.u.input2.size = fill_input(ev.u.input2.data, what == 't');
    double t = now();
    if (send_event(uhid_fd, &ev) == 0) LOG("TOUCH %s written=%.6f", what == 't' ? "down" : "up", t);
}

/* Sends one input report of the present state; returns the CLOCK_MONOTONIC time just before the write, or -1. */
static double send_state(void) {
    struct uhid_event ev; memset(&ev, 0, sizeof ev);
    ev.type = UHID_INPUT2;
    ev.u.input2.size = fill_input(ev.u.input2.data, 0);
    double t = now();
    return send_event(uhid_fd, &ev) == 0 ? t : -1;
}

/* Holds the pad in pose `p`: its battery status first (with the motion values as they were), then its motion. */
static void send_pose(const struct pose *p) {
    battery_status = p->status;
    double t = send_state();
    if (t >= 0) LOG("BATTERY status=0x%02x written=%.6f", battery_status, t);
    memcpy(gyro, p->gyro, sizeof gyro);
    memcpy(accel, p->accel, sizeof accel);
    t = send_state();
    if (t >= 0)
        LOG("MOTION pose=%s gyro=%d,%d,%d accel=%d,%d,%d status=0x%02x written=%.6f", p->name, gyro[0], gyro[1], gyro[2], accel[0],
            accel[1], accel[2], battery_status, t);
}

/* Sends an input report carrying the modelled trigger state. */
static void send_trigger_input(void) {
    struct uhid_event ev; memset(&ev, 0, sizeof ev);
    ev.type = UHID_INPUT2;
    uint8_t *r = ev.u.input2.data;
    unsigned size = fill_input(r, 0);
    ev.u.input2.size = size;
    if (send_event(uhid_fd, &ev) == 0)
        LOG("INPUT id=0x%02x len=%u right=stop %u status %u effect %u left=stop %u status %u effect %u", r[0], size, trig_stop[0],
            trig_status[0], trig_effect[0], trig_stop[1], trig_status[1], trig_effect[1]);
}

static void output_report(const uint8_t *d, unsigned size) {
    outputs++;
    if (bluetooth && size && d[0] == 0x32) return coil_report(d, size);
    unsigned c; /* where the common part starts */
    char seq[32] = "";
    if (size >= 48 && d[0] == 0x02) {
        c = 1;
    } else if (size == 78 && d[0] == 0x31) {
        c = 3;
        uint32_t stored = d[74] | d[75] << 8 | d[76] << 16 | (uint32_t)d[77] << 24;
        uint32_t computed = crc32_seeded(0xa2, d, 74);
        if (stored != computed) {
            bad_crc++;
            LOG("OUTPUT id=0x31 len=%u BADCRC stored=0x%08x computed=0x%08x", size, stored, computed);
            return;
        }
        snprintf(seq, sizeof seq, " seq=%u tag=0x%02x crc=ok", d[1] >> 4, d[2]);
    } else {
        LOG("OUTPUT id=0x%02x len=%u (not a main output report)", size ? d[0] : 0, size);
        return;
    }
    const uint8_t *m = d + c;
    unsigned flag0 = m[0], flag1 = m[1], right = m[2], left = m[3], flag2 = m[38];
    LOG("OUTPUT id=0x%02x len=%u%s flag0=0x%02x flag1=0x%02x flag2=0x%02x motor_right=%u motor_left=%u lightbar=%u,%u,%u player_leds=0x%02x",
        d[0], size, seq, flag0, flag1, flag2, right, left, m[44], m[45], m[46], m[43]);
    if (flag0 & 0x0c) {
        char r[40] = "-", l[40] = "-";
        if (flag0 & 0x04) hex11(&m[10], r);
        if (flag0 & 0x08) hex11(&m[21], l);
        triggers++;
        LOG("TRIGGER bus=%s%s flag0=0x%02x flag1=0x%02x flag2=0x%02x right=%s left=%s", bluetooth ? "bt" : "usb", seq, flag0, flag1, flag2, r, l);
        if (flag0 & 0x04) model_trigger(0, &m[10]);
        if (flag0 & 0x08) model_trigger(1, &m[21]);
        send_trigger_input();
    }
    int v1 = (flag0 & 0x02) && (flag0 & 0x01), v2 = (flag0 & 0x02) && (flag2 & 0x04);
    if (v1 || v2) {
        rumbles++;
        LOG("RUMBLE left=%u right=%u mode=%s", left, right, v2 ? "v2" : "v1");
        if ((int)left != motor_left || (int)right != motor_right) LOG("MOTOR left=%u right=%u", left, right);
        motor_left = left; motor_right = right;
    }
}

int main(int argc, char **argv) {
    if (argc < 4 || sscanf(argv[2], "%hhx:%hhx:%hhx:%hhx:%hhx:%hhx", &mac[0], &mac[1], &mac[2], &mac[3], &mac[4], &mac[5]) != 6) {
        fprintf(stderr, "usage: dsemu TAG MAC UPDATE_VERSION [usb|bt]\n");
        return 2;
    }
    tag = argv[1];
    update_version = (unsigned)strtoul(argv[3], NULL, 16);
    bluetooth = argc > 4 && strcmp(argv[4], "bt") == 0;
    struct sigaction sa; memset(&sa, 0, sizeof sa); sa.sa_handler = on_sig;
    sigaction(SIGTERM, &sa, NULL); sigaction(SIGINT, &sa, NULL);
    int fd = open("/dev/uhid", O_RDWR | O_CLOEXEC);
    if (fd < 0) { LOG("FAIL open /dev/uhid: %s", strerror(errno)); return 1; }
    uhid_fd = fd;

    struct uhid_event ev; memset(&ev, 0, sizeof ev);
    ev.type = UHID_CREATE2;
    /* A paired pad's Bluetooth name is the product's own; over USB the kernel names it after the USB strings. */
    snprintf((char *)ev.u.create2.name, sizeof ev.u.create2.name, "%s",
             bluetooth ? "DualSense Wireless Controller" : "Sony Interactive Entertainment DualSense Wireless Controller");
    if (bluetooth)
        snprintf((char *)ev.u.create2.phys, sizeof ev.u.create2.phys, "00:1a:7d:da:71:13");
    else
        snprintf((char *)ev.u.create2.phys, sizeof ev.u.create2.phys, "usb-0000:00:14.0-%s/input3", tag);
    if (bluetooth) snprintf((char *)ev.u.create2.uniq, sizeof ev.u.create2.uniq, "%s", argv[2]);
    ev.u.create2.rd_size = sizeof rdesc + (bluetooth ? sizeof rdesc_bt_extra : 0);
    ev.u.create2.bus = bluetooth ? BUS_BLUETOOTH : BUS_USB;
    ev.u.create2.vendor = 0x054c;
    ev.u.create2.product = 0x0ce6;
    ev.u.create2.version = 0x0100;
    memcpy(ev.u.create2.rd_data, rdesc, sizeof rdesc);
    if (bluetooth) memcpy(ev.u.create2.rd_data + sizeof rdesc, rdesc_bt_extra, sizeof rdesc_bt_extra);
    if (send_event(fd, &ev) < 0) return 1;
    LOG("CREATED uhid DualSense 054c:0ce6 bus=%s rdesc=%zu bytes mac=%s update_version=0x%04x", bluetooth ? "Bluetooth" : "USB",
        (size_t)ev.u.create2.rd_size, argv[2], update_version);

    char fifo[64]; snprintf(fifo, sizeof fifo, "/tmp/%s.input", tag);
    mkfifo(fifo, 0666);
    int in = open(fifo, O_RDWR | O_NONBLOCK); /* read-write: it never reads end-of-file */
    if (in < 0) LOG("FAIL open %s: %s", fifo, strerror(errno));
    while (!stop_flag) {
        struct pollfd p[2] = { { .fd = fd, .events = POLLIN }, { .fd = in, .events = POLLIN } };
        int r = poll(p, in >= 0 ? 2 : 1, 200);
        if (r < 0) { if (errno == EINTR) continue; LOG("FAIL poll: %s", strerror(errno)); break; }
        if (r == 0) continue;
        if (in >= 0 && (p[1].revents & POLLIN)) {
            char what[16];
            ssize_t got = read(in, what, sizeof what);
            for (ssize_t i = 0; i < got; i++) {
                if (what[i] == 't' || what[i] == 'u') send_touch_input(what[i]);
                for (unsigned k = 0; k < sizeof poses / sizeof *poses; k++)
                    if (what[i] == poses[k].key) send_pose(&poses[k]);
            }
        }
        if (!(p[0].revents & POLLIN)) continue;
        memset(&ev, 0, sizeof ev);
        ssize_t n = read(fd, &ev, sizeof ev);
        if (n < 0) { if (errno == EINTR || errno == EAGAIN) continue; LOG("FAIL read: %s", strerror(errno)); break; }
        switch (ev.type) {
        case UHID_START: LOG("START dev_flags=0x%llx", (unsigned long long)ev.u.start.dev_flags); break;
        case UHID_STOP: LOG("STOP"); break;
        case UHID_OPEN: LOG("OPEN"); break;
        case UHID_CLOSE: LOG("CLOSE"); break;
        case UHID_OUTPUT: output_report(ev.u.output.data, ev.u.output.size); break;
        case UHID_GET_REPORT: {
            uint32_t id = ev.u.get_report.id;
            uint8_t rnum = ev.u.get_report.rnum, rtype = ev.u.get_report.rtype;
            struct uhid_event reply; memset(&reply, 0, sizeof reply);
            reply.type = UHID_GET_REPORT_REPLY;
            reply.u.get_report_reply.id = id;
            size_t size = rtype == UHID_FEATURE_REPORT ? feature_reply(rnum, reply.u.get_report_reply.data) : 0;
            reply.u.get_report_reply.err = size ? 0 : EIO;
            reply.u.get_report_reply.size = size;
            feature_requests++;
            LOG("GET_REPORT rnum=0x%02x rtype=%u -> %s %zu bytes", rnum, rtype, size ? "reply" : "error", size);
            send_event(fd, &reply);
            break;
        }
        case UHID_SET_REPORT: {
            struct uhid_event reply; memset(&reply, 0, sizeof reply);
            reply.type = UHID_SET_REPORT_REPLY;
            reply.u.set_report_reply.id = ev.u.set_report.id;
            reply.u.set_report_reply.err = 0;
            LOG("SET_REPORT rnum=0x%02x size=%u", ev.u.set_report.rnum, ev.u.set_report.size);
            send_event(fd, &reply);
            break;
        }
        default: LOG("EVENT type=%u", ev.type); break;
        }
    }
    LOG("UNPLUG with the motors at left=%d right=%d", motor_left, motor_right);
    memset(&ev, 0, sizeof ev);
    ev.type = UHID_DESTROY;
    send_event(fd, &ev);
    close(fd);
    if (bluetooth) coil_summary();
    LOG("SUMMARY outputs=%d rumble_reports=%d trigger_reports=%d bad_crc=%d feature_requests=%d", outputs, rumbles, triggers, bad_crc,
        feature_requests);
    return 0;
}
