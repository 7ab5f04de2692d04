#!/usr/bin/env python3
"""Checks a simulated pad's recording (HAPTIC_CONTROLLERS=simulated:...=wav:<path>) shows its motors moving.

Usage: check-pad-recording.py <file.wav>. The recording is 32-bit float WAV (format 3), one channel per actuator;
the engine from GameControllerWrapper_CreateHapticsEngine plays on the default locality (the handles' motors, the
first two channels). Passes when either of them reaches an RMS above 0.05 over any 0.1 s window.
"""
import struct
import sys


def read_float_wav(path):
    data = open(path, "rb").read()
    if data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        raise SystemExit(f"check-pad-recording: {path} is not a WAV file")
    offset, channels, rate, fmt, samples = 12, 0, 0, 0, b""
    while offset + 8 <= len(data):
        kind, size = data[offset:offset + 4], struct.unpack_from("<I", data, offset + 4)[0]
        body = data[offset + 8:offset + 8 + size]
        if kind == b"fmt ":
            fmt, channels, rate = struct.unpack_from("<HHI", body)
        elif kind == b"data":
            samples = body
        offset += 8 + size + (size & 1)
    if fmt not in (3, 0xFFFE) or channels == 0:
        raise SystemExit(f"check-pad-recording: {path}: format {fmt}, {channels} channels; expected 32-bit float")
    count = len(samples) // 4
    values = struct.unpack(f"<{count}f", samples[:count * 4])
    return [values[c::channels] for c in range(channels)], rate


def main():
    channels, rate = read_float_wav(sys.argv[1])
    window = max(1, rate // 10)
    best = 0.0
    for channel in channels[:2]:
        for start in range(0, max(1, len(channel) - window + 1), window // 2 or 1):
            part = channel[start:start + window]
            if part:
                best = max(best, (sum(v * v for v in part) / len(part)) ** 0.5)
    print(f"check-pad-recording: {len(channels)} channels at {rate} Hz, {len(channels[0]) / rate:.2f} s; "
          f"loudest 0.1 s of the handle motors: rms {best:.3f}")
    if best <= 0.05:
        raise SystemExit("check-pad-recording: the pad's motors did not move")


main()
