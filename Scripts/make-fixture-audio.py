#!/usr/bin/env python3
"""Writes the project's own test audio (Tests/Fixtures/ahap/Sounds/*.wav), deterministically.

The tests need custom audio beside a pattern file without Apple's corpus. These are synthetic: a knock
(a decaying 180 Hz tone with a short noise click) and a sweep (a tone rising from 200 to 800 Hz with a fade).
Run it again only to change them; the files are committed.
"""
import math, struct, wave, os

RATE = 48_000
here = os.path.join(os.path.dirname(__file__), "..", "Tests", "Fixtures", "ahap", "Sounds")

def write(name, samples):
    with wave.open(os.path.join(here, name), "wb") as f:
        f.setnchannels(1); f.setsampwidth(2); f.setframerate(RATE)
        f.writeframes(b"".join(struct.pack("<h", max(-32767, min(32767, int(s * 32767)))) for s in samples))

def knock(seconds=0.3):
    state = 12345
    out = []
    for i in range(int(seconds * RATE)):
        t = i / RATE
        state = (1103515245 * state + 12345) % 2**31
        noise = (state / 2**30 - 1) * math.exp(-t / 0.004)
        out.append(0.8 * math.exp(-t / 0.06) * math.sin(2 * math.pi * 180 * t) + 0.3 * noise)
    return out

def sweep(seconds=0.5):
    out, phase = [], 0.0
    n = int(seconds * RATE)
    for i in range(n):
        t = i / RATE
        phase += 2 * math.pi * (200 + 600 * t / seconds) / RATE
        fade = min(1.0, t / 0.05, (seconds - t) / 0.1)
        out.append(0.5 * fade * math.sin(phase))
    return out

write("Knock.wav", knock())
write("Sweep.wav", sweep())
