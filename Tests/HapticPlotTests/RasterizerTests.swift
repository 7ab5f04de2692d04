import HapticPlot
import Testing

@Suite struct RasterizerTests {
    func render(_ elements: [PlotScene.Element], width: Int = 20, height: Int = 20) -> [UInt8] {
        var scene = PlotScene(width: width, height: height)
        scene.elements = elements
        return scene.pixels()
    }

    func red(_ pixels: [UInt8], width: Int, _ x: Int, _ y: Int) -> UInt8 { pixels[(y * width + x) * 3 + 1] }

    @Test func edgesAreAntiAliasedByCoverage() {
        // Black rectangle from x 2 to 6.5: columns 2…5 full, column 6 half covered.
        let pixels = render([.rect(PlotRect(x: 2, y: 2, width: 4.5, height: 10), fill: PlotColor(r: 0, g: 0, b: 0), opacity: 1, role: "r")])
        #expect(red(pixels, width: 20, 3, 5) == 0)
        #expect(red(pixels, width: 20, 1, 5) == 255)
        #expect((120...135).contains(red(pixels, width: 20, 6, 5)), "half coverage: \(red(pixels, width: 20, 6, 5))")
    }

    @Test func aTriangleCoversItsArea() {
        let width = 40
        let pixels = render(
            [.polygon([PlotPoint(3, 3), PlotPoint(37, 9), PlotPoint(11, 35)], fill: PlotColor(r: 0, g: 0, b: 0), opacity: 1, role: "t")],
            width: width, height: width)
        var covered = 0.0
        for index in stride(from: 0, to: pixels.count, by: 3) { covered += (255 - Double(pixels[index])) / 255 }
        let doubled: Double = (37 - 3) * (35 - 3) - (11 - 3) * (9 - 3)  // shoelace: twice the area
        let area = abs(doubled) / 2
        #expect(abs(covered - area) < 1.5, "covered \(covered) vs area \(area)")
    }

    @Test func oneOddWidthGridLineIsOneSharpPixel() {
        let pixels = render([.line(PlotPoint(10, 0), PlotPoint(10, 20), stroke: PlotColor(r: 0, g: 0, b: 0), width: 1, role: "g")])
        #expect(red(pixels, width: 20, 10, 10) == 0)
        #expect(red(pixels, width: 20, 9, 10) == 255 && red(pixels, width: 20, 11, 10) == 255)
    }

    @Test func textIsReadableInkInsideItsBox() {
        let font = PlotFont.shared
        let text = PlotScene.Text(x: 4, y: 30, string: "Intensity 0.5", size: 14, role: "t")
        let width = 120
        let height = 40
        let pixels = render([.text(text)], width: width, height: height)
        let box = text.box(in: font)
        var inside = 0
        var outside = 0
        for y in 0..<height {
            for x in 0..<width where pixels[(y * width + x) * 3] < 200 {
                if Double(x) >= box.x - 1 && Double(x) <= box.maxX + 1 && Double(y) >= box.y - 1 && Double(y) <= box.maxY + 1 {
                    inside += 1
                } else {
                    outside += 1
                }
            }
        }
        #expect(inside > 150 && outside == 0, "inked \(inside) inside, \(outside) outside")
        // Anti-aliased: some pixels are neither paper nor ink.
        #expect(Set(stride(from: 0, to: pixels.count, by: 3).map { pixels[$0] }).count > 20)
    }

    @Test func theFontCoversPrintableASCIIAndFitsLabels() {
        let font = PlotFont.shared
        for value in 0x20...0x7E { #expect(font.covers(Unicode.Scalar(value)!)) }
        for symbol in "×±µ–…·−°" { #expect(font.covers(symbol.unicodeScalars.first!)) }
        #expect(font.width(of: "iii", size: 12) < font.width(of: "WWW", size: 12))
        #expect(abs(font.width(of: "Intensity", size: 24) - 2 * font.width(of: "Intensity", size: 12)) < 1e-9)
        let fitted = font.fitting("a-rather-long-file-name.wav", size: 10, width: 60)
        #expect(fitted?.hasSuffix("…") == true && font.width(of: fitted!, size: 10) <= 60)
        #expect(font.fitting("short", size: 10, width: 200) == "short")
        #expect(font.fitting("abcdef", size: 10, width: 5) == nil)
    }
}
