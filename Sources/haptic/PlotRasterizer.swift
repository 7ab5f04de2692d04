/// Draws a ``PlotScene`` into an RGB pixel buffer: rectangles, anti-aliasing-free lines with a square pen, even-odd
/// scanline polygons with alpha, and text in a built-in 5×7 bitmap font (upper case, digits, a few symbols;
/// lower case is drawn as upper case).
struct PlotRasterizer {
    let width: Int
    let height: Int
    private(set) var rgb: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        rgb = [UInt8](repeating: 255, count: width * height * 3)
    }

    /// Renders `scene` and returns the pixels.
    static func render(_ scene: PlotScene) -> [UInt8] {
        var raster = PlotRasterizer(width: scene.width, height: scene.height)
        for element in scene.elements { raster.draw(element) }
        return raster.rgb
    }

    mutating func draw(_ element: PlotScene.Element) {
        switch element {
        case .rect(let x, let y, let w, let h, let fill, let opacity, _):
            fillRect(x0: Int(x.rounded()), y0: Int(y.rounded()), x1: Int((x + w).rounded()), y1: Int((y + h).rounded()), color: fill, alpha: opacity)
        case .polyline(let points, let stroke, let w, _):
            for (a, b) in zip(points, points.dropFirst()) { line(a, b, color: stroke, width: w) }
        case .polygon(let points, let fill, let opacity, _):
            fillPolygon(points, color: fill, alpha: opacity)
        case .line(let x1, let y1, let x2, let y2, let stroke, let w, _):
            line((x1, y1), (x2, y2), color: stroke, width: w)
        case .text(let x, let y, let string, let size, let color, let centered, _):
            text(string, x: x, baseline: y, size: size, color: color, centered: centered)
        }
    }

    mutating func blend(_ x: Int, _ y: Int, _ color: PlotScene.Color, _ alpha: Double) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let i = (y * width + x) * 3
        if alpha >= 1 {
            rgb[i] = color.r
            rgb[i + 1] = color.g
            rgb[i + 2] = color.b
            return
        }
        func mix(_ old: UInt8, _ new: UInt8) -> UInt8 { UInt8((Double(old) * (1 - alpha) + Double(new) * alpha).rounded()) }
        rgb[i] = mix(rgb[i], color.r)
        rgb[i + 1] = mix(rgb[i + 1], color.g)
        rgb[i + 2] = mix(rgb[i + 2], color.b)
    }

    mutating func fillRect(x0: Int, y0: Int, x1: Int, y1: Int, color: PlotScene.Color, alpha: Double) {
        let xa = Swift.max(0, Swift.min(x0, x1)), xb = Swift.min(width, Swift.max(x0, x1, Swift.min(x0, x1) + 1))
        let ya = Swift.max(0, Swift.min(y0, y1)), yb = Swift.min(height, Swift.max(y0, y1, Swift.min(y0, y1) + 1))
        guard xa < xb, ya < yb else { return }
        for y in ya..<yb { for x in xa..<xb { blend(x, y, color, alpha) } }
    }

    mutating func line(_ a: (Double, Double), _ b: (Double, Double), color: PlotScene.Color, width w: Double) {
        let pen = Swift.max(1, Int(w.rounded()))
        let steps = Swift.max(1, Int(Swift.max(abs(b.0 - a.0), abs(b.1 - a.1)).rounded(.up)))
        var lastX = Int.min, lastY = Int.min
        for s in 0...steps {
            let f = Double(s) / Double(steps)
            let x = Int((a.0 + (b.0 - a.0) * f).rounded()) - pen / 2
            let y = Int((a.1 + (b.1 - a.1) * f).rounded()) - pen / 2
            if x == lastX && y == lastY { continue }
            lastX = x
            lastY = y
            for dy in 0..<pen { for dx in 0..<pen { blend(x + dx, y + dy, color, 1) } }
        }
    }

    mutating func fillPolygon(_ points: [(Double, Double)], color: PlotScene.Color, alpha: Double) {
        guard points.count >= 3 else { return }
        let ys = points.map(\.1)
        let yMin = Swift.max(0, Int(ys.min()!.rounded(.down))), yMax = Swift.min(height - 1, Int(ys.max()!.rounded(.up)))
        guard yMin <= yMax else { return }
        for y in yMin...yMax {
            let scan = Double(y) + 0.5
            var crossings: [Double] = []
            for i in 0..<points.count {
                let p = points[i], q = points[(i + 1) % points.count]
                if (p.1 <= scan && q.1 > scan) || (q.1 <= scan && p.1 > scan) {
                    crossings.append(p.0 + (scan - p.1) / (q.1 - p.1) * (q.0 - p.0))
                }
            }
            crossings.sort()
            var k = 0
            while k + 1 < crossings.count {
                let xa = Swift.max(0, Int(crossings[k].rounded())), xb = Swift.min(width, Int(crossings[k + 1].rounded()))
                if xa < xb { for x in xa..<xb { blend(x, y, color, alpha) } }
                k += 2
            }
        }
    }

    /// The width of `string` in pixels at glyph height `size`.
    static func textWidth(_ string: String, size: Double) -> Double {
        let scale = Swift.max(1, Int((size / 7).rounded()))
        return Double(string.count * 6 * scale)
    }

    mutating func text(_ string: String, x: Double, baseline: Double, size: Double, color: PlotScene.Color, centered: Bool) {
        let scale = Swift.max(1, Int((size / 7).rounded()))
        var cx = Int((centered ? x - Self.textWidth(string, size: size) / 2 : x).rounded())
        let top = Int(baseline.rounded()) - 7 * scale
        for character in string.uppercased() {
            if let rows = Self.font[character] {
                for (r, bits) in rows.enumerated() {
                    for c in 0..<5 where bits & (0x10 >> c) != 0 {
                        fillRect(x0: cx + c * scale, y0: top + r * scale, x1: cx + (c + 1) * scale, y1: top + (r + 1) * scale, color: color, alpha: 1)
                    }
                }
            }
            cx += 6 * scale
        }
    }

    /// 5×7 glyphs, one byte per row, the high 5 bits of the low byte left to right.
    static let font: [Character: [UInt8]] = [
        "0": [0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E], "1": [0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E],
        "2": [0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F], "3": [0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E],
        "4": [0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02], "5": [0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E],
        "6": [0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E], "7": [0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08],
        "8": [0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E], "9": [0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C],
        "A": [0x0E, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11], "B": [0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E],
        "C": [0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E], "D": [0x1C, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1C],
        "E": [0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F], "F": [0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10],
        "G": [0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F], "H": [0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11],
        "I": [0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E], "J": [0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C],
        "K": [0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11], "L": [0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F],
        "M": [0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11], "N": [0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11],
        "O": [0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E], "P": [0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10],
        "Q": [0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D], "R": [0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11],
        "S": [0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E], "T": [0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04],
        "U": [0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E], "V": [0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04],
        "W": [0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A], "X": [0x11, 0x11, 0x0A, 0x04, 0x0A, 0x11, 0x11],
        "Y": [0x11, 0x11, 0x11, 0x0A, 0x04, 0x04, 0x04], "Z": [0x1F, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1F],
        ".": [0, 0, 0, 0, 0, 0x0C, 0x0C], "-": [0, 0, 0, 0x1F, 0, 0, 0], ":": [0, 0x0C, 0x0C, 0, 0x0C, 0x0C, 0],
        "(": [0x02, 0x04, 0x08, 0x08, 0x08, 0x04, 0x02], ")": [0x08, 0x04, 0x02, 0x02, 0x02, 0x04, 0x08],
        "/": [0, 0x01, 0x02, 0x04, 0x08, 0x10, 0], "%": [0x18, 0x19, 0x02, 0x04, 0x08, 0x13, 0x03],
        ",": [0, 0, 0, 0, 0x0C, 0x04, 0x08], "+": [0, 0x04, 0x04, 0x1F, 0x04, 0x04, 0], "_": [0, 0, 0, 0, 0, 0, 0x1F],
        "=": [0, 0, 0x1F, 0, 0x1F, 0, 0], "±": [0x04, 0x04, 0x1F, 0x04, 0x04, 0, 0x1F],
    ]
}
