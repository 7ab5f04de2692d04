import HapticInterchange
import HapticPattern

/// Lays out the timeline picture of `haptic plot`: a title and a legend, then four lanes on one time axis — events
/// (continuous blocks, transient stems, custom audio at its real length with its waveform), intensity and
/// sharpness with their 0 … 1 scales and the control points of parameter curves, and the simulated acceleration
/// with its ± peak scale.
///
/// Text sizes follow the picture's size, and every text goes through a ``LabelPlacer``, so no two labels overlap
/// at any size the CLI accepts (320 × 240 upwards): labels that do not fit are shortened or left out.
///
///     let scene = TimelinePlot(input, width: 1200, height: 720).scene()
///     let svg = scene.svg(title: "Knock.ahap")
package struct TimelinePlot {
    /// What the picture shows.
    package let input: TimelineInput
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int

    /// Creates a layout of `input` at `width` × `height`.
    package init(_ input: TimelineInput, width: Int, height: Int) {
        self.input = input
        self.width = width
        self.height = height
    }

    /// The time the axis covers for a pattern of `duration` seconds: all of it (custom audio included, when the
    /// caller counted it) and 3 % + 40 ms more, where an actuator rings down after the last event; render the
    /// acceleration for this long.
    package static func span(forDuration duration: Double) -> Double {
        Swift.max(duration, 0.05) * 1.03 + 0.04
    }

    /// The laid-out picture.
    package func scene() -> PlotScene {
        var builder = TimelineBuilder(input: input, width: width, height: height)
        builder.build()
        return builder.scene
    }
}

/// The state of one layout pass: measures, frames, the scene so far and the label placer.
struct TimelineBuilder {
    let input: TimelineInput
    let signal: PatternSignal
    let font = PlotFont.shared
    let width: Double
    let height: Double
    let span: Double
    let duration: Double

    /// Body text size; titles are larger and small labels smaller.
    let size: Double
    /// Width of the data strokes (envelopes, stems): 1 at the default size, thicker on large pictures.
    let pen: Double
    let smallSize: Double
    let titleSize: Double
    let padding: Double
    /// Left and right edges of the lanes (time 0 and the span).
    var left = 0.0
    var right = 0.0

    var scene: PlotScene
    var placer: LabelPlacer

    init(input: TimelineInput, width: Int, height: Int) {
        self.input = input
        signal = PatternSignal(input.pattern)
        self.width = Double(width)
        self.height = Double(height)
        duration = input.duration
        span = TimelinePlot.span(forDuration: duration)
        // Text grows with the square root of the picture: 9 px at 600 × 400 and below, 13 px at 1200 × 720.
        size = Swift.max(9, (0.375 * Swift.min(Double(width), 1.6 * Double(height)).squareRoot()).rounded())
        pen = Swift.max(1, size / 13)
        smallSize = Swift.max(8, size - 1)
        titleSize = size + 2
        padding = (size * 0.7).rounded()
        scene = PlotScene(width: width, height: height)
        placer = LabelPlacer(bounds: PlotRect(x: 0, y: 0, width: Double(width), height: Double(height)))
    }

    /// The height a line of text of `size` occupies.
    func lineHeight(_ size: Double) -> Double { (font.ascender + font.descender) * size }

    /// The x of time `t`.
    func x(_ t: Double) -> Double { left + t / span * (right - left) }

    /// The lanes' frames (body without header) and their header strips, top to bottom.
    struct Lanes {
        var events: PlotRect
        var intensity: PlotRect
        var sharpness: PlotRect
        var acceleration: PlotRect
        var all: [PlotRect] { [events, intensity, sharpness, acceleration] }
    }

    mutating func build() {
        let scaleLabels = ["0.5", "+" + accelerationPeakLabel, "−" + accelerationPeakLabel, "haptic", "audio"]
        let scaleWidth = scaleLabels.map { font.width(of: $0, size: smallSize) }.max() ?? 0
        left = (padding + scaleWidth + 6).rounded()
        let provisional = TimeAxis(span: span, pixels: width - left - padding, size: smallSize)
        let lastLabel = font.width(of: provisional.ticks.last?.label ?? "", size: smallSize)
        right = (width - padding - Swift.max(4, lastLabel / 2)).rounded()
        let axis = TimeAxis(span: span, pixels: right - left, size: smallSize)

        var y = padding
        y = drawTitle(top: y) + padding * 0.5
        y = drawLegend(top: y) + padding * 0.5
        let lanes = layOutLanes(top: y, bottom: height - padding - 6 - lineHeight(smallSize))
        drawTimeGrid(axis, lanes: lanes)
        drawEventsLane(lanes.events)
        drawIntensityLane(lanes.intensity)
        drawSharpnessLane(lanes.sharpness)
        drawAccelerationLane(lanes.acceleration)
        drawTimeLabels(axis, below: lanes.acceleration.maxY)
    }

    /// The title line: name, length, event count. Returns the bottom of the line.
    mutating func drawTitle(top: Double) -> Double {
        let baseline = (top + font.ascender * titleSize).rounded()
        let events = input.pattern.events.count
        let length = TimeAxis.formatDuration(duration)
        let variants = [
            "\(input.name) · \(length) · \(events) event\(events == 1 ? "" : "s")",
            "\(input.name) · \(length)",
        ]
        let text = PlotScene.Text(x: padding, y: baseline, string: "", size: titleSize, role: "title")
        let available = width - 2 * padding
        let fitted = variants.compactMap { font.fitting($0, size: titleSize, width: available) }
        placer.placeFirst(of: fitted, as: text, in: &scene)
        return baseline + font.descender * titleSize
    }

