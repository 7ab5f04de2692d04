import Foundation
import HapticPattern
import HapticPlot
import HapticTestSupport
import Testing

@Suite struct TimelinePlotTests {
    /// Every size the CLI accepts at its small end, and the default.
    static let sizes: [(Int, Int)] = [
        (320, 240), (400, 300), (480, 320), (600, 400), (600, 240), (320, 1000), (800, 500), (1200, 720), (2400, 400), (4000, 2400),
    ]

    static func inputs() throws -> [TimelineInput] {
        [
            try PlotInputs.fixture("Knock.ahap"), try PlotInputs.fixture("Tour.ahap"), try PlotInputs.fixture("AudioOnly.json"),
            try PlotInputs.fixture("Spring.ahap"), PlotInputs.crowded(),
        ]
    }

    @Test(arguments: sizes)
    func labelsNeverOverlapAndStayInsideThePicture(size: (Int, Int)) throws {
        let font = PlotFont.shared
        let picture = PlotRect(x: 0, y: 0, width: Double(size.0), height: Double(size.1))
        for input in try Self.inputs() {
            let texts = TimelinePlot(input, width: size.0, height: size.1).scene().texts
            #expect(texts.count >= 8, "\(input.name) at \(size): only \(texts.count) labels")
            let boxes = texts.map { $0.box(in: font) }
            for (i, box) in boxes.enumerated() {
                #expect(picture.contains(box), "\(input.name) at \(size): '\(texts[i].string)' leaves the picture")
                for j in boxes.indices where j > i && box.intersects(boxes[j]) {
                    Issue.record("\(input.name) at \(size): '\(texts[i].string)' overlaps '\(texts[j].string)'")
                }
            }
            // The essentials survive even at the smallest size.
            let roles = Set(texts.map(\.role))
            for role in ["title", "lane-label", "tick-label", "scale-label"] {
                #expect(roles.contains(role), "\(input.name) at \(size): no \(role)")
            }
        }
    }

    @Test func customAudioIsDrawnAtTheLengthOfItsFile() throws {
        // Knock.wav 300 ms at 0.1, Sweep.wav 500 ms at 0.25, Knock.wav cut to 100 ms at 0.5
        let input = try PlotInputs.fixture("AudioOnly.json")
        let scene = TimelinePlot(input, width: 1200, height: 720).scene()
        let lane = try #require(scene.rects(role: "lane").first)
        let span = TimelinePlot.span(forDuration: input.duration)
        let bars = scene.rects(role: "event-audio").sorted { $0.x < $1.x }
        try #require(bars.count == 3)
        func seconds(_ pixels: Double) -> Double { pixels / lane.width * span }
        let pixel = span / lane.width
        #expect(abs(seconds(bars[0].x - lane.x) - 0.1) < pixel && abs(seconds(bars[0].width) - 0.3) < pixel)
        #expect(bars.contains { abs(seconds($0.x - lane.x) - 0.25) < pixel && abs(seconds($0.width) - 0.5) < pixel })
        #expect(bars.contains { abs(seconds($0.width) - 0.1) < pixel }, "EventDuration 0.1 cuts the 300 ms file")
        #expect(abs(seconds(bars[1].x - lane.x) - 0.5) < pixel || abs(seconds(bars[2].x - lane.x) - 0.5) < pixel)
        // Each bar carries its waveform, and the time axis reaches past the last sound (750 ms; 600 ms without the
        // files' lengths).
        #expect(scene.roles.filter { $0 == "audio-waveform" }.count == 3)
        #expect(abs(input.duration - 0.75) < 1e-9)
        #expect(span >= 0.75)
        let lastTick = try #require(scene.texts.filter { $0.role == "tick-label" }.last)
        let lastTickTime = Int(lastTick.string.replacingOccurrences(of: " ms", with: "")) ?? 0
        #expect(lastTickTime >= 750, "the axis reaches \(lastTick.string)")
    }

    @Test func legendScalesAndControlPointsAreDrawn() throws {
        let input = try PlotInputs.fixture("Tour.ahap")
        let scene = TimelinePlot(input, width: 1200, height: 720).scene()
        let legend = scene.texts.filter { $0.role == "legend-label" }.map(\.string)
        #expect(legend == ["continuous", "transient", "audio tone", "intensity control", "curve control point", "dynamic parameter"])
        let scales = scene.texts.filter { $0.role == "scale-label" }.map(\.string)
        #expect(scales.filter { $0 == "0.5" }.count == 2, "intensity and sharpness scales: \(scales)")
        #expect(scales.filter { $0 == "1" }.count == 2 && scales.filter { $0 == "0" }.count == 3)
        #expect(scales.contains { $0.hasPrefix("+") } && scales.contains { $0.hasPrefix("−") }, "acceleration ± peak")
        // Tour has an intensity curve of 3 points, a sharpness curve of 2 and one intensity parameter.
        #expect(scene.roles.filter { $0 == "control-point" }.count == 5)
        #expect(scene.roles.filter { $0 == "parameter-point" }.count == 1)
        #expect(scene.roles.contains("intensity-control"))
    }

    @Test func svgCarriesRolesTooltipsAndEscapedText() throws {
        var input = try PlotInputs.fixture("Knock.ahap")
        input.name = "a <b> & \"c\".ahap"
        let svg = TimelinePlot(input, width: 800, height: 500).scene().svg(title: input.name)
        #expect(svg.hasPrefix("<?xml") && svg.hasSuffix("</svg>\n"))
        #expect(svg.contains("a &lt;b&gt; &amp; &quot;c&quot;.ahap"))
        #expect(!svg.contains("<b>"))
        #expect(svg.contains("<title>Knock.wav at 0 ms, 300 ms (file 300 ms), volume 0.80</title>"))
        for role in [
            "legend-label", "event-audio", "audio-waveform", "intensity-envelope", "sharpness-envelope", "acceleration", "control-point",
        ] {
            #expect(svg.contains("class=\"\(role)\""), "missing \(role)")
        }
    }

    @Test func missingAudioIsAnOutlineOfUnknownLength() throws {
        var input = try PlotInputs.fixture("Knock.ahap")
        input.audio = [:]
        let scene = TimelinePlot(input, width: 800, height: 500).scene()
        #expect(scene.roles.filter { $0 == "event-audio-unknown" }.count == 2)
        #expect(!scene.roles.contains("audio-waveform"))
    }
}

extension PlotScene {
    func rects(role wanted: String) -> [PlotRect] {
        elements.compactMap { if case .rect(let r, _, _, let role, _) = $0, role == wanted { return r } else { return nil } }
    }
}
