#!/usr/bin/env python3
"""Drives `haptic studio` in a real browser (headless Chromium through Selenium), as .ci/studio.sh runs it.

    studio-browser-test.py --url URL --folder DIR --pattern knock.ahap --wav REC.wav --pid PID --screenshot OUT.png

Checks, in order: HTTP refusals (no token, wrong token, oversized request); the page loads and its screenshot is not
blank; the studio's idle CPU with the page open (from /proc/PID/stat over 10 s) is under 1 % of a core; a transient
added through the UI (double-click on its lane), dragged to a new time and given a new intensity in the inspector is
saved as strict AHAP with those values; played on the wav: output, the recording has its onset at its time; undo
restores the previous state (inspector and saved file); an edit made while looping is heard on a later pass; closing
the page mid-loop stops the output (the recording stops growing); the server still serves; the browser console has
no errors; then the trust checks of studio-browser-trust.py (save-as, confirmation before replacing, double-clicks,
multi-select and the clipboard, metadata, import options, a game controller output). Prints one line per check and "N passed, 0 failed" at the end; exits 1 on the first failure.
"""
import argparse
import importlib.util
import json
import os
import struct
import sys
import time
import urllib.error
import urllib.request
import zlib

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

def _load_trust():
    """Scripts/studio-browser-trust.py (a hyphenated name, like every script here, so not importable by name)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "studio-browser-trust.py")
    spec = importlib.util.spec_from_file_location("studio_browser_trust", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.run_trust


run_trust = _load_trust()

PASSED = []
FAILED = []


def check(name, condition, detail=""):
    if not condition:
        print(f"FAIL {name}: {detail}")
        # STUDIO_KEEP_GOING=1 goes on after a failure (to see every check a reverted fix breaks); it still exits 1.
        if os.environ.get("STUDIO_KEEP_GOING"):
            FAILED.append(name)
            return
        print(f"{len(PASSED)} passed, 1 failed")
        sys.exit(1)
    PASSED.append(name)
    print(f"ok   {name}{': ' + detail if detail else ''}")


def http_status(url, method="GET", data=None, headers=None):
    request = urllib.request.Request(url, method=method, data=data, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def png_pixels(data):
    """Decodes an 8-bit RGB/RGBA, non-interlaced PNG (what Chromium's screenshots are) into rows of bytes."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, chunks, header = 8, b"", None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks += body
        position += 12 + length
    width, height, depth, color, _, _, interlace = header
    assert depth == 8 and color in (2, 6) and interlace == 0, header
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(chunks)
    stride = width * channels
    rows, previous, offset = [], bytearray(stride), 0
    for _ in range(height):
        kind = raw[offset]
        line = bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def distinct_colors(png):
    width, height, channels, rows = png_pixels(png)
    colors = set()
    for y in range(0, height, 4):
        row = rows[y]
        for x in range(0, width, 4):
            colors.add(row[x * channels:x * channels + 3])
    return colors


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def read_wav(path, all_channels=False):
    """The first channel (or, with `all_channels`, every channel) of a 32-bit float (or 16-bit PCM) WAV file, and its
    sample rate."""
    with open(path, "rb") as handle:
        data = handle.read()
    assert data[:4] == b"RIFF" and data[8:12] == b"WAVE", "not a WAV file"
    position, rate, channels, bits, fmt, samples = 12, 0, 1, 32, 3, b""
    while position + 8 <= len(data):
        kind, length = struct.unpack("<4sI", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"fmt ":
            fmt, channels, rate = struct.unpack("<HHI", body[:8])
            bits = struct.unpack("<H", body[14:16])[0]
            if fmt == 0xFFFE:
                fmt = struct.unpack("<H", body[24:26])[0]
        elif kind == b"data":
            samples = body
        position += 8 + length + (length & 1)
    width = bits // 8
    frames = len(samples) // (width * channels)
    code = "f" if fmt == 3 else "h"
    values = struct.unpack(f"<{frames * channels}{code}", samples[:frames * channels * width])
    scale = 1.0 if fmt == 3 else 1 / 32768
    every = [[value * scale for value in values[channel::channels]] for channel in range(channels)]
    return (every if all_channels else every[0]), rate


def onset(samples, rate, threshold, start=0.0):
    for index in range(int(start * rate), len(samples)):
        if abs(samples[index]) >= threshold:
            return index / rate
    return None


def peak(samples, rate, start, end):
    window = samples[max(0, int(start * rate)):max(0, int(end * rate))]
    return max((abs(value) for value in window), default=0.0)


def main():
    parser = argparse.ArgumentParser()
    for name in ("url", "folder", "pattern", "wav", "screenshot"):
        parser.add_argument(f"--{name}", required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--sound", required=True, help="a WAV file in the folder, to import from audio")
    parser.add_argument("--controller-wav", help="the recording of a simulated pad (HAPTIC_CONTROLLERS=…=wav:PATH)")
    args = parser.parse_args()
    base = args.url.split("?")[0].rstrip("/")
    token = args.url.split("token=")[1]

    # Refusals over plain HTTP: the page and its files need the token; sizes are capped.
    check("no token is refused (401)", http_status(base + "/") == 401)
    check("a wrong token is refused (403)", http_status(base + "/?token=" + "0" * len(token)) == 403)
    check("an asset without the token is refused", http_status(base + "/assets/js/main.js") == 401)
    check("an oversized request target is refused (414)", http_status(f"{args.url}&pad={'x' * 8000}") == 414)
    check("a request body is refused (413)", http_status(args.url, "POST", b"x" * 100_000) == 413)
    check("the page is served with the token", http_status(args.url) == 200)

    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,900"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        # STUDIO_ONLY_TRUST=1 skips the first round (for checking quickly that a trust check fails without its fix).
        if not os.environ.get("STUDIO_ONLY_TRUST"):
            run(driver, args)
        run_trust(driver, args, check, read_wav, onset)
        errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        check("no errors in the browser console (trust checks)", not errors, json.dumps(errors)[:500])
    finally:
        driver.quit()
    check("the server still serves after the page closed", http_status(args.url) == 200)
    print(f"{len(PASSED)} passed, {len(FAILED)} failed")
    if FAILED:
        sys.exit(1)


def run(driver, args):
    wait = WebDriverWait(driver, 20)
    driver.get(args.url)
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#timeline polygon.acceleration"))
    time.sleep(0.5)
    png = driver.get_screenshot_as_png()
    with open(args.screenshot, "wb") as handle:
        handle.write(png)
    colors = distinct_colors(png)
    check("the screenshot is not blank", len(colors) > 50, f"{len(colors)} distinct colours, saved {args.screenshot}")

    before = cpu_seconds(args.pid)
    started = time.monotonic()
    time.sleep(10)
    share = (cpu_seconds(args.pid) - before) / (time.monotonic() - started) * 100
    check("idle CPU of the studio with the page open is under 1 % of a core", share < 1.0, f"{share:.2f} %")

    svg = driver.find_element(By.ID, "timeline")
    x0 = float(svg.get_attribute("data-x0"))
    pps = float(svg.get_attribute("data-pixels-per-second"))
    lane = driver.find_element(By.CSS_SELECTOR, 'rect[data-lane="transients"]')
    lane_y = lane.location["y"] - svg.location["y"] + lane.size["height"] / 2
    size = svg.size

    def offset(seconds, y):
        return x0 + seconds * pps - size["width"] / 2, y - size["height"] / 2

    entries = len(driver.find_elements(By.CSS_SELECTOR, "#timeline [data-entry]"))
    dx, dy = offset(0.3, lane_y)
    ActionChains(driver).move_to_element_with_offset(svg, dx, dy).double_click().perform()
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#timeline [data-entry]")) == entries + 1)
    index = entries
    time_field = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, '#inspector input[data-field="Time"]'))
    check("a transient is added by double-clicking its lane", abs(float(time_field.get_attribute("value")) - 0.3) < 1e-6,
          f"Pattern[{index}] at {time_field.get_attribute('value')} s")

    # The page redraws the timeline when the analysis of the edit arrives: a handle found before that is stale, so
    # the drag is retried on a freshly found one (the drag itself is one action: it either happened or did not start).
    for attempt in range(5):
        try:
            head = driver.find_element(By.CSS_SELECTOR, f'#timeline g.transient[data-entry="{index}"] rect.hit')
            ActionChains(driver).click_and_hold(head).move_by_offset(int(round(0.2 * pps)), 0).release().perform()
            break
        except StaleElementReferenceException:
            time.sleep(0.2)
    wait.until(lambda d: abs(float(d.find_element(By.CSS_SELECTOR, '#inspector input[data-field="Time"]')
                                   .get_attribute("value")) - 0.5) < 1e-6)
    check("dragging it moves it to 0.5 s", True)

    intensity = driver.find_element(By.CSS_SELECTOR, '#inspector input[data-param="HapticIntensity"]')
    replace_text(intensity, "0.35")
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, '#inspector input[data-param="HapticIntensity"]')
               .get_attribute("value") == "0.35")
    check("its intensity is set in the inspector", True)

    path = os.path.join(args.folder, args.pattern)
    previous = open(path, "rb").read()
    driver.find_element(By.ID, "save").click()
    wait.until(lambda d: d.find_element(By.ID, "status").text.startswith("Saved"))
    saved = json.load(open(path))
    events = [entry["Event"] for entry in saved["Pattern"] if "Event" in entry]
    added = [event for event in events if event["EventType"] == "HapticTransient" and event["Time"] == 0.5]
    values = {p["ParameterID"]: p["ParameterValue"] for p in added[0].get("EventParameters", [])} if added else {}
    check("the saved file is strict AHAP with the transient at 0.5 s, intensity 0.35", values.get("HapticIntensity") == 0.35,
          json.dumps(added))
    check("the save replaced the file (it changed, no temporary file left)",
          open(path, "rb").read() != previous and not [n for n in os.listdir(args.folder) if n.startswith(".")])

    driver.find_element(By.ID, "play").click()
    wait.until(lambda d: "playing" in d.find_element(By.ID, "play").get_attribute("class"))
    wait.until(lambda d: "playing" not in d.find_element(By.ID, "play").get_attribute("class"))
    time.sleep(0.3)
    samples, rate = read_wav(args.wav)
    first = onset(samples, rate, 0.01)
    check("the wav: recording has the transient's onset at 0.5 s", first is not None and 0.5 <= first <= 0.56,
          f"onset {first if first is None else round(first, 4)} s in {len(samples) / rate:.2f} s at {rate} Hz")

    driver.find_element(By.ID, "undo").click()
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, '#inspector input[data-param="HapticIntensity"]')
               .get_attribute("value") == "0.8")
    check("undo restores the intensity (0.35 → 0.8)", True)
    driver.find_element(By.ID, "undo").click()
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, '#inspector input[data-field="Time"]').get_attribute("value") == "0.3")
    driver.find_element(By.ID, "save").click()
    wait.until(lambda d: d.find_element(By.ID, "status").text.startswith("Saved"))
    saved = json.load(open(path))
    restored = [e["Event"] for e in saved["Pattern"] if "Event" in e and e["Event"]["EventType"] == "HapticTransient"
                and e["Event"]["Time"] == 0.3]
    check("undo restores the previous state (saved again: transient back at 0.3 s, intensity 0.8)",
          len(restored) == 1 and {p["ParameterID"]: p["ParameterValue"] for p in restored[0]["EventParameters"]}
          .get("HapticIntensity") == 0.8)

    # Loop, edit while looping, then close the page mid-loop.
    driver.find_element(By.ID, "loop").click()
    driver.find_element(By.ID, "play").click()
    time.sleep(2.2)
    field = driver.find_element(By.CSS_SELECTOR, '#inspector input[data-param="HapticIntensity"]')
    replace_text(field, "0.1")
    edited_at = time.monotonic()
    time.sleep(3.2)
    logs = driver.get_log("browser")
    driver.get("about:blank")
    closed_at = time.monotonic()
    time.sleep(0.6)
    size_after_close = os.path.getsize(args.wav)
    time.sleep(1.0)
    check("closing the page mid-loop stops the output (the recording stops growing)",
          os.path.getsize(args.wav) == size_after_close, f"{size_after_close} bytes")
    samples, rate = read_wav(args.wav)
    recorded = len(samples) / rate
    taps = transient_peaks(samples, rate)
    edit_offset = recorded - (closed_at - edited_at)
    early = [value for start, value in taps if start < edit_offset - 0.2]
    # The recording's last 150 ms are left out: closing the page cuts the pass short there, and a continuous event
    # cut within its first 80 ms looks like a tap (it failed the check now and then under load).
    late = [value for start, value in taps if edit_offset + 1.2 < start < recorded - 0.15]
    check("an edit made while looping is felt on a later pass (transient peak drops)",
          early and late and max(late) < 0.6 * min(early),
          f"peaks before {[round(v, 3) for v in early]}, after {[round(v, 3) for v in late]}")

    errors = [entry for entry in logs if entry["level"] == "SEVERE"]
    check("no errors in the browser console", not errors, json.dumps(errors)[:500])


def replace_text(field, text):
    """Types `text` over a field's value as a person would (select all, type, Tab away)."""
    field.click()
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(text, Keys.TAB)


def transient_peaks(samples, rate, gap=0.04, threshold=0.01):
    """(start, peak) of every short burst (under 80 ms, a transient) between silences of at least `gap` seconds."""
    bursts, start, last_loud, loudest = [], None, None, 0.0
    need = int(gap * rate)
    for index, value in enumerate(samples):
        if abs(value) >= threshold:
            if start is None:
                start, loudest = index, 0.0
            last_loud = index
            loudest = max(loudest, abs(value))
        elif start is not None and index - last_loud >= need:
            bursts.append((start / rate, (last_loud - start) / rate, loudest))
            start = None
    return [(begin, loudest) for begin, length, loudest in bursts if length < 0.08]


if __name__ == "__main__":
    main()
