/// Untrusted text made safe to show on a terminal: control characters (C0 and C1, DEL, the Unicode line and
/// paragraph separators) and bidirectional overrides are shown as `\u{1B}`-style escapes, so a pattern's keys,
/// values or file names cannot move the cursor, rewrite what was printed ("OK"), set the window title, ring the
/// bell or reorder text.
///
///     terminalSafe("bad\u{1B}[2Kok")   // "bad\u{1B}[2Kok" printed literally as `bad\u{1B}[2Kok`
package func terminalSafe(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
        if isUnsafe(scalar) {
            out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// Whether `scalar` can change what a terminal shows beyond printing itself. A tab is safe.
private func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09: return false
    case 0x00...0x1F, 0x7F...0x9F: return true  // C0 (newline, CR, ESC, BEL, NUL, …), DEL, C1 (CSI 0x9B, …)
    case 0x2028, 0x2029: return true  // line and paragraph separators
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true  // bidi controls
    default: return false
    }
}
