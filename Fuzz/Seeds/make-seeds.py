#!/usr/bin/env python3
"""Writes the fuzzers' own small seed inputs (run from anywhere; rewrites Fuzz/Seeds/<target>/).

The shared corpus (../shared/corpus) is added at run time by .ci/fuzz.sh; these seeds cover what it lacks:
every AHAP feature in a few hundred bytes, property lists in XML and binary form, and WAV files in every sample
format the decoder supports (plus a few near-misses).
"""
import json, os, plistlib, struct

HERE = os.path.dirname(os.path.abspath(__file__))

def write(target, name, data):
    folder = os.path.join(HERE, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())

FULL = {
    "Version": 1.0,
    "Metadata": {"Project": "fuzz", "Created": "2026", "Nested": [1, None, True, {"a": "\u00e9\n"}]},
    "Pattern": [
        {"Event": {"Time": 0.0, "EventType": "HapticTransient",
                   "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.8},
                                       {"ParameterID": "HapticSharpness", "ParameterValue": 0.4}]}},
        {"Event": {"Time": 0.1, "EventType": "HapticContinuous", "EventDuration": 0.5,
                   "EventParameters": [{"ParameterID": "AttackTime", "ParameterValue": 0.1},
                                       {"ParameterID": "DecayTime", "ParameterValue": 0.2},
                                       {"ParameterID": "ReleaseTime", "ParameterValue": 0.3},
                                       {"ParameterID": "Sustained", "ParameterValue": 0.0}]}},
        {"Event": {"Time": 0.2, "EventType": "AudioContinuous", "EventDuration": 1.0,
                   "EventParameters": [{"ParameterID": "AudioVolume", "ParameterValue": 0.5},
                                       {"ParameterID": "AudioPan", "ParameterValue": -0.5},
                                       {"ParameterID": "AudioPitch", "ParameterValue": 0.1},
                                       {"ParameterID": "AudioBrightness", "ParameterValue": 0.9}]}},
        {"Event": {"Time": 0.3, "EventType": "AudioCustom", "EventWaveformPath": "sounds/tap.wav",
                   "EventWaveformUseVolumeEnvelope": True, "EventWaveformLoopEnabled": False, "EventDuration": 0.25}},
        {"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0.4, "ParameterValue": 0.6}},
        {"Parameter": {"ParameterID": "HapticAttackTimeControl", "Time": 0.4, "ParameterValue": -0.5}},
        {"ParameterCurve": {"ParameterID": "HapticSharpnessControl", "Time": 0.5,
                            "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 0.0},
                                                            {"Time": 0.25, "ParameterValue": 1.0},
                                                            {"Time": 0.5, "ParameterValue": 0.3}]}},
    ],
}
TRANSIENT = {"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}

# AHAP text: valid, tolerated and broken shapes.
ahap = {
    "full.ahap": json.dumps(FULL, indent=2),
    "minimal.ahap": json.dumps(TRANSIENT),
    "tolerant.ahap": '\ufeff{ // comment\n "Pattern": [ /* block */ {"Event": {"EventTime": 1e-3, "EventType": "HapticTransient",},},],\n"Version": 1, "Extra": null }',
    "escapes.ahap": '{"Metadata":{"k\\u00e9y":"\\ud83d\\ude00 \\"q\\" \\\\ \\/ \\b\\f\\n\\r\\t \\ud800"},"Pattern":[{"Event":{"Time":0,"EventType":"Haptic\\u0054ransient"}}]}',
    "numbers.ahap": '{"Pattern":[{"Parameter":{"ParameterID":"AudioVolumeControl","ParameterTime":12345678901234567890e-19,"ParameterValue":-0.000000000000000000001}},{"Event":{"Time":3599.999999,"EventType":"HapticContinuous","EventDuration":0.0000001}}]}',
    "multi-entry.ahap": '{"Pattern":[{"Event":{"Time":0,"EventType":"HapticTransient"},"Parameter":{"ParameterID":"HapticDecayTimeControl","Time":0,"ParameterValue":1}}, {}]}',
    "bad-type.ahap": '{"Pattern":[{"Event":{"Time":0,"EventType":"HapticBuzz"}}]}',
    "truncated.ahap": json.dumps(FULL)[:200],
}
for name, text in ahap.items():
    write("FuzzAHAPReader", name, text)
# The dictionary fuzzer reads strict JSON (JSONSerialization), so give it the strict ones.
for name in ["full.ahap", "minimal.ahap", "escapes.ahap", "numbers.ahap", "multi-entry.ahap"]:
    write("FuzzPatternDictionary", name.replace(".ahap", ".json"), ahap[name])

# Property lists: XML and binary (no null in plists, so drop it).
plist_full = json.loads(json.dumps(FULL))
plist_full["Metadata"]["Nested"] = [1, True, {"a": "\u00e9\n"}]
write("FuzzPropertyList", "full.xml.plist", plistlib.dumps(plist_full, fmt=plistlib.FMT_XML))
write("FuzzPropertyList", "full.binary.plist", plistlib.dumps(plist_full, fmt=plistlib.FMT_BINARY))
write("FuzzPropertyList", "minimal.xml.plist", plistlib.dumps(TRANSIENT, fmt=plistlib.FMT_XML))
write("FuzzPropertyList", "minimal.binary.plist", plistlib.dumps(TRANSIENT, fmt=plistlib.FMT_BINARY))
odd = {"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}], "Metadata": {"d": b"\x00\x01", "i": -(2**63), "u": 2**64 - 1}}
write("FuzzPropertyList", "odd-types.binary.plist", plistlib.dumps(odd, fmt=plistlib.FMT_BINARY))

# Binary property lists whose arrays hold one object many times, nested (issue 32): 291 and 505 bytes that stand
# for 9 million and 4.3 billion values once every reference is followed. The same bytes as the tests'
# SharedReferencePropertyList (Tests/HapticTestSupport).
def shared_references(fanouts):
    objects = [bytes([0xD1, 1, 2]), b"\x57Pattern"]
    for index, fanout in enumerate(fanouts):
        head = bytes([0xA0 | fanout]) if fanout < 15 else bytes([0xAF, 0x10, fanout])
        objects.append(head + bytes([3 + index]) * fanout)
    objects.append(b"\x10\x01")
    body, offsets = bytearray(b"bplist00"), []
    for obj in objects:
        offsets.append(len(body))
        body += obj
    table = len(body)
    size = 1 if table < 256 else 2
    for offset in offsets:
        body += offset.to_bytes(size, "big")
    body += bytes(6) + bytes([size, 1]) + struct.pack(">QQQ", len(objects), 0, table)
    return bytes(body)

write("FuzzPropertyList", "shared-references-291.binary.plist", shared_references([55, 55, 55, 54]))
write("FuzzPropertyList", "shared-references-505.binary.plist", shared_references([85, 84, 84, 84, 84]))

# WAV: every supported format, plus near-misses.
def wav(code, channels, rate, bits, data, extensible=False, chunks=b"", form=b"WAVE", riff=b"RIFF", block=None):
    block = channels * bits // 8 if block is None else block
    if extensible:
        fmt = struct.pack("<HHIIHH", 0xFFFE, channels, rate, rate * block, block, bits)
        fmt += struct.pack("<HHI", 22, bits, 0) + struct.pack("<H", code) + bytes.fromhex("000000001000800000aa00389b71")
    else:
        fmt = struct.pack("<HHIIHH", code, channels, rate, rate * block, block, bits)
    body = form + chunks + b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"data" + struct.pack("<I", len(data)) + data
    if len(data) % 2:
        body += b"\x00"
    return riff + struct.pack("<I", len(body)) + body

ramp8 = bytes(range(0, 256, 16))
ramp16 = b"".join(struct.pack("<h", v) for v in range(-32768, 32767, 4096))
ramp24 = b"".join(struct.pack("<i", v)[:3] for v in range(-8388608, 8388607, 1048576))
ramp32 = b"".join(struct.pack("<i", v) for v in range(-2**31, 2**31 - 1, 2**28))
floats = struct.pack("<8f", 0.0, 0.5, -0.5, 1.0, -1.0, 2.0, float("nan"), float("inf"))
write("FuzzWAVDecoder", "u8-mono.wav", wav(1, 1, 8000, 8, ramp8))
write("FuzzWAVDecoder", "s16-stereo.wav", wav(1, 2, 48000, 16, ramp16))
write("FuzzWAVDecoder", "s24-mono.wav", wav(1, 1, 96000, 24, ramp24))
write("FuzzWAVDecoder", "s32-stereo.wav", wav(1, 2, 44100, 32, ramp32))
write("FuzzWAVDecoder", "f32-mono.wav", wav(3, 1, 48000, 32, floats))
write("FuzzWAVDecoder", "f32-extensible.wav", wav(3, 2, 48000, 32, floats, extensible=True))
write("FuzzWAVDecoder", "s16-extensible-junk.wav", wav(1, 1, 22050, 16, ramp16, extensible=True, chunks=b"JUNK\x03\x00\x00\x00abc\x00LIST\x04\x00\x00\x00INFO"))
write("FuzzWAVDecoder", "rf64.wav", wav(1, 1, 8000, 16, ramp16, riff=b"RF64"))
write("FuzzWAVDecoder", "odd-data.wav", wav(1, 1, 8000, 8, b"\x80\x81\x82"))
write("FuzzWAVDecoder", "bad-block-align.wav", wav(1, 2, 8000, 16, ramp16, block=3))
write("FuzzWAVDecoder", "not-wave.wav", wav(1, 1, 8000, 16, ramp16, form=b"AVI "))
# Issue 32: a 70 KB tag and 10 000 empty chunks before the samples (past the first 64 KiB a streamed reader once saw
# alone), float samples that are not numbers, and a blockAlign of 0.
write("FuzzWAVDecoder", "id3-70k-before-data.wav", wav(1, 1, 8000, 16, ramp16, chunks=b"id3 " + struct.pack("<I", 70000) + bytes(70000)))
write("FuzzWAVDecoder", "10000-empty-chunks.wav", wav(1, 1, 8000, 16, ramp16, chunks=b"JUNK\x00\x00\x00\x00" * 10000))
write("FuzzWAVDecoder", "f32-nan.wav", wav(3, 1, 8000, 32, struct.pack("<4f", *[float("nan")] * 4)))
write("FuzzWAVDecoder", "f32-infinity.wav", wav(3, 1, 8000, 32, struct.pack("<4f", 0.5, float("inf"), float("-inf"), 0.5)))
write("FuzzWAVDecoder", "block-align-zero.wav", wav(1, 1, 8000, 16, ramp16, block=0))
stream = bytearray(wav(1, 1, 8000, 16, ramp16))
stream[-len(ramp16) - 4:-len(ramp16)] = b"\xff\xff\xff\xff"
write("FuzzWAVDecoder", "streaming-size.wav", bytes(stream))

# Device strings (HAPTIC_DEVICE / --device): every kind, every ALSA option, and the strings that trapped (issue 21).
for name, text in [
    ("null", "null"), ("null-suffix", "null:x"), ("simulated", "simulated"), ("simulated-profile", "simulated:voice-coil"),
    ("wav", "wav:/tmp/och-fuzz.wav"), ("evdev", "evdev:/dev/input/event5"), ("alsa", "alsa:default"),
    ("alsa-dualsense", "alsa:hw:CARD=Controller,DEV=0?channels=4&audio=0,1&haptic=2,3&format=float"),
    ("alsa-latency", "alsa:hw:1?latency=2500us"), ("alsa-periods", "alsa:null?period=64&periods=2"),
    ("alsa-audio-overflow", "alsa:null?audio=9223372036854775807"), ("alsa-channels-huge", "alsa:null?channels=4294967296"),
]:
    write("FuzzDeviceString", name, text)

# HAPTIC_CONTROLLERS values.
for name, text in [
    ("one", "simulated:xbox"), ("recorded", "simulated:xbox=wav:/tmp/pad.wav,simulated:dualsense"),
    ("spaces", " simulated:generic  ,\tsimulated:XBOX = wav: /tmp/p.wav "), ("bad-middle", "simulated:xbox,simulated:nes,simulated:generic"),
]:
    write("FuzzControllerList", name, text)

# SDL game controller mapping lines (our own lines for made-up pads, in SDL's format).
GUID = "03000000341200007856000010010000"
for name, text in [
    ("arcade", GUID + ",Acme Arcade Stick,a:b1,b:b2,x:b0,y:b3,back:b8,start:b9,leftshoulder:b4,rightshoulder:b5,lefttrigger:b6,"
     "righttrigger:b7,leftx:a0,lefty:a1,dpup:h0.1,dpright:h0.2,dpdown:h0.4,dpleft:h0.8,platform:Linux,\n"),
    ("half-axes", "05000000adde0000efbe000000010000,Twin Pad,a:b0,-leftx:b10,+leftx:b11,lefttrigger:+a2,righttrigger:-a2~,"
     "righty:a3~,crc:1a2b,platform:Linux,\n"),
    ("mixed", "# pads\n\nxinput,XInput Controller,a:b0,platform:Windows,\n" + GUID + ",Bad,a:b900,foo:b1,dpup:h0.0,platform:Linux,\n"
     + GUID + ",Pad,a:b1\n"),
    ("name-guid", "06000000412056657279204c6f6e6700,A Very Long Pad Name,guide:b12,misc1:b13,paddle1:b14,touchpad:b15,"
     "hint:!SDL_GAMECONTROLLER_USE_BUTTON_LABELS:=1,type:ps4,sdk>=:1,face:abxy,platform:Linux\r\n"),
    # Conditions: a CRC in the GUID, a crc: field, a line without one for the same GUID; hints that hold, do not, and
    # are malformed; one that names SDL_GAMECONTROLLERCONFIG (the harness's environment holds the text under it).
    ("conditions", "0300f1e5341200007856000010010000,Acme In GUID,a:b1,platform:Linux,\n"
     + GUID + ",Acme,a:b1,crc:e5f1,platform:Linux,\n" + GUID + ",Other,a:b2,crc:768D,crc:zz,platform:Linux,\n"
     + GUID + ",Any,a:b0,platform:Linux,\n" + GUID + ",Labels,a:b0,hint:SDL_GAMECONTROLLER_USE_BUTTON_LABELS:=1,\n"
     + GUID + ",Positions,a:b0,hint:!SDL_GAMECONTROLLER_USE_BUTTON_LABELS:=1,hint:OTHER,\n"
     + GUID + ",Config,a:b0,hint:SDL_GAMECONTROLLERCONFIG,\n" + GUID + ",Off,a:b0,hint:!SDL_GAMECONTROLLERCONFIG:=0,\n"
     + GUID + ",Bad,a:b0,hint:!:=1,\n" + GUID + ",Bad,a:b0,hint:X:=2,\n" + GUID + ",Bad,a:b0,crc:12345,\n"),
]:
    write("FuzzControllerMapping", name, text)

# Studio messages, one per type (the harness's folder has Tap.ahap and sounds/click.wav).
TAP = json.dumps({"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]})
AUDIO = json.dumps({"Pattern": [{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "sounds/click.wav"}}]})
for name, message in [
    ("hello", {"id": 1, "type": "hello"}), ("list", {"id": 2, "type": "list"}), ("open", {"id": 3, "type": "open", "path": "Tap.ahap"}),
    ("analyze", {"id": 4, "type": "analyze", "ahap": AUDIO, "dir": "", "from": 0, "to": 1, "columns": 100}),
    ("save", {"id": 5, "type": "save", "path": "Saved.ahap", "ahap": TAP}),
    ("export", {"id": 6, "type": "export", "path": "out.json", "format": "android", "step": 25, "ahap": TAP}),
    ("play", {"id": 7, "type": "play", "ahap": TAP, "dir": "", "loop": False}),
    ("update", {"id": 8, "type": "update", "ahap": TAP, "dir": "", "from": 0, "to": 0.1}),
    ("stop", {"id": 9, "type": "stop"}), ("outputs", {"id": 10, "type": "outputs"}), ("output", {"id": 11, "type": "output", "output": "null"}),
    ("import", {"id": 12, "type": "importAudio", "path": "sounds/click.wav"}), ("escape", {"id": 13, "type": "open", "path": "../etc/passwd"}),
]:
    write("FuzzStudioMessage", name, json.dumps(message))
print("seeds written under", HERE)
