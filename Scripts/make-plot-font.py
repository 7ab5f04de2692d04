#!/usr/bin/env python3
"""Writes Sources/HapticPlot/GENERATED-PlotFont+Outlines.swift: the glyph outlines `haptic plot` draws text with.

The plot must draw readable text on any machine, without a font installed, so the outlines of a small character set
(printable ASCII and a few symbols) are embedded. They come from DejaVu Sans (Bitstream Vera licence: the glyphs may
be copied and redistributed with its notice; modified fonts may not be called "Bitstream" or "Vera"). The notice is
copied into the generated file.

Only the standard library is used (no fontTools): the script reads the TrueType tables it needs (head, hhea, hmtx,
cmap format 4, loca, glyf with composite glyphs) and turns each glyph's quadratic contours into explicit commands:

    blob   = "POF1" unitsPerEm:u16 ascender:i16 descender:i16 glyphCount:u16 glyph*
    glyph  = codepoint:u32 advance:u16 commandCount:u16 command*
    command = 0 x:i16 y:i16 (move) | 1 x y (line) | 2 cx cy x y (quadratic) | 3 (close)

little-endian, in font units (y up), base64-encoded into a Swift string literal (quick to compile).

Usage: Scripts/make-plot-font.py [/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf]
(Debian package fonts-dejavu-core). Run it only to change the character set; the output is committed.
"""
import base64
import os
import struct
import sys

FONT = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
OUT = os.path.join(os.path.dirname(__file__), "..", "Sources", "HapticPlot", "GENERATED-PlotFont+Outlines.swift")
CHARACTERS = [chr(c) for c in range(0x20, 0x7F)] + list("×±µ–—…·−°→")
NOTICE = "/usr/share/doc/fonts-dejavu-core/copyright"

data = open(FONT, "rb").read()
num_tables = struct.unpack(">H", data[4:6])[0]
tables = {}
for i in range(num_tables):
    tag, _, offset, length = struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])
    tables[tag.decode()] = (offset, length)


def table(tag):
    offset, length = tables[tag]
    return data[offset:offset + length]


head = table("head")
units_per_em = struct.unpack(">H", head[18:20])[0]
index_to_loc = struct.unpack(">h", head[50:52])[0]
hhea = table("hhea")
ascender, descender = struct.unpack(">hh", hhea[4:8])
number_of_hmetrics = struct.unpack(">H", hhea[34:36])[0]
hmtx = table("hmtx")
num_glyphs = struct.unpack(">H", table("maxp")[4:6])[0]


def advance(glyph):
    index = min(glyph, number_of_hmetrics - 1)
    return struct.unpack(">H", hmtx[4 * index:4 * index + 2])[0]


loca = table("loca")
if index_to_loc == 0:
    offsets = [2 * struct.unpack(">H", loca[2 * i:2 * i + 2])[0] for i in range(num_glyphs + 1)]
else:
    offsets = [struct.unpack(">I", loca[4 * i:4 * i + 4])[0] for i in range(num_glyphs + 1)]
glyf = table("glyf")

cmap = table("cmap")
codepoint_to_glyph = {}
for i in range(struct.unpack(">H", cmap[2:4])[0]):
    platform, encoding, offset = struct.unpack(">HHI", cmap[4 + 8 * i:12 + 8 * i])
    if (platform, encoding) not in ((3, 1), (0, 3)) or struct.unpack(">H", cmap[offset:offset + 2])[0] != 4:
        continue
    sub = cmap[offset:]
    segments = struct.unpack(">H", sub[6:8])[0] // 2
    ends = struct.unpack(">%dH" % segments, sub[14:14 + 2 * segments])
    starts = struct.unpack(">%dH" % segments, sub[16 + 2 * segments:16 + 4 * segments])
    deltas = struct.unpack(">%dh" % segments, sub[16 + 4 * segments:16 + 6 * segments])
    range_base = 16 + 6 * segments
    range_offsets = struct.unpack(">%dH" % segments, sub[range_base:range_base + 2 * segments])
    for s in range(segments):
        for c in range(starts[s], ends[s] + 1):
            if c == 0xFFFF:
                continue
            if range_offsets[s] == 0:
                g = (c + deltas[s]) & 0xFFFF
            else:
                at = range_base + 2 * s + range_offsets[s] + 2 * (c - starts[s])
                g = struct.unpack(">H", sub[at:at + 2])[0]
                if g:
                    g = (g + deltas[s]) & 0xFFFF
            codepoint_to_glyph.setdefault(c, g)
    break


