import ArgumentParser
import Foundation
import HapticInterchange
import HapticLoading
import HapticPattern
import HapticRender

/// `haptic plot`: a timeline of a pattern as SVG or PNG — events, the intensity and sharpness envelopes after
/// curves and controls, audio events, and the simulated acceleration of an actuator.
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw a pattern's timeline (events, envelopes, simulated acceleration) as SVG or PNG.",
        discussion: """
            Lanes, top to bottom: events (continuous haptic events as blocks shaded by intensity, transients as \
            ticks, audio events below them); continuous intensity after parameter curves and dynamic parameters, \
            with transients as stems; sharpness; and the acceleration of the simulated actuator (--profile) from an \
            offline render. The format follows the output's extension (.svg or .png); PNG is written directly, \
            without a browser or library.
            """
    )

    @Argument(help: "The AHAP file.") var file: String
    @Option(name: .shortAndLong, help: "The output file (.svg or .png).") var output: String
    @Option(help: "Actuator profile for the acceleration lane: \(ActuatorProfile.builtIns.map(\.name).joined(separator: ", ")).")
    var profile = ActuatorProfile.simulatedTapticLRA.name
    @Option(help: "Image width in pixels.") var width = 1200
    @Option(help: "Image height in pixels.") var height = 720

    func validate() throws {
        let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
        guard ext == "svg" || ext == "png" else {
            throw ValidationError("the output must end in .svg or .png (got '\(output)')")
        }
        guard ActuatorProfile.builtIn(named: profile) != nil else {
            throw ValidationError("unknown profile '\(profile)'; choose one of \(ActuatorProfile.builtIns.map(\.name).joined(separator: ", "))")
        }
        guard (320...8000).contains(width), (240...8000).contains(height) else {
            throw ValidationError("--width must be 320…8000 and --height 240…8000")
        }
    }

    func run() throws {
        let result = PatternChecker.check(file)
        let errors = result.errors.filter { !$0.path.hasSuffix("EventWaveformPath") }
        guard let document = result.document, errors.isEmpty else {
            for error in errors { printError(error.description) }
            throw ExitCode(1)
        }
        let pattern = document.pattern
        let actuator = ActuatorProfile.builtIn(named: profile)!
        let span = Swift.max(pattern.duration, 0.05) * 1.04 + 0.01
        let simulation: OfflineSimulation
        do {
            simulation = try OfflineSimulation.render(
                pattern, seconds: Swift.min(span, 120), profile: actuator, folder: URL(fileURLWithPath: file).deletingLastPathComponent())
        } catch let error as PatternError {
            printError("\(file): error: cannot render: \(error.message)")
            throw ExitCode(1)
        }
        let name = URL(fileURLWithPath: file).lastPathComponent
        let scene = TimelinePlot(
            pattern: pattern, signal: PatternSignal(pattern), simulation: simulation, span: span,
            title: "\(name)  \(formatSeconds(pattern.duration))  profile \(actuator.name)", width: width, height: height
        ).scene()
        let url = URL(fileURLWithPath: output)
        do {
            if url.pathExtension.lowercased() == "svg" {
                try AtomicFile.write(scene.svg(title: name), to: url)
            } else {
                let pixels = PlotRasterizer.render(scene)
                try AtomicFile.write(PNGEncoder.encode(width: width, height: height, rgb: pixels), to: url)
            }
        } catch {
            printError("\(output): error: \(error)")
            throw ExitCode(1)
        }
        let peak = simulation.acceleration.map { abs($0) }.max() ?? 0
        print("\(output): \(width)×\(height), \(formatSeconds(pattern.duration)), \(pattern.events.count) events, peak acceleration \(String(format: "%.2f", peak)) g (\(actuator.name))")
        if simulation.skippedAudio > 0 {
            printError("\(file): warning: \(simulation.skippedAudio) custom audio event(s) could not be loaded and are not drawn in the render")
        }
    }
}

/// Lays out the timeline lanes.
struct TimelinePlot {
    var pattern: Pattern
    var signal: PatternSignal
    var simulation: OfflineSimulation
    var span: Double
    var title: String
    var width: Int
    var height: Int

