import HapticPattern
import HapticRender

extension TimelineBuilder {
    /// An audio event's bar: where it starts and ends, and whether its audio was found.
    struct AudioBar {
        var event: Event
        var start: Double
        var end: Double
        var buffer: AudioBuffer?
        var row = 0
    }

    /// The audio events as bars, packed into as few rows as keep overlapping bars apart (at most `maxRows`).
    func audioBars(maxRows: Int) -> [AudioBar] {
        var bars: [AudioBar] = input.pattern.events.filter { !$0.type.isHaptic }.map { event in
            let buffer = event.waveform.flatMap { input.audio[$0] }
            let end = event.time + event.fullDuration(audioDuration: buffer?.duration)
            return AudioBar(event: event, start: event.time, end: end, buffer: buffer)
        }
        bars.sort { $0.start < $1.start }
        var rowEnds: [Double] = []
        for index in bars.indices {
            if let free = rowEnds.firstIndex(where: { $0 <= bars[index].start + 1e-9 }) {
                bars[index].row = free
                rowEnds[free] = bars[index].end
            } else if rowEnds.count < maxRows {
                bars[index].row = rowEnds.count
                rowEnds.append(bars[index].end)
            } else {
                let earliest = rowEnds.indices.min { rowEnds[$0] < rowEnds[$1] } ?? 0
                bars[index].row = earliest
                rowEnds[earliest] = Swift.max(rowEnds[earliest], bars[index].end)
            }
        }
        return bars
    }

    /// The events lane: haptic events in the upper row, audio events below at their real length.
    mutating func drawEventsLane(_ frame: PlotRect) {
        let haptic = input.pattern.events.filter(\.type.isHaptic)
        let hasAudio = haptic.count < input.pattern.events.count
        let split = haptic.isEmpty ? frame.y : hasAudio ? (frame.y + frame.height * 0.4).rounded() : frame.maxY
        if !haptic.isEmpty {
            let row = PlotRect(x: frame.x, y: frame.y + 3, width: frame.width, height: split - frame.y - 5)
            drawHapticEvents(haptic, in: row)
            if hasAudio { placeScaleLabel("haptic", at: row.y + row.height / 2, role: "row-label") }
        }
        if hasAudio {
            let area = PlotRect(x: frame.x, y: split + 2, width: frame.width, height: frame.maxY - split - 5)
            let maxRows = Swift.max(1, Swift.min(4, Int(area.height / 12)))
            let bars = audioBars(maxRows: maxRows)
            let rows = (bars.map(\.row).max() ?? 0) + 1
            let rowHeight = area.height / Double(rows)
            for bar in bars {
                let box = PlotRect(x: x(bar.start), y: area.y + Double(bar.row) * rowHeight + 1, width: 0, height: rowHeight - 2)
                drawAudioBar(bar, top: box.y, height: box.height)
            }
            if !haptic.isEmpty { placeScaleLabel("audio", at: area.y + area.height / 2, role: "row-label") }
            drawControlMarkers(for: DynamicParameterID.allCases.filter { !$0.isHaptic }, lane: frame) { _, _ in area.y + 1 }
        }
    }

    /// Continuous events as blocks shaded by intensity; transients as stems as tall as their intensity.
    private mutating func drawHapticEvents(_ events: [Event], in row: PlotRect) {
        for event in events where event.type == .hapticContinuous {
            let start = x(event.time)
            let end = x(event.time + Swift.max(event.fullDuration, 0))
            let intensity = Double(event.value(of: .hapticIntensity))
            let sharpness = Double(event.value(of: .hapticSharpness))
            scene.elements.append(
                .rect(
                    PlotRect(x: start, y: row.y, width: Swift.max(1, end - start), height: row.height), fill: .continuous,
                    opacity: 0.2 + 0.6 * intensity, role: "event-continuous",
                    tooltip:
                        "HapticContinuous at \(ms(event.time)), \(ms(event.fullDuration)), intensity \(value(intensity)), sharpness \(value(sharpness))"
                ))
        }
        for event in events where event.type == .hapticTransient {
            let px = x(event.time)
            let intensity = Double(event.value(of: .hapticIntensity))
            let top = row.maxY - row.height * Swift.max(intensity, 0.15)
            let head = 5 * pen
            scene.elements.append(
                .line(PlotPoint(px, row.maxY), PlotPoint(px, top + 2), stroke: .transient, width: 2 * pen, role: "event-transient"))
            scene.elements.append(
                .rect(
                    PlotRect(x: px - head / 2, y: top, width: head, height: head), fill: .transient, opacity: 1,
                    role: "event-transient-head",
                    tooltip:
                        "HapticTransient at \(ms(event.time)), intensity \(value(intensity)), sharpness \(value(Double(event.value(of: .hapticSharpness))))"
                ))
        }
    }