    /// Divides the space between `top` and `bottom` into the four lanes, each under a header strip with its caption.
    mutating func layOutLanes(top: Double, bottom: Double) -> Lanes {
        let header = (lineHeight(size) + 2).rounded()
        let gap = (padding * 0.5).rounded()
        let available = Swift.max(40, bottom - top - 4 * header - 3 * gap)
        let weights = [0.22, 0.26, 0.17, 0.35]
        var frames: [PlotRect] = []
        var y = top
        let captions = ["Events", "Intensity", "Sharpness", "Acceleration (g)"]
        let details = [eventsDetail, "", "", "peak \(accelerationPeakLabel) g · \(input.profileName)"]
        for (index, weight) in weights.enumerated() {
            let baseline = (y + font.ascender * size).rounded()
            placer.place(PlotScene.Text(x: padding, y: baseline, string: captions[index], size: size, role: "lane-label"), in: &scene)
            if !details[index].isEmpty {
                let detail = PlotScene.Text(
                    x: right, y: baseline, string: "", size: smallSize, color: .secondaryText, anchor: .end, role: "lane-detail")
                let room = right - padding - font.width(of: captions[index], size: size) - size
                if let fitted = font.fitting(details[index], size: smallSize, width: room) {
                    placer.placeFirst(of: [fitted], as: detail, in: &scene)
                }
            }
            y += header
            let body = (available * weight).rounded()
            let frame = PlotRect(x: left, y: y, width: right - left, height: body)
            scene.elements.append(.rect(frame, fill: .lane, opacity: 1, role: "lane"))
            frames.append(frame)
            y += body + gap
        }
        return Lanes(events: frames[0], intensity: frames[1], sharpness: frames[2], acceleration: frames[3])
    }

    /// Vertical grid lines at every tick through every lane, and the tick marks under the last lane.
    mutating func drawTimeGrid(_ axis: TimeAxis, lanes: Lanes) {
        for tick in axis.ticks {
            let px = x(tick.time)
            for lane in lanes.all {
                scene.elements.append(.line(PlotPoint(px, lane.y), PlotPoint(px, lane.maxY), stroke: .grid, width: 1, role: "grid"))
            }
            let bottom = lanes.acceleration.maxY
            scene.elements.append(.line(PlotPoint(px, bottom), PlotPoint(px, bottom + 4), stroke: .axis, width: 1, role: "tick"))
        }
        let bottom = lanes.acceleration.maxY
        scene.elements.append(.line(PlotPoint(left, bottom), PlotPoint(right, bottom), stroke: .axis, width: 1, role: "axis"))
    }

    /// The tick labels under the time axis.
    mutating func drawTimeLabels(_ axis: TimeAxis, below bottom: Double) {
        let baseline = (bottom + 5 + font.ascender * smallSize).rounded()
        for tick in axis.ticks {
            placer.place(
                PlotScene.Text(x: x(tick.time), y: baseline, string: tick.label, size: smallSize, anchor: .middle, role: "tick-label"),
                in: &scene)
        }
    }

    /// A value label right-aligned in the left margin, vertically centred on `y`.
    mutating func placeScaleLabel(_ string: String, at y: Double, role: String = "scale-label") {
        let baseline = y + (font.ascender - font.descender) / 2 * smallSize
        placer.place(
            PlotScene.Text(x: left - 5, y: baseline, string: string, size: smallSize, color: .secondaryText, anchor: .end, role: role),
            in: &scene)
    }

    /// A 0 … 1 scale on `frame`: grid lines at 0, ½ and 1 and their labels (the ends first, so they win).
    mutating func drawUnitScale(_ frame: PlotRect) {
        let inset = scaleInset
        func map(_ value: Double) -> Double { Self.unitY(value, in: frame, inset: inset) }
        for value in [0.0, 0.5, 1.0] {
            let y = map(value)
            scene.elements.append(.line(PlotPoint(left, y), PlotPoint(right, y), stroke: .grid, width: 1, role: "grid"))
        }
        for (value, label) in [(1.0, "1"), (0.0, "0"), (0.5, "0.5")] { placeScaleLabel(label, at: map(value)) }
    }

    /// The vertical inset that keeps a scale's end labels inside their lane.
    var scaleInset: Double { Swift.max(3, (0.5 * lineHeight(smallSize)).rounded()) }

    /// `peak` in g with two decimals.
    var accelerationPeakLabel: String { TimeAxis.fixed(Double(accelerationPeak), decimals: 2) }

    /// The largest absolute acceleration (at least 0.001 g so the scale is never empty).
    var accelerationPeak: Float { Swift.max(input.acceleration.map { abs($0) }.max() ?? 0, 0.001) }

    /// `3 haptic · 2 audio`.
    var eventsDetail: String {
        let haptic = input.pattern.events.filter { $0.type.isHaptic }.count
        let audio = input.pattern.events.count - haptic
        return [haptic > 0 ? "\(haptic) haptic" : nil, audio > 0 ? "\(audio) audio" : nil].compactMap { $0 }.joined(separator: " · ")
    }
}