    func scene() -> PlotScene {
        var scene = PlotScene(width: width, height: height)
        let left = 150.0, right = Double(width) - 24, top = 46.0, bottom = Double(height) - 40
        let gap = 14.0
        let usable = bottom - top - 3 * gap
        let lanes = [0.17, 0.28, 0.18, 0.37].map { $0 * usable }
        var y = top
        var frames: [(Double, Double)] = []
        for lane in lanes {
            frames.append((y, y + lane))
            y += lane + gap
        }
        let plotWidth = right - left
        func x(_ t: Double) -> Double { left + t / span * plotWidth }
        let columns = Int(plotWidth)

        scene.elements.append(.text(x: left, y: 28, string: title, size: 14, color: .text, centered: false, role: "title"))
        let names = ["events", "intensity", "sharpness", "accel (g)"]
        for (i, (y0, y1)) in frames.enumerated() {
            scene.elements.append(.rect(x: left, y: y0, width: plotWidth, height: y1 - y0, fill: Color(r: 247, g: 248, b: 250), opacity: 1, role: "lane"))
            scene.elements.append(.text(x: 12, y: (y0 + y1) / 2 + 5, string: names[i], size: 14, color: .text, centered: false, role: "lane-label"))
        }
        // Time grid and axis.
        let step = Self.niceStep(span / 8)
        var t = 0.0
        while t <= span + 1e-9 {
            for (y0, y1) in frames {
                scene.elements.append(.line(x1: x(t), y1: y0, x2: x(t), y2: y1, stroke: .grid, width: 1, role: "grid"))
            }
            scene.elements.append(.line(x1: x(t), y1: bottom, x2: x(t), y2: bottom + 5, stroke: .axis, width: 1, role: "tick"))
            scene.elements.append(.text(x: x(t), y: bottom + 22, string: Self.label(t, step: step), size: 14, color: .text, centered: true, role: "tick-label"))
            t += step
        }
        scene.elements.append(.line(x1: left, y1: bottom, x2: right, y2: bottom, stroke: .axis, width: 1, role: "axis"))

        // Lane 1: events.
        let (e0, e1) = frames[0]
        let hapticRow = (e0 + 4, e0 + (e1 - e0) * 0.62)
        let audioRow = (e0 + (e1 - e0) * 0.68, e1 - 4)
        for event in pattern.events {
            let end = event.time + Swift.max(event.fullDuration, 0)
            switch event.type {
            case .hapticContinuous:
                let intensity = Double(event.value(of: .hapticIntensity))
                scene.elements.append(.rect(x: x(event.time), y: hapticRow.0, width: Swift.max(1, x(end) - x(event.time)), height: hapticRow.1 - hapticRow.0,
                                            fill: .continuous, opacity: 0.2 + 0.6 * intensity, role: "event-continuous"))
            case .hapticTransient:
                let h = (hapticRow.1 - hapticRow.0) * Double(Swift.max(event.value(of: .hapticIntensity), 0.15))
                scene.elements.append(.line(x1: x(event.time), y1: hapticRow.1, x2: x(event.time), y2: hapticRow.1 - h, stroke: .transient, width: 2, role: "event-transient"))
            case .audioContinuous, .audioCustom:
                let length = end > event.time ? end - event.time : 0.05
                scene.elements.append(.rect(x: x(event.time), y: audioRow.0, width: Swift.max(2, x(event.time + length) - x(event.time)), height: audioRow.1 - audioRow.0,
                                            fill: .audio, opacity: 0.25 + 0.6 * Double(event.value(of: .audioVolume)), role: "event-audio"))
                if case .path(let path)? = event.waveform {
                    scene.elements.append(.text(x: x(event.time) + 3, y: audioRow.1 - 2, string: URL(fileURLWithPath: path).lastPathComponent, size: 7, color: .text, centered: false, role: "audio-label"))
                }
            }
        }

        // Lanes 2 and 3: intensity and sharpness envelopes.
        let (i0, i1) = frames[1]
        let (s0, s1) = frames[2]
        func yIntensity(_ v: Float) -> Double { i1 - 4 - Double(v) * (i1 - i0 - 8) }
        func ySharpness(_ v: Float) -> Double { s1 - 4 - Double(v) * (s1 - s0 - 8) }
        for v: Float in [0.5, 1] {
            scene.elements.append(.line(x1: left, y1: yIntensity(v), x2: right, y2: yIntensity(v), stroke: .grid, width: 1, role: "grid"))
            scene.elements.append(.line(x1: left, y1: ySharpness(v), x2: right, y2: ySharpness(v), stroke: .grid, width: 1, role: "grid"))
            scene.elements.append(.text(x: left - 6 - PlotRasterizer.textWidth(v == 1 ? "1" : "0.5", size: 7), y: yIntensity(v) + 4, string: v == 1 ? "1" : "0.5", size: 7, color: .axis, centered: false, role: "value-label"))
        }
        var area: [(Double, Double)] = [(left, yIntensity(0))]
        var outline: [(Double, Double)] = []
        var sharpRuns: [[(Double, Double)]] = []
        var run: [(Double, Double)] = []
        for c in 0...columns {
            let time = Double(c) / Double(columns) * span
            let px = left + Double(c)
            let value = signal.intensity(at: time)
            area.append((px, yIntensity(value)))
            outline.append((px, yIntensity(value)))
            if let s = signal.sharpness(at: time), value > 0.005 {
                run.append((px, ySharpness(s)))
            } else if !run.isEmpty {
                sharpRuns.append(run)
                run = []
            }
        }
        if !run.isEmpty { sharpRuns.append(run) }
        area.append((right, yIntensity(0)))
        scene.elements.append(.polygon(points: area, fill: .continuous, opacity: 0.35, role: "intensity-envelope"))
        scene.elements.append(.polyline(points: outline, stroke: .continuous, width: 2, role: "intensity-outline"))
        for points in sharpRuns where points.count > 1 {
            scene.elements.append(.polyline(points: points, stroke: .sharpness, width: 2, role: "sharpness-envelope"))
        }
        for transient in signal.transients {
            let px = x(transient.time)
            scene.elements.append(.line(x1: px, y1: yIntensity(0), x2: px, y2: yIntensity(transient.intensity), stroke: .transient, width: 2, role: "intensity-transient"))
            scene.elements.append(.rect(x: px - 3, y: yIntensity(transient.intensity) - 3, width: 6, height: 6, fill: .transient, opacity: 1, role: "intensity-transient-head"))
            scene.elements.append(.rect(x: px - 3, y: ySharpness(transient.sharpness) - 3, width: 6, height: 6, fill: .transient, opacity: 1, role: "sharpness-transient"))
        }

        // Lane 4: simulated acceleration, min/max per pixel column.
        let (a0, a1) = frames[3]
        let accel = simulation.acceleration
        let peak = Swift.max(accel.map { abs($0) }.max() ?? 0, 1e-3)
        let scale = (a1 - a0) / 2 - 6
        let mid = (a0 + a1) / 2
        var upper: [(Double, Double)] = []
        var lower: [(Double, Double)] = []
        let perSecond = simulation.sampleRate
        for c in 0..<columns {
            let from = Int(Double(c) / Double(columns) * span * perSecond)
            let to = Swift.min(accel.count, Swift.max(from + 1, Int(Double(c + 1) / Double(columns) * span * perSecond)))
            var lo: Float = 0, hi: Float = 0
            if from < to { for k in from..<to { lo = Swift.min(lo, accel[k]); hi = Swift.max(hi, accel[k]) } }
            upper.append((left + Double(c), mid - Double(hi / peak) * scale))
            lower.append((left + Double(c), mid - Double(lo / peak) * scale))
        }
        scene.elements.append(.line(x1: left, y1: mid, x2: right, y2: mid, stroke: .grid, width: 1, role: "grid"))
        scene.elements.append(.polygon(points: upper + lower.reversed(), fill: .acceleration, opacity: 0.85, role: "acceleration"))
        let peakLabel = String(format: "%.2f", peak)
        scene.elements.append(.text(x: left - 6 - PlotRasterizer.textWidth("+" + peakLabel, size: 7), y: mid - scale + 6, string: "+" + peakLabel, size: 7, color: .axis, centered: false, role: "value-label"))
        scene.elements.append(.text(x: left - 6 - PlotRasterizer.textWidth("-" + peakLabel, size: 7), y: mid + scale + 2, string: "-" + peakLabel, size: 7, color: .axis, centered: false, role: "value-label"))
        return scene
    }

    typealias Color = PlotScene.Color

    static func niceStep(_ raw: Double) -> Double {
        var unit = 0.001
        while true {
            for multiple in [1.0, 2.0, 5.0] where unit * multiple >= raw { return unit * multiple }
            unit *= 10
        }
    }

    static func label(_ t: Double, step: Double) -> String {
        if step < 1 { return "\(Int((t * 1000).rounded())) ms" }
        return "\(formatNumberCompact(t)) s"
    }

    static func formatNumberCompact(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(format: "%.1f", v)
    }
}
