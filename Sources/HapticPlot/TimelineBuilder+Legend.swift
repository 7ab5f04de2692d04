import HapticPattern

extension TimelineBuilder {
    /// One legend entry: a swatch drawn like the marks it explains, and its name.
    enum LegendSwatch {
        case continuous, transient, customAudio, audioTone, intensityControl, curvePoint, parameterPoint
    }

    /// The entries this pattern needs (only kinds of marks that appear).
    var legendEntries: [(LegendSwatch, String)] {
        let types = Set(input.pattern.events.map(\.type))
        var entries: [(LegendSwatch, String)] = []
        if types.contains(.hapticContinuous) { entries.append((.continuous, "continuous")) }
        if types.contains(.hapticTransient) { entries.append((.transient, "transient")) }
        if types.contains(.audioCustom) { entries.append((.customAudio, "custom audio (waveform)")) }
        if types.contains(.audioContinuous) { entries.append((.audioTone, "audio tone")) }
        if hasControl(.hapticIntensityControl) { entries.append((.intensityControl, "intensity control")) }
        if !input.pattern.curves.isEmpty { entries.append((.curvePoint, "curve control point")) }
        if !input.pattern.parameters.isEmpty { entries.append((.parameterPoint, "dynamic parameter")) }
        return entries
    }

    /// The legend under the title, wrapped into as many rows as the width needs. Returns its bottom.
    mutating func drawLegend(top: Double) -> Double {
        let entries = legendEntries
        guard !entries.isEmpty else { return top }
        let swatch = (smallSize * 0.9).rounded()
        let rowHeight = (lineHeight(smallSize) + 2).rounded()
        let gap = size
        var x = padding
        var rowTop = top
        for (kind, label) in entries {
            let textWidth = font.width(of: label, size: smallSize)
            let entryWidth = swatch + 4 + textWidth
            if x > padding && x + entryWidth > width - padding {
                x = padding
                rowTop += rowHeight
            }
            let baseline = (rowTop + font.ascender * smallSize).rounded()
            let middle = baseline - (font.ascender - font.descender) / 2 * smallSize
            let box = PlotRect(x: x, y: (middle - swatch / 2).rounded(), width: swatch, height: swatch)
            let text = PlotScene.Text(x: x + swatch + 4, y: baseline, string: label, size: smallSize, role: "legend-label")
            guard placer.fits(text) else { continue }
            drawSwatch(kind, in: box)
            placer.reserve(box)
            placer.place(text, in: &scene)
            x += entryWidth + gap
        }
        return rowTop + rowHeight
    }

    /// Draws the legend mark for `kind` in `box`.
    private mutating func drawSwatch(_ kind: LegendSwatch, in box: PlotRect) {
        let mid = PlotPoint(box.x + box.width / 2, box.y + box.height / 2)
        switch kind {
        case .continuous:
            scene.elements.append(.rect(box, fill: .continuous, opacity: 0.65, role: "legend-swatch"))
        case .transient:
            scene.elements.append(
                .line(PlotPoint(mid.x, box.maxY), PlotPoint(mid.x, box.y + 2), stroke: .transient, width: 2, role: "legend-swatch"))
            scene.elements.append(
                .rect(PlotRect(x: mid.x - 2.5, y: box.y, width: 5, height: 5), fill: .transient, opacity: 1, role: "legend-swatch"))
        case .customAudio:
            scene.elements.append(.rect(box, fill: .audio, opacity: 0.35, role: "legend-swatch"))
            let wave = (0...6).map { i -> PlotPoint in
                let u = Double(i) / 6
                return PlotPoint(box.x + 1 + u * (box.width - 2), mid.y + (i % 2 == 0 ? -1 : 1) * box.height * (0.35 - 0.25 * u))
            }
            scene.elements.append(.polyline(wave, stroke: .audioWaveform, width: 1, role: "legend-swatch"))
        case .audioTone:
            scene.elements.append(.rect(box, fill: .audioTone, opacity: 0.6, role: "legend-swatch"))
        case .intensityControl:
            scene.elements.append(
                .line(PlotPoint(box.x, mid.y), PlotPoint(box.maxX, mid.y), stroke: .control, width: 1, role: "legend-swatch"))
        case .curvePoint:
            scene.elements.append(diamond(at: mid, radius: box.width / 2, hollow: false, role: "legend-swatch", tooltip: nil))
        case .parameterPoint:
            scene.elements.append(diamond(at: mid, radius: box.width / 2, hollow: true, role: "legend-swatch", tooltip: nil))
        }
    }

    /// A control-point marker: a diamond, filled for curve points and hollow for dynamic parameters.
    func diamond(at point: PlotPoint, radius: Double, hollow: Bool, role: String, tooltip: String?) -> PlotScene.Element {
        let points = [
            PlotPoint(point.x, point.y - radius), PlotPoint(point.x + radius, point.y),
            PlotPoint(point.x, point.y + radius), PlotPoint(point.x - radius, point.y),
        ]
        return .polygon(
            points, fill: hollow ? .white : .control, opacity: 1, stroke: hollow ? .control : .white, strokeWidth: hollow ? 1.5 : 1,
            role: role, tooltip: tooltip)
    }
}
