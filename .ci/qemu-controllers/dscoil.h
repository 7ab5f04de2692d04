/* dscoil.h: the Bluetooth DualSense emulator's voice coils (issue 25 item 2), included by dsemu.c.
 *
 * Report 0x32 (142 bytes; layout and rate from the SAxense research, pcisarace/SAxense): byte 1 = sequence << 4 | tag
 * 0, sub-packet 0x11 (bytes 2..10: 0x91, length 7, FE 00 00 00 00 FF, a counter), sub-packet 0x12 (bytes 11, 12:
 * 0x92, length 64), 32 stereo frames of signed 8-bit PCM at 3000 Hz (bytes 13..76, left then right), zeros, and the
 * CRC-32 seeded 0xA2 over bytes 0..137 in bytes 138..141. Each report is checked (size, header, CRC: a bad one is
 * logged and counted), timed and its PCM kept.
 *
 * The pad is modelled as playing each report's 10.67 ms as it arrives: reports closer together than 3 periods form a
 * run; within a run the pad's queue ends at max(queue end, arrival) + one period, and a report arriving more than half
 * a period after the queue ran dry is an underrun. At exit, coil_summary() prints per run: "COILRUN i start=T
 * reports=N underruns=U maxgap=ms maxqueue=ms", for runs under 2 s their PCM ("COILPCM run=i start=T hex=<L R L R ...>"),
 * the reports received in each whole second from the first one ("COILRATE start=T counts=n,n,..."), and
 * "COILSUMMARY reports=N bad=B runs=R". */
#define COIL_SIZE 142
#define COIL_MAX 16384
#define COIL_PERIOD (32.0 / 3000.0)

static double coil_time[COIL_MAX];
static uint8_t coil_pcm[COIL_MAX][64];
static int coil_count, coil_bad;

static void coil_report(const uint8_t *d, unsigned size) {
    if (size != COIL_SIZE || (d[1] & 0x0f) != 0 || d[2] != 0x91 || d[3] != 7 || d[11] != 0x92 || d[12] != 64) {
        coil_bad++;
        LOG("COIL BADLAYOUT len=%u header=%02x %02x %02x %02x %02x", size, size > 1 ? d[1] : 0, size > 2 ? d[2] : 0,
            size > 3 ? d[3] : 0, size > 11 ? d[11] : 0, size > 12 ? d[12] : 0);
        return;
    }
    uint32_t stored = d[138] | d[139] << 8 | d[140] << 16 | (uint32_t)d[141] << 24;
    uint32_t computed = crc32_seeded(0xa2, d, 138);
    if (stored != computed) {
        coil_bad++;
        LOG("COIL BADCRC stored=0x%08x computed=0x%08x", stored, computed);
        return;
    }
    if (coil_count == 0) LOG("COIL first report seq=%u counter=%u crc=ok", d[1] >> 4, d[10]);
    if (coil_count >= COIL_MAX) return;
    coil_time[coil_count] = now();
    memcpy(coil_pcm[coil_count], d + 13, 64);
    coil_count++;
}

static void coil_summary(void) {
    int runs = 0;
    for (int start = 0; start < coil_count;) {
        int end = start + 1;
        while (end < coil_count && coil_time[end] - coil_time[end - 1] < 3 * COIL_PERIOD) end++;
        double queue_end = coil_time[start] + COIL_PERIOD, max_gap = 0, max_queue = COIL_PERIOD;
        int underruns = 0;
        for (int i = start + 1; i < end; i++) {
            double t = coil_time[i];
            if (t - coil_time[i - 1] > max_gap) max_gap = t - coil_time[i - 1];
            if (t > queue_end + COIL_PERIOD / 2) underruns++;
            queue_end = (t > queue_end ? t : queue_end) + COIL_PERIOD;
            if (queue_end - t > max_queue) max_queue = queue_end - t;
        }
        double length = coil_time[end - 1] - coil_time[start] + COIL_PERIOD;
        LOG("COILRUN %d start=%.6f reports=%d underruns=%d maxgap=%.2fms maxqueue=%.2fms length=%.3fs", runs, coil_time[start],
            end - start, underruns, max_gap * 1000, max_queue * 1000, length);
        if (length < 2) {
            printf("[%s %.6f] COILPCM run=%d start=%.6f hex=", tag, now(), runs, coil_time[start]);
            for (int i = start; i < end; i++)
                for (int j = 0; j < 64; j++) printf("%02x", coil_pcm[i][j]);
            printf("\n");
            fflush(stdout);
        }
        runs++;
        start = end;
    }
    if (coil_count) {
        char counts[2048] = "";
        int k = 0;
        for (int s = 0; k < coil_count && s < 400; s++) {
            int n = 0;
            while (k < coil_count && coil_time[k] < coil_time[0] + s + 1) { n++; k++; }
            snprintf(counts + strlen(counts), sizeof counts - strlen(counts), "%s%d", s ? "," : "", n);
        }
        LOG("COILRATE start=%.6f counts=%s", coil_time[0], counts);
    }
    LOG("COILSUMMARY reports=%d bad=%d runs=%d", coil_count, coil_bad, runs);
}
