/// A length of time as the tools show it to people: milliseconds under a second (`"180 ms"`), otherwise seconds to
/// three significant digits without trailing zeros (`"2 s"`, `"1.25 s"`, `"29.1 s"`). `haptic info`, `haptic lint`
/// and the other commands all use it, so they agree on how long a pattern is.
///
///     durationText(0.18)    // "180 ms"
///     durationText(29.06)   // "29.1 s"
package func durationText(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds < 1e15 else { return "\(seconds) s" }
    if seconds < 1 { return "\(Int((seconds * 1000).rounded())) ms" }
    let decimals = seconds < 10 ? 2 : seconds < 100 ? 1 : 0
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (seconds * scale).rounded() / scale
    var text = decimals == 0 ? "\(Int(rounded))" : "\(rounded)"
    if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text + " s"
}
