/// The ticks of the time axis: a 1-2-5 step wide enough that no two labels touch, and labels in milliseconds for
/// short patterns or seconds for long ones.
///
///     let axis = TimeAxis(span: 0.85, pixels: 1000, size: 12)
///     axis.ticks.map(\.label)   // ["0 ms", "100 ms", …, "800 ms"]
struct TimeAxis {
    /// One tick: its time and label.
    struct Tick {
        var time: Double
        var label: String
    }

    /// The step between ticks in seconds.
    let step: Double
    /// The ticks from 0 to the span.
    let ticks: [Tick]

    /// Chooses the smallest step at which labels at `size` are at least one em apart over `pixels`.
    init(span: Double, pixels: Double, size: Double, font: PlotFont = .shared) {
        let inSeconds = span >= 1.5
        var unit = 0.001
        var chosen: (Double, [Tick])?
        search: while unit < 1e6 {
            for multiple in [1.0, 2.0, 5.0] {
                let step = unit * multiple
                guard step >= span / 16 else { continue }
                let ticks = Self.ticks(span: span, step: step, inSeconds: inSeconds)
                let widest = ticks.map { font.width(of: $0.label, size: size) }.max() ?? 0
                chosen = (step, ticks)
                if step / span * pixels >= widest + size || ticks.count <= 2 { break search }
            }
            unit *= 10
        }
        step = chosen?.0 ?? span
        ticks = chosen?.1 ?? [Tick(time: 0, label: "0")]
    }

    private static func ticks(span: Double, step: Double, inSeconds: Bool) -> [Tick] {
        var ticks: [Tick] = []
        var index = 0
        while Double(index) * step <= span * (1 + 1e-9) {
            let t = Double(index) * step
            ticks.append(Tick(time: t, label: label(t, step: step, inSeconds: inSeconds)))
            index += 1
        }
        return ticks
    }

    /// `250 ms`, or `1.5 s` with as many decimals as the step needs.
    static func label(_ t: Double, step: Double, inSeconds: Bool) -> String {
        guard inSeconds else { return "\(Int((t * 1000).rounded())) ms" }
        var decimals = 0
        var scaled = step
        while decimals < 3 && abs(scaled - scaled.rounded()) > 1e-9 {
            scaled *= 10
            decimals += 1
        }
        return "\(fixed(t, decimals: decimals)) s"
    }

    /// `value` with exactly `decimals` decimals (no Foundation formatting).
    static func fixed(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let sign = value < 0 && scaled != 0 ? "−" : ""
        guard decimals > 0 else { return sign + String(scaled) }
        let whole = scaled / Int(scale)
        let fraction = String(scaled % Int(scale))
        return sign + "\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// `850 ms`, `1.5 s`, `12.3 s`: a length as the CLI prints it (three significant digits from 1 s).
    static func formatDuration(_ seconds: Double) -> String {
        if seconds < 1 { return "\(Int((seconds * 1000).rounded())) ms" }
        var text = fixed(seconds, decimals: seconds < 10 ? 2 : seconds < 100 ? 1 : 0)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text + " s"
    }
}
