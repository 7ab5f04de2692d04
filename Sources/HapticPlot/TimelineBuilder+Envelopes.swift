import HapticPattern

extension TimelineBuilder {
    /// Where a 0 … 1 value sits in `frame`, with room (`inset`) at both ends for the scale labels.
    static func unitY(_ value: Double, in frame: PlotRect, inset: Double) -> Double {
        frame.maxY - inset - value * (frame.height - 2 * inset)
    }

    /// ``unitY(_:in:inset:)`` with this layout's inset.
    func unitY(_ value: Double, in frame: PlotRect) -> Double { Self.unitY(value, in: frame, inset: scaleInset) }

    /// Intensity: the continuous envelope after curves and controls, transients as stems, a 0 … 1 scale, and the
    /// control points of the curves and parameters that shape it.
    mutating func drawIntensityLane(_ frame: PlotRect) {
        drawUnitScale(frame)
        let columns = Int(right - left)
        var outline: [PlotPoint] = []
        for c in 0...columns {
            let time = Double(c) / Double(columns) * span
            outline.append(PlotPoint(left + Double(c), unitY(Double(signal.intensity(at: time)), in: frame)))
        }
        let base = unitY(0, in: frame)
        scene.elements.append(
            .polygon(
                [PlotPoint(left, base)] + outline + [PlotPoint(right, base)], fill: .continuous, opacity: 0.3, role: "intensity-envelope"))
        scene.elements.append(.polyline(outline, stroke: .continuous, width: 1.5 * pen, role: "intensity-outline"))
        for transient in signal.transients {
            let px = x(transient.time)
            let top = unitY(Double(transient.intensity), in: frame)
            scene.elements.append(
                .line(PlotPoint(px, base), PlotPoint(px, top), stroke: .transient, width: 2 * pen, role: "intensity-transient"))
            let head = 5 * pen
            scene.elements.append(
                .rect(
                    PlotRect(x: px - head / 2, y: top - head / 2, width: head, height: head), fill: .transient, opacity: 1,
                    role: "intensity-transient-head"))
        }
        let signal = self.signal
        let inset = scaleInset
        // The intensity control multiplies: draw it on the same 0 … 1 scale, with its points at their values.
        if hasControl(.hapticIntensityControl) {
            let line = (0...columns).map { c -> PlotPoint in
                let value = Double(signal.intensityControl.value(at: Double(c) / Double(columns) * span))
                return PlotPoint(left + Double(c), unitY(Swift.min(Swift.max(value, 0), 1), in: frame))
            }
            scene.elements.append(.polyline(line, stroke: .control, width: pen, role: "intensity-control"))
            drawControlMarkers(for: [.hapticIntensityControl], lane: frame) { _, value in
                Self.unitY(Double(Swift.min(Swift.max(value, 0), 1)), in: frame, inset: inset)
            }
        }
        // Envelope-time controls have no place on the scale: mark them on the envelope they shape.
        drawControlMarkers(for: [.hapticAttackTimeControl, .hapticDecayTimeControl, .hapticReleaseTimeControl], lane: frame) { time, _ in
            Self.unitY(Double(signal.intensity(at: time)), in: frame, inset: inset)
        }
    }

    /// Sharpness: the continuous sharpness where the continuous signal sounds, each transient's sharpness as a dot,
    /// a 0 … 1 scale, and the sharpness control points.
    mutating func drawSharpnessLane(_ frame: PlotRect) {
        drawUnitScale(frame)
        let columns = Int(right - left)
        var runs: [[PlotPoint]] = []
        var run: [PlotPoint] = []
        for c in 0...columns {
            let time = Double(c) / Double(columns) * span
            if signal.intensity(at: time) > 0.005, let sharpness = signal.sharpness(at: time) {
                run.append(PlotPoint(left + Double(c), unitY(Double(sharpness), in: frame)))
            } else if !run.isEmpty {
                runs.append(run)
                run = []
            }
        }
        if !run.isEmpty { runs.append(run) }
        for points in runs where points.count > 1 {
            scene.elements.append(.polyline(points, stroke: .sharpness, width: 2 * pen, role: "sharpness-envelope"))
        }
        for transient in signal.transients {
            let center = PlotPoint(x(transient.time), unitY(Double(transient.sharpness), in: frame))
            let head = 5 * pen
            scene.elements.append(
                .rect(
                    PlotRect(x: center.x - head / 2, y: center.y - head / 2, width: head, height: head), fill: .transient, opacity: 1,
                    role: "sharpness-transient"))
        }
        let signal = self.signal
        let inset = scaleInset
        // The sharpness control adds to each event's sharpness: mark its points on the sharpness that results.
        drawControlMarkers(for: [.hapticSharpnessControl], lane: frame) { time, _ in
            // Just after a curve ends the signal may be silent: look a millisecond either side.
            let sharpness = signal.sharpness(at: time) ?? signal.sharpness(at: time - 0.001) ?? signal.sharpness(at: time + 0.001)
            return Self.unitY(Double(sharpness ?? 0), in: frame, inset: inset)
        }
    }

