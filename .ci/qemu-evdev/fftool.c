/* fftool: `fftool signal PID NAME` sends SIGKILL/SIGSTOP/SIGCONT/SIGUSR1/SIGUSR2/SIGTERM and logs the CLOCK_MONOTONIC time
 * it did so; `fftool wait FILE SECONDS [PID]` waits for a marker file (exit 1 on timeout, or once process PID is
 * gone). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
/* Whether process `pid` runs (a zombie that its parent has not reaped yet does not). */
static int alive(int pid) {
    char path[64], stat[256] = "";
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    size_t n = fread(stat, 1, sizeof stat - 1, f);
    fclose(f);
    stat[n] = 0;
    const char *end = strrchr(stat, ')');
    return end && end[1] == ' ' && end[2] != 'Z';
}
static double now(void) { struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts); return ts.tv_sec + ts.tv_nsec / 1e9; }
int main(int argc, char **argv) {
    if (argc == 4 && !strcmp(argv[1], "signal")) {
        const char *n = argv[3];
        int s = !strcmp(n, "KILL") ? SIGKILL : !strcmp(n, "STOP") ? SIGSTOP : !strcmp(n, "CONT") ? SIGCONT
              : !strcmp(n, "USR1") ? SIGUSR1 : !strcmp(n, "USR2") ? SIGUSR2 : SIGTERM;
        double t = now();
        int r = kill(atoi(argv[2]), s);
        printf("[ini %.6f] sent SIG%s to %s (rc %d)\n", t, n, argv[2], r);
        fflush(stdout);
        return r != 0;
    }
    if ((argc == 4 || argc == 5) && !strcmp(argv[1], "wait")) {
        double end = now() + atof(argv[3]);
        int pid = argc == 5 ? atoi(argv[4]) : 0;
        while (access(argv[2], F_OK) != 0) {
            if (now() > end || (pid > 0 && !alive(pid))) return 1;
            usleep(2000);
        }
        return 0;
    }
    fprintf(stderr, "usage: fftool signal PID KILL|STOP|CONT|USR1|USR2|TERM | fftool wait FILE SECONDS [PID]\n");
    return 2;
}