def contours(glyph):
    """The glyph's contours as lists of (x, y, on_curve), composites flattened."""
    start, end = offsets[glyph], offsets[glyph + 1]
    if start == end:
        return []
    g = glyf[start:end]
    count = struct.unpack(">h", g[0:2])[0]
    if count >= 0:
        end_points = struct.unpack(">%dH" % count, g[10:10 + 2 * count])
        p = 10 + 2 * count
        instruction_length = struct.unpack(">H", g[p:p + 2])[0]
        p += 2 + instruction_length
        total = end_points[-1] + 1 if count else 0
        flags = []
        while len(flags) < total:
            flag = g[p]
            p += 1
            flags.append(flag)
            if flag & 8:
                repeat = g[p]
                p += 1
                flags.extend([flag] * repeat)
        xs, ys = [], []
        for values, short, same in ((xs, 2, 16), (ys, 4, 32)):
            value = 0
            for flag in flags:
                if flag & short:
                    delta = g[p]
                    p += 1
                    value += delta if flag & same else -delta
                elif not flag & same:
                    value += struct.unpack(">h", g[p:p + 2])[0]
                    p += 2
                values.append(value)
        result, first = [], 0
        for last in end_points:
            result.append([(xs[i], ys[i], bool(flags[i] & 1)) for i in range(first, last + 1)])
            first = last + 1
        return result
    # Composite: components placed by x/y offsets (with an optional scale).
    result, p = [], 10
    while True:
        flags, component = struct.unpack(">HH", g[p:p + 4])
        p += 4
        if flags & 1:
            dx, dy = struct.unpack(">hh", g[p:p + 4])
            p += 4
        else:
            dx, dy = struct.unpack(">bb", g[p:p + 2])
            p += 2
        a, b, c, d = 1.0, 0.0, 0.0, 1.0
        if flags & 8:
            a = d = struct.unpack(">h", g[p:p + 2])[0] / 16384
            p += 2
        elif flags & 0x40:
            a, d = (v / 16384 for v in struct.unpack(">hh", g[p:p + 4]))
            p += 4
        elif flags & 0x80:
            a, b, c, d = (v / 16384 for v in struct.unpack(">hhhh", g[p:p + 8]))
            p += 8
        if not flags & 2:
            raise SystemExit("point-matched composite components are not supported")
        for contour in contours(component):
            result.append([(round(a * x + c * y + dx), round(b * x + d * y + dy), on) for x, y, on in contour])
        if not flags & 0x20:
            return result


def commands(glyph):
    """TrueType contours as move/line/quad/close commands (implied on-curve midpoints made explicit)."""
    out = []
    for contour in contours(glyph):
        if not contour:
            continue
        # Start on an on-curve point (or the midpoint of two off-curve points).
        k = next((i for i, point in enumerate(contour) if point[2]), None)
        if k is None:
            a, b = contour[0], contour[1]
            start = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
            points = contour[1:] + contour[:1]
        else:
            start = contour[k][:2]
            points = contour[k + 1:] + contour[:k]
        out.append((0, start))
        control = None
        for x, y, on in points + [(start[0], start[1], True)]:
            if on:
                out.append((1, (x, y)) if control is None else (2, control, (x, y)))
                control = None
            elif control is None:
                control = (x, y)
            else:
                middle = ((control[0] + x) // 2, (control[1] + y) // 2)
                out.append((2, control, middle))
                control = (x, y)
        out.append((3,))
    return out


blob = bytearray(b"POF1")
blob += struct.pack("<HhhH", units_per_em, ascender, descender, len(CHARACTERS))
for character in CHARACTERS:
    glyph = codepoint_to_glyph.get(ord(character))
    if glyph is None:
        raise SystemExit(f"the font has no glyph for {character!r}")
    glyph_commands = commands(glyph)
    blob += struct.pack("<IHH", ord(character), advance(glyph), len(glyph_commands))
    for command in glyph_commands:
        blob.append(command[0])
        for point in command[1:]:
            blob += struct.pack("<hh", *point)

encoded = base64.b64encode(bytes(blob)).decode()
lines = [encoded[i:i + 116] for i in range(0, len(encoded), 116)]
notice = ""
if os.path.exists(NOTICE):
    text = open(NOTICE, encoding="utf-8").read()
    start = text.index("Copyright: Copyright (c) 2003 by Bitstream")
    end = text.index("Files: debian/*")
    notice = "\n".join("// " + line.strip().lstrip(".").strip() if line.strip() != "." else "//"
                       for line in text[start:end].strip().splitlines())
with open(OUT, "w", encoding="utf-8") as out:
    out.write(f"""// GENERATED by Scripts/make-plot-font.py from {os.path.basename(FONT)}. Do not edit; run the script again.
//
// Glyph outlines of {len(CHARACTERS)} characters (printable ASCII and {"".join(CHARACTERS[95:])}) from the DejaVu Sans
// typeface, used only to draw the text of `haptic plot` pictures. The DejaVu fonts' notice:
//
{notice}

extension PlotFont {{
    /// The encoded outlines (format in Scripts/make-plot-font.py), {len(blob)} bytes.
    static let encodedOutlines = \"\"\"
{chr(10).join("        " + line for line in lines)}
        \"\"\"
}}
""")
print(f"wrote {OUT}: {len(CHARACTERS)} glyphs, {len(blob)} bytes")