    /// Whether the pattern has a curve or dynamic parameter for `id`.
    func hasControl(_ id: DynamicParameterID) -> Bool {
        input.pattern.curves.contains { $0.id == id } || input.pattern.parameters.contains { $0.id == id }
    }

    /// Marks every control point of the curves, and every dynamic parameter, for `ids`: a diamond at the point's time,
    /// at the height `y` gives for its time and value, with the value in the tooltip.
    mutating func drawControlMarkers(for ids: [DynamicParameterID], lane: PlotRect, y: (Double, Float) -> Double) {
        let radius = Swift.max(3, (smallSize * 0.4).rounded())
        for curve in input.pattern.curves where ids.contains(curve.id) {
            for point in curve.controlPoints {
                let time = curve.time + point.time
                guard time.isFinite, time >= 0, time <= span else { continue }
                let center = PlotPoint(x(time), Swift.min(Swift.max(y(time, point.value), lane.y + radius), lane.maxY - radius))
                scene.elements.append(
                    diamond(
                        at: center, radius: radius, hollow: false, role: "control-point",
                        tooltip: "\(curve.id.rawValue) curve point \(value(Double(point.value))) at \(ms(time))"))
            }
        }
        for parameter in input.pattern.parameters where ids.contains(parameter.id) {
            guard parameter.time.isFinite, parameter.time >= 0, parameter.time <= span else { continue }
            let center = PlotPoint(
                x(parameter.time), Swift.min(Swift.max(y(parameter.time, parameter.value), lane.y + radius), lane.maxY - radius))
            scene.elements.append(
                diamond(
                    at: center, radius: radius, hollow: true, role: "parameter-point",
                    tooltip: "\(parameter.id.rawValue) = \(value(Double(parameter.value))) at \(ms(parameter.time))"))
        }
    }

    /// The simulated acceleration: its lowest and highest value per pixel column, around a zero line, with a ± peak
    /// scale.
    mutating func drawAccelerationLane(_ frame: PlotRect) {
        let accel = input.acceleration
        let peak = accelerationPeak
        let mid = (frame.y + frame.height / 2).rounded()
        let scale = frame.height / 2 - scaleInset
        scene.elements.append(.line(PlotPoint(left, mid), PlotPoint(right, mid), stroke: .grid, width: 1, role: "grid"))
        guard (input.acceleration.map { abs($0) }.max() ?? 0) >= 0.005 else {
            // Nothing moves (an audio-only pattern, or a profile that filters everything out): say so.
            let baseline = mid - font.descender * smallSize - 3
            placer.place(
                PlotScene.Text(
                    x: (left + right) / 2, y: baseline, string: "no haptic output", size: smallSize, color: .secondaryText, anchor: .middle,
                    role: "lane-note"),
                in: &scene)
            return
        }
        for (label, y) in [("+" + accelerationPeakLabel, mid - scale), ("−" + accelerationPeakLabel, mid + scale), ("0", mid)] {
            placeScaleLabel(label, at: y)
        }
        let columns = Int(right - left)
        let (lows, highs) = TimelineSeries.extremes(
            of: accel, sampleRate: input.accelerationSampleRate, from: 0, to: span, columns: columns)
        var upper: [PlotPoint] = []
        var lower: [PlotPoint] = []
        for c in 0..<columns {
            let px = left + Double(c) + 0.5
            upper.append(PlotPoint(px, mid - Double(highs[c] / peak) * scale - 0.3))
            lower.append(PlotPoint(px, mid - Double(lows[c] / peak) * scale + 0.3))
        }
        scene.elements.append(.polygon(upper + lower.reversed(), fill: .acceleration, opacity: 0.85, role: "acceleration"))
    }
}
