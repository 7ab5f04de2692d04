#!/usr/bin/env python3
"""Checks c-play's recording (HAPTIC_DEVICE=wav:<path>): the rumble is there, and its drive is turned down after the
change, but not to silence.

    python3 check-recording.py <recording.wav> [seconds-before-the-change]      (default 1.0, as c-play)

The file is OpenCoreHaptics' WAV device output: 32-bit float, channel 0 the actuator drive (then audio L, R).
Prints the drive's RMS before and after the change; exits 1 when the change is not in the recording.
"""
import math
import struct
import sys


def read_drive(path):
    with open(path, "rb") as handle:
        data = handle.read()
    if len(data) < 12 or data[0:4] != b"RIFF" or data[8:12] != b"WAVE":
        sys.exit(f"check-recording: {path} is not a WAV file")
    offset, channels, rate, samples = 12, None, None, None
    while offset + 8 <= len(data):
        chunk, size = data[offset:offset + 4], struct.unpack_from("<I", data, offset + 4)[0]
        body = data[offset + 8:offset + 8 + size]
        if chunk == b"fmt ":
            tag, channels, rate = struct.unpack_from("<HHI", body, 0)
            bits = struct.unpack_from("<H", body, 14)[0]
            if tag not in (3, 0xFFFE) or bits != 32:
                sys.exit(f"check-recording: {path}: format {tag}/{bits} bits, expected 32-bit float")
        elif chunk == b"data":
            if channels is None:
                sys.exit(f"check-recording: {path}: data before fmt")
            frames = len(body) // (4 * channels)
            values = struct.unpack_from(f"<{frames * channels}f", body, 0)
            samples = values[0::channels]
        offset += 8 + size + (size & 1)
    if samples is None:
        sys.exit(f"check-recording: {path}: no data chunk")
    return samples, rate


def rms(samples, rate, start, end):
    window = samples[int(start * rate):int(end * rate)]
    return math.sqrt(sum(v * v for v in window) / len(window)) if window else 0.0


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: check-recording.py <recording.wav> [seconds-before-the-change]")
    change = float(sys.argv[2]) if len(sys.argv) == 3 else 1.0
    if not (0.3 <= change <= 1.4):
        sys.exit("check-recording: the change must come 0.3 to 1.4 s into the 2 s rumble")
    samples, rate = read_drive(sys.argv[1])
    peak = max((abs(v) for v in samples), default=0.0)
    if peak <= 0.0:
        sys.exit(f"check-recording: FAILED: {sys.argv[1]} is silent ({len(samples)} frames)")
    onset = next(i for i, v in enumerate(samples) if abs(v) > 0.05 * peak) / rate
    before = rms(samples, rate, onset + 0.1, onset + change - 0.05)
    # The change is sent after a paced sleep: allow it up to 0.25 s to arrive, and stop before the rumble's end.
    after = rms(samples, rate, onset + change + 0.25, onset + 1.9)
    print(f"check-recording: {len(samples) / rate:.2f} s at {rate} Hz, onset {onset:.3f} s, "
          f"drive RMS {before:.4f} before the change, {after:.4f} after (ratio {after / before:.2f})")
    if not (before > 0 and 0.02 * before < after < 0.6 * before):
        sys.exit("check-recording: FAILED: the drive was not turned down (to between 2 % and 60 %) after the change")
    print("check-recording: ok, the intensity change is in the recording")


if __name__ == "__main__":
    main()
