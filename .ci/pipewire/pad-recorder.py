#!/usr/bin/env python3
"""A simulated Bluetooth DualSense for .ci/pipewire.sh: reads the bridge's 0x32 coil reports from a FIFO (what a real
pad's hidraw node would receive), times each on arrival with CLOCK_MONOTONIC (the clock PipeWire's graph and the
bridge use), decodes its 32 stereo frames of 8-bit PCM, and logs one line per report:

    <arrival seconds> <sequence> <peak left 0..1> <peak right 0..1>

Usage: pad-recorder.py FIFO LOG [--remove-after SECONDS]
  --remove-after: close the FIFO after SECONDS (the pad "leaves": the bridge's next write fails with EPIPE).
Ends at the writer's end of file (the bridge stopped or was killed).
"""
import os
import sys
import time

REPORT_SIZE = 142
PCM_OFFSET = 13
FRAMES = 32


def main():
    fifo, log_path = sys.argv[1], sys.argv[2]
    remove_after = None
    if "--remove-after" in sys.argv:
        remove_after = float(sys.argv[sys.argv.index("--remove-after") + 1])
    if not os.path.exists(fifo):
        os.mkfifo(fifo)
    with open(log_path, "w", buffering=1) as log:
        log.write(f"# waiting {time.monotonic():.6f}\n")
        fd = os.open(fifo, os.O_RDONLY)  # blocks until the bridge opens the pad
        opened = time.monotonic()
        log.write(f"# opened {opened:.6f}\n")
        pending = b""
        while True:
            if remove_after is not None and time.monotonic() - opened >= remove_after:
                log.write(f"# removed {time.monotonic():.6f}\n")
                break
            if remove_after is not None:
                import select
                ready, _, _ = select.select([fd], [], [], 0.05)
                if not ready:
                    continue
            chunk = os.read(fd, 4096)
            now = time.monotonic()
            if not chunk:
                log.write(f"# eof {now:.6f}\n")
                break
            pending += chunk
            while len(pending) >= REPORT_SIZE:
                report, pending = pending[:REPORT_SIZE], pending[REPORT_SIZE:]
                if report[0] != 0x32:
                    log.write(f"# bad report id {report[0]:#x} {now:.6f}\n")
                    continue
                pcm = report[PCM_OFFSET:PCM_OFFSET + 2 * FRAMES]
                signed = [b - 256 if b > 127 else b for b in pcm]
                left = max(abs(v) for v in signed[0::2]) / 127
                right = max(abs(v) for v in signed[1::2]) / 127
                log.write(f"{now:.6f} {report[1] >> 4} {left:.3f} {right:.3f}\n")
        os.close(fd)


if __name__ == "__main__":
    main()