    /// One audio bar: its extent, the waveform of custom audio (cut, padded or looped as it plays), and the file
    /// name when there is room for it.
    private mutating func drawAudioBar(_ bar: AudioBar, top: Double, height: Double) {
        let event = bar.event
        let start = x(bar.start)
        let known = event.type == .audioContinuous || bar.buffer != nil || event.duration > 0
        let barWidth = Swift.max(known ? 1.5 : 6, x(bar.end) - start)
        let box = PlotRect(x: start, y: top, width: barWidth, height: height)
        let volume = Double(event.value(of: .audioVolume))
        let name = waveformName(event)
        let length = bar.end - bar.start
        switch (event.type, bar.buffer) {
        case (.audioContinuous, _):
            scene.elements.append(
                .rect(
                    box, fill: .audioTone, opacity: 0.3 + 0.5 * volume, role: "event-audio-continuous",
                    tooltip: "AudioContinuous at \(ms(event.time)), \(ms(length)), volume \(value(volume))"))
        case (_, let buffer?):
            scene.elements.append(
                .rect(
                    box, fill: .audio, opacity: 0.18 + 0.25 * volume, role: "event-audio",
                    tooltip: "\(name) at \(ms(event.time)), \(ms(length)) (file \(ms(buffer.duration))), volume \(value(volume))"))
        case (_, nil):
            let corners = [PlotPoint(box.x, box.y), PlotPoint(box.maxX, box.y), PlotPoint(box.maxX, box.maxY), PlotPoint(box.x, box.maxY)]
            scene.elements.append(
                .polygon(
                    corners, fill: .audio, opacity: 0.1, stroke: .audio, strokeWidth: 1, role: "event-audio-unknown",
                    tooltip: "\(name) at \(ms(event.time)): audio not loaded, length unknown"))
        }
        guard event.type == .audioCustom else { return }
        // A label strip above the waveform when the bar is tall and wide enough.
        var waveTop = box.y + 1
        let labelHeight = lineHeight(smallSize * 0.9)
        if box.height >= labelHeight * 2.2 {
            let baseline = (box.y + 1 + font.ascender * smallSize * 0.9).rounded()
            let lengthText = bar.buffer == nil ? "?" : TimeAxis.formatDuration(length)
            let variants = ["\(name) · \(lengthText)", name].compactMap {
                font.fitting($0, size: smallSize * 0.9, width: box.width - 4)
            }
            let text = PlotScene.Text(
                x: box.x + 2, y: baseline, string: "", size: smallSize * 0.9, color: .audioWaveform, role: "audio-label")
            if placer.placeFirst(of: variants, as: text, in: &scene) != nil { waveTop = baseline + font.descender * smallSize * 0.9 }
        }
        guard let buffer = bar.buffer else { return }
        let scale = AudioWaveform.displayGain(for: buffer, volume: Float(volume))
        drawWaveform(
            AudioWaveform(buffer, gain: scale, loops: event.waveformLoopEnabled ?? false),
            from: bar.start, to: bar.end, in: PlotRect(x: box.x, y: waveTop, width: box.width, height: box.maxY - 1 - waveTop))
    }

    /// The waveform's low and high outline per pixel column over `start … end`, centred in `frame`.
    private mutating func drawWaveform(_ waveform: AudioWaveform, from start: Double, to end: Double, in frame: PlotRect) {
        guard frame.height > 2 else { return }
        let first = Int(x(start).rounded(.down))
        let last = Int(x(end).rounded(.up))
        guard last > first else { return }
        let mid = frame.y + frame.height / 2
        let half = frame.height / 2
        let secondsPerPixel = span / (right - left)
        var upper: [PlotPoint] = []
        var lower: [PlotPoint] = []
        for column in first..<last {
            let t0 = Swift.max(0, Double(column) - left) * secondsPerPixel - start
            let t1 = t0 + secondsPerPixel
            let (low, high) = waveform.range(from: Swift.max(0, t0), to: Swift.min(t1, end - start))
            let px = Swift.max(Double(column), x(start)) + 0.5
            upper.append(PlotPoint(px, mid - Double(high) * half - 0.4))
            lower.append(PlotPoint(px, mid - Double(low) * half + 0.4))
        }
        scene.elements.append(.polygon(upper + lower.reversed(), fill: .audioWaveform, opacity: 0.85, role: "audio-waveform"))
    }

    /// The last path component of a custom-audio event's file, or `resource N`.
    func waveformName(_ event: Event) -> String {
        switch event.waveform {
        case .path(let path)?: return String(path.split(separator: "/").last ?? Substring(path))
        case .resourceID(let id)?: return "resource \(id)"
        case nil: return "audio"
        }
    }

    /// `350 ms` for tooltips.
    func ms(_ seconds: Double) -> String { TimeAxis.formatDuration(seconds) }

    /// A parameter value with two decimals.
    func value(_ v: Double) -> String { TimeAxis.fixed(v, decimals: 2) }
}
