import Foundation
import HapticPlot
import HapticTestSupport
import Testing

@Suite struct PNGEncoderTests {
    @Test func aPictureRoundTripsThroughAnIndependentDecoder() throws {
        // Flat areas, gradients and noise, so several row filters are worth choosing.
        let width = 97
        let height = 61
        var scene = PlotScene(width: width, height: height)
        scene.elements.append(.rect(PlotRect(x: 10, y: 5, width: 60, height: 30), fill: .continuous, opacity: 0.6, role: "a"))
        scene.elements.append(
            .polyline((0..<97).map { PlotPoint(Double($0), 40 + 15 * sin(Double($0) / 7)) }, stroke: .acceleration, width: 2, role: "b"))
        scene.elements.append(.text(PlotScene.Text(x: 4, y: 58, string: "0.5 g · Knock.wav", size: 11, role: "c")))
        let pixels = scene.pixels()
        let image = try PNGImage(try scene.png())
        #expect(image.width == width && image.height == height)
        #expect(image.rgb == pixels)
        #expect(Set(image.rowFilters).count >= 2, "rows use different filters: \(Set(image.rowFilters))")
    }

    @Test func aTimelineIsSmallAndDecodes() throws {
        let scene = TimelinePlot(try PlotInputs.fixture("Knock.ahap"), width: 1200, height: 720).scene()
        let png = try scene.png()
        #expect(png.count < 200_000, "\(png.count) bytes")
        let image = try PNGImage(png)
        #expect(image.width == 1200 && image.height == 720 && image.rgb == scene.pixels())
        #expect(image.pixel(0, 0) == [255, 255, 255])
    }
}
